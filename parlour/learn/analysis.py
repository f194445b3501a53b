"""Post-game analysis: every decision of one seat, each option's estimated chance to win.

Each decision is searched by the hard bot's search (ISMCTS against the game's model of how
players move) from an observation of that seat: the search sees only the seat's view and
worlds resampled from what the seat knew at that moment, never the real hidden cards. An
option's estimate is the mean reward the search found for it at the root: the chance to win
the game (a win is 1, a loss 0, a shared win 1 for each winner; where play-outs stop early,
the game's own estimate of that chance, see docs/learn.md).

Every option gets an even share of the budget (``ROOT_SHARE``) before the search favours the
promising ones, so no option keeps an estimate from a few early visits. An option after which
the game was over every time it was tried, with the same result, is *proven* (a sure win or
a sure loss) and its estimate is exact. The best option is the highest estimate; equal
estimates go to a proven win, then to the more visited, then to legal order.

A decision is marked by the rule of docs/learn.md: the cost (the best estimate less the
chosen one's) must reach a threshold (``MARKS``) even at the low end of its confidence
interval: cost minus ``NOISE_SIGMAS`` standard errors of the difference, from the variances
the search observed (none for a proven option). Equal options are never marked.

Results depend only on the replay, the seat, the budget and the seed: each decision's search
uses its own generator, derived from the seed and the move number.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.engine import IllegalActionError, Observation, Replay, ReplayError, Rng, State
from parlour.engine.playout import observe
from parlour.games import get_game

DEFAULT_ITERATIONS = 2000
"""Search iterations per decision unless a budget is given."""
MAX_ITERATIONS = 20_000
"""The most iterations per decision an analysis may ask for (one request stays bounded)."""
MAX_MILLIS = 5_000.0
"""The longest time per decision an analysis may ask for."""
MARKS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""Marks by the win chance the chosen option gave up, worst first."""
NOISE_SIGMAS = 2.0
"""A cost must reach a mark's threshold this many standard errors below its estimate."""
ROOT_SHARE = 0.5
"""The share of a decision's iterations spread evenly over its options."""


