"""A game's hand-written ``clone`` copies what the one derived from ``FIELDS`` copies.

The hot state classes write their copy out (compiled, it is C; the derived one is Python), so
each copy made along random games of every game and configuration is checked against the
derived copy of the same state: the same attributes with the same values, every declared
list, nested list or set copied, and no container shared that the derived copy does not
share. Planted copies (an attribute left out, a list shared, a value changed) are caught.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from parlour.engine import Rng, State
from parlour.engine.codec import attributes
from parlour.engine.events import EventLog
from parlour.games import get_game
from parlour.games.loveletter.game import LoveLetterPlay

MUTABLE = (list, set, dict, bytearray)
GAMES = ("loveletter", "gauntlet", "splendor-marvel")
"""The games whose states write their copy out (the built-in ones)."""


def _plain(value: Any) -> Any:
    """A comparable form of an attribute's value (generators and logs by what they hold)."""
    if isinstance(value, Rng):
        return ("rng", value.state)
    if isinstance(value, EventLog):
        return ("log", value.record, list(value.events))
    return value


def _containers(value: Any) -> Iterator[Any]:
    """The mutable containers in a value, nested ones included."""
    if isinstance(value, MUTABLE):
        yield value
    if isinstance(value, list | tuple):
        for item in value:
            yield from _containers(item)


def clone_faults(original: State, copy: State) -> list[str]:
    """What ``copy`` gets wrong, judged against the derived copy of ``original``."""
    codec = type(original).codec
    assert codec is not None
    reference = codec.clone(original)
    mine, theirs, source = attributes(copy), attributes(reference), attributes(original)
    faults = []
    if type(copy) is not type(original):
        faults.append(f"type {type(copy).__name__}")
    for name in sorted(set(mine) ^ set(theirs)):
        faults.append(f"{name}: {'extra' if name in mine else 'missing'}")
    for name in sorted(set(mine) & set(theirs)):
        if _plain(mine[name]) != _plain(theirs[name]):
            faults.append(f"{name}: {mine[name]!r} != {theirs[name]!r}")
        ours = {id(c) for c in _containers(mine[name])}
        shared = ours & {id(c) for c in _containers(source.get(name))}
        allowed = {id(c) for c in _containers(theirs[name])}
        if shared - allowed:
            faults.append(f"{name}: shares a container with the original")
    if copy.rng is original.rng or (original.log.record and copy.log is original.log):
        faults.append("shares the generator or a recording log")
    for f in codec.fields:
        if f.copy != "share" and getattr(copy, f.name, None) is getattr(original, f.name):
            faults.append(f"{f.name}: a declared {f.copy} field shared")
    return faults


def _states(game_id: str) -> Iterator[State]:
    """States along random games of each sample configuration, some recording no events."""
    game = get_game(game_id)
    rng = Rng(11)
    for number, (players, options) in enumerate(game.sample_configs()):
        for seed in range(3):
            st = game.new(players, options, seed=seed)
            st.record_events = (seed + number) % 3 != 2
            while st.to_act is not None and st.move_number < 400:
                yield st
                st.apply(rng.choice(st.legal_actions()))
            yield st


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_holds_what_the_derived_copy_holds(game_id: str) -> None:
    """Every state along random games copies like the derived copy, and the copy plays on
    alone (the original unchanged by a move made on it)."""
    seen = 0
    for st in _states(game_id):
        copy = st.clone()
        assert clone_faults(st, copy) == [], (game_id, st.move_number)
        if copy.to_act is not None and seen % 7 == 0:
            before = st.to_json()
            copy.apply(copy.legal_actions()[-1])
            assert st.to_json() == before
        seen += 1
    assert seen > 100


def _planted(st: State, leave_out: str = "") -> State:
    """A copy made attribute by attribute from the real one, leaving one out."""
    good = st.clone()
    bad = type(st).__new__(type(st))
    for name, value in attributes(good).items():
        if name != leave_out:
            setattr(bad, name, value)
    return bad


def _love_letter() -> LoveLetterPlay:
    game = get_game("loveletter")
    st = game.new(2, seed=5)
    st.apply(st.legal_actions()[0])
    assert isinstance(st, LoveLetterPlay)
    return st


def test_planted_copies_are_caught() -> None:
    """A copy missing a field, sharing a list, or holding another value is refused."""
    st = _love_letter()
    assert clone_faults(st, _planted(st)) == []
    assert clone_faults(st, _planted(st, leave_out="hv")) == ["hv: missing"]
    shared = _planted(st)
    shared.hand = st.hand  # type: ignore[attr-defined]
    assert clone_faults(st, shared) == [
        "hand: shares a container with the original",
        "hand: a declared list field shared",
    ]
    nested = _planted(st)
    nested.discards = [st.discards[0], st.discards[1][:]]  # type: ignore[attr-defined]
    assert clone_faults(st, nested) == ["discards: shares a container with the original"]
    moved = _planted(st)
    moved.round = st.round + 1  # type: ignore[attr-defined]
    assert clone_faults(st, moved) == [f"round: {st.round + 1} != {st.round}"]


class _Marked(LoveLetterPlay):
    """A subclass adding an attribute of its own (its copies are the derived ones)."""


def test_a_subclass_copy_keeps_its_type_and_its_own_attributes() -> None:
    """A subclass of a class with a hand-written copy still gets every attribute copied."""
    st = _love_letter()
    sub = _Marked.__new__(_Marked)
    for name, value in attributes(st.clone()).items():
        setattr(sub, name, value)
    sub.mark = [1, 2]  # type: ignore[attr-defined]
    copy = sub.clone()
    assert type(copy) is _Marked and copy.mark == [1, 2]  # type: ignore[attr-defined]
    assert copy.to_json() == st.to_json() and clone_faults(sub, copy) == []
