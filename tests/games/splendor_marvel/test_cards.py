"""The components as data (SM-COMP-*): counts, totals, ids, validation at load."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from parlour.games.splendor_marvel import GAME
from parlour.games.splendor_marvel.cards import (
    AVENGERS_POINTS,
    CARDS,
    COLOURS,
    LOCATION_FACES,
    CardDataError,
    parse_data,
)


def _raw() -> dict[str, Any]:
    text = (resources.files("parlour.games.splendor_marvel") / "data" / "cards.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def test_sm_comp_1_tokens_seven_per_stone_four_green_five_grey() -> None:
    """SM-COMP-1: with four players every token is in play: 7 per stone, 4 green, 5 grey."""
    census = GAME.new(4, {}, 3).census()
    assert [census[f"token:{c}"] for c in COLOURS] == [7] * 5
    assert census["token:green"] == 4 and census["token:grey"] == 5


def test_sm_comp_2_the_data_totals_stated_in_the_rules() -> None:
    """SM-COMP-2: 40/30/20 cards, 8/6/4 per colour and tier, 35 tags, 140 points."""
    assert Counter(c.tier for c in CARDS) == {1: 40, 2: 30, 3: 20}
    per = Counter((c.tier, c.bonus) for c in CARDS)
    assert all(per[t, b] == {1: 8, 2: 6, 3: 4}[t] for t in (1, 2, 3) for b in range(5))
    assert sum(c.avengers for c in CARDS) == 35
    assert sum(c.points for c in CARDS) == 140
    assert all(c.time_stone == (c.tier == 3) for c in CARDS)
    # The point spread of the reference data, tier by tier.
    assert Counter(c.points for c in CARDS if c.tier == 1) == {0: 35, 1: 5}
    assert Counter(c.points for c in CARDS if c.tier == 2) == {1: 10, 2: 15, 3: 5}
    assert Counter(c.points for c in CARDS if c.tier == 3) == {3: 5, 4: 10, 5: 5}


def test_sm_comp_2_stable_ids_and_named_fields() -> None:
    """SM-COMP-2: the project's own data file: stable string ids and named cost colours."""
    raw = _raw()
    first = raw["cards"][0]
    assert first["id"] == "t1-baron-zemo" and first["cost"] == {"red": 3}
    assert set(first) == {
        "id", "tier", "name", "bonus", "points", "avengers", "time_stone", "cost", "verified",
        "source",
    }  # fmt: skip
    gamora = next(c for c in CARDS if c.id == "t3-gamora")
    assert gamora.cost == (0, 0, 3, 7, 0) and gamora.points == 5


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["cards"][1].update(id="t1-baron-zemo"), "unique"),
        (lambda d: d["cards"].pop(), "tier 3"),
        (lambda d: d["cards"][0].update(bonus="green"), "unknown bonus"),
        (lambda d: d["cards"][0].update(cost={"grey": 1}), "unknown colours"),
        (lambda d: d["cards"][0].update(time_stone=True), "Time Stone"),
        (lambda d: d["cards"][0].update(points=1), "140"),
        (lambda d: d["cards"][0].update(avengers=1), "35"),
        (lambda d: d["locations"].pop(), "4 location tiles"),
        (lambda d: d["cards"][0].pop("verified"), "verified"),
        (lambda d: d["cards"][0].update(source=[]), "source"),
        (lambda d: d["cards"][0].update(source=["wiki"]), "unknown source"),
        (lambda d: d["cards"][0].update(verified=False), "doubt"),
        (lambda d: d["cards"][8].update(verified=True), "doubt"),
    ],
)
def test_sm_comp_2_validation_refuses_broken_data(edit: Any, message: str) -> None:
    """SM-COMP-2 and SM-COMP-3: a data file breaking a stated count fails at load."""
    data = copy.deepcopy(_raw())
    edit(data)
    with pytest.raises(CardDataError, match=message):
        parse_data(data)


def test_sm_comp_3_four_double_sided_locations_worth_three() -> None:
    """SM-COMP-3: 4 tiles, 8 faces, each asking for bonuses and worth 3 points."""
    assert len(LOCATION_FACES) == 8 and len({f.tile for f in LOCATION_FACES}) == 4
    assert all(f.points == 3 and sum(f.requires) > 0 for f in LOCATION_FACES)
    pairs = {f.tile: [] for f in LOCATION_FACES}  # type: dict[str, list[str]]
    for f in LOCATION_FACES:
        pairs[f.tile].append(f.id)
    assert sorted(pairs.values()) == sorted(
        [
            ["asgard", "wakanda"],
            ["hells-kitchen-nyc", "triskelion"],
            ["knowhere", "atlantis"],
            ["attilan", "avengers-tower-nyc"],
        ]
    )


def test_sm_comp_4_avengers_assemble_is_worth_three_points() -> None:
    """SM-COMP-4: the Avengers Assemble card (3 points); the Gauntlet is the end condition."""
    st = GAME.new(2, {}, 5)
    st.avengers = 1
    assert AVENGERS_POINTS == 3 and st.points(1) == 3 and st.points(0) == 0


UNVERIFIED = {
    "t1-bullseye",
    "t1-kingpin",
    "t1-spider-ham",
    "t1-america-chavez",
    "t1-winter-soldier",
    "t3-gamora",
    "t3-nova",
    "t3-doctor-strange",
}
"""The cards whose printed values no source confirms (the reference data's suspects)."""


def test_sm_comp_2_cards_no_source_confirms_are_flagged_with_their_doubt() -> None:
    """SM-COMP-2: the suspect cards say why; the others name the two lists that agree."""
    assert {c.id for c in CARDS if not c.verified} == UNVERIFIED
    assert all(c.doubt for c in CARDS if not c.verified)
    assert all(c.source == ("splendorm", "jeu-java") for c in CARDS if c.verified)
    assert set(_raw()["sources"]) == {"splendorm", "jeu-java"}
    # The values are the sources' own, doubts and all (no change without a source).
    by_id = {c.id: c for c in CARDS}
    assert by_id["t1-bullseye"].cost == by_id["t1-prowler"].cost == (0, 1, 1, 2, 1)
    assert by_id["t1-kingpin"].cost == by_id["t1-spider-ham"].cost == (1, 0, 0, 0, 2)
    assert by_id["t3-nova"].cost == (0, 0, 3, 3, 6)
    assert by_id["t3-doctor-strange"].cost == (0, 0, 0, 0, 7)


def test_the_data_guide_lists_exactly_the_unverified_cards() -> None:
    """docs/splendor-marvel-data.md flags the same cards as the data file."""
    guide = Path(__file__).resolve().parents[3] / "docs" / "splendor-marvel-data.md"
    rows = [
        line for line in guide.read_text(encoding="utf-8").splitlines() if line.startswith("| `")
    ]
    assert {row.split("`")[1] for row in rows} == UNVERIFIED
