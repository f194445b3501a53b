"""Splendor Marvel's actions: small frozen values, their canonical texts, the action space.

Texts (one per action, also the JSON form):

- ``take:yellow,blue,red`` take one token of each named stone colour (3; when fewer than
  3 colours are available, any 1 or 2 of them) — SM-ACT-TAKE3
- ``take2:red`` two tokens of one colour — SM-ACT-TAKE2
- ``reserve:t2-3`` reserve display card (tier 2, slot 3); ``reserve:t1-deck`` the top of a
  deck, blind — SM-ACT-RESERVE
- ``recruit:t3-1`` recruit a display card; ``recruit:r2`` your 2nd reserved card; a grey
  payment is part of the action: ``recruit:t2-3/grey=red1,blue1`` pays one red and one blue
  with grey tokens — SM-ACT-RECRUIT
- ``return:purple`` give one token back (the over-10 prompt) — SM-END-LIMIT
- ``location:asgard`` choose a location when several qualify — SM-END-LOCATION
- ``pass`` only when nothing else is legal — SM-ACT-NONE

The space is the same for every player count, so an action's integer code never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Final

from parlour.engine import Action, ActionSpace
from parlour.games.splendor_marvel.cards import (
    COLOURS,
    DISPLAY_SLOTS,
    GREY_TOKENS,
    LOCATION_FACES,
    RESERVE_LIMIT,
    TIERS,
    TOKEN_KINDS,
)

Vector = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take one token of each of these different stone colours."""

    colours: tuple[int, ...]
    """Colour indices, ascending."""
    code: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "take:" + ",".join(COLOURS[c] for c in self.colours)


@dataclass(frozen=True, slots=True)
class TakeTwo(Action):
    """Take two tokens of one stone colour."""

    colour: int
    """Colour index."""
    code: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"take2:{COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Reserve(Action):
    """Reserve a display card, or the top card of a deck (``slot`` is ``None``)."""

    tier: int
    """1, 2 or 3."""
    slot: int | None
    """Display slot 0..3, or None for the deck's top card."""
    code: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        where = "deck" if self.slot is None else str(self.slot + 1)
        return f"reserve:t{self.tier}-{where}"


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Recruit a display card (``tier`` 1-3) or a reserved card (``tier`` 0), with grey."""

    tier: int
    """1-3 for the display; 0 for the hand of reserved cards."""
    slot: int
    """Display slot 0..3, or position in the reserved hand 0..2."""
    grey: Vector
    """How many grey tokens stand in for each colour."""
    code: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        where = f"r{self.slot + 1}" if self.tier == 0 else f"t{self.tier}-{self.slot + 1}"
        if not any(self.grey):
            return f"recruit:{where}"
        paid = ",".join(f"{COLOURS[c]}{n}" for c, n in enumerate(self.grey) if n)
        return f"recruit:{where}/grey={paid}"


@dataclass(frozen=True, slots=True)
class Return(Action):
    """Return one token of a kind to the supply (never green)."""

    kind: int
    """Token kind index (a stone colour or grey)."""
    code: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"return:{TOKEN_KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class TakeLocation(Action):
    """Take this qualifying location (chosen when several qualify)."""

    face: int
    """Index of the location face."""
    code: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"location:{LOCATION_FACES[self.face].id}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing: offered only when no other action is legal."""

    code: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "pass"


def _grey_vectors() -> list[Vector]:
    """Every way to spread up to five grey tokens over the colours (fewest grey first)."""
    out = [v for v in product(range(GREY_TOKENS + 1), repeat=5) if sum(v) <= GREY_TOKENS]
    out.sort(key=lambda v: (sum(v), tuple(-x for x in v)))
    return [(v[0], v[1], v[2], v[3], v[4]) for v in out]


GREY_VECTORS: Final[tuple[Vector, ...]] = tuple(_grey_vectors())
"""Every grey payment, index = position (the no-grey payment first)."""
GREY_INDEX: Final[dict[tuple[int, ...], int]] = {v: i for i, v in enumerate(GREY_VECTORS)}

TAKE_BY_MASK: Final[list[list[Action]]] = []
"""The take-three actions legal for each mask of available colours (bit c: colour c)."""
TAKE2_BY_MASK: Final[list[list[Action]]] = []
"""The take-two actions legal for each mask of colours with 4+ tokens."""
RESERVE: Final[list[list[Reserve]]] = []
"""``RESERVE[tier - 1][slot]``; slot 4 is the deck's top."""
RECRUIT_DISPLAY: Final[list[list[list[Recruit]]]] = []
"""``RECRUIT_DISPLAY[tier - 1][slot][grey index]``."""
RECRUIT_RESERVED: Final[list[list[Recruit]]] = []
"""``RECRUIT_RESERVED[position][grey index]``."""
RETURN: Final[list[Return | None]] = [
    Return(k) if k != 5 else None for k in range(len(TOKEN_KINDS))
]
"""``RETURN[kind]`` (None for green, never returned)."""
LOCATION: Final[list[TakeLocation]] = [TakeLocation(f.index) for f in LOCATION_FACES]
PASS: Final = Pass()


def _build() -> tuple[Action, ...]:
    singles: dict[tuple[int, ...], Take] = {}
    for size in (3, 2, 1):
        for combo in combinations(range(5), size):
            singles[combo] = Take(combo)
    for mask in range(32):
        avail = [c for c in range(5) if mask >> c & 1]
        # SM-ACT-TAKE3: three colours when three are available, else any non-empty set of
        # the available ones (largest first).
        sizes = (3,) if len(avail) >= 3 else range(len(avail), 0, -1)
        TAKE_BY_MASK.append(
            [singles[combo] for size in sizes for combo in combinations(avail, size)]
        )
        TAKE2_BY_MASK.append([])
    twos = [TakeTwo(c) for c in range(5)]
    for mask in range(32):
        TAKE2_BY_MASK[mask] = [twos[c] for c in range(5) if mask >> c & 1]
    for tier in TIERS:
        RESERVE.append([Reserve(tier, s) for s in range(DISPLAY_SLOTS)] + [Reserve(tier, None)])
        RECRUIT_DISPLAY.append(
            [[Recruit(tier, s, g) for g in GREY_VECTORS] for s in range(DISPLAY_SLOTS)]
        )
    for pos in range(RESERVE_LIMIT):
        RECRUIT_RESERVED.append([Recruit(0, pos, g) for g in GREY_VECTORS])
    actions: list[Action] = [*singles.values(), *twos]
    actions += [a for row in RESERVE for a in row]
    actions += [a for tier in RECRUIT_DISPLAY for row in tier for a in row]
    actions += [a for row in RECRUIT_RESERVED for a in row]
    actions += [a for a in RETURN if a is not None]
    actions += [*LOCATION, PASS]
    for code, action in enumerate(actions):
        object.__setattr__(action, "code", code)
    return tuple(actions)


ALL_ACTIONS: Final[tuple[Action, ...]] = _build()
"""Every action, index = integer code."""
SPACE: Final = ActionSpace(ALL_ACTIONS)
"""The action space (identical for 2, 3 and 4 players)."""
