"""Gauntlet's actions: small frozen values with a canonical text, built once and interned.

Texts (seats are ``p<seat>``, seat 0 being Thanos):

- hero plays: ``1=<n>`` (guess 1-7), ``2>p<s>``, ``3:fight`` / ``3:pass``, ``4>p<s>``, ``5``,
  ``6>p<s>``;
- Thanos plays (also the answers of a Time Stone copy): ``outrider>p<s>=<n>``, ``mind=<n>``,
  ``corvus>p<s>``, ``soul>p<s>``, ``dwarf>p<s>`` / ``dwarf:pass``, ``space``, ``proxima``,
  ``power``, ``ebony``, ``reality``, ``time=<kind>`` / ``time``;
- prompts: ``snap``, ``end``, ``defeat=<kind>``, ``with=<kind>``, ``fight>p<s>`` /
  ``fight:pass``, ``accept`` / ``decline``, ``order=<positions>``, ``bottom=<kind>[,<kind>]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Final

from parlour.engine import Action, ActionSpace
from parlour.games.gauntlet.cards import EFFECTS, THANOS_KINDS

MAX_SEATS: Final = 6


@dataclass(frozen=True, slots=True)
class HeroPlay(Action):
    """A hero plays the card of ``number`` (target seat, guess, fight answer as needed)."""

    number: int
    target: int = -1
    guess: int = 0
    fight: bool = False

    def __str__(self) -> str:
        if self.number == 1:
            return f"1={self.guess}"
        if self.number == 3:
            return "3:fight" if self.fight else "3:pass"
        if self.number == 5:
            return "5"
        return f"{self.number}>p{self.target}"


@dataclass(frozen=True, slots=True)
class ThanosPlay(Action):
    """Thanos plays (or a Time Stone copies) a card of ``kind``."""

    kind: str
    target: int = -1
    guess: int = 0
    copy: str = ""

    def __str__(self) -> str:
        if self.kind == "outrider":
            return f"outrider>p{self.target}={self.guess}"
        if self.kind == "mind":
            return f"mind={self.guess}"
        if self.kind == "time":
            return f"time={self.copy}" if self.copy else "time"
        if self.target < 0 and EFFECTS[self.kind].may_decline:
            return f"{self.kind}:pass"
        if self.target >= 0:
            return f"{self.kind}>p{self.target}"
        return self.kind


@dataclass(frozen=True, slots=True)
class Word(Action):
    """A one-word answer: ``snap``, ``end``, ``accept``, ``decline``, ``fight:pass``."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class PickKind(Action):
    """Thanos names one of his kinds: which card is defeated (``defeat``) or fights (``with``)."""

    verb: str
    kind: str

    def __str__(self) -> str:
        return f"{self.verb}={self.kind}"


@dataclass(frozen=True, slots=True)
class FightTarget(Action):
    """Space Stone: fight this hero."""

    target: int

    def __str__(self) -> str:
        return f"fight>p{self.target}"


@dataclass(frozen=True, slots=True)
class Order(Action):
    """Scarlet Witch / Vision: the looked-at cards' new order, top first, as positions."""

    positions: tuple[int, ...]

    def __str__(self) -> str:
        return "order=" + "".join(str(p) for p in self.positions)


@dataclass(frozen=True, slots=True)
class Bottom(Action):
    """Ebony Maw / Reality Stone: kinds put at the bottom, the last one lowest."""

    kinds: tuple[str, ...]

    def __str__(self) -> str:
        return "bottom=" + ",".join(self.kinds)


SNAP: Final = Word("snap")
END: Final = Word("end")
ACCEPT: Final = Word("accept")
DECLINE: Final = Word("decline")
FIGHT_PASS: Final = Word("fight:pass")

_SEATS = range(1, MAX_SEATS)
"""The hero seats of the largest table."""


def _hero_plays(number: int) -> list[HeroPlay]:
    effect = EFFECTS[f"hero{number}"]
    if effect.numbers:
        return [HeroPlay(number, guess=g) for g in effect.numbers]
    if effect.targets:
        return [HeroPlay(number, target=s) for s in _SEATS]
    if effect.may_decline:
        return [HeroPlay(number, fight=True), HeroPlay(number, fight=False)]
    return [HeroPlay(number)]


