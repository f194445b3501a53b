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


def _mutables(root: object, skip: set[int]) -> set[int]:
    """Ids of the mutable containers reachable from ``root``."""
    return {id(o) for o in _reachable(root, skip) if isinstance(o, list | dict | set | bytearray)}


def leaks(obs: object, state: State, seat: int) -> list[str]:
    """Ways the real state or its hidden data can be reached from ``obs`` (empty: none)."""
    # Options and the game are public and shared by every world of a configuration.
    shared = {id(o) for o in _reachable(state.options, set())}
    found: list[str] = []
    state_parts = _mutables(state, shared)
    hidden = hidden_paths(state, seat)
    for obj in _reachable(obs, shared):
        if obj is state:
            found.append("the real state itself is reachable")
        elif id(obj) in state_parts:
            found.append(f"a {type(obj).__name__} of the real state is reachable")
        data: Any = obj.to_json() if isinstance(obj, State) else obj
        if hidden and isinstance(data, dict):
            leaves = dict(_leaves(data))
            if all(leaves.get(p) == v for p, v in hidden.items()):
                found.append(f"a {type(obj).__name__} holds every hidden value of the real state")
    return found


def decision(bot: Bot, state: State, seat: int, seed: int) -> str:
    """The bot's action for ``seat`` at ``state`` with generators drawn from ``seed``."""
    bot.reset(seat, state.players, state.options)
    obs: Observation = bot.observe(state, seat, Rng(seed))
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
