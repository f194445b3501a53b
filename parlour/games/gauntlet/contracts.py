"""Infinity Gauntlet's contracts: the typed shape of its views and of its events' data.

:func:`parlour.games.gauntlet.views.view_of` builds a :class:`GauntletTable`; the engine
puts the common :class:`~parlour.engine.contracts.ViewHeader` keys in front, making a
:class:`GauntletView`, the one type the bot, the encoder and the terminal renderer read.
Every event kind's data is declared in :data:`EVENTS` (the suite checks each emitted event
against it). Cards are named by id, seats by number (Thanos is seat 0).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from parlour.engine.contracts import ViewHeader

PromptName = Literal["play", "defeat", "with", "space", "accept", "order", "bottom", "copy", "snap"]
"""The decisions the game asks for."""

Role = Literal["thanos", "hero"]
"""Which side a seat plays."""


class Known(TypedDict):
    """Hidden cards the viewer knows (all empty for a spectator)."""

    thanos_hand: list[str]
    """Cards of Thanos's hand a hero knows."""
    hands: dict[str, list[str]]
    """Other heroes' cards the viewer knows, by seat (as a string)."""
    hero_deck: list[tuple[int, str]]
    """Known cards of the hero deck: (position from the top, card)."""
    thanos_deck: list[tuple[int, str]]
    """Known cards of Thanos's deck: (position, card)."""


class Pending(TypedDict, total=False):
    """The public facts of the current prompt (each prompt fills its own keys)."""

    guess: int
    """``defeat``: the number a hero guessed right."""
    target: int
    """``with``: the hero Thanos may fight."""
    fights_left: int
    """``space``: fights left to choose."""
    first: int
    """``space``: the hero of the first fight (-1 before it)."""
    kind: str
    """``copy``: the Time Stone's card kind."""
    count: int
    """``bottom`` and ``order``: how many cards."""


class GauntletTable(TypedDict):
    """The game-specific part of a seat's view."""

    role: Role | None
    active: int
    turns: int
    hero_turns: int
    hero_health: int
    thanos_health: int
    tokens: list[int]
    hero_deck: int
    """Cards left in the hero deck."""
    thanos_deck: int
    """Cards left in Thanos's deck."""
    hand: list[str]
    hand_sizes: list[int]
    faceup: list[list[str]]
    thanos_defeated: list[str]
    known: Known
    looking: list[str]
    """The cards the viewer is ordering (``order`` prompt), else empty."""
    looking_count: int
    pending: Pending
    snap_ready: bool | None
    """Thanos's own view only: whether he could snap now."""


class GauntletView(ViewHeader[PromptName], GauntletTable):
    """A whole Gauntlet view, as ``state.view(seat)`` returns it."""


VIEW = GauntletView
"""The whole view's type (the suite checks every view built against it)."""

# -- event data (one TypedDict per kind; the catalog text is ``gauntlet.event.<kind>``) --


class Nothing(TypedDict):
    """Data of ``no_effect`` and ``snap``."""


class Seat(TypedDict):
    """Data of ``turn``, ``accepted``, ``declined``, ``hero_drew``, ``peeked``."""

    seat: int


class SeatCard(TypedDict):
    """Data of ``drew``, ``played``, ``peek_card``."""

    seat: int
    card: str


class SeatCount(TypedDict):
    """Data of ``looked`` and ``ordered``."""

    seat: int
    count: int


class Count(TypedDict):
    """Data of ``bottomed``, ``hero_deck_rebuilt``, ``thanos_drew``."""

    count: int


class Number(TypedDict):
    """Data of ``guess_hit`` and ``guess_miss``."""

    number: int


class NumberAt(TypedDict):
    """Data of ``guess_miss_at``."""

    number: int
    target: int


class Target(TypedDict):
    """Data of ``fight_tied``."""

    target: int


class Kind(TypedDict):
    """Data of ``copied``."""

    kind: str


class CardOnly(TypedDict):
    """Data of ``shuffled_back``."""

    card: str


class Cards(TypedDict):
    """Data of ``look_cards`` (to the looker only)."""

    cards: list[str]


class Defeated(TypedDict):
    """Data of ``defeated``: a hero card lost, and the heroes' health left."""

    seat: int
    card: str
    health: int


class Fight(TypedDict):
    """Data of ``fight``: who won a token (``by``: the seat that started the fight)."""

    target: int
    hero_token: bool
    thanos_token: bool
    by: int


class FightCards(TypedDict):
    """Data of ``fight_cards`` (to the two fighters only)."""

    target: int
    hero_card: str
    thanos_card: str
    hero_value: int
    thanos_value: int


class PlayedAt(TypedDict):
    """Data of ``played_at``."""

    seat: int
    card: str
    target: int


class PlayedGuess(TypedDict):
    """Data of ``played_guess``."""

    seat: int
    card: str
    number: int


class PlayedGuessAt(TypedDict):
    """Data of ``played_guess_at``."""

    seat: int
    card: str
    target: int
    number: int


class Token(TypedDict):
    """Data of ``token``: tokens gained and the seat's total."""

    seat: int
    count: int
    total: int


class GameOver(TypedDict):
    """Data of ``game_over``."""

    reason: str


EVENTS: dict[str, type] = {
    "accepted": Seat,
    "bottomed": Count,
    "copied": Kind,
    "declined": Seat,
    "defeated": Defeated,
    "drew": SeatCard,
    "fight": Fight,
    "fight_cards": FightCards,
    "fight_tied": Target,
    "game_over": GameOver,
    "guess_hit": Number,
    "guess_miss": Number,
    "guess_miss_at": NumberAt,
    "hero_deck_rebuilt": Count,
    "hero_drew": Seat,
    "look_cards": Cards,
    "looked": SeatCount,
    "no_effect": Nothing,
    "ordered": SeatCount,
    "peek_card": SeatCard,
    "peeked": Seat,
    "played": SeatCard,
    "played_at": PlayedAt,
    "played_guess": PlayedGuess,
    "played_guess_at": PlayedGuessAt,
    "shuffled_back": CardOnly,
    "snap": Nothing,
    "thanos_drew": Count,
    "token": Token,
    "turn": Seat,
}
"""Each event kind's data type."""
