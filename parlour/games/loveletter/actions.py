"""Love Letter's actions, their action space, and the enumeration of legal answers.

Text forms (seats are 0-based, written ``p<seat>``):

- ``handmaid``, ``countess``: play a card with no choice (also a targeted card when every
  other player is protected: ``guard`` alone is a Guard played with no effect);
- ``priest>p1``, ``prince>p0``: play a card on a player;
- ``guard>p1=5``, ``bishop>p2=0``: play a card on a player, naming a value;
- ``baroness>p1+p3``, ``cardinal>p0+p2``: play a card on two players;
- ``keep`` / ``discard``: the Bishop's target decides about their hand;
- ``keep=guard;bottom=prince,baron``: the Chancellor keeps a card and returns the others to
  the bottom of the pile, listed top to bottom (``baron`` ends up as the very last card);
- ``look=p2`` / ``look=none``: the Cardinal's optional look at one of the two swapped hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, permutations

from parlour.engine import Action, ActionSpace
from parlour.games.loveletter.cards import Edition


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from hand, with its targets and named value when it has them."""

    card: str
    """The card id played."""
    targets: tuple[int, ...] = ()
    """The chosen seats (none when the card chooses nobody or every choice is protected)."""
    guess: int | None = None
    """The value named (Guard and Bishop)."""
    kind: int = field(default=-1, compare=False)
    """The card's kind in its edition (internal shortcut, not part of equality)."""
    effect: str = field(default="", compare=False)
    """The card's effect keyword (internal shortcut)."""
    edition: str = field(default="", compare=False)
    """The edition whose table ``kind`` indexes (for labels naming a value's cards)."""

    def __str__(self) -> str:
        text = self.card
        if self.targets:
            text += ">" + "+".join(f"p{t}" for t in self.targets)
        if self.guess is not None:
            text += f"={self.guess}"
        return text


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """The Bishop's target: discard the hand and draw anew, or keep it."""

    discard: bool

    def __str__(self) -> str:
        return "discard" if self.discard else "keep"


@dataclass(frozen=True, slots=True)
class Return(Action):
    """The Chancellor's choice: the card kept and the cards returned, top to bottom."""

    keep: str
    """The card id kept in hand."""
    bottom: tuple[str, ...]
    """The card ids put under the pile, in order (the last is the very bottom)."""

    def __str__(self) -> str:
        return f"keep={self.keep};bottom={','.join(self.bottom)}"


@dataclass(frozen=True, slots=True)
class Look(Action):
    """The Cardinal's optional look at one of the two swapped hands."""

    seat: int | None

    def __str__(self) -> str:
        return "look=none" if self.seat is None else f"look=p{self.seat}"


KEEP, DISCARD = Decide(False), Decide(True)
NO_LOOK = Look(None)

LegalList = tuple[tuple[Action, ...], tuple[frozenset[Action], frozenset[Action]]]
"""A legal-action answer: the ordered actions, and two sets whose union holds them (a fast
legality test without building a union per decision)."""

EMPTY: frozenset[Action] = frozenset()

PAIR_CACHE_LIMIT = 20_000
"""Most (hand, drawn, seat, choosable) answers kept; big tables fall back to per-card ones."""

_OTHERS = frozenset({"guard", "bishop", "priest", "baron", "king", "dowager", "jester", "baroness"})
"""Effects that choose among the other players."""
_WITH_SELF = frozenset({"prince", "sycophant", "cardinal"})
"""Effects that may also choose their own player."""


