"""End of a turn, in order (SM-END-*): Time Stone, token limit, Avengers, locations, Gauntlet."""

from __future__ import annotations

import pytest

from parlour.engine import IllegalActionError
from parlour.games.splendor_marvel import SplendorMarvelState
from parlour.games.splendor_marvel.cards import FACE_BY_ID, GREEN, TOKEN_KINDS
from tests.games.splendor_marvel.helpers import (
    give_cards,
    give_tokens,
    kinds,
    legal_texts,
    new,
    play,
)

PURPLE_T1 = ["t1-abomination", "t1-gorgon", "t1-kraven", "t1-lizard", "t1-rhino"]
YELLOW_T1 = ["t1-grandmaster", "t1-modok", "t1-prowler", "t1-spider-woman", "t1-squirrel-girl"]


def test_sm_end_time_first_time_stone_card_gives_one_green() -> None:
    """SM-END-TIME: the first tier-3 card recruited brings a green token; a second does not."""
    st = new()
    give_cards(st, 0, *YELLOW_T1)
    give_tokens(st, 0, yellow=2)
    events = play(st, "recruit:t3-2")  # Black Bolt: yellow 7
    assert "time_stone" in kinds(events)
    assert st.tokens[0][GREEN] == 1 and st.supply[GREEN] == 1
    play(st, "take:yellow,blue,red")
    give_cards(st, 0, *PURPLE_T1)
    give_tokens(st, 0, purple=2)
    events = play(st, "recruit:t3-3")  # Doctor Strange: purple 7
    assert kinds(events)[0] == "recruited" and "time_stone" not in kinds(events)
    assert st.tokens[0][GREEN] == 1


def test_sm_end_time_only_the_first_time_stone_card_counts() -> None:
    """SM-END-TIME: if no green is left at the first Time Stone card, a later one gives none."""
    st = new()
    st.supply[GREEN] = 0
    give_cards(st, 0, *YELLOW_T1)
    give_tokens(st, 0, yellow=2)
    play(st, "recruit:t3-2", "take:yellow,blue,red")
    st.supply[GREEN] = 2
    give_cards(st, 0, *PURPLE_T1)
    give_tokens(st, 0, purple=2)
    events = play(st, "recruit:t3-3")
    assert "time_stone" not in kinds(events) and st.tokens[0][GREEN] == 0


def test_sm_end_limit_return_down_to_ten_green_counts_but_stays() -> None:
    """SM-END-LIMIT: over 10 tokens (green included) the player returns some; never green."""
    st = new()
    give_tokens(st, 0, green=1, yellow=3, blue=3, red=2)
    play(st, "take:orange,red,purple")  # 12 tokens
    assert st.prompt() == "return_tokens" and st.to_act == 0
    assert st.view(0)["to_return"] == 2
    assert legal_texts(st) == [
        "return:yellow", "return:blue", "return:orange", "return:red", "return:purple"
    ]  # fmt: skip
    with pytest.raises(IllegalActionError) as err:
        st.apply("take:yellow,blue,red")
    assert err.value.key == "splendor-marvel.error.must_return"
    events = play(st, "return:yellow")
    assert st.to_act == 0 and kinds(events) == ["returned"]
    play(st, "return:purple")
    assert st.to_act == 1 and sum(st.tokens[0]) == 10 and st.tokens[0][GREEN] == 1
    assert st.supply[TOKEN_KINDS.index("yellow")] == 2


def test_sm_end_avengers_first_to_three_then_strictly_more() -> None:
    """SM-END-AVENGERS: 3 tags take the card; a tie leaves it; strictly more takes it over."""
    tiers = {"1": ["t1-wasp", "t1-valkyrie", "t1-hawkeye", "t1-kate-bishop", "t1-vulture"]}
    st = new(tiers=tiers)
    give_cards(st, 0, "t1-spider-woman", "t1-squirrel-girl")
    give_tokens(st, 0, blue=1, orange=2)
    events = play(st, "recruit:t1-1")  # Wasp: the third tag (yellow paid by bonuses)
    assert kinds(events)[-1] == "avengers" and st.avengers == 0
    assert st.points(0) == 3
    give_cards(st, 1, "t2-quicksilver", "t2-war-machine", "t2-falcon")
    events = play(st, "take:yellow,blue,red")
    assert "avengers" not in kinds(events) and st.avengers == 0  # 3 against 3: a tie
    play(st, "take:orange,red,purple")
    give_tokens(st, 1, yellow=2, orange=1, purple=1)
    events = play(st, "recruit:t1-2")  # Valkyrie: a fourth tag
    assert events[-1].kind == "avengers_moved" and events[-1].data == {"seat": 1, "loser": 0}
    assert st.avengers == 1 and st.points(0) == 0


