"""Splendor Marvel's components as data: the 90 characters and the 4 two-faced locations.

The facts live in ``data/cards.json`` (named fields, stable string ids); this module loads
them once and checks every count the rules state (SM-COMP-1..3), so a bad edit of the data
file fails at import.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

COLOURS: Final[tuple[str, ...]] = ("yellow", "blue", "orange", "red", "purple")
"""The five stone colours, in the order every cost tuple uses."""
GREEN: Final = 5
"""Index of the green (Time) token in a token tuple."""
GREY: Final = 6
"""Index of the grey (S.H.I.E.L.D., wild) token in a token tuple."""
TOKEN_KINDS: Final[tuple[str, ...]] = (*COLOURS, "green", "grey")
"""Every token kind, indexed like a player's token list."""
TIERS: Final[tuple[int, ...]] = (1, 2, 3)
"""The three card tiers."""

TOKENS_PER_STONE: Final = 7
GREEN_TOKENS: Final = 4
GREY_TOKENS: Final = 5
WIN_POINTS: Final = 16
"""The Infinity Gauntlet's points threshold (SM-WIN-1)."""
AVENGERS_POINTS: Final = 3
AVENGERS_TAGS: Final = 3
TOKEN_LIMIT: Final = 10
RESERVE_LIMIT: Final = 3
DISPLAY_SLOTS: Final = 4


@dataclass(frozen=True, slots=True)
class Card:
    """One character card."""

    index: int
    """Position in :data:`CARDS` (the internal id)."""
    id: str
    """Stable string id, e.g. ``t1-baron-zemo``."""
    tier: int
    """1, 2 or 3."""
    name: str
    """The printed name (a proper name; the catalogs hold it too)."""
    bonus: int
    """Index of the bonus colour in :data:`COLOURS`."""
    points: int
    """Infinity points."""
    avengers: int
    """Avengers tags (0, 1 or 2)."""
    cost: tuple[int, int, int, int, int]
    """Stones of each colour to pay, in :data:`COLOURS` order."""
    time_stone: bool
    """Whether the card shows the Time Stone icon."""
    verified: bool = True
    """Whether the sources agree and the card fits its colour's cost pattern (no rulebook
    prints the cards; false: a doubt is recorded and the sources' values are kept)."""
    source: tuple[str, ...] = ()
    """Keys of the data file's ``sources`` the values come from."""
    doubt: str = ""
    """Why an unverified card's values are doubted (empty when verified)."""


@dataclass(frozen=True, slots=True)
class LocationFace:
    """One face of a location tile."""

    index: int
    """Position in :data:`LOCATION_FACES`."""
    id: str
    """Stable string id, e.g. ``asgard``."""
    tile: str
    """The tile this face belongs to ("1".."4")."""
    side: str
    """"A" or "B"."""
    name: str
    """The printed name."""
    requires: tuple[int, int, int, int, int]
    """Bonuses of each colour needed, in :data:`COLOURS` order."""
    points: int
    """Infinity points (3)."""


class CardDataError(ValueError):
    """The card data file breaks a stated count or names an unknown thing."""


def _colour_vector(data: Any, what: str) -> tuple[int, int, int, int, int]:
    if not isinstance(data, dict):
        raise CardDataError(f"{what}: colours must be an object")
    unknown = set(data) - set(COLOURS)
    if unknown:
        raise CardDataError(f"{what}: unknown colours {sorted(unknown)}")
    values = [data.get(c, 0) for c in COLOURS]
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        raise CardDataError(f"{what}: amounts must be whole numbers >= 0")
    return (values[0], values[1], values[2], values[3], values[4])


