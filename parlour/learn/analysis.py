"""Post-game analysis: every decision of one seat, each option's estimated chance to win.

Each decision is searched by the hard bot's search (ISMCTS against the game's model of how
players move) from an observation of that seat: the search sees only the seat's view and
worlds resampled from what the seat knew at that moment, never the real hidden cards. An
option's estimate is the mean reward the search found for it at the root (a win is 1, a
loss 0; a shared win counts as 1 for each winner, as the bot scores it).

The best option is the one the search visited most (the hard bot's own choice); the cost of
the chosen option is how much lower its estimate is than the best one's. A decision is
marked when the cost reaches a threshold (see ``MARKS``) *and* exceeds the search's own noise
(``NOISE_SIGMAS`` standard errors of the difference, taking the worst-case variance of a
reward in [0, 1]), so options that are merely equal never look like mistakes.

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
"""A cost must exceed this many standard errors of the estimates' difference to be marked."""


@dataclass(frozen=True, slots=True)
class OptionEstimate:
    """One legal option of a decision and what the search found for it."""

    action: str
    """The option as canonical action text."""
    win: float
    """Its estimated chance to win for the seat, in [0, 1]."""
    visits: int
    """How many search iterations went through it."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the analysed seat."""

    index: int
    """The move's number in the replay, counted from 1."""
    options: tuple[OptionEstimate, ...]
    """Every legal option, best estimate first."""
    best: str
    """The option the search prefers (most visited)."""
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
                {"action": o.action, "win": o.win, "visits": o.visits} for o in self.options
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
    bot = IsmctsBot(budget, model_players=True)
    return search_options(bot, observe(bot, state, seat, rng.spawn()), rng)


def search_options(
    bot: IsmctsBot, obs: Observation, rng: Rng
) -> tuple[tuple[OptionEstimate, ...], str]:
    """Search one observation: every legal option with its estimate, best first; the best."""
    root = bot.search(obs, rng)
    found: list[OptionEstimate] = []
    for action in obs.legal:
        child = root.children.get(action)
        visits = 0 if child is None else child.visits
        win = 0.0 if child is None or child.visits == 0 else child.total / child.visits
        found.append(OptionEstimate(str(action), min(1.0, max(0.0, win)), visits))
    # Most visited is the bot's choice; ties go to the better mean, then to legal order.
    best = max(enumerate(found), key=lambda p: (p[1].visits, p[1].win, -p[0]))[1].action
    ranked = sorted(found, key=lambda o: (-o.win, -o.visits))
    return tuple(ranked), best


def mark_for(cost: float, best_visits: int, chosen_visits: int) -> str | None:
    """The mark a cost earns, or None when below every threshold or within the noise."""
    if best_visits == 0 or chosen_visits == 0:
        return None
    noise = NOISE_SIGMAS * math.sqrt(0.25 / best_visits + 0.25 / chosen_visits)
    if cost <= noise:
        return None
    for name, threshold in MARKS:
        if cost >= threshold:
            return name
    return None


def decide(state: State, seat: int, chosen: str, index: int, budget: Budget, rng: Rng) -> Decision:
    """Analyse one decision of ``seat`` whose played option was ``chosen``."""
    options, best = estimate_options(state, seat, budget, rng)
    by_action = {o.action: o for o in options}
    if chosen not in by_action:
        raise ReplayError("core.error.replay_bad_action", index=index, action=chosen, reason="")
    cost = max(0.0, by_action[best].win - by_action[chosen].win)
    mark = mark_for(cost, by_action[best].visits, by_action[chosen].visits)
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
