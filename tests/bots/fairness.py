"""Checks that a bot decides from what its seat knows and nothing else.

Two checks, written once and run on every bot of every game: a bot given a world its seat
cannot tell apart from the real one decides the same, and nothing reachable from an
observation holds the real state or its hidden data.

The worlds a seat cannot tell apart are twins built from stacked decks, never from the
game's own ``determinize`` (a leak there would be copied into both worlds): the opening
with two cards the seat cannot see exchanged (``State.hidden``: a deck stacked otherwise),
the same generator, and the same moves replayed, while the seat's view stays the same
after every one. Everything a seat's search reads must then be the same in both twins.
"""

from __future__ import annotations

import gc
import json
import types
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import Bot, Observation
from parlour.engine import Action, ActionSpace, Game, IllegalActionError, ReplayError, Rng, State
from parlour.engine.codec import attributes
from parlour.engine.playout import observe

_OPAQUE = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
    Game,
    ActionSpace,
    Action,
)


def _reachable(root: object, skip: set[int], limit: int = 300_000) -> Iterator[object]:
    """Every object reachable from ``root`` by references (not through classes or modules)."""
    seen: set[int] = set(skip)
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _OPAQUE):
            continue
        seen.add(id(obj))
        if len(seen) > limit:
            raise AssertionError("observation reaches too many objects to check")
        yield obj
        todo.extend(gc.get_referents(obj))


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The (path, value) leaves of JSON-ready data."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(data, list | tuple):
        yield (*path, "#len"), len(data)
        for i, v in enumerate(data):
            yield from _leaves(v, (*path, i))
    else:
        yield path, data


def hidden_paths(state: State, seat: int, worlds: int = 6) -> dict[tuple[Any, ...], Any]:
    """The leaves of the state's JSON a seat cannot know: those resampling changes."""
    real = dict(_leaves(state.to_json()))
    hidden: dict[tuple[Any, ...], Any] = {}
    for i in range(worlds):
        other = dict(_leaves(state.determinize(seat, Rng(1000 + i)).to_json()))
        for path in real.keys() | other.keys():
            if real.get(path) != other.get(path):
                hidden[path] = real.get(path)
    return hidden


_MISSING = object()


def _containers(state: State) -> dict[int, tuple[object, tuple[Any, ...]]]:
    """The mutable containers inside a state's attributes, by id: (container, path)."""
    found: dict[int, tuple[object, tuple[Any, ...]]] = {}
    todo: list[tuple[object, tuple[Any, ...]]] = [
        (v, (name,)) for name, v in attributes(state).items() if not isinstance(v, _OPAQUE)
    ]
    while todo:
        obj, path = todo.pop()
        if id(obj) in found or not isinstance(obj, list | dict | set | tuple | bytearray):
            continue
        if not isinstance(obj, tuple):
            found[id(obj)] = (obj, path)
        if isinstance(obj, list | tuple):
            todo += [(v, (*path, i)) for i, v in enumerate(obj)]
        elif isinstance(obj, dict):
            todo += [(v, (*path, k)) for k, v in obj.items()]
    return found


def _at(state: State, path: tuple[Any, ...]) -> Any:
    """The object at an attribute path of a state (``_MISSING`` when it has none)."""
    obj: Any = getattr(state, path[0], _MISSING)
    for step in path[1:]:
        try:
            obj = obj[step]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return obj


class LeakCheck:
    """What a seat may not reach at one decision, worked out once for many observations."""

    def __init__(self, state: State, seat: int, worlds: int = 4) -> None:
        self.state = state
        self.resamples = [state.determinize(seat, Rng(0x9E37 + i)) for i in range(worlds)]
        for world in self.resamples:
            world.legal_actions()  # fill the same lazy caches the real state has filled
        # What a resampled world legitimately shares with the real one (options, card
        # tables, caches a clone does not copy) may be shared by the observation too.
        self.shared = {id(o) for o in _reachable(self.resamples[0], set())}
        self.parts = _containers(state)
        self.hidden = hidden_paths(state, seat)

    def leaks(self, obs: object) -> list[str]:
        """Ways the real state or its hidden data can be reached from ``obs`` (empty: none)."""
        found: list[str] = []
        for obj in _reachable(obs, self.shared):
            if obj is self.state:
                found.append("the real state itself is reachable")
            elif id(obj) in self.parts:
                # A container the real state is still using: a leak when what it holds is
                # hidden, that is, when a world the seat cannot tell apart holds another value.
                path = self.parts[id(obj)][1]
                if any(_at(world, path) != obj for world in self.resamples):
                    found.append(f"the real state's {path} is reachable")
            data: Any = obj.to_json() if isinstance(obj, State) else obj
            if self.hidden and isinstance(data, dict):
                leaves = dict(_leaves(data))
                if all(leaves.get(p) == v for p, v in self.hidden.items()):
                    found.append(f"a {type(obj).__name__} holds every hidden value of the state")
        return found


