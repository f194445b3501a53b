"""Love Letter's state: its fields (declared once), prompts, pending follow-ups and questions.

Cards are integer kinds (indices into the edition's table) for speed; the saved form names
them by id. ``clone``, ``to_json`` and ``from_json`` are derived from :attr:`FIELDS`.
Transitions are in :mod:`rules`, legal answers in :mod:`legal`, knowledge in :mod:`views`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from parlour.engine.actions import Action
from parlour.engine.codec import Field, integer, integer_tuple, integers, optional_integer
from parlour.engine.events import Event
from parlour.engine.prompts import PromptKind
from parlour.engine.rng import Rng
from parlour.engine.state import Game, Result, State
from parlour.games.loveletter.actions import actions_of
from parlour.games.loveletter.cards import EFFECT, TABLES, Edition


class Prompt(PromptKind):
    """The decisions Love Letter asks for."""

    PLAY = "play"
    """The actor plays one of their two cards."""
    BISHOP = "bishop"
    """The Bishop's target keeps or discards their hand."""
    CHANCELLOR = "chancellor"
    """The Chancellor's player keeps one card and returns the others."""
    CARDINAL = "cardinal"
    """The Cardinal's player may look at one of the swapped hands."""
    OVER = "over"
    """The game has ended."""


# Final: compiled, each is a C static rather than a look-up in the module's globals.
PLAY: Final = Prompt.PLAY
BISHOP: Final = Prompt.BISHOP
CHANCELLOR: Final = Prompt.CHANCELLOR
CARDINAL: Final = Prompt.CARDINAL
OVER: Final = Prompt.OVER

HOLDS: Final = 0
LACKS: Final = 1
EQUAL: Final = 2
KEPT: Final = 3
SAW: Final = 4
"""Kinds of public facts about hands (a Bishop's hit, a missed guess, a comparison tie, a
card played beside the hand now held: a hint for search, not a constraint; a seat that
learned a hand: who looked at whom is public, LL-TURN-6)."""


@dataclass(frozen=True, slots=True)
class BishopPending:
    """A Bishop's right guess: its target keeps or discards (LL-CARD-BISHOP)."""

    bishop: int
    """The seat that played the Bishop."""
    target: int
    """The seat deciding."""
    guess: int
    """The value named."""


@dataclass(frozen=True, slots=True)
class ChancellorPending:
    """The Chancellor's cards: the hand card, then the drawn ones (LL-CARD-CHANCELLOR)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardinalPending:
    """The two swapped seats, one of which the Cardinal may look at (LL-CARD-CARDINAL)."""

    pair: tuple[int, int]


Pending = BishopPending | ChancellorPending | CardinalPending | None
"""The follow-up prompt's facts (None during ``play`` and once over)."""


def _ids(st: LoveLetterState, kinds: Any) -> list[str | None]:
    ids = st.ed.ids
    return [ids[k] if k >= 0 else None for k in kinds]


def _kinds(st: LoveLetterState, cards: Any) -> list[int]:
    return [st.kind(c) for c in cards]


def _card_field(name: str, key: str = "") -> Field:
    return Field(name, lambda st, v: st.kind(v), key=key, dump=lambda st, k: st.card(k))


def _cards_field(name: str) -> Field:
    return Field(name, _kinds, "list", dump=_ids)


def _card_rows_field(name: str) -> Field:
    return Field(
        name,
        lambda st, v: [_kinds(st, row) for row in v],
        "lists",
        dump=lambda st, v: [_ids(st, row) for row in v],
    )


def _dump_pending(st: LoveLetterState, p: Pending) -> list[Any]:
    if isinstance(p, BishopPending):
        return [p.bishop, p.target, p.guess]
    if isinstance(p, ChancellorPending):
        return _ids(st, p.cards)
    if isinstance(p, CardinalPending):
        return list(p.pair)
    return []


def _load_pending(st: LoveLetterState, data: Any) -> Pending:
    if st.phase == BISHOP:
        bishop, target, guess = data
        return BishopPending(int(bishop), int(target), int(guess))
    if st.phase == CHANCELLOR:
        return ChancellorPending(tuple(_kinds(st, data)))
    if st.phase == CARDINAL:
        a, b = data
        return CardinalPending((int(a), int(b)))
    if list(data):
        raise ValueError("pending facts without a follow-up prompt")
    return None


def _load_last_round(
    st: LoveLetterState, data: Any
) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    if data is None:
        return None
    number, winners, hands = data
    return int(number), tuple(int(s) for s in winners), tuple(int(k) for k in hands)


def _dump_last_round(st: LoveLetterState, v: Any) -> list[Any] | None:
    return None if v is None else [v[0], list(v[1]), list(v[2])]


