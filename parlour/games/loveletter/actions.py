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

LegalList = tuple[tuple[Action, ...], frozenset[Action]]
"""A legal-action answer: the ordered actions and the same as a set (for the legality test)."""


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
        self.play_cache: dict[tuple[int, int, int, int, int], LegalList] = {}
        self.return_cache: dict[tuple[int, ...], LegalList] = {}
        countess, king, prince = ed.find("countess"), ed.find("king"), ed.find("prince")
        self.countess = countess
        self.forcing = frozenset(k for k in (king, prince) if k >= 0)

    def play_legal(self, hand: int, drawn: int, actor: int, others: int, syc: int) -> LegalList:
        """The legal plays for cards ``hand`` and ``drawn``; ``others`` = choosable others mask."""
        key = (hand, drawn, actor, others, syc)
        found = self.play_cache.get(key)
        if found is None:
            found = self._build_play(hand, drawn, actor, others, syc)
            self.play_cache[key] = found
        return found

    def _build_play(self, hand: int, drawn: int, actor: int, others: int, syc: int) -> LegalList:
        cards = sorted({hand, drawn})
        if self.countess in cards and any(k in self.forcing for k in cards):
            cards = [self.countess]  # LL-CARD-COUNTESS: she must be played
        other_seats = [s for s in range(self.players) if others >> s & 1]
        with_self = sorted([*other_seats, actor])
        out: list[Action] = []
        plays = self.plays
        ed = self.edition
        for kind in cards:
            eff = ed.effects[kind]
            choices: list[tuple[int, ...]]
            if eff in ("guard", "bishop", "priest", "baron", "king", "dowager", "jester"):
                choices = [(t,) for t in other_seats]
            elif eff in ("prince", "sycophant"):
                choices = [(t,) for t in with_self]
            elif eff == "baroness":
                choices = [(t,) for t in other_seats] + list(combinations(other_seats, 2))
            elif eff == "cardinal":
                choices = list(combinations(with_self, 2))
            else:
                out.append(plays[kind, (), -1])
                continue
            # LL-CARD-SYCOPHANT: the next card must include the named player when it can.
            if syc >= 0 and any(syc in c for c in choices):
                choices = [c for c in choices if syc in c]
            if not choices:
                out.append(plays[kind, (), -1])  # LL-TURN-4: played with no effect
            elif eff in ("guard", "bishop"):
                out += [plays[kind, c, g] for c in choices for g in ed.guesses]
            else:
                out += [plays[kind, c, -1] for c in choices]
        return tuple(out), frozenset(out)

    def return_legal(self, cards: tuple[int, ...]) -> LegalList:
        """The Chancellor's legal answers holding ``cards`` (2 or 3 kinds)."""
        key = tuple(sorted(cards))
        found = self.return_cache.get(key)
        if found is None:
            seen: dict[Return, None] = {}
            for order in permutations(key):
                seen.setdefault(self.returns[order[0], tuple(order[1:])], None)
            acts = tuple(sorted(seen, key=str))
            found = (acts, frozenset(acts))
            self.return_cache[key] = found
        return found
