"""The two decks as data (``data/cards.json``, checked against the rules' tables) and the effect
table (:data:`EFFECTS`): what playing each card asks for, read by the actions, legality, rules,
bot and texts alike."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Final

HERO_EFFECTS = ("hero1", "hero2", "hero3", "hero4", "hero5", "hero6")
"""Every hero effect keyword (one per number, IG-COMP-1)."""
THANOS_KINDS = (
    "outrider",
    "mind",
    "corvus",
    "soul",
    "dwarf",
    "space",
    "proxima",
    "power",
    "ebony",
    "reality",
    "time",
    "thanos",
)
"""Every Thanos card kind, in number order (IG-COMP-2); a kind is also its effect keyword."""

_HERO_COUNTS = {1: 3, 2: 3, 3: 3, 4: 3, 5: 2, 6: 2}
_THANOS_TABLE = {
    "outrider": (1, 2, False, False),
    "mind": (1, 1, True, True),
    "corvus": (2, 1, False, False),
    "soul": (2, 1, True, True),
    "dwarf": (3, 1, False, False),
    "space": (3, 1, True, True),
    "proxima": (4, 1, False, False),
    "power": (4, 1, True, True),
    "ebony": (5, 1, False, False),
    "reality": (5, 1, True, True),
    "time": (6, 1, True, True),
    "thanos": (7, 1, False, True),
}


@dataclass(frozen=True, slots=True)
class Effect:
    """What playing a card of one effect asks for, and the amounts its rule names."""

    targets: str = ""
    """Who is chosen: ``""`` nobody, ``"hero"`` any hero (oneself included), ``"other"``
    another hero (oneself when there is no other, IG-HERO-2)."""
    numbers: tuple[int, ...] = ()
    """The numbers one of which is named (empty: none is named)."""
    may_decline: bool = False
    """Whether its fight may be declined in the play itself (a "3": fight or pass; Black
    Dwarf: a hero, or pass)."""
    playable: bool = True
    """False for the Thanos card, which is never played (IG-TURN-4)."""
    copies: bool = False
    """The Time Stone: the play names a face-up kind whose effect it takes (IG-THANOS-TIME)."""
    tokens: int = 0
    """Power tokens it gives (to the chosen hero, or to Thanos)."""
    draws: int = 0
    """Cards Thanos draws and then puts under his deck (Ebony Maw, Reality Stone)."""


EFFECTS: Final[dict[str, Effect]] = {
    "hero1": Effect(numbers=tuple(range(1, 8))),
    "hero2": Effect(targets="other"),
    "hero3": Effect(may_decline=True),
    "hero4": Effect(targets="hero", tokens=1),
    "hero5": Effect(),
    "hero6": Effect(targets="hero"),
    "outrider": Effect(targets="hero", numbers=tuple(range(1, 7))),
    "mind": Effect(numbers=tuple(range(1, 7))),
    "corvus": Effect(targets="hero"),
    "soul": Effect(targets="hero"),
    "dwarf": Effect(targets="hero", may_decline=True),
    "space": Effect(),
    "proxima": Effect(tokens=1),
    "power": Effect(tokens=3),
    "ebony": Effect(draws=1),
    "reality": Effect(draws=2),
    "time": Effect(copies=True),
    "thanos": Effect(playable=False),
}
"""Every effect keyword's play: targets, named numbers, a declinable fight, amounts
(IG-HERO-1..6, IG-THANOS-*)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card."""

    index: int
    """Its position in the card table (the engine's internal number for it)."""
    id: str
    """Stable string id (``captain_marvel``, ``outrider_2``)."""
    hero: bool
    """Whether it belongs to the hero deck (else the Thanos deck)."""
    number: int
    """Its value, 1-7."""
    effect: str
    """Effect keyword: ``hero1``..``hero6`` or a Thanos kind."""
    name: str
    """Name key in the catalog (``gauntlet.name.<name>``)."""
    stone: bool
    """Whether it is an Infinity Stone."""
    returns: bool
    """Whether it is shuffled back into the Thanos deck when defeated (IG-DEFEAT-2)."""


def _load() -> tuple[Card, ...]:
    raw = json.loads((resources.files(__package__) / "data" / "cards.json").read_text("utf-8"))
    cards = tuple(
        Card(
            i,
            str(c["id"]),
            c["deck"] == "hero",
            int(c["number"]),
            str(c["effect"]),
            str(c["name"]),
            bool(c["stone"]),
            bool(c["returns"]),
        )
        for i, c in enumerate(raw["cards"])
    )
    _validate(cards, raw)
    return cards


def _validate(cards: tuple[Card, ...], raw: dict[str, object]) -> None:
    """Refuse a card table that differs from IG-COMP-1 and IG-COMP-2."""
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise ValueError("card ids must be unique")
    heroes = [c for c in cards if c.hero]
    thanos = [c for c in cards if not c.hero]
    if len(heroes) != raw["hero_deck_size"] or len(heroes) != 16:
        raise ValueError("the hero deck must hold 16 cards")
    if len(thanos) != raw["thanos_deck_size"] or len(thanos) != 13:
        raise ValueError("the Thanos deck must hold 13 cards")
    if cards[: len(heroes)] != tuple(heroes):
        raise ValueError("hero cards come first in the table")
    if Counter(c.number for c in heroes) != Counter(_HERO_COUNTS):
        raise ValueError("hero numbers differ from IG-COMP-1")
    for c in heroes:
        if c.effect != f"hero{c.number}" or c.stone or c.returns:
            raise ValueError(f"hero card {c.id} has a wrong effect or flag")
    counts = Counter(c.effect for c in thanos)
    for kind, (number, count, stone, returns) in _THANOS_TABLE.items():
        if counts[kind] != count:
            raise ValueError(f"the Thanos deck needs {count} {kind}")
        for c in thanos:
            if c.effect == kind and (c.number, c.stone, c.returns) != (number, stone, returns):
                raise ValueError(f"Thanos card {c.id} differs from IG-COMP-2")
    if sum(c.stone for c in thanos) != raw["stones"]:
        raise ValueError("there are six Infinity Stones")
    if {c.effect for c in cards} != set(EFFECTS):
        raise ValueError("every effect keyword needs one entry in EFFECTS")


CARDS: Final[tuple[Card, ...]] = _load()
"""The whole card table: hero cards first, then the Thanos deck."""
BY_ID: Final[dict[str, Card]] = {c.id: c for c in CARDS}
"""Cards by string id."""
HERO_CARDS: Final[tuple[int, ...]] = tuple(c.index for c in CARDS if c.hero)
"""Indices of the hero deck's cards."""
THANOS_CARDS: Final[tuple[int, ...]] = tuple(c.index for c in CARDS if not c.hero)
"""Indices of the Thanos deck's cards."""
NUMBER: Final[tuple[int, ...]] = tuple(c.number for c in CARDS)
"""A card's number by index (hot paths index this instead of the dataclass)."""
KIND: Final[tuple[str, ...]] = tuple(c.effect for c in CARDS)
"""A card's effect keyword by index."""
STONES: Final[frozenset[int]] = frozenset(c.index for c in CARDS if c.stone)
"""Indices of the six Infinity Stones."""
KIND_NUMBER: Final[dict[str, int]] = {c.effect: c.number for c in CARDS if not c.hero}
"""The number of each Thanos kind."""
STONE_KINDS: Final[frozenset[str]] = frozenset(c.effect for c in CARDS if c.stone)
"""The Thanos kinds that are Infinity Stones."""
IS_STONE: Final[tuple[bool, ...]] = tuple(c.stone for c in CARDS)
"""Whether a card is an Infinity Stone, by index (hot paths index this, not the set)."""
PLAYABLE: Final[tuple[bool, ...]] = tuple(EFFECTS[c.effect].playable for c in CARDS)
"""Whether a card may ever be played, by index (never the Thanos card, IG-TURN-4)."""
COPIES: Final[tuple[bool, ...]] = tuple(EFFECTS[c.effect].copies for c in CARDS)
"""Whether a card copies another's effect (the Time Stone), by index."""