HANDLED: Final = (
    "guard",
    "priest",
    "baron",
    "handmaid",
    "prince",
    "king",
    "princess",
    "dowager",
    "bishop",
    "sycophant",
    "baroness",
    "cardinal",
    "jester",
    "chancellor",
)
"""The effects with a rule of their own when played, in the order of their codes (the
rules dispatch on a kind's code, an int; cards of other effects have none when played)."""

EditionFacts = tuple[tuple[bool, ...], dict[str, int], tuple[int, ...], tuple[int, ...]]
"""Per edition: whether each kind chooses players, each card id's kind, the kinds of the
Princess, Assassin, Constable, Bishop, Count and Spy (-1 when absent), and each kind's
effect code (its index in :data:`HANDLED`, -1 for none)."""

_EDITION_FACTS: dict[str, EditionFacts] = {}

_SPECIAL_KINDS = ("princess", "assassin", "constable", "bishop", "count", "spy")


def _edition_facts(ed: Edition) -> EditionFacts:
    chooses = tuple(EFFECT[eff].targets for eff in ed.effects)
    kind_of = {cid: k for k, cid in enumerate(ed.ids)}
    codes = tuple(HANDLED.index(eff) if eff in HANDLED else -1 for eff in ed.effects)
    return chooses, kind_of, tuple(ed.find(effect) for effect in _SPECIAL_KINDS), codes


