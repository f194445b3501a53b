"""Love Letter's contracts: the typed shape of its views and of its events' data.

:func:`parlour.games.loveletter.views.view` builds a :class:`LoveLetterTable`; the engine
puts the common :class:`~parlour.engine.contracts.ViewHeader` keys in front, making a
:class:`LoveLetterView`, the one type the bot, the encoder and the terminal renderer read.
Every event kind's data is declared in :data:`EVENTS` (the suite checks each emitted event
against it). Cards are named by id (``guard``, ``princess``...), seats by number.
"""

from __future__ import annotations

from typing import Literal, TypedDict, final

from parlour.engine.contracts import ViewHeader

PromptName = Literal["play", "bishop", "chancellor", "cardinal", "over"]
"""The decisions Love Letter asks for (``over`` once the game has ended)."""


@final
class BishopView(TypedDict):
    """A Bishop's right guess: its target keeps or discards."""

    bishop: int
    target: int
    guess: int


@final
class CardinalView(TypedDict):
    """The two swapped seats, one of which the Cardinal's player may look at."""

    pair: list[int]


@final
class ChancellorView(TypedDict):
    """The Chancellor's player and how many cards they drew."""

    chancellor: int
    drawn: int


PendingView = BishopView | CardinalView | ChancellorView
"""The public facts of a follow-up prompt."""


class LastRound(TypedDict):
    """The previous round's public summary."""

    round: int
    winners: list[int]
    showdown: bool
    hands: dict[str, str]
    """Seat (as a string) to the card shown at the showdown."""


class LoveLetterTable(TypedDict):
    """The game-specific part of a seat's view."""

    edition: str
    round: int
    first: int
    actor: int
    tokens: list[int]
    tokens_to_win: int
    hand: list[str]
    """The viewer's cards (empty for a spectator)."""
    hand_sizes: list[int]
    known: dict[str, str]
    """Other seats' hands the viewer knows: seat (as a string) to card."""
    in_round: list[bool]
    protected: list[bool]
    discards: list[list[str]]
    pile: int
    set_aside: bool
    face_up: list[str]
    sycophant: int | None
    jester: list[int | None]
    pending: PendingView | None
    last_round: LastRound | None
    phase: PromptName


class LoveLetterView(ViewHeader[PromptName], LoveLetterTable):
    """A whole Love Letter view, as ``state.view(seat)`` returns it."""


VIEW = LoveLetterView
"""The whole view's type (the suite checks every view built against it)."""

# -- event data (one TypedDict per kind; the catalog text is ``loveletter.event.<kind>``) --


class Seat(TypedDict):
    """Data of ``turn``, ``protected``, ``took_aside``, ``bishop_keeps``/``_discards``."""

    seat: int


class SeatCard(TypedDict):
    """Data of ``dealt``, ``drew``, ``played``, ``no_effect`` (``card``: the card's id)."""

    seat: int
    card: str


class SeatTarget(TypedDict):
    """Data of ``assassin``, ``compare_tie``, ``traded``, ``sycophant``."""

    seat: int
    target: int


class SeatCardBy(TypedDict):
    """Data of ``discarded`` and ``knocked_out`` (``by``: what caused it)."""

    seat: int
    card: str
    by: str


class Guessed(TypedDict):
    """Data of ``guard_miss``, ``bishop_hit``, ``bishop_miss``."""

    seat: int
    target: int
    guess: int


class Saw(TypedDict):
    """Data of ``saw``: ``seat`` looked at ``target``'s ``card``."""

    seat: int
    target: int
    card: str


class Compared(TypedDict):
    """Data of ``compared``: the two hands of a Baron's or Dowager Queen's comparison."""

    seat: int
    target: int
    card: str
    other_card: str


class Received(TypedDict):
    """Data of ``received``: ``seat`` got ``card`` from ``other`` (King, Cardinal)."""

    seat: int
    other: int
    card: str


class PlayedOn(TypedDict):
    """Data of ``played_on``."""

    seat: int
    card: str
    target: int


class PlayedOnTwo(TypedDict):
    """Data of ``played_on_two``."""

    seat: int
    card: str
    first: int
    second: int


class PlayedGuess(TypedDict):
    """Data of ``played_guess``."""

    seat: int
    card: str
    target: int
    guess: int


class Swapped(TypedDict):
    """Data of ``cardinal_swap``."""

    seat: int
    first: int
    second: int


class Count(TypedDict):
    """Data of ``chancellor_drew`` and ``returned``."""

    seat: int
    count: int


class ChancellorCards(TypedDict):
    """Data of ``chancellor_cards`` (to the Chancellor's player only)."""

    seat: int
    cards: list[str]


class ReturnedCards(TypedDict):
    """Data of ``returned_cards`` (to the Chancellor's player only)."""

    seat: int
    keep: str
    cards: list[str]


class Reveal(TypedDict):
    """Data of ``reveal`` at a showdown."""

    seat: int
    card: str
    value: int


class TieBreak(TypedDict):
    """Data of ``tie_break``: the tied seats and their best discard total."""

    tied_seat: list[int]
    best: int


class Winners(TypedDict):
    """Data of ``round_won`` and ``game_won``."""

    winner: list[int]


class Token(TypedDict):
    """Data of ``token``: a token of affection and why (``round``, ``spy``, ``jester``...)."""

    seat: int
    reason: str
    tokens: int


class RoundStart(TypedDict):
    """Data of ``round_start``."""

    round: int
    first: int


class Cards(TypedDict):
    """Data of ``face_up``."""

    cards: list[str]


class Nothing(TypedDict):
    """Data of an event that carries none (``round_nobody``)."""


EVENTS: dict[str, type] = {
    "assassin": SeatTarget,
    "bishop_discards": Seat,
    "bishop_hit": Guessed,
    "bishop_keeps": Seat,
    "bishop_miss": Guessed,
    "cardinal_swap": Swapped,
    "chancellor_cards": ChancellorCards,
    "chancellor_drew": Count,
    "compare_tie": SeatTarget,
    "compared": Compared,
    "dealt": SeatCard,
    "discarded": SeatCardBy,
    "drew": SeatCard,
    "face_up": Cards,
    "game_won": Winners,
    "guard_miss": Guessed,
    "knocked_out": SeatCardBy,
    "no_effect": SeatCard,
    "played": SeatCard,
    "played_guess": PlayedGuess,
    "played_on": PlayedOn,
    "played_on_two": PlayedOnTwo,
    "protected": Seat,
    "received": Received,
    "returned": Count,
    "returned_cards": ReturnedCards,
    "reveal": Reveal,
    "round_nobody": Nothing,
    "round_start": RoundStart,
    "round_won": Winners,
    "saw": Saw,
    "sycophant": SeatTarget,
    "tie_break": TieBreak,
    "token": Token,
    "took_aside": Seat,
    "traded": SeatTarget,
    "turn": Seat,
}
"""Each event kind's data type."""
