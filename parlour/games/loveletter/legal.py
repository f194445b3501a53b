"""Love Letter's legal answers, cached per configuration: the Countess and the Sycophant live here.

A play's legal choices come from the effect table (:data:`cards.EFFECT`): whom a card may
choose, how many, whether a value is named. Two rules restrict them:

- LL-CARD-COUNTESS: holding the Countess with the King or a Prince, only the Countess may be
  played (:meth:`Legal.play_legal` answers from :attr:`Legal.forced`);
- LL-CARD-SYCOPHANT: after a Sycophant, each card that chooses players must choose the
  marked one when it can (:meth:`Legal.sycophant_forces`).

Answers are cached by small integer keys, so a decision costs a dictionary look-up; an
answer is a tuple of the configuration's interned actions, so a move is checked by identity
against it (:func:`holds`), hashing no action object.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Final

from parlour.engine import Action
from parlour.games.loveletter.actions import DISCARD, KEEP, NO_LOOK, Play, Return, actions_of
from parlour.games.loveletter.cards import EFFECT, TABLES, Edition
from parlour.games.loveletter.state import (
    BISHOP,
    CARDINAL,
    CHANCELLOR,
    PLAY,
    CardinalPending,
    ChancellorPending,
    LoveLetterState,
)

LegalList = tuple[Action, ...]
"""A legal-action answer: the configuration's interned actions, in order (alive as long as
the tables, so their identities stand for them)."""


def holds(legal: LegalList, action: object) -> bool:
    """Whether ``action`` is one of the (interned) actions of ``legal``, by identity."""
    # Typed as objects: compiled, the loop compares pointers without checking each type.
    acts: tuple[object, ...] = legal
    return any(a is action for a in acts)


_DECIDE: Final[LegalList] = (KEEP, DISCARD)
_OVER: Final[LegalList] = ()

_MODES = {"nobody": 0, "others": 1, "anyone": 2}


class Legal:
    """The legal-answer caches of one configuration."""

    def __init__(self, edition: Edition, players: int) -> None:
        self.edition = edition
        self.players = players
        self.actions = actions_of(edition.name, players)
        self.plays = self.actions.plays
        self.looks = self.actions.looks
        self.space = self.actions.space
        self.kinds = len(edition.ids)
        self.modes = tuple(_MODES[EFFECT[eff].chooses] for eff in edition.effects)
        """Whom each kind may choose: 0 nobody, 1 other players, 2 anyone."""
        self.card_cache: dict[int, LegalList] = {}
        self.by_pair: list[LegalList | None] = [None] * (self.kinds**2 * players << players)
        """Answers without a Sycophant's mark by :meth:`pair_index`, filled as asked (a list:
        no key to box or hash; under 5 MB for the largest table, premium's 8 players)."""
        self.return_cache: dict[tuple[int, ...], LegalList] = {}
        countess = edition.find("countess")
        forcing = [k for k in (edition.find("king"), edition.find("prince")) if k >= 0]
        self.forced = frozenset(
            {countess * 64 + k for k in forcing} | {k * 64 + countess for k in forcing}
            if countess >= 0
            else set()
        )
        """LL-CARD-COUNTESS: the (hand, drawn) pairs that force her, as ``hand * 64 + drawn``."""
        if countess >= 0:
            only = self.plays[countess, (), -1]
            self.countess_only: LegalList = (only,)

    def pair_index(self, hand: int, drawn: int, actor: int, others: int) -> int:
        """Where :attr:`by_pair` keeps a play prompt's answer (LoveLetterPlay reads it too)."""
        n = self.players
        return ((hand * self.kinds + drawn) * n + actor) << n | others

    def play_legal(self, hand: int, drawn: int, actor: int, others: int, syc: int) -> LegalList:
        """The legal plays holding ``hand`` and ``drawn``; ``others`` = choosable others mask."""
        if syc >= 0:
            return self._pair_legal(hand, drawn, actor, others, syc)  # from cached cards
        i = self.pair_index(hand, drawn, actor, others)
        found = self.by_pair[i]
        if found is None:
            found = self.by_pair[i] = self._pair_legal(hand, drawn, actor, others, syc)
        return found

    def _pair_legal(self, hand: int, drawn: int, actor: int, others: int, syc: int) -> LegalList:
        if hand * 64 + drawn in self.forced:
            # clause: LL-CARD-COUNTESS, LL-CARD-COUNTESS-2019
            return self.countess_only
        if hand > drawn:
            hand, drawn = drawn, hand
        first = self.card_legal(hand, actor, others, syc)
        if hand == drawn:
            return first
        return first + self.card_legal(drawn, actor, others, syc)

    def sycophant_forces(self, syc: int, group: LegalList) -> LegalList:
        """LL-CARD-SYCOPHANT: a card's choices must include ``syc`` when any can."""
        # clause: LL-CARD-SYCOPHANT
        hits = tuple(a for a in group if isinstance(a, Play) and syc in a.targets)
        return hits if hits else group

    def card_legal(self, kind: int, actor: int, others: int, syc: int = -1) -> LegalList:
        """One card's legal plays (cached by kind, choosable seats and the Sycophant's mark)."""
        mode = self.modes[kind]
        mask = 0 if mode == 0 else others if mode == 1 else others | 1 << actor
        key = (kind << 10 | mask) << 4 | (syc + 1)
        found = self.card_cache.get(key)
        if found is None:
            found = self._build_card(kind, mask)
            if syc >= 0:
                found = self.sycophant_forces(syc, found)
            self.card_cache[key] = found
        return found

    def _build_card(self, kind: int, mask: int) -> tuple[Action, ...]:
        plays = self.plays
        ed = self.edition
        effect = EFFECT[ed.effects[kind]]
        seats = [s for s in range(self.players) if mask >> s & 1]
        choices = [c for n in effect.counts for c in combinations(seats, n)]
        if not choices:
            # clause: LL-TURN-4
            return (plays[kind, (), -1],)  # LL-TURN-4: played with no effect
        # clause: LL-CARD-GUARD-2019
        guesses = ed.guesses if effect.names_value else (-1,)
        return tuple(plays[kind, c, g] for c in choices for g in guesses)

    def return_legal(self, cards: tuple[int, ...]) -> LegalList:
        """The Chancellor's legal answers holding ``cards`` (2 or 3 kinds)."""
        key = tuple(sorted(cards))
        found = self.return_cache.get(key)
        if found is None:
            seen: dict[Return, None] = {}
            for order in permutations(key):
                seen.setdefault(self.actions.returns[order[0], tuple(order[1:])], None)
            found = self.return_cache[key] = tuple(sorted(seen, key=str))
        return found


_LEGAL: dict[tuple[str, int], Legal] = {}


def legal_tables(edition: str, players: int) -> Legal:
    """The prebuilt actions and legal-answer caches of a configuration."""
    found = _LEGAL.get((edition, players))
    if found is None:
        found = _LEGAL[edition, players] = Legal(TABLES[edition], players)
    return found


def legal_now(st: LoveLetterState, tab: Legal) -> LegalList:
    """The legal answers to the state's current prompt."""
    phase = st.phase
    if phase == PLAY:
        a = st.actor
        return tab.play_legal(st.hand[a], st.drawn, a, st.alive & ~st.prot & ~(1 << a), st.syc)
    if phase == BISHOP:
        return _DECIDE
    pending = st.pending
    if phase == CHANCELLOR and isinstance(pending, ChancellorPending):
        return tab.return_legal(pending.cards)
    if phase == CARDINAL and isinstance(pending, CardinalPending):
        looks = [tab.looks[s] for s in pending.pair if s != st.actor]
        return (*looks, NO_LOOK)
    return _OVER