def leaks(obs: object, state: State, seat: int) -> list[str]:
    """Ways the real state or its hidden data can be reached from ``obs`` (empty: none)."""
    return LeakCheck(state, seat).leaks(obs)


def decision(bot: Bot, state: State, seat: int, seed: int) -> str:
    """The bot's action for ``seat`` at ``state`` with generators drawn from ``seed``."""
    bot.reset(seat, state.players, state.options)
    obs: Observation = observe(bot, state, seat, Rng(seed))
    return str(bot.act(obs, Rng(seed + 1)))


Loader = Callable[[Mapping[str, Any]], State]
"""How a twin is rebuilt from its JSON form (a planted fault loads another class)."""


@dataclass(frozen=True, slots=True)
class Twins:
    """Two states one seat cannot tell apart, at a decision of that seat."""

    real: State
    twin: State
    seat: int


def restacked(opening: State, seat: int, rng: Rng, load: Loader) -> State | None:
    """The opening with two different cards ``seat`` cannot see exchanged (None if none)."""
    groups = [g for g in opening.hidden(seat) if len(g) >= 2]
    data = opening.to_json()
    for _ in range(20 if groups else 0):
        group = groups[rng.below(len(groups))]
        i, j = rng.below(len(group)), rng.below(len(group))
        copy: Any = json.loads(json.dumps(data))
        a, b = _node(copy, group[i]), _node(copy, group[j])
        if a[0][a[1]] == b[0][b[1]]:
            continue
        a[0][a[1]], b[0][b[1]] = b[0][b[1]], a[0][a[1]]
        try:
            twin = load(copy)
        except (ReplayError, ValueError):
            continue  # the exchange breaks a public fact: draw another
        twin.record_events = False
        return twin
    return None


def _node(data: Any, place: tuple[Any, ...]) -> tuple[Any, Any]:
    for key in place[:-1]:
        data = data[key]
    return data, place[-1]


def twin_points(
    game: Game,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    *,
    length: int = 60,
    tries: int = 6,
    load: Loader | None = None,
) -> list[Twins]:
    """Decisions of a seeded random game at which a seat has twins it cannot tell apart.

    For each seat in turn, ``tries`` restacked openings replay the game's moves; every
    decision of that seat with a choice, reached while its views have been the same after
    every move, is a point (the twin is then not the real state: two cards differ).
    """
    loader: Loader = load or game.state_from_json
    opening = loader(game.new(players, options, seed).to_json())
    opening.record_events = False
    rng = Rng(seed)
    moves: list[str] = []
    state = opening.clone()
    while state.to_act is not None and len(moves) < length:
        action = rng.choice(state.legal_actions())
        moves.append(str(action))
        state.apply(action)
    points: list[Twins] = []
    for attempt in range(tries):
        seat = attempt % players
        twin = restacked(opening, seat, Rng(seed * 31 + attempt), loader)
        if twin is None:
            continue
        real = opening.clone()
        for move in moves:
            if real.view(seat) != twin.view(seat):
                break
            if real.to_act == seat and len(real.legal_actions()) > 1:
                points.append(Twins(real.clone(), twin.clone(), seat))
            try:
                twin.apply(move)
            except IllegalActionError:
                break
            real.apply(move)
    return points


def worlds_differ(points: list[Twins], seeds: int = 3) -> list[str]:
    """Twins whose ``determinize`` for the seat differs (the sampled worlds must be equal)."""
    out = []
    for p in points:
        for k in range(seeds):
            a = p.real.determinize(p.seat, Rng(k)).to_json()
            b = p.twin.determinize(p.seat, Rng(k)).to_json()
            if a != b:
                keys = sorted(x for x in a.keys() | b.keys() if a.get(x) != b.get(x))
                out.append(f"move {p.real.move_number} seat {p.seat}: worlds differ in {keys}")
                break
    return out


def outputs_differ(points: list[Twins], output: Callable[[State, int, int], object]) -> list[str]:
    """Twins at which ``output(state, seat, seed)`` differs (a decision, a hint, an analysis)."""
    out = []
    for i, p in enumerate(points):
        a, b = output(p.real, p.seat, i), output(p.twin, p.seat, i)
        if a != b:
            out.append(f"move {p.real.move_number} seat {p.seat}: {a} and {b}")
    return out


def bot_output(make: Callable[[], Bot]) -> Callable[[State, int, int], object]:
    """A fresh bot's decision as an output of :func:`outputs_differ`."""
    return lambda state, seat, seed: decision(make(), state, seat, seed)
