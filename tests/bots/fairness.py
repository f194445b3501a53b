"""Checks that a bot decides from what its seat knows and nothing else.

Two checks, written once and run on every bot of every game: a bot given a world its seat
cannot tell apart from the real one decides the same, and nothing reachable from an
observation holds the real state or its hidden data.
"""

from __future__ import annotations

import gc
import types
from collections.abc import Callable, Iterator
from typing import Any

from parlour.bots.base import Bot, Observation
from parlour.engine import Action, ActionSpace, Game, Rng, State
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


def disagreements(
    make: Callable[[], Bot], state: State, seat: int, seed: int, worlds: int = 2
) -> list[str]:
    """Worlds the seat cannot tell from ``state`` in which a fresh bot decides differently."""
    real = decision(make(), state, seat, seed)
    out = []
    for i in range(worlds):
        other = state.determinize(seat, Rng(seed * 7 + i))
        got = decision(make(), other, seat, seed)
        if got != real:
            out.append(f"move {state.move_number}: {real} on the real state, {got} in world {i}")
    return out
