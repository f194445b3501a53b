"""Love Letter's actions and the action space of a configuration.

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
from itertools import combinations

from parlour.engine import Action, ActionSpace
from parlour.games.loveletter.cards import EFFECT, TABLES, Edition


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


class Actions:
    """Every action of one configuration, prebuilt and indexed for the rules and legality."""

    def __init__(self, edition: Edition, players: int) -> None:
        self.edition = edition
        self.players = players
        self.plays: dict[tuple[int, tuple[int, ...], int], Play] = {}
        """Each play by (kind, targets, named value or -1)."""
        ed = edition
        seats = range(players)
        actions: list[Action] = []
        for kind, (cid, eff) in enumerate(zip(ed.ids, ed.effects, strict=True)):
            effect = EFFECT[eff]
            guesses = ed.guesses if effect.names_value else (-1,)
            options: list[tuple[tuple[int, ...], int]] = [((), -1)]
            for count in effect.counts:
                options += [(c, g) for c in combinations(seats, count) for g in guesses]
            for targets, guess in options:
                play = Play(cid, targets, None if guess < 0 else guess, kind, eff, ed.name)
                self.plays[kind, targets, guess] = play
                actions.append(play)
        actions += [KEEP, DISCARD]
        self.returns: dict[tuple[int, tuple[int, ...]], Return] = {}
        """The Chancellor's answers by (kept kind, returned kinds top to bottom)."""
        if "chancellor" in ed.effects:
            kinds = range(len(ed.ids))
            for keep in kinds:
                for a in kinds:
                    self.returns[keep, (a,)] = Return(ed.ids[keep], (ed.ids[a],))
                    for b in kinds:
                        self.returns[keep, (a, b)] = Return(ed.ids[keep], (ed.ids[a], ed.ids[b]))
            actions += self.returns.values()
        self.looks = [Look(s) for s in seats]
        """The Cardinal's looks by seat."""
        if "cardinal" in ed.effects:
            actions += [NO_LOOK, *self.looks]
        self.space = ActionSpace(actions)
        """The configuration's action space (codes are positions)."""


_ACTIONS: dict[tuple[str, int], Actions] = {}


def actions_of(edition: str, players: int) -> Actions:
    """The prebuilt actions of a configuration (built once)."""
    found = _ACTIONS.get((edition, players))
    if found is None:
        found = _ACTIONS[edition, players] = Actions(TABLES[edition], players)
    return found
