"""One position of a Gauntlet game: its fields, declared once, and the questions they answer.

The state is mutable for speed (bots play many games); the rules change it one prompt at a
time (:mod:`~parlour.games.gauntlet.rules`). Decks keep their top card at the end of the list;
Thanos's hand is kept sorted, so its order carries no information. Cards are numbers (their
index in :data:`~parlour.games.gauntlet.cards.CARDS`); saved states name them by id.

The fields are declared once (``FIELDS``): the engine derives ``clone``, ``to_json`` and
``from_json`` from them, and the JSON form of every field is the one saves have always had.
The protocol's moving parts (legal moves, transitions, views) live in their own modules and
are attached to this class by :mod:`~parlour.games.gauntlet.game`, so no module of the
package imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from parlour.engine.actions import Action
from parlour.engine.codec import Field, integer, integers, text
from parlour.engine.prompts import PromptKind
from parlour.engine.rng import Rng
from parlour.engine.state import Game, Result, State
from parlour.games.gauntlet.cards import BY_ID, CARDS, IS_STONE

THANOS: Final = 0
"""Thanos's seat; the heroes sit at 1..players-1."""


class Prompt(PromptKind):
    """The decision a state waits on; a member is the prompt's name in views and saves."""

    PLAY = "play"
    """The active player plays a card (Thanos may also snap)."""
    DEFEAT = "defeat"
    """A hero's "1" hit: Thanos picks which card of that number is defeated (IG-HERO-1)."""
    WITH = "with"
    """Thanos picks the card he fights with (IG-FIGHT-2)."""
    SPACE = "space"
    """Space Stone: Thanos picks a hero to fight, or stops (IG-THANOS-SPACE)."""
    ACCEPT = "accept"
    """A hero chosen by a "6" accepts or declines the fight (IG-HERO-6)."""
    ORDER = "order"
    """A hero's "5": the looked-at cards go back in a chosen order (IG-HERO-5)."""
    BOTTOM = "bottom"
    """Ebony Maw / Reality Stone: Thanos puts cards under his deck."""
    COPY = "copy"
    """Time Stone: Thanos answers the copied card's questions (IG-THANOS-TIME)."""
    SNAP = "snap"
    """All six stones are his: Thanos snaps or ends his turn (IG-END-3)."""


# Module constants: reading an enum member through its class is slow on hot paths.
PLAY: Final[Prompt] = Prompt.PLAY
DEFEAT: Final[Prompt] = Prompt.DEFEAT
WITH: Final[Prompt] = Prompt.WITH
SPACE: Final[Prompt] = Prompt.SPACE
ACCEPT: Final[Prompt] = Prompt.ACCEPT
ORDER: Final[Prompt] = Prompt.ORDER
BOTTOM: Final[Prompt] = Prompt.BOTTOM
COPY: Final[Prompt] = Prompt.COPY
SNAP: Final[Prompt] = Prompt.SNAP


class Pending(NamedTuple):
    """The public facts of the follow-up prompts, one per field.

    A value stays after its prompt is answered (``left`` and ``first`` are reset at each
    turn's start, the others only when set again): saves have always carried them so.
    """

    kind: str = ""
    """COPY: the kind the Time Stone copies."""
    target: int = -1
    """WITH: the hero Thanos fights."""
    guess: int = 0
    """DEFEAT: the number a hero's "1" hit."""
    left: int = 0
    """SPACE: the fights left; BOTTOM: the cards to put under the deck."""
    first: int = -1
    """SPACE: the hero fought first (with three players or more, not fought again)."""


def _ids(st: Any, cards: list[int]) -> list[str]:
    return [CARDS[c].id for c in cards]


def _indices(st: Any, ids: Any) -> list[int]:
    return [BY_ID[str(i)].index for i in ids]


def _cards(name: str) -> Field:
    """A list of cards, saved as card ids."""
    return Field(name, _indices, "list", dump=_ids)


def _card_lists(name: str) -> Field:
    """A list of card lists (one per seat), saved as card ids."""
    return Field(
        name,
        lambda st, v: [_indices(st, row) for row in v],
        "lists",
        dump=lambda st, v: [_ids(st, row) for row in v],
    )


def _card_sets(name: str) -> Field:
    """A set of cards per seat, saved as sorted card ids."""
    return Field(
        name,
        lambda st, v: [set(_indices(st, row)) for row in v],
        "sets",
        dump=lambda st, v: [sorted(CARDS[c].id for c in row) for row in v],
    )


def _pending(name: str) -> Field:
    """The pending facts, saved as a list in field order."""

    def load(st: Any, v: Any) -> Pending:
        kind, target, guess, left, first = v
        return Pending(str(kind), int(target), int(guess), int(left), int(first))

    return Field(name, load, dump=lambda st, v: list(v))


