"""Setup (SM-SETUP-*): decks and display, locations, supply, players, options, stacks."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine import OptionError
from parlour.games.splendor_marvel import GAME
from parlour.games.splendor_marvel.cards import CARD_BY_ID, COLOURS, LOCATION_FACES
from tests.games.splendor_marvel.helpers import TIER1, new


def test_sm_setup_1_four_face_up_cards_per_tier() -> None:
    """SM-SETUP-1: each tier is shuffled into its deck and four cards are revealed."""
    st = GAME.new(3, {}, 11)
    assert [len(row) for row in st.display] == [4, 4, 4]
    assert [len(d) for d in st.decks] == [36, 26, 16]
    for t, row in enumerate(st.display):
        assert all(CARD_BY_ID[cid].tier == t + 1 for cid in st.view(None)["display"][t])
        assert all(c >= 0 for c in row)
    assert GAME.new(3, {}, 12).display != st.display


def test_sm_setup_1_stacked_display_and_deck_order() -> None:
    """SM-SETUP-1: a stacked tier lists the display (slots 1-4) then the deck's top."""
    st = new()
    assert st.view(None)["display"][0] == TIER1[:4]
    assert st.decks[0][-1] == CARD_BY_ID[TIER1[4]].index
    assert st.to_json()["decks"][0][0] == TIER1[4]


def test_sm_setup_2_one_location_per_player_random_faces() -> None:
    """SM-SETUP-2: as many tiles as players, each showing a random face."""
    seen = set()
    for seed in range(30):
        st = GAME.new(3, {}, seed)
        faces = [LOCATION_FACES[f] for f in st.locations]
        assert len(faces) == 3 and len({f.tile for f in faces}) == 3
        seen |= {f.id for f in faces}
    assert len(seen) == 8
    st = new(locations=[["2", "B"], ["3", "A"]])
    assert st.view(0)["locations"] == ["triskelion", "knowhere"]


@pytest.mark.parametrize(("players", "stones", "green"), [(2, 4, 2), (3, 5, 3), (4, 7, 4)])
def test_sm_setup_3_supply_by_player_count(players: int, stones: int, green: int) -> None:
    """SM-SETUP-3: stones per colour and green tokens by player count; 5 grey always."""
    supply = GAME.new(players, {}, 1).view(None)["supply"]
    assert [supply[c] for c in COLOURS] == [stones] * 5
    assert supply["green"] == green and supply["grey"] == 5


def test_sm_setup_4_two_to_four_players_first_player_random_or_given() -> None:
    """SM-SETUP-4: 2-4 players; the first player is random (by seed) or the option's seat."""
    for bad in (1, 5):
        with pytest.raises(OptionError):
            GAME.new(bad, {}, 1)
    firsts = {GAME.new(4, {}, seed).to_act for seed in range(20)}
    assert firsts == {0, 1, 2, 3}
    st = GAME.new(3, {"first_player": 2}, 7)
    assert st.to_act == 2 and st.view(None)["first"] == 2
    with pytest.raises(OptionError) as err:
        GAME.new(2, {"first_player": 3}, 1)
    assert err.value.key == "splendor-marvel.error.first_player"


@pytest.mark.parametrize(
    ("stack", "key"),
    [
        ([1, 2], "stack_shape"),
        ({"decks": {}}, "stack_shape"),
        ({"tiers": {"4": []}}, "stack_shape"),
        ({"tiers": {"1": ["t2-shuri"]}}, "stack_card"),
        ({"tiers": {"1": ["no-such-card"]}}, "stack_card"),
        ({"tiers": {"1": ["t1-rocket", "t1-rocket"]}}, "stack_duplicate"),
        ({"locations": [["1", "A"]]}, "stack_locations"),
        ({"locations": [["1", "A"], ["1", "B"]]}, "stack_locations"),
        ({"locations": [["9", "A"], ["1", "B"]]}, "stack_locations"),
        ({"locations": [["1", "C"], ["2", "B"]]}, "stack_locations"),
    ],
)
def test_stacked_openings_are_validated(stack: Any, key: str) -> None:
    """A malformed stacked opening raises a clear, translated error."""
    with pytest.raises(OptionError) as err:
        GAME.new(2, {}, 1, stack)
    assert err.value.key == f"splendor-marvel.error.{key}"


def test_options_and_their_defaults() -> None:
    """``first_player`` defaults to random, ``max_rounds`` to 100; bad values are refused."""
    st = GAME.new(2, {}, 1)
    assert st.options == {"first_player": None, "max_rounds": 100}
    with pytest.raises(OptionError):
        GAME.new(2, {"max_rounds": 0}, 1)
    with pytest.raises(OptionError):
        GAME.new(2, {"rounds": 3}, 1)