class Tables:
    """Every action of one configuration, prebuilt, and caches of legal-action answers."""

    def __init__(self, edition: Edition, players: int) -> None:
        self.edition = edition
        self.players = players
        self.plays: dict[tuple[int, tuple[int, ...], int], Play] = {}
        ed = edition
        seats = range(players)
        actions: list[Action] = []
        for kind, (cid, eff) in enumerate(zip(ed.ids, ed.effects, strict=True)):
            options: list[tuple[tuple[int, ...], int]] = [((), -1)]
            if eff in ("guard", "bishop"):
                options += [((t,), g) for t in seats for g in ed.guesses]
            elif eff in ("priest", "baron", "king", "dowager", "jester", "prince", "sycophant"):
                options += [((t,), -1) for t in seats]
            elif eff == "baroness":
                options += [((t,), -1) for t in seats]
                options += [(p, -1) for p in combinations(seats, 2)]
            elif eff == "cardinal":
                options += [(p, -1) for p in combinations(seats, 2)]
            for targets, guess in options:
                play = Play(cid, targets, None if guess < 0 else guess, kind, eff, ed.name)
                self.plays[kind, targets, guess] = play
                actions.append(play)
        actions += [KEEP, DISCARD]
        self.returns: dict[tuple[int, tuple[int, ...]], Return] = {}
        if "chancellor" in ed.effects:
            kinds = range(len(ed.ids))
            for keep in kinds:
                for a in kinds:
                    self.returns[keep, (a,)] = Return(ed.ids[keep], (ed.ids[a],))
                    for b in kinds:
                        self.returns[keep, (a, b)] = Return(ed.ids[keep], (ed.ids[a], ed.ids[b]))
            actions += self.returns.values()
        self.looks = [Look(s) for s in seats]
        if "cardinal" in ed.effects:
            actions += [NO_LOOK, *self.looks]
        self.space = ActionSpace(actions)
        self.modes = tuple(
            2 if eff in _WITH_SELF else 1 if eff in _OTHERS else 0 for eff in ed.effects
        )
        self.card_cache: dict[int, tuple[tuple[Action, ...], frozenset[Action]]] = {}
        self.pair_cache: dict[int, LegalList] = {}
        self.return_cache: dict[tuple[int, ...], LegalList] = {}
        countess = ed.find("countess")
        forcing = [k for k in (ed.find("king"), ed.find("prince")) if k >= 0]
        # LL-CARD-COUNTESS: the pairs of cards (hand, drawn) that force her, as int keys.
        self.forced = frozenset(
            {countess * 64 + k for k in forcing} | {k * 64 + countess for k in forcing}
            if countess >= 0
            else set()
        )
        if countess >= 0:
            only = self.plays[countess, (), -1]
            self.countess_only: LegalList = ((only,), (frozenset((only,)), EMPTY))

    def play_legal(self, hand: int, drawn: int, actor: int, others: int, syc: int) -> LegalList:
        """The legal plays holding ``hand`` and ``drawn``; ``others`` = choosable others mask."""
        if syc < 0:
            key = ((hand * 64 + drawn) * 16 + actor) << 8 | others
            found = self.pair_cache.get(key)
            if found is None:
                found = self._pair_legal(hand, drawn, actor, others, syc)
                if len(self.pair_cache) < PAIR_CACHE_LIMIT:
                    self.pair_cache[key] = found
            return found
        return self._pair_legal(hand, drawn, actor, others, syc)

    def _pair_legal(self, hand: int, drawn: int, actor: int, others: int, syc: int) -> LegalList:
        if hand * 64 + drawn in self.forced:
            return self.countess_only
        if hand > drawn:
            hand, drawn = drawn, hand
        first = self.card_legal(hand, actor, others)
        if hand == drawn:
            if syc >= 0:
                return self._forced_by(syc, [first[0]])
            return first[0], (first[1], EMPTY)
        second = self.card_legal(drawn, actor, others)
        if syc >= 0:
            return self._forced_by(syc, [first[0], second[0]])
        return first[0] + second[0], (first[1], second[1])

    def _forced_by(self, syc: int, groups: list[tuple[Action, ...]]) -> LegalList:
        """LL-CARD-SYCOPHANT: each card's choices must include ``syc`` when any can."""
        out: list[Action] = []
        for group in groups:
            hits = [a for a in group if isinstance(a, Play) and syc in a.targets]
            out += hits if hits else group
        acts = tuple(out)
        return acts, (frozenset(acts), EMPTY)

    def card_legal(
        self, kind: int, actor: int, others: int
    ) -> tuple[tuple[Action, ...], frozenset[Action]]:
        """One card's legal plays (cached by kind and choosable seats)."""
        mode = self.modes[kind]
        mask = 0 if mode == 0 else others if mode == 1 else others | 1 << actor
        key = kind << 10 | mask
        found = self.card_cache.get(key)
        if found is None:
            acts = self._build_card(kind, mask)
            found = self.card_cache[key] = (acts, frozenset(acts))
        return found

    def _build_card(self, kind: int, mask: int) -> tuple[Action, ...]:
        plays = self.plays
        ed = self.edition
        eff = ed.effects[kind]
        seats = [s for s in range(self.players) if mask >> s & 1]
        choices: list[tuple[int, ...]]
        if eff == "baroness":
            choices = [(t,) for t in seats] + list(combinations(seats, 2))
        elif eff == "cardinal":
            choices = list(combinations(seats, 2))
        elif self.modes[kind]:
            choices = [(t,) for t in seats]
        else:
            return (plays[kind, (), -1],)
        if not choices:
            return (plays[kind, (), -1],)  # LL-TURN-4: played with no effect
        if eff in ("guard", "bishop"):
            return tuple(plays[kind, c, g] for c in choices for g in ed.guesses)
        return tuple(plays[kind, c, -1] for c in choices)

    def return_legal(self, cards: tuple[int, ...]) -> LegalList:
        """The Chancellor's legal answers holding ``cards`` (2 or 3 kinds)."""
        key = tuple(sorted(cards))
        found = self.return_cache.get(key)
        if found is None:
            seen: dict[Return, None] = {}
            for order in permutations(key):
                seen.setdefault(self.returns[order[0], tuple(order[1:])], None)
            acts = tuple(sorted(seen, key=str))
            found = (acts, (frozenset(acts), EMPTY))
            self.return_cache[key] = found
        return found
