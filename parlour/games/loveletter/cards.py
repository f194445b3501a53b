"""The card tables of the three editions, loaded from ``data/cards.json`` and checked at import.

Cards are identified by stable string ids (``guard``, ``princess``...). Inside a state a card
is a small integer, its *kind*: the index of its id in the edition's table, so the hot paths
compare integers. Values differ by edition (the Princess is 8 in classic, 9 in 2019).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

EDITIONS: tuple[str, ...] = ("classic", "premium", "2019")
"""The edition names, as the ``edition`` option takes them."""

DECK_SIZES: dict[str, int] = {"classic": 16, "premium": 32, "2019": 21}
"""Deck sizes the rules specify; the data file must agree."""


@dataclass(frozen=True, slots=True)
class Effect:
    """What playing a card asks for: read by the rules, legality, the bot and the texts."""

    chooses: Literal["nobody", "others", "anyone"]
    """Whom the card may choose: nobody, other players, or any player (its own included)."""
    counts: tuple[int, ...] = ()
    """How many players it may choose (the Baroness one or two, the Cardinal two)."""
    names_value: bool = False
    """Whether the player also names a value (Guard, Bishop)."""

    @property
    def targets(self) -> bool:
        """Whether the card chooses players (the Sycophant's constraint applies to it)."""
        return self.chooses != "nobody"


_NONE = Effect("nobody")
_ONE_OTHER = Effect("others", (1,))
_ONE_ANY = Effect("anyone", (1,))

EFFECT: dict[str, Effect] = {
    "guard": Effect("others", (1,), names_value=True),
    "priest": _ONE_OTHER,
    "baron": _ONE_OTHER,
    "handmaid": _NONE,
    "prince": _ONE_ANY,
    "king": _ONE_OTHER,
    "countess": _NONE,
    "princess": _NONE,
    "bishop": Effect("others", (1,), names_value=True),
    "dowager": _ONE_OTHER,
    "constable": _NONE,
    "count": _NONE,
    "sycophant": _ONE_ANY,
    "baroness": Effect("others", (1, 2)),
    "cardinal": Effect("anyone", (2,)),
    "jester": _ONE_OTHER,
    "assassin": _NONE,
    "spy": _NONE,
    "chancellor": _NONE,
}
"""The one effect table: every effect keyword the rules implement and what it chooses."""

EFFECTS: frozenset[str] = frozenset(EFFECT)
"""Every effect keyword the rules implement."""

TARGETING: frozenset[str] = frozenset(e for e, x in EFFECT.items() if x.targets)
"""Effects that choose players (the Sycophant's constraint applies to these)."""


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition's card table: kinds are indices into ``ids``."""

    name: str
    """The edition's option value."""
    players: tuple[int, int]
    """The fewest and most players."""
    ids: tuple[str, ...]
    """The card id of each kind, in table order (by value, then data order)."""
    values: tuple[int, ...]
    """The printed value of each kind."""
    effects: tuple[str, ...]
    """The effect keyword of each kind."""
    counts: tuple[int, ...]
    """How many copies of each kind the deck holds."""
    deck: tuple[int, ...]
    """The whole deck as kinds, in table order."""
    guesses: tuple[int, ...]
    """The values a Guard or Bishop may name (every value of the deck but 1)."""

    def kind(self, card_id: str) -> int:
        """The kind of a card id (raises KeyError when the edition lacks it)."""
        return self.ids.index(card_id)

    def find(self, effect: str) -> int:
        """The kind with an effect keyword, or -1 when the edition has none."""
        return self.effects.index(effect) if effect in self.effects else -1


def _load() -> dict[str, Edition]:
    raw: Any = json.loads(
        (resources.files(__package__) / "data" / "cards.json").read_text(encoding="utf-8")
    )
    seen: set[str] = set()
    for card in raw["cards"]:
        if card["id"] in seen:
            raise ValueError(f"duplicate card id {card['id']}")
        seen.add(card["id"])
        if card["effect"] not in EFFECTS:
            raise ValueError(f"unknown effect {card['effect']} of card {card['id']}")
        if set(card["value"]) != set(card["count"]) or not set(card["value"]) <= set(EDITIONS):
            raise ValueError(f"card {card['id']} has inconsistent editions")
    out: dict[str, Edition] = {}
    for name in EDITIONS:
        info = raw["editions"][name]
        cards = [c for c in raw["cards"] if name in c["count"]]
        cards.sort(key=lambda c: int(c["value"][name]))  # stable: data order breaks ties
        deck = tuple(k for k, c in enumerate(cards) for _ in range(int(c["count"][name])))
        if len(deck) != DECK_SIZES[name] or info["deck_size"] != DECK_SIZES[name]:
            raise ValueError(f"edition {name} has {len(deck)} cards, not {DECK_SIZES[name]}")
        values = tuple(int(c["value"][name]) for c in cards)
        out[name] = Edition(
            name=name,
            players=(int(info["players"][0]), int(info["players"][1])),
            ids=tuple(str(c["id"]) for c in cards),
            values=values,
            effects=tuple(str(c["effect"]) for c in cards),
            counts=tuple(int(c["count"][name]) for c in cards),
            deck=deck,
            guesses=tuple(sorted(set(values) - {1})),
        )
    return out


TABLES: dict[str, Edition] = _load()
"""Every edition's card table, by edition name."""

ALL_CARD_IDS: tuple[str, ...] = tuple(sorted({i for e in TABLES.values() for i in e.ids}))
"""Every card id of any edition."""
