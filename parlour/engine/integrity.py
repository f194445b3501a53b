"""Checks on a state rebuilt from JSON: a corrupt save is refused before anyone uses it.

A state read back from a file must be one the game could have reached: its options are the
configuration's, no card appeared or vanished (``census``), the seat to act exists, and it
answers every question (views, legal actions, its own JSON) without failing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from parlour.engine.errors import OptionError, ParlourError, ReplayError
from parlour.engine.state import Game, State

S = TypeVar("S", bound=State)

BROKEN: tuple[type[Exception], ...] = (
    KeyError,
    TypeError,
    ValueError,
    IndexError,
    AttributeError,
    AssertionError,
    ZeroDivisionError,
    OverflowError,
    RecursionError,
)
"""What a malformed value raises deep inside a game; while rebuilding it means corrupt."""


def corrupt(reason: str) -> ReplayError:
    """The error for a saved state that cannot be used."""
    return ReplayError("core.error.corrupt_state", reason=reason[:80])


def rebuild(
    game: Game,
    build: Callable[[], S],
    data: Any,
    census_of: Callable[[S], Mapping[str, int]] | None = None,
) -> S:
    """Run ``build`` (a game's own reader) and check its result; raise ReplayError if corrupt.

    ``census_of`` gives the card count the state must have (default: a new game's).
    """
    if not isinstance(data, Mapping):
        raise corrupt("not an object")
    players = data.get("players")
    # Checked first: a huge count would make the reader build huge per-seat lists.
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not game.min_players <= players <= game.max_players
    ):
        raise corrupt("players")
    try:
        state = build()
    except ParlourError as exc:
        raise corrupt(exc.key) from None
    except BROKEN as exc:
        raise corrupt(str(exc) or type(exc).__name__) from None
    try:
        census = None if census_of is None else census_of(state)
    except BROKEN as exc:
        raise corrupt(str(exc) or type(exc).__name__) from None
    check_rebuilt(state, data, census)
    return state


def fresh_census(state: State) -> dict[str, int]:
    """The census of a new game with the state's configuration (a card count is constant)."""
    try:
        fresh = state.game.new(state.players, dict(state.options), seed=0)
    except OptionError as exc:
        raise corrupt(exc.key) from None
    except BROKEN as exc:
        raise corrupt(str(exc) or type(exc).__name__) from None
    return fresh.census()


def check_rebuilt(
    state: State, data: Mapping[str, Any], census: Mapping[str, int] | None = None
) -> None:
    """Refuse a rebuilt state that breaks the protocol's invariants.

    ``census`` is the expected card count (default: a new game's of the same configuration).
    """
    game = state.game
    if not game.min_players <= state.players <= game.max_players:
        raise corrupt("players")
    try:
        resolved = game.resolve_options(state.players, dict(state.options))
    except OptionError as exc:
        raise corrupt(exc.key) from None
    if resolved != dict(state.options):
        raise corrupt("options")
    if not isinstance(state.move_number, int) or state.move_number < 0:
        raise corrupt("move")
    expected = fresh_census(state) if census is None else dict(census)
    try:
        if state.census() != expected:
            raise corrupt("a card appeared or vanished")
        to_act = state.to_act
        if to_act is not None and not 0 <= to_act < state.players:
            raise corrupt("seat to act")
        for seat in [None, *range(state.players)]:
            state.view(seat)
        legal = state.legal_actions()
        if to_act is not None and not legal:
            raise corrupt("no legal action")
        state.legal_mask()
        _ = state.result
        if _normal(state.to_json()) != _normal(data):
            raise corrupt("values out of range")
    except ReplayError:
        raise
    except ParlourError as exc:
        raise corrupt(exc.key) from None
    except BROKEN as exc:
        raise corrupt(str(exc) or type(exc).__name__) from None


def _normal(data: Any) -> Any:
    """JSON-normal form (tuples as lists, keys as text) for comparing saved states."""
    return json.loads(json.dumps(data, sort_keys=True, default=str))
