"""The typed shape of what every game's view shares, so a game's readers are type-checked.

Each game declares its view and event data as ``TypedDict`` classes in its ``contracts``
module: its full view adds its own keys to :class:`ViewHeader`, and bots, encoders and
terminal renderers read views through those types (``cast`` once at the entry), so mypy
refuses a misspelled or renamed key. TypedDicts are plain dicts at runtime: nothing is
wrapped or copied on the way.
"""

from __future__ import annotations

from typing import Any, Generic, TypedDict, TypeVar

P = TypeVar("P", bound=str)
"""A game's prompt names (a ``Literal`` of strings)."""


class ResultData(TypedDict):
    """A finished game's result as JSON (:meth:`parlour.engine.Result.to_json`)."""

    winners: list[int]
    scores: list[float]
    reason: str
    details: dict[str, Any]


class ViewHeader(TypedDict, Generic[P]):
    """The keys :meth:`parlour.engine.State.view` puts in front of every game's own
    (``P``: the game's prompt names)."""

    game: str
    """The game's id."""
    players: int
    """How many seats."""
    seat: int | None
    """The seat whose view this is (None: a spectator)."""
    move: int
    """Actions applied so far."""
    to_act: int | None
    """The seat to decide (None once the game is over)."""
    prompt: P | None
    """The decision asked (None once the game is over)."""
    result: ResultData | None
    """The result once the game is over."""
