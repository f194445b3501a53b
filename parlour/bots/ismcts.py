"""Information-set Monte Carlo tree search (ISMCTS) over sampled worlds.

After Cowling, Powley and Whitehouse (2012). Each iteration draws one world consistent with
what the deciding seat knows (``Observation.sample``), walks a shared tree from it, grows
the tree by one information set, finishes the world with a rollout and backs up every seat's
reward. Nodes are keyed by *the acting seat's information set* in the sampled world (by
default its view), so opponents in the tree choose with what they could know, not with the
sampled cards of others. Search never touches the real state: only the observation's
resampled root.

Long games need a horizon. A game's record may hold search hints (see
:class:`~parlour.engine.record.SearchHints`): ``stop(state)`` ends a rollout early (a
round's end) and ``value(state, seat)`` scores the position there in ``[0, 1]``.

A spec is ``ismcts`` (default budget), ``ismcts:500`` (500 iterations, deterministic for a
given generator), ``ismcts:200ms`` (200 milliseconds) or both, ``ismcts:2000,900ms``
(2000 iterations unless 900 ms pass first); ``model`` among them (``ismcts:1500,model``)
searches against the game's model of how players move (see ``IsmctsBot.model_players``).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import Bot, Observation, RandomBot
from parlour.bots.registry import register_bot
from parlour.engine import Action, OptionError, Rng, State
from parlour.engine.playout import observe
from parlour.engine.record import SearchHints
from parlour.games import game_record

DEFAULT_ITERATIONS = 1000
"""The budget of a bare ``ismcts`` spec."""
DEFAULT_EXPLORATION = 0.5
"""The UCB exploration constant (rewards lie in [0, 1])."""
GUIDE_MARGIN = 0.03
"""How much better a searched move must look to overrule a guide's move."""
SAMPLE_TRIES = 16
"""How many worlds a plausibility-weighted draw tries before taking the likeliest seen."""
MAX_ROLLOUT_MOVES = 5000
"""A safety net: a rollout this long is scored as it stands (a draw for everyone)."""


def hints_for(state: State) -> SearchHints | None:
    """The search hints of a state's game (its record's ``search_hints``)."""
    return game_record(state.game).search_hints


def view_key(state: State, seat: int) -> Hashable:
    """The default information-set key: the seat's view, as text.

    ``repr`` is faster than canonical JSON; a view lists its keys in the order its code
    builds them, so equal views give equal texts (at worst an information set is split).
    """
    return repr(state.view(seat))