def parse_data(data: Any) -> tuple[tuple[Card, ...], tuple[LocationFace, ...]]:
    """Build and validate the cards and location faces from the data file's content."""
    if list(data.get("colours", [])) != list(COLOURS):
        raise CardDataError("the colour list must be " + ", ".join(COLOURS))
    sources = data.get("sources", {})
    cards: list[Card] = []
    for i, raw in enumerate(data["cards"]):
        if raw.get("bonus") not in COLOURS:
            raise CardDataError(f"card {raw.get('id')}: unknown bonus colour {raw.get('bonus')}")
        card = Card(
            index=i,
            id=str(raw["id"]),
            tier=int(raw["tier"]),
            name=str(raw["name"]),
            bonus=COLOURS.index(raw["bonus"]),
            points=int(raw["points"]),
            avengers=int(raw["avengers"]),
            cost=_colour_vector(raw["cost"], f"card {raw['id']}"),
            time_stone=bool(raw["time_stone"]),
            verified=raw.get("verified") is True,
            source=tuple(str(s) for s in raw.get("source", ())),
            doubt=str(raw.get("doubt", "")),
        )
        # A card's provenance: named sources, and a reason whenever it is not verified.
        if not isinstance(raw.get("verified"), bool) or not card.source:
            raise CardDataError(f"card {card.id}: verified (true/false) and source are required")
        if set(card.source) - set(sources):
            raise CardDataError(f"card {card.id}: unknown source {sorted(card.source)}")
        if card.verified == bool(card.doubt):
            raise CardDataError(f"card {card.id}: a doubt exactly when not verified")
        if card.tier not in TIERS or card.avengers not in (0, 1, 2) or card.points < 0:
            raise CardDataError(f"card {card.id}: bad tier, tags or points")
        if not card.id.startswith(f"t{card.tier}-"):
            raise CardDataError(f"card {card.id}: the id must start with its tier")
        cards.append(card)
    faces: list[LocationFace] = []
    for tile in data["locations"]:
        for side in ("A", "B"):
            raw = tile["faces"][side]
            faces.append(
                LocationFace(
                    index=len(faces),
                    id=str(raw["id"]),
                    tile=str(tile["tile"]),
                    side=side,
                    name=str(raw["name"]),
                    requires=_colour_vector(raw["requires"], f"location {raw['id']}"),
                    points=int(raw["points"]),
                )
            )
    validate(cards, faces)
    return tuple(cards), tuple(faces)


def validate(cards: list[Card], faces: list[LocationFace]) -> None:
    """Check the counts stated by SM-COMP-2 and SM-COMP-3 (raises CardDataError)."""
    ids = [c.id for c in cards] + [f.id for f in faces]
    if len(set(ids)) != len(ids):
        raise CardDataError("ids must be unique")
    # clause: SM-COMP-2
    for tier, count in zip(TIERS, (40, 30, 20), strict=True):
        in_tier = [c for c in cards if c.tier == tier]
        if len(in_tier) != count:
            raise CardDataError(f"tier {tier} must have {count} cards, not {len(in_tier)}")
        for colour in range(len(COLOURS)):
            n = sum(1 for c in in_tier if c.bonus == colour)
            if n != count // 5:
                raise CardDataError(f"tier {tier} must have {count // 5} {COLOURS[colour]} cards")
    if sum(c.avengers for c in cards) != 35:
        raise CardDataError("the cards must carry 35 Avengers tags in all")
    if sum(c.points for c in cards) != 140:
        raise CardDataError("the cards must be worth 140 points in all")
    if any(c.time_stone != (c.tier == 3) for c in cards):
        raise CardDataError("exactly the tier-3 cards show the Time Stone icon")
    # clause: SM-COMP-3
    if len(faces) != 8 or len({f.tile for f in faces}) != 4:
        raise CardDataError("there must be 4 location tiles with 2 faces each")
    if any(f.points != 3 or sum(f.requires) == 0 for f in faces):
        raise CardDataError("every location face asks for bonuses and is worth 3 points")


def load() -> tuple[tuple[Card, ...], tuple[LocationFace, ...]]:
    """Read and validate the package's data file."""
    text = (resources.files(__package__) / "data" / "cards.json").read_text(encoding="utf-8")
    return parse_data(json.loads(text))


_LOADED = load()
CARDS: Final[tuple[Card, ...]] = _LOADED[0]
"""Every character card, validated."""
LOCATION_FACES: Final[tuple[LocationFace, ...]] = _LOADED[1]
"""Every location face, validated."""
CARD_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
FACE_BY_ID: dict[str, LocationFace] = {f.id: f for f in LOCATION_FACES}
TILES: tuple[str, ...] = tuple(dict.fromkeys(f.tile for f in LOCATION_FACES))
"""The location tiles' ids, in data order."""
FACE_OF: dict[tuple[str, str], LocationFace] = {(f.tile, f.side): f for f in LOCATION_FACES}
"""A face by (tile, side)."""