def _location_game() -> SplendorMarvelState:
    tiers = {"1": ["t1-electro", "t1-rocket", "t1-moon-knight", "t1-elektra", "t1-vulture"]}
    st = new(tiers=tiers, locations=[["1", "B"], ["4", "A"]])  # Wakanda, Attilan
    give_cards(st, 0, "t1-bullseye", "t1-lockjaw", "t1-spider-man-2099", "t1-taskmaster")
    give_cards(st, 0, "t1-crystal", "t1-mysterio", "t1-triton")
    give_cards(st, 0, "t1-abomination", "t1-gorgon", "t1-kraven", "t1-lizard")
    give_tokens(st, 0, orange=2)
    return st


def test_sm_end_location_choice_when_several_qualify() -> None:
    """SM-END-LOCATION: at most one a turn; with several, the player chooses (a prompt)."""
    st = _location_game()
    events = play(st, "recruit:t1-1")  # Electro: a fourth red bonus
    assert st.prompt() == "choose_location" and st.to_act == 0
    assert legal_texts(st) == ["location:wakanda", "location:attilan"]
    assert st.view(1)["location_choices"] == ["wakanda", "attilan"]
    events = play(st, "location:attilan")
    assert kinds(events) == ["location"] and st.to_act == 1
    assert st.owned_locations[0] == [FACE_BY_ID["attilan"].index]
    assert st.points(0) == st.card_points[0] + 3
    play(st, "take:yellow,blue,red")
    events = play(st, "take:yellow,blue,red")  # the other one now comes by itself
    assert kinds(events) == ["took", "location"] and events[1].data["location"] == "wakanda"
    assert st.points(0) == st.card_points[0] + 6 and st.locations == []


def test_sm_end_location_tokens_never_count() -> None:
    """SM-END-LOCATION: bonuses only; tokens do not help meet a requirement."""
    st = new(locations=[["1", "B"], ["4", "A"]])
    give_cards(st, 0, "t1-bullseye", "t1-lockjaw", "t1-spider-man-2099", "t1-taskmaster")
    give_tokens(st, 0, red=4)
    events = play(st, "take:yellow,blue,orange")
    assert "location" not in kinds(events) and st.owned_locations[0] == []


def test_sm_end_order_avengers_then_location_then_gauntlet() -> None:
    """SM-END-GAUNTLET: checked last, after Avengers Assemble and the location this turn."""
    tiers = {"1": ["t1-wasp", "t1-rocket", "t1-moon-knight", "t1-elektra", "t1-vulture"]}
    st = new(tiers=tiers, locations=[["4", "B"], ["1", "B"]])  # Avengers Tower: Y4 B4
    # 10 points, every colour, 2 tags, 4 yellow and 3 blue bonuses, a green token.
    give_cards(st, 0, "t3-green-goblin", "t3-gamora", "t1-spider-woman", "t1-squirrel-girl")
    give_cards(st, 0, "t1-grandmaster", "t1-bullseye", "t1-lockjaw", "t1-kingpin")
    give_cards(st, 0, "t1-crystal", "t1-abomination")
    give_tokens(st, 0, orange=2, green=1)
    assert st.points(0) == 10 and not st.meets_gauntlet(0)
    events = play(st, "recruit:t1-1")  # Wasp (blue, 1 tag): Avengers + Avengers Tower
    assert kinds(events) == ["recruited", "refilled", "avengers", "location", "gauntlet"]
    assert st.points(0) == 16 and st.final