@mypyc_attr(allow_interpreted_subclasses=True)
class GauntletState(State):
    """One position of a Gauntlet game (its rules are attached in ``game.py``)."""

    FIELDS = (
        _cards("hero_deck"),
        _cards("thanos_deck"),
        _card_lists("hands"),
        _card_lists("faceup"),
        _cards("defeated"),
        integers("tokens"),
        _card_sets("known"),
        _cards("looking"),
        integer("hero_health"),
        integer("thanos_health"),
        integer("active"),
        integer("hero_turns"),
        integer("turns"),
        Field("phase", lambda st, v: Prompt(str(v)), dump=lambda st, v: v.value),
        integer("prompt_seat"),
        _pending("pending"),
        text("over"),
    )
    # Slots for every attribute: a copy's fields then read as fast as the original's (the
    # derived clone copies them one by one; search runs on copies).
    __slots__ = ("_legal", *(f.name for f in FIELDS))  # the protocol's own are State's
    TRANSIENT: ClassVar[Mapping[str, Any]] = {"_legal": None}

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self._legal: list[Action] | None = None
        """The legal answers to the current prompt, until the next move (see :mod:`legal`)."""
        self.hero_deck: list[int] = []
        self.thanos_deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.faceup: list[list[int]] = [[] for _ in range(players)]
        """Face-up cards in front of each seat (Thanos: the cards he played)."""
        self.defeated: list[int] = []
        """Thanos's defeated cards lying face up (those not shuffled back)."""
        # clause: IG-SETUP-3
        self.tokens = [0] * players
        self.known: list[set[int]] = [set() for _ in range(players)]
        """Cards whose hidden place each seat has seen (peeks, fights, looks, bottoms)."""
        self.looking: list[int] = []
        """The cards a hero's "5" is looking at."""
        self.hero_health = 0
        self.thanos_health = 0
        self.active = THANOS
        """Whose turn it is."""
        self.hero_turns = 0
        """The turns the active hero has left (two in a row with two players, IG-TURN-3)."""
        self.turns = 0
        self.phase = PLAY
        """The decision asked now."""
        self.prompt_seat = THANOS
        """The seat that answers it."""
        self.pending = Pending()
        self.over = ""
        """The end reason once the game is over (``hero_health``, ``thanos_health``, ``snap``)."""

    def _clone_fields(self, new: GauntletState) -> None:
        """Copy this class's attributes into ``new``: lists and sets copied, the rest shared,
        the legal answers not (as the copy derived from ``FIELDS``; tests/engine/test_clone.py
        compares them)."""
        self._clone_protocol(new)
        new._legal = None
        new.hero_deck = self.hero_deck[:]
        new.thanos_deck = self.thanos_deck[:]
        new.hands = [x[:] for x in self.hands]
        new.faceup = [x[:] for x in self.faceup]
        new.defeated = self.defeated[:]
        new.tokens = self.tokens[:]
        new.known = [set(x) for x in self.known]
        new.looking = self.looking[:]
        new.hero_health = self.hero_health
        new.thanos_health = self.thanos_health
        new.active = self.active
        new.hero_turns = self.hero_turns
        new.turns = self.turns
        new.phase = self.phase
        new.prompt_seat = self.prompt_seat
        new.pending = self.pending
        new.over = self.over

    # -- questions ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat answering the current prompt, or None when the game is over."""
        return None if self.over else self.prompt_seat

    @property
    def result(self) -> Result | None:
        """Heroes win when Thanos's health is gone; Thanos by the heroes' health or the snap."""
        if not self.over:
            return None
        winners = [THANOS] if self.over != "thanos_health" else list(range(1, self.players))
        return Result.of(
            self.players,
            winners,
            self.over,
            hero_health=self.hero_health,
            thanos_health=self.thanos_health,
            turns=self.turns,
        )

    def prompt(self) -> str:
        """The name of the current decision."""
        return self.phase.value

    def snap_ready(self) -> bool:
        """Whether all six stones are in Thanos's hand or face up in front of him (IG-END-3)."""
        n = 0
        # clause: IG-END-3, IG-RULING-2
        for c in self.faceup[THANOS]:
            if IS_STONE[c]:
                n += 1
        for c in self.defeated:
            if IS_STONE[c]:
                n += 1
        for c in self.hands[THANOS]:
            if IS_STONE[c]:
                n += 1
        return n == 6

    def hand_kept(self) -> bool:
        """Whether Thanos holds two cards or more while his deck holds two or more.

        Every reachable state keeps it (the package's notes on IG-TURN-4 prove why); saved
        states that break it are refused, since Thanos could be left with nothing to play.
        """
        return len(self.thanos_deck) < 2 or len(self.hands[THANOS]) >= 2

    def census(self) -> dict[str, int]:
        """How many of each card are in every zone (always one each)."""
        out: dict[str, int] = {}
        # clause: IG-COMP-3
        zones = [self.hero_deck, self.thanos_deck, self.defeated, self.looking]
        zones += self.hands + self.faceup
        for zone in zones:
            for c in zone:
                cid = CARDS[c].id
                out[cid] = out.get(cid, 0) + 1
        return out
