"""Splendor Marvel's contracts: the typed shape of its views and of its events' data.

:func:`parlour.games.splendor_marvel.views.view` builds a :class:`SplendorMarvelTable`; the
engine puts the common :class:`~parlour.engine.contracts.ViewHeader` keys in front, making a
:class:`SplendorMarvelView`, the one type the bot, the encoder and the terminal renderer
read. Every event kind's data is declared in :data:`EVENTS` (the suite checks each emitted
event against it). Token amounts are keyed by kind (``yellow`` .. ``purple``, ``green``,
``grey``) and read with kinds from the card tables, so they are plain ``dict[str, int]``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from parlour.engine.contracts import ViewHeader

PromptName = Literal["play", "return_tokens", "choose_location", "over"]
"""The decisions the game asks for (``over`` once it has ended)."""


class Reserved(TypedDict):
    """A reserved card: its tier, its id (None: another seat's blind reserve), how taken."""

    tier: int
    card: str | None
    blind: bool


class SeatView(TypedDict):
    """One seat's public table."""

    tokens: dict[str, int]
    bonuses: dict[str, int]
    points: int
    tags: int
    cards: list[str]
    """Recruited card ids."""
    reserved: list[Reserved]
    locations: list[str]
    gauntlet: bool
    """Whether the seat meets the Infinity Gauntlet condition now."""


class SplendorMarvelTable(TypedDict):
    """The game-specific part of a seat's view (see :mod:`views`)."""

    first: int
    turn: int
    round: int
    max_rounds: int
    final_round: bool
    supply: dict[str, int]
    display: list[list[str | None]]
    decks: list[int]
    locations: list[str]
    avengers: int | None
    seats: list[SeatView]
    location_choices: list[str]
    to_return: int


class SplendorMarvelView(ViewHeader[PromptName], SplendorMarvelTable):
    """A whole Splendor Marvel view, as ``state.view(seat)`` returns it."""


VIEW = SplendorMarvelView
"""The whole view's type (the suite checks every view built against it)."""

# -- event data (one TypedDict per kind; the text is ``splendor-marvel.event.<kind>``) --


class Nothing(TypedDict):
    """Data of ``gauntlet_lost``."""


class Seat(TypedDict):
    """Data of ``avengers``, ``gauntlet``, ``passed``, ``time_stone``, ``took_grey``."""

    seat: int


class SeatCard(TypedDict):
    """Data of ``reserved`` and ``reserved_secret`` (the latter to its owner only)."""

    seat: int
    card: str


class AvengersMoved(TypedDict):
    """Data of ``avengers_moved``: the new holder and the seat that lost the tile."""

    seat: int
    loser: int


class GameOver(TypedDict):
    """Data of ``game_over`` (``decided_by``: the tie-break that settled it)."""

    winner: list[int]
    reason: str
    decided_by: str


class Location(TypedDict):
    """Data of ``location``."""

    seat: int
    location: str


class Recruited(TypedDict):
    """Data of ``recruited``: tokens paid, grey ones among them."""

    seat: int
    card: str
    tokens: int
    grey: int


class Refilled(TypedDict):
    """Data of ``refilled``."""

    tier: int
    card: str


class ReservedBlind(TypedDict):
    """Data of ``reserved_blind``."""

    seat: int
    tier: int


class Returned(TypedDict):
    """Data of ``returned``: one token put back."""

    seat: int
    kind: str


class Took(TypedDict):
    """Data of ``took``: different colours."""

    seat: int
    colours: list[str]


class TookTwo(TypedDict):
    """Data of ``took_two``: two of one colour."""

    seat: int
    colour: str


EVENTS: dict[str, type] = {
    "avengers": Seat,
    "avengers_moved": AvengersMoved,
    "game_over": GameOver,
    "gauntlet": Seat,
    "gauntlet_lost": Nothing,
    "location": Location,
    "passed": Seat,
    "recruited": Recruited,
    "refilled": Refilled,
    "reserved": SeatCard,
    "reserved_blind": ReservedBlind,
    "reserved_secret": SeatCard,
    "returned": Returned,
    "time_stone": Seat,
    "took": Took,
    "took_grey": Seat,
    "took_two": TookTwo,
}
"""Each event kind's data type."""