@dataclass(frozen=True, slots=True)
class OptionEstimate:
    """One legal option of a decision and what the search found for it."""

    action: str
    """The option as canonical action text."""
    win: float
    """Its estimated chance to win the game for the seat, in [0, 1]."""
    visits: int
    """How many search iterations went through it."""
    variance: float = 0.25
    """The variance of the rewards observed through it (0.25, the most, when unknown)."""
    proven: str | None = None
    """``win`` or ``loss`` when the game was over right after it every time, with that
    result (the estimate is then exact); None otherwise."""

    @property
    def error(self) -> float:
        """The standard error of the estimate (0 for a proven option)."""
        if self.proven is not None:
            return 0.0
        return math.sqrt(self.variance / self.visits) if self.visits > 0 else 0.5


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the analysed seat."""

    index: int
    """The move's number in the replay, counted from 1."""
    options: tuple[OptionEstimate, ...]
    """Every legal option, best estimate first."""
    best: str
    """The option with the highest estimate (equal ones: a proven win, more visits)."""
    chosen: str
    """The option the seat played."""
    cost: float
    """Win chance given up by the chosen option against the best, at least 0."""
    mark: str | None
    """``inaccuracy``, ``mistake``, ``blunder`` or None (see ``MARKS``)."""

    def estimate(self, action: str) -> OptionEstimate:
        """The estimate of one option (KeyError when it was not legal)."""
        for option in self.options:
            if option.action == action:
                return option
        raise KeyError(action)

    @property
    def best_win(self) -> float:
        """The best option's estimated win chance."""
        return self.estimate(self.best).win

    @property
    def chosen_win(self) -> float:
        """The chosen option's estimated win chance."""
        return self.estimate(self.chosen).win

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON-ready data."""
        return {
            "index": self.index,
            "best": self.best,
            "chosen": self.chosen,
            "cost": self.cost,
            "mark": self.mark,
            "options": [
                {"action": o.action, "win": o.win, "visits": o.visits, "proven": o.proven}
                for o in self.options
            ],
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """A seat's decisions through one game."""

    game: str
    """The game's id."""
    seat: int
    """The analysed seat."""
    decisions: tuple[Decision, ...]
    """Every decision of the seat that had more than one option, in order."""
    finished: bool
    """Whether the replay reaches the game's end."""

    def chart(self) -> list[tuple[int, float]]:
        """The seat's estimated win chance after each of its decisions: (move, chance)."""
        return [(d.index, d.chosen_win) for d in self.decisions]

    def marked(self, mark: str) -> list[Decision]:
        """The decisions carrying one mark."""
        return [d for d in self.decisions if d.mark == mark]

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON-ready data."""
        return {
            "game": self.game,
            "seat": self.seat,
            "finished": self.finished,
            "decisions": [d.to_json() for d in self.decisions],
        }


def analysis_budget(iterations: int | None = None, millis: float | None = None) -> Budget:
    """A per-decision budget within the caps (raises ValueError past them)."""
    if iterations is None and millis is None:
        iterations = DEFAULT_ITERATIONS
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must lie in 1..{MAX_ITERATIONS}")
    if millis is not None and not (math.isfinite(millis) and 0 < millis <= MAX_MILLIS):
        raise ValueError(f"millis must lie in (0, {MAX_MILLIS}]")
    return Budget(iterations, millis)


def estimate_options(
    state: State, seat: int, budget: Budget, rng: Rng
) -> tuple[tuple[OptionEstimate, ...], str]:
    """Every legal option of ``seat`` at ``state`` with its estimate, best first; and the best.

    Only an observation of the seat reaches the search (its view and resampled worlds).
    """
    bot = IsmctsBot(budget, model_players=True, root_share=ROOT_SHARE)
    return search_options(bot, observe(bot, state, seat, rng.spawn()), rng)


def search_options(
    bot: IsmctsBot, obs: Observation, rng: Rng
) -> tuple[tuple[OptionEstimate, ...], str]:
    """Search one observation: every legal option with its estimate, best first; the best."""
    root = bot.search(obs, rng)
    found: list[OptionEstimate] = []
    for action in obs.legal:
        child = root.children.get(action)
        if child is None or child.visits == 0:
            found.append(OptionEstimate(str(action), 0.0, 0))
            continue
        n = child.visits
        mean = min(1.0, max(0.0, child.total / n))
        variance = max(0.0, child.squares / n - (child.total / n) ** 2)
        proven = None
        if child.ends == n and variance <= 1e-12:
            proven = "win" if mean >= 1.0 - 1e-9 else "loss" if mean <= 1e-9 else None
        found.append(OptionEstimate(str(action), mean, n, variance, proven))
    order = sorted(range(len(found)), key=lambda i: _rank(found[i], i))
    ranked = tuple(found[i] for i in order)
    return ranked, ranked[0].action


def _rank(option: OptionEstimate, index: int) -> tuple[float, bool, int, int]:
    """Sort key, best first: the highest estimate, then a proven win, more visits, legal order."""
    return (-round(option.win, 9), option.proven != "win", -option.visits, index)


def mark_for(best: OptionEstimate, chosen: OptionEstimate) -> str | None:
    """The mark the chosen option earns against the best (docs/learn.md), or None.

    The cost must reach a threshold at the low end of its interval: cost minus
    ``NOISE_SIGMAS`` standard errors of the difference (observed variances; none for a
    proven option). An option the search never tried is not marked.
    """
    if best.visits == 0 or chosen.visits == 0:
        return None
    cost = best.win - chosen.win
    low = cost - NOISE_SIGMAS * math.sqrt(best.error**2 + chosen.error**2)
    for name, threshold in MARKS:
        if low >= threshold - 1e-9:
            return name
    return None


def decide(state: State, seat: int, chosen: str, index: int, budget: Budget, rng: Rng) -> Decision:
    """Analyse one decision of ``seat`` whose played option was ``chosen``."""
    options, best = estimate_options(state, seat, budget, rng)
    by_action = {o.action: o for o in options}
    if chosen not in by_action:
        raise ReplayError("core.error.replay_bad_action", index=index, action=chosen, reason="")
    cost = max(0.0, by_action[best].win - by_action[chosen].win)
    mark = mark_for(by_action[best], by_action[chosen])
    return Decision(index, options, best, chosen, cost, mark)


def decision_count(replay: Replay, seat: int) -> int:
    """How many decisions of ``seat`` (with more than one option) a replay holds."""
    return sum(1 for _ in _decision_points(replay, seat))


def analyse(
    replay: Replay,
    seat: int,
    *,
    budget: Budget | None = None,
    seed: int = 0,
    progress: Callable[[int, int], object] | None = None,
) -> Analysis:
    """Analyse every decision of ``seat`` in ``replay``.

    ``progress(done, total)`` is called once the decisions are counted, then after each
    one. Raises ReplayError for a bad replay or seat.
    """
    budget = budget or analysis_budget()
    points = list(_decision_points(replay, seat))
    decisions: list[Decision] = []
    if progress is not None:
        progress(0, len(points))
    for done, (state, index, text) in enumerate(points, 1):
        rng = Rng(seed * 1_000_003 + index)
        decisions.append(decide(state, seat, text, index, budget, rng))
        if progress is not None:
            progress(done, len(points))
    final = _final(replay)
    return Analysis(replay.game, seat, tuple(decisions), final.result is not None)


def _states(replay: Replay) -> tuple[State, Sequence[str]]:
    """The replay's opening state (bad setups raise ReplayError)."""
    from parlour.engine import OptionError

    try:
        game = get_game(replay.game)
    except OptionError as exc:
        raise ReplayError("cli.error.replay_game", game=replay.game[:40]) from exc
    try:
        state = replay.initial_state(game)
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        raise ReplayError("cli.error.replay_setup", reason=str(exc)[:200]) from None
    return state, replay.actions


def _decision_points(replay: Replay, seat: int) -> Any:
    """(state before the move, move index, canonical text) for each choice of ``seat``."""
    state, actions = _states(replay)
    if not 0 <= seat < state.players:
        raise ReplayError("core.error.bad_seat", seat=str(seat))
    state.record_events = False
    for index, text in enumerate(actions, 1):
        actor = state.to_act
        try:
            action = state.action_space.coerce(text)
            legal = state.legal_actions()
            if actor == seat and len(legal) > 1 and action in legal:
                yield state.clone(), index, str(action)
            state.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(
                "core.error.replay_bad_action", index=index, action=text, reason=exc.message()
            ) from None


def _final(replay: Replay) -> State:
    state, actions = _states(replay)
    state.record_events = False
    for text in actions:
        state.apply(state.action_space.coerce(text))
    return state


__all__ = [
    "DEFAULT_ITERATIONS",
    "MARKS",
    "MAX_ITERATIONS",
    "MAX_MILLIS",
    "NOISE_SIGMAS",
    "Analysis",
    "Decision",
    "OptionEstimate",
    "analyse",
    "analysis_budget",
    "decide",
    "decision_count",
    "estimate_options",
    "mark_for",
    "search_options",
]