class _Child:
    """The statistics of one action at one node."""

    __slots__ = ("available", "ends", "squares", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        """The sum of the squared rewards (the observed variance, for analysis)."""
        self.ends = 0
        """How often the game was over right after this action (a root's proven results)."""
        # How often the action was legal when its node was visited (subset-armed bandit).
        self.available = 0


class _Node:
    """One information set of the acting seat."""

    __slots__ = ("by_id", "children")

    def __init__(self) -> None:
        self.children: dict[Action, _Child] = {}
        # The same children by the identity of action objects met here, each entry holding
        # its object (so the id is not reused while the entry lives): games whose legal
        # answers are interned actions are looked up without hashing an action.
        self.by_id: dict[int, tuple[Action, _Child]] = {}


BY_ID_SLACK = 64
"""How many more identities than children a node remembers (a game whose actions are new
objects every time falls back to hashing them once that many are known)."""


MAX_ITERATIONS = 1_000_000
"""The largest iteration budget a spec may ask for."""
MAX_MILLIS = 60_000.0
"""The longest time budget a spec may ask for (one minute)."""


_stops = threading.local()


@contextmanager
def stop_when(stop: Callable[[], bool]) -> Iterator[None]:
    """Within this block, in this thread, every search also ends as soon as ``stop()`` is
    true, asked once every iteration whatever the budget (a server's think limit, or its
    shutdown): a thread is never left searching after its answer stopped mattering."""
    before = getattr(_stops, "stop", None)
    _stops.stop = stop
    try:
        yield
    finally:
        _stops.stop = before


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision may search: iterations, milliseconds, or whichever ends first."""

    iterations: int | None = DEFAULT_ITERATIONS
    """The most iterations (None: no limit)."""
    millis: float | None = None
    """The most wall-clock milliseconds (None: no limit)."""

    @classmethod
    def parse(cls, arg: str | None) -> Budget:
        """Read ``500``, ``200ms``, ``2s`` or ``2000,900ms`` (raises OptionError)."""
        if arg is None or not arg.strip():
            return cls()
        iterations: int | None = None
        millis: float | None = None
        try:
            for part in arg.replace(" ", "").split(","):
                if part.endswith("ms"):
                    millis = float(part[:-2])
                elif part.endswith("s"):
                    millis = float(part[:-1]) * 1000.0
                else:
                    iterations = int(part)
        except ValueError:
            raise OptionError(
                "core.error.unknown_bot", bot=f"ismcts:{arg}"[:40], known="ismcts"
            ) from None
        # A budget must end: no infinite or NaN time, nothing beyond the caps (a bot seated
        # at a server table would otherwise hold a worker thread for ever).
        if (iterations is not None and not 1 <= iterations <= MAX_ITERATIONS) or (
            millis is not None and not (math.isfinite(millis) and 0 < millis <= MAX_MILLIS)
        ):
            raise OptionError("core.error.unknown_bot", bot=f"ismcts:{arg}"[:40], known="ismcts")
        if iterations is None and millis is None:
            return cls()
        return cls(iterations, millis)


@dataclass
class SearchStats:
    """What the last search did."""

    iterations: int = 0
    """Iterations run."""
    seconds: float = 0.0
    """Wall-clock time spent."""
    nodes: int = 0
    """Information sets in the tree."""


class IsmctsBot(Bot):
    """Single-decision ISMCTS with UCB1 over information sets and random (or hinted) rollouts."""

    name = "ismcts"
    samples = True

    def __init__(
        self,
        budget: Budget | None = None,
        *,
        exploration: float = DEFAULT_EXPLORATION,
        hints: SearchHints | None = None,
        use_game_hints: bool = True,
        guide: Bot | None = None,
        margin: float = GUIDE_MARGIN,
        model_players: bool = False,
        root_share: float = 0.0,
        prune: bool = False,
    ) -> None:
        self.budget = budget or Budget()
        self.exploration = exploration
        self._hints = hints
        self._use_game_hints = use_game_hints
        self.guide = guide
        """A bot whose move is kept unless search finds one clearly better (None: pure search)."""
        self.margin = margin
        """How much better (in mean reward) a searched move must be to overrule the guide."""
        self.model_players = model_players
        """Whether to search against the hints' model of how players move (``player_model``):
        the other seats move by it inside the tree (they get no nodes), every seat's
        rollout moves by it, and sampled worlds are weighed by ``plausibility`` (how likely
        the other seats' past moves were in each). Without such hints it changes nothing."""
        self.root_share = root_share
        """The share of iterations spread evenly over the root's options before UCB picks
        (analysis: every option gets an estimate; 0 for play)."""
        self.prune = prune
        """Whether the root leaves out the options the hints' ``sensible`` drops (moves no
        strong player makes: a guess of a value whose every copy is in sight)."""
        self.stats = SearchStats()
        """Figures of the last search (for benchmarks)."""
        self._allowed: frozenset[Action] | None = None
        """The root's options the running search may try (None: every legal one)."""
        self._explore = exploration
        """The exploration of the running search: ``exploration`` on the hints' reward scale."""

    def act(self, obs: Observation, rng: Rng) -> Action:
        """Search from sampled worlds and play the most visited legal action.

        With a guide, the guide's move is played unless the most visited move's mean reward
        beats it by ``margin``: search then corrects the guide where it is sure, and noise
        in a short search does not throw away a sound move.
        """
        if len(obs.legal) == 1:
            self.stats = SearchStats()
            return obs.legal[0]
        suggested = self.guide.act(obs, rng.spawn()) if self.guide is not None else None
        root = self.search(obs, rng)
        best = self._best(root, obs.legal)
        if suggested is None or suggested == best:
            return best
        mine, theirs = root.children.get(best), root.children.get(suggested)
        if mine is None or theirs is None or theirs.visits == 0:
            return best
        if mine.total / mine.visits - theirs.total / theirs.visits > self.margin:
            return best
        return next(a for a in obs.legal if a == suggested)

    def reset(self, seat: int, players: int, options: Mapping[str, Any]) -> None:
        """Reset the guide."""
        if self.guide is not None:
            self.guide.reset(seat, players, options)

    # -- the search ---------------------------------------------------------------------

    def search(self, obs: Observation, rng: Rng) -> _Node:
        """Run the budgeted search for ``obs`` and return its root node."""
        nodes: dict[Hashable, _Node] = {}
        root = _Node()
        hints = self._hints
        first = obs.sample(rng)
        if hints is None and self._use_game_hints:
            hints = hints_for(first)
        key = _key_function(hints)
        nodes[key(first, obs.seat)] = root
        scale = getattr(hints, "reward_scale", None)
        self._explore = self.exploration * (1.0 if scale is None else scale(first, obs.seat))
        sensible = getattr(hints, "sensible", None) if self.prune else None
        self._allowed = None if sensible is None else frozenset(sensible(first, obs.seat))
        limit = self.budget.iterations
        deadline = (
            None if self.budget.millis is None else time.perf_counter() + self.budget.millis / 1e3
        )
        start = time.perf_counter()
        done = 0
        world: State | None = first
        plausibility = getattr(hints, "plausibility", None) if self.model_players else None
        heaviest = [0.0]  # the greatest weight seen: rejection is relative to it
        stop: Callable[[], bool] | None = getattr(_stops, "stop", None)
        while limit is None or done < limit:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if stop is not None and done > 0 and stop():
                break
            if plausibility is not None:
                world = self._draw(obs, rng, plausibility, world, heaviest)
            elif world is None:
                world = obs.sample(rng)
            self._iterate(world, obs.seat, root, nodes, key, hints, rng)
            world = None
            done += 1
        self.stats = SearchStats(done, time.perf_counter() - start, len(nodes))
        return root

    @staticmethod
    def _draw(
        obs: Observation, rng: Rng, plausibility: Any, first: State | None, scale: list[float]
    ) -> State:
        """A world drawn in proportion to its plausibility (rejection sampling).

        A candidate is kept with probability its weight over the greatest weight seen so
        far (``scale[0]``, raised as greater ones appear), so many small weights (one per
        other seat) do not make every candidate fail; after ``SAMPLE_TRIES`` the likeliest
        candidate seen is taken.
        """
        best: State | None = None
        best_weight = -1.0
        for _ in range(SAMPLE_TRIES):
            world = first if first is not None else obs.sample(rng)
            first = None
            weight = plausibility(world, obs.seat)
            if weight > 0.0 and weight >= scale[0]:
                scale[0] = weight
                return world
            if rng.random() * scale[0] < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        assert best is not None
        return best

    def _iterate(
        self,
        state: State,
        seat: int,
        root: _Node,
        nodes: dict[Hashable, _Node],
        key: Any,
        hints: SearchHints | None,
        rng: Rng,
    ) -> None:
        """One iteration: select and expand in the tree, roll out, back up."""
        state.record_events = False
        path: list[tuple[_Child, int]] = []
        node: _Node | None = root
        actor = seat
        start_move = state.move_number
        horizon: int | None = getattr(hints, "horizon", None)
        last = math.inf if horizon is None else start_move + horizon
        stop = None if hints is None else hints.stop
        model = getattr(hints, "player_model", None) if self.model_players else None
        apply = state.apply_unchecked
        # Selection and expansion: walk existing nodes; the first new information set is
        # added to the tree and the rest of the world is a rollout.
        while True:
            to_act = state.to_act
            if to_act is None:
                break
            if stop is not None:
                moved = state.move_number
                if moved > start_move and (stop(state) or moved >= last):
                    break
            if model is not None and to_act != seat:
                apply(model(state, rng))
                node = None
                continue
            legal = state.legal_actions()
            if node is None:
                if len(legal) > 1:
                    k = key(state, to_act)
                    node = nodes.get(k)
                    if node is None:
                        nodes[k] = _Node()
                        break
                else:
                    # A forced move is not a decision: no node, no statistics.
                    apply(legal[0])
                    continue
            actor = to_act
            if node is root:
                allowed = self._allowed
                if allowed is not None and len(allowed) > 0:
                    legal = [a for a in legal if a in allowed]
                action, child = self._select_root(node, legal, rng)
            else:
                action, child = self._select(node, legal, rng)
            path.append((child, actor))
            # The action came from this state's own legal list: the public apply's check
            # would only repeat it.
            apply(action)
            if node is root and state.to_act is None:
                child.ends += 1
            node = None
        rewards = self._rollout(state, hints, start_move, rng, model)
        for child, who in path:
            reward = rewards[who]
            child.visits += 1
            child.total += reward
            child.squares += reward * reward

    def _select_root(self, node: _Node, legal: Sequence[Action], rng: Rng) -> tuple[Action, _Child]:
        """At the root: the least tried option while any has less than its even part of
        ``root_share`` of the iterations so far, else as anywhere (:meth:`_select`)."""
        share = self.root_share
        if share > 0.0:
            children = node.children
            counts = [(children[a].visits if a in children else 0) for a in legal]
            done = sum(counts)
            least = min(counts)
            if least == 0 or least < share * done / len(legal):
                i = counts.index(least)
                action = legal[i]
                child = children.get(action)
                if child is None:
                    child = children[action] = _Child()
                    node.by_id[id(action)] = (action, child)
                for a in legal:
                    seen = children.get(a)
                    if seen is not None:
                        seen.available += 1
                return action, child
        return self._select(node, legal, rng)

    def _select(self, node: _Node, legal: Sequence[Action], rng: Rng) -> tuple[Action, _Child]:
        """An untried legal action at random, else the legal child with the best UCB."""
        children = node.children
        by_id = node.by_id
        room = len(children) + BY_ID_SLACK - len(by_id)
        found: list[_Child | None] = []
        for a in legal:
            entry = by_id.get(id(a))
            if entry is not None:
                found.append(entry[1])
                continue
            seen = children.get(a)
            if seen is not None and room > 0:
                by_id[id(a)] = (a, seen)
                room -= 1
            found.append(seen)
        if None in found:
            untried = [a for a, ch in zip(legal, found, strict=True) if ch is None]
            action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
            child = children[action] = _Child()
            by_id[id(action)] = (action, child)
            # Every legal child was available this time, the new one included.
            child.available = 1
            for ch in found:
                if ch is not None:
                    ch.available += 1
            return action, child
        best: Action | None = None
        best_child: _Child | None = None
        best_score = -math.inf
        c = self._explore
        log, sqrt = math.log, math.sqrt
        for a, ch in zip(legal, found, strict=True):
            assert ch is not None
            ch.available += 1
            visits = ch.visits
            score = ch.total / visits + c * sqrt(log(ch.available) / visits)
            if score > best_score:
                best, best_child, best_score = a, ch, score
        assert best is not None and best_child is not None
        return best, best_child

    def _rollout(
        self, state: State, hints: SearchHints | None, start_move: int, rng: Rng, model: Any
    ) -> Sequence[float]:
        """Finish the world with the rollout policy (or the player model); rewards in [0, 1]."""
        horizon: int | None = getattr(hints, "horizon", None)
        policy = model or getattr(hints, "rollout_action", None)
        stop = None if hints is None else hints.stop
        last = math.inf if horizon is None else start_move + horizon
        below = rng.below
        apply = state.apply_unchecked
        for _ in range(MAX_ROLLOUT_MOVES):
            if state.to_act is None:
                result = state.result
                assert result is not None  # to_act is None only when the game is over
                # A win is worth 1 whether it is shared by a team or not, so every seat
                # searches on the same scale (a hero of five shares 1/5 of a point).
                top = max(result.scores)
                return [x / top for x in result.scores] if top > 0 else result.scores
            if stop is not None:
                moved = state.move_number
                if moved > start_move and (stop(state) or moved >= last):
                    assert hints is not None  # stop comes from the hints
                    return _values(hints, state)
            if policy is not None:
                action = policy(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[below(len(legal))] if len(legal) > 1 else legal[0]
            apply(action)
        return [0.5] * state.players

    @staticmethod
    def _best(root: _Node, legal: Sequence[Action]) -> Action:
        """The most visited legal action; ties go to the better mean, then to legal order.

        An action that ended the game with a win every time it was tried (a proven win) is
        taken first, the most tried of them: nothing beats winning now.
        """
        won: Action | None = None
        won_visits = 0
        for a in legal:
            ch = root.children.get(a)
            if ch is not None and won_visits < ch.visits == ch.ends and ch.total >= ch.visits:
                won, won_visits = a, ch.visits
        if won is not None:
            return won
        best = legal[0]
        best_rank: tuple[int, float] = (-1, -math.inf)
        for a in legal:
            ch = root.children.get(a)
            rank = (0, -math.inf) if ch is None else (ch.visits, ch.total / max(ch.visits, 1))
            if rank > best_rank:
                best, best_rank = a, rank
        return best


def _values(hints: SearchHints, state: State) -> Sequence[float]:
    """Every seat's value of a position where a walk is cut (the hints' ``values`` if any)."""
    values = getattr(hints, "values", None)
    if values is not None:
        return values(state)  # type: ignore[no-any-return]
    return [hints.value(state, s) for s in range(state.players)]


def _key_function(hints: SearchHints | None) -> Any:
    """The information-set key the hints offer, or the view key."""
    return getattr(hints, "infoset_key", None) or view_key


MODEL_FLAG = "model"
"""The spec word that turns on ``model_players``."""


def ismcts_factory(arg: str | None) -> IsmctsBot:
    """Build the bot of an ``ismcts[:budget][,model]`` spec."""
    parts = [p for p in (arg or "").replace(" ", "").split(",") if p]
    model = MODEL_FLAG in parts
    rest = ",".join(p for p in parts if p != MODEL_FLAG)
    return IsmctsBot(Budget.parse(rest or None), model_players=model)


def measure_iterations(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seconds: float = 5.0,
    *,
    seed: int = 0,
    model_players: bool = False,
) -> float:
    """ISMCTS iterations per second on decision points of seeded random games of a game.

    The figure the ``parlour bench`` command reports; it runs on the calling core only.
    ``model_players`` measures the search the hard bot runs (see ``IsmctsBot``).
    """
    from parlour.games import get_game

    game = get_game(game_id)
    rng = Rng(seed)
    bot = IsmctsBot(Budget(iterations=None, millis=50.0), model_players=model_players)
    walker = RandomBot()
    total = 0
    spent = 0.0
    game_seed = seed
    while spent < seconds:
        state = game.new(players, options, game_seed)
        state.record_events = False
        game_seed += 1
        while (seat := state.to_act) is not None and spent < seconds:
            obs = observe(bot, state, seat, rng.spawn())
            if len(obs.legal) > 1 and rng.below(4) == 0:
                bot.search(obs, rng)
                total += bot.stats.iterations
                spent += bot.stats.seconds
            state.apply(walker.act(obs, rng))
    return total / spent if spent > 0 else 0.0


register_bot("ismcts", ismcts_factory)

__all__ = [
    "DEFAULT_ITERATIONS",
    "MODEL_FLAG",
    "Budget",
    "IsmctsBot",
    "SearchHints",
    "SearchStats",
    "hints_for",
    "ismcts_factory",
    "measure_iterations",
    "stop_when",
    "view_key",
]