@mypyc_attr(allow_interpreted_subclasses=True)
class LoveLetterState(State):
    """One position of a Love Letter game (mutable; ``clone`` copies it)."""

    FIELDS: ClassVar[tuple[Field, ...]] = (
        integers("tokens"),
        integer("round"),
        integer("first"),
        _cards_field("hand"),
        _card_field("drawn"),
        integer("alive"),
        integer("prot", "protected"),
        _card_rows_field("discards"),
        _cards_field("pile"),
        _card_field("aside"),
        _cards_field("face_up"),
        integer("actor"),
        Field("phase", lambda st, v: Prompt(v), dump=lambda st, v: str(v)),
        optional_integer("_to_act", "to_act"),
        integer("syc", "sycophant"),
        integers("jester"),
        integers("hv", "hand_versions"),
        integers("known"),
        Field(
            "facts",
            lambda st, v: [tuple(int(x) for x in f) for f in v],
            "list",
            dump=lambda st, v: [list(f) for f in v],
        ),
        Field("pending", _load_pending, dump=_dump_pending),
        _card_rows_field("stacked"),
        integer_tuple("winners"),
        Field("last_round", _load_last_round, dump=_dump_last_round),
    )

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        ed = TABLES[options["edition"]]
        self.ed = ed
        self._action_space = actions_of(ed.name, players).space
        self.target = int(options["tokens_to_win"])
        self.face_up_rule = bool(options["two_player_face_up"]) and players == 2
        self.tie_rule = str(options["tie_rule"])
        self.values = ed.values
        facts = _EDITION_FACTS.get(ed.name)
        if facts is None:  # derived once per edition, not for every new game
            facts = _EDITION_FACTS[ed.name] = _edition_facts(ed)
        self.chooses, self.kind_of, kinds, self.codes = facts
        """Whether each kind chooses players (from the effect table); kinds by card id;
        each kind's effect code (:data:`HANDLED`)."""
        self.k_princess, self.k_assassin, self.k_constable = kinds[0], kinds[1], kinds[2]
        self.k_bishop, self.k_count, self.k_spy = kinds[3], kinds[4], kinds[5]
        self.premium = ed.name == "premium"
        n = players
        self.tokens = [0] * n
        self.round = 0
        self.first = 0
        self.hand = [-1] * n
        self.drawn = -1
        self.alive = 0
        """The seats still in the round, as a bit mask."""
        self.prot = 0
        """The seats protected by a Handmaid, as a bit mask."""
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []
        self.aside = -1
        self.face_up: list[int] = []
        self.actor = 0
        self.phase = PLAY
        self._to_act: int | None = 0
        self.syc = -1
        """The seat a Sycophant marked, or -1."""
        self.jester = [-1] * n
        self.hv = [0] * n
        """Hand versions: each seat's counter, raised whenever its hand may have changed in
        the eyes of the others: every card it plays (which of its two cards it played is not
        public, LL-TURN-6), every trade, discard, draw and new round. Public, so facts keyed
        by it are too."""
        self.known = [-1] * (n * n)
        """``known[a * n + b]``: the version of b's hand that a knows (-1: none). A play by
        b of its other card carries a's knowledge to the new version (a knows the hand
        stayed; the others do not: determinize rebuilds their knowledge from SAW facts)."""
        self.facts: list[tuple[int, int, int, int, int]] = []
        """Public facts about hands, for determinize: (HOLDS|LACKS, seat, version, value, 0)
        or (EQUAL, seat, version, other seat, other version); valid while versions hold.
        (KEPT, seat, version, kind played, 0) records the card played beside the hand now
        held: search may weigh sampled hands by it, determinize does not. (SAW, seat,
        version, knower, 0): ``knower`` learned that version of the hand."""
        self.pending: Pending = None
        self.stacked: list[list[int]] = []
        self.winners: tuple[int, ...] = ()
        self.last_round: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
        """The previous round: its number, winners and showdown hands (empty if none)."""
        self._legal: tuple[Action, ...] | None = None
        """The current prompt's legal answers, once computed (see :mod:`legal`)."""
        self.opening: list[Event] = []
        """Round 1's opening events (made in ``new``; see ``State.opening_events``)."""

    def _clone_fields(self, new: LoveLetterState) -> None:
        """Copy this class's attributes into ``new``: lists copied, the rest shared (as
        the copy derived from ``FIELDS`` does; tests/engine/test_clone.py compares them)."""
        self._clone_protocol(new)
        new.ed = self.ed
        new.target = self.target
        new.face_up_rule = self.face_up_rule
        new.tie_rule = self.tie_rule
        new.values = self.values
        new.chooses = self.chooses
        new.kind_of = self.kind_of
        new.codes = self.codes
        new.k_princess = self.k_princess
        new.k_assassin = self.k_assassin
        new.k_constable = self.k_constable
        new.k_bishop = self.k_bishop
        new.k_count = self.k_count
        new.k_spy = self.k_spy
        new.premium = self.premium
        new.round = self.round
        new.first = self.first
        new.drawn = self.drawn
        new.alive = self.alive
        new.prot = self.prot
        new.aside = self.aside
        new.actor = self.actor
        new.phase = self.phase
        new._to_act = self._to_act
        new.syc = self.syc
        new.pending = self.pending
        new.winners = self.winners
        new.last_round = self.last_round
        new._legal = self._legal
        new.opening = self.opening
        new.tokens = self.tokens[:]
        new.hand = self.hand[:]
        new.discards = [x[:] for x in self.discards]
        new.pile = self.pile[:]
        new.face_up = self.face_up[:]
        new.jester = self.jester[:]
        new.hv = self.hv[:]
        new.known = self.known[:]
        new.facts = self.facts[:]
        new.stacked = [x[:] for x in self.stacked]

    # -- the protocol's questions -------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to decide, or None when the game is over."""
        return self._to_act

    @property
    def result(self) -> Result | None:
        """Winners, tokens per seat and rounds played, once the game is over."""
        if self.phase != OVER:
            return None
        return Result.of(
            self.players, self.winners, "tokens", tokens=list(self.tokens), rounds=self.round
        )

    def prompt(self) -> str:
        """``play``, ``bishop`` (keep or discard), ``chancellor`` or ``cardinal`` (look)."""
        return self.phase.value

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> LoveLetterState:
        """A world consistent with what ``seat`` knows (computed in :mod:`views`)."""

    def census(self) -> dict[str, int]:
        """Every card in every zone, by id."""
        counts = [0] * len(self.ed.ids)
        pending = self.pending
        for k in [
            *self.hand,
            self.drawn,
            self.aside,
            *self.pile,
            *self.face_up,
            *(k for d in self.discards for k in d),
            *(pending.cards if isinstance(pending, ChancellorPending) else ()),
        ]:
            if k >= 0:
                counts[k] += 1
        return dict(zip(self.ed.ids, counts, strict=True))

    # -- cards by id --------------------------------------------------------------------

    def card(self, kind: int) -> str | None:
        """A kind's card id (None for no card)."""
        return self.ed.ids[kind] if kind >= 0 else None

    def kind(self, card: Any) -> int:
        """A card id's kind (-1 for None; raises ValueError for a card of another edition)."""
        return -1 if card is None else self.ed.ids.index(str(card))

    def well_formed(self) -> bool:
        """Whether a rebuilt state's per-seat lists and seat numbers fit its player count."""
        n = self.players
        seats = range(n)
        per_seat = (len(self.hand), len(self.tokens), len(self.discards), len(self.jester))
        pending = self.pending
        return (
            all(length == n for length in per_seat)
            and len(self.hv) == n
            and len(self.known) == n * n
            and self.actor in seats
            and self.first in seats
            and min(self.tokens) >= 0
            and self.syc in range(-1, 20)
            and all(j == -1 or j in seats for j in self.jester)
            and all(w in seats for w in self.winners)
            and all(f[1] in seats and (f[0] != EQUAL or f[3] in seats) for f in self.facts)
            and not (isinstance(pending, BishopPending) and pending.target not in seats)
            and not (isinstance(pending, CardinalPending) and not set(pending.pair) <= set(seats))
        )