def _thanos_plays(kind: str) -> list[ThanosPlay]:
    effect = EFFECTS[kind]
    targets = _SEATS if effect.targets else (-1,)
    plays = [ThanosPlay(kind, s, g) for s in targets for g in effect.numbers or (0,)]
    return [*plays, ThanosPlay(kind)] if effect.may_decline else plays


HERO_PLAYS: Final[dict[int, list[HeroPlay]]] = {n: _hero_plays(n) for n in range(1, 7)}
"""Every play of a hero card's number at the largest table, from the effect table."""
THANOS_PLAYS: Final[dict[str, list[ThanosPlay]]] = {
    k: _thanos_plays(k) for k in THANOS_KINDS if EFFECTS[k].playable and not EFFECTS[k].copies
}
"""Every play of a Thanos kind at the largest table (also a Time Stone copy's answers)."""
COPYABLE: Final = tuple(THANOS_PLAYS)
"""The kinds a Time Stone may copy: every playable kind but itself."""

# The groups the action space lists, in its fixed order (an action's code is its place).
HERO_GUESS = {a.guess: a for a in HERO_PLAYS[1]}
HERO_FIGHT, HERO_PASS = HERO_PLAYS[3]
(HERO_FIVE,) = HERO_PLAYS[5]
HERO_TARGETED = {
    (a.number, a.target): a for n in range(1, 7) for a in HERO_PLAYS[n] if a.target > 0
}
OUTRIDER = {(a.target, a.guess): a for a in THANOS_PLAYS["outrider"]}
MIND = {a.guess: a for a in THANOS_PLAYS["mind"]}
TARGETED = {
    (a.kind, a.target): a
    for k, plays in THANOS_PLAYS.items()
    if not EFFECTS[k].numbers
    for a in plays
    if a.target > 0
}
DWARF_PASS = THANOS_PLAYS["dwarf"][-1]
PLAIN = {k: plays[0] for k, plays in THANOS_PLAYS.items() if plays == [ThanosPlay(k)]}
TIME_NOTHING: Final = ThanosPlay("time")
TIME_COPY: Final = {k: ThanosPlay("time", copy=k) for k in COPYABLE}
DEFEAT: Final = {k: PickKind("defeat", k) for k in THANOS_KINDS}
WITH: Final = {k: PickKind("with", k) for k in THANOS_KINDS}
FIGHT: Final = {s: FightTarget(s) for s in range(1, MAX_SEATS)}
ORDERS: Final[dict[tuple[int, ...], Order]] = {
    p: Order(p) for n in (1, 2, 3) for p in permutations(range(n))
}
BOTTOMS: Final[dict[tuple[str, ...], Bottom]] = {
    **{(k,): Bottom((k,)) for k in THANOS_KINDS},
    **{
        (a, b): Bottom((a, b))
        for a in THANOS_KINDS
        for b in THANOS_KINDS
        if a != b or a == "outrider"
    },
}


def build_space(players: int) -> ActionSpace:
    """Every action of a table of ``players`` seats, in a fixed order."""
    heroes = range(1, players)
    acts: list[Action] = [SNAP, END, ACCEPT, DECLINE, FIGHT_PASS]
    acts += HERO_GUESS.values()
    acts += [HERO_FIGHT, HERO_PASS, HERO_FIVE]
    acts += [HERO_TARGETED[(n, s)] for n in (2, 4, 6) for s in heroes]
    acts += [OUTRIDER[(s, g)] for s in heroes for g in range(1, 7)]
    acts += MIND.values()
    acts += [TARGETED[(k, s)] for k in ("corvus", "soul", "dwarf") for s in heroes]
    acts += [DWARF_PASS, *PLAIN.values(), TIME_NOTHING, *TIME_COPY.values()]
    acts += DEFEAT.values()
    acts += WITH.values()
    acts += [FIGHT[s] for s in heroes]
    acts += ORDERS.values()
    acts += BOTTOMS.values()
    return ActionSpace(acts)
