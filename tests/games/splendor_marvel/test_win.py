"""The end of the game (SM-WIN-*) and Parlour's safety end (``max_rounds``)."""

from __future__ import annotations

from parlour.games.splendor_marvel import SplendorMarvelState
from tests.games.splendor_marvel.helpers import give_cards, give_tokens, kinds, new, play

# Two hands of 16 points covering every colour, five cards each.
KIT_A = ["t3-green-goblin", "t3-gamora", "t2-groot", "t2-ghost-rider", "t2-carnage"]
KIT_B = ["t3-vision", "t3-iron-fist", "t3-black-panther", "t3-nova", "t1-abomination"]


def _ready(st: SplendorMarvelState, seat: int, cards: list[str]) -> None:
    give_cards(st, seat, *cards)
    give_tokens(st, seat, green=1)


def test_sm_win_1_the_gauntlet_condition_needs_all_three_parts() -> None:
    """SM-WIN-1: 16 points, a bonus of each colour and a green token."""
    st = new()
    give_cards(st, 0, *KIT_A)
    assert st.points(0) == 16 and not st.meets_gauntlet(0)  # no green yet
    give_tokens(st, 0, green=1)
    assert st.meets_gauntlet(0)
    st.card_points[0] -= 1
    assert not st.meets_gauntlet(0)  # 15 points
    st.card_points[0] += 1
    st.bonus[0][4] = 0
    assert not st.meets_gauntlet(0)  # no purple bonus


def test_sm_win_2_the_round_is_finished_then_the_game_ends() -> None:
    """SM-WIN-2 and SM-END-GAUNTLET: met at the end of a turn, the round is played out."""
    st = new()
    give_cards(st, 0, *KIT_A[:4], "t1-abomination")  # 14 points
    give_tokens(st, 0, green=1, yellow=4)
    events = play(st, "recruit:t2-4")  # Ronan: 2 points
    assert kinds(events)[-1] == "gauntlet" and st.view(1)["final_round"]
    assert st.to_act == 1 and st.result is None
    events = play(st, "take:yellow,blue,red")
    assert st.to_act is None and kinds(events)[-1] == "game_over"
    result = st.result
    assert result is not None and result.winners == (0,) and result.reason == "gauntlet"
    assert result.details["decided_by"] == "points" and result.details["points"] == [16, 0]
    assert result.details["turns"] == 2 and result.details["qualified"] == [0]


def test_sm_win_2_last_player_of_the_round_ends_the_game_at_once() -> None:
    """SM-WIN-2: the player seated before the first player meets it: the game ends at once."""
    st = new(first=1)
    _ready(st, 0, KIT_A)
    play(st, "take:yellow,blue,red")
    assert st.to_act == 0
    events = play(st, "take:yellow,blue,red")
    assert kinds(events)[-2:] == ["gauntlet", "game_over"]
    assert st.result is not None and st.result.winners == (0,)


def test_sm_win_3_most_points_wins() -> None:
    """SM-WIN-3: among those meeting the condition, the most points wins."""
    st = new()
    _ready(st, 0, KIT_A)
    _ready(st, 1, [*KIT_B, "t2-hela"])  # 19 points
    play(st, "take:yellow,blue,red", "take:yellow,blue,red")
    result = st.result
    assert result is not None and result.winners == (1,)
    assert result.details["decided_by"] == "points" and result.details["qualified"] == [0, 1]


def test_sm_win_3_tie_goes_to_avengers_assemble() -> None:
    """SM-WIN-3: tied on points, the holder of Avengers Assemble wins."""
    st = new()
    _ready(st, 0, KIT_A)
    # 13 card points and 3 tags (Vision, Black Panther, Spider-Woman) + Avengers: 16, 6 cards.
    _ready(st, 1, ["t3-vision", "t3-iron-fist", "t3-black-panther", "t1-sandman"])
    give_cards(st, 1, "t1-abomination", "t1-spider-woman")
    st.avengers = 1
    assert st.points(1) == 16 and st.tags[1] == 3
    play(st, "take:yellow,blue,red", "take:yellow,blue,red")
    result = st.result
    assert result is not None and result.winners == (1,)
    assert result.details["decided_by"] == "avengers"


def test_sm_win_3_then_fewest_cards_then_shared() -> None:
    """SM-WIN-3: still tied, the fewest recruited cards wins; still tied, the win is shared."""
    st = new()
    _ready(st, 0, KIT_A)
    _ready(st, 1, [*KIT_B, "t1-crystal"])  # 16 points with 6 cards
    play(st, "take:yellow,blue,red", "take:yellow,blue,red")
    assert st.result is not None and st.result.winners == (0,)
    assert st.result.details["decided_by"] == "fewest_cards"
    st = new()
    _ready(st, 0, KIT_A)
    _ready(st, 1, KIT_B)
    play(st, "take:yellow,blue,red", "take:yellow,blue,red")
    assert st.result is not None and st.result.winners == (0, 1)
    assert st.result.scores == (0.5, 0.5) and st.result.details["decided_by"] == "shared"


def test_sm_win_4_losing_avengers_before_the_round_ends_drops_out() -> None:
    """SM-WIN-4: a player who falls below 16 no longer counts; nobody left: play goes on."""
    st = new()
    _ready(st, 0, ["t3-vision", "t3-iron-fist", "t3-black-panther", "t1-sandman"])
    give_cards(st, 0, "t1-abomination", "t1-spider-woman")
    st.avengers = 0
    give_cards(st, 1, "t2-quicksilver", "t2-war-machine", "t2-falcon")  # 3 tags
    events = play(st, "take:yellow,blue,red")
    assert kinds(events)[-1] == "gauntlet"
    give_tokens(st, 1, orange=2, purple=2)
    events = play(st, "recruit:t2-1")  # Maria Hill: a fourth tag takes Avengers Assemble
    assert "avengers_moved" in kinds(events) and kinds(events)[-1] == "gauntlet_lost"
    assert st.result is None and st.to_act == 0 and not st.final
    assert st.points(0) == 13


def test_sm_win_5_reserved_cards_score_nothing() -> None:
    """SM-WIN-5: reserved cards count neither points nor bonuses."""
    st = new()
    play(st, "reserve:t3-3")  # Doctor Strange, 4 points
    assert st.points(0) == 0 and sum(st.bonus[0]) == 0
    assert st.view(1)["seats"][0]["points"] == 0


def test_round_limit_safety_end_most_points_wins() -> None:
    """Parlour's ruling: after ``max_rounds`` rounds without a Gauntlet win, most points wins."""
    st = new(max_rounds=2)
    give_cards(st, 1, "t1-vulture")  # 1 point
    events = play(st, *["take:yellow,blue,red", "take:orange,red,purple"] * 2)
    assert st.to_act is None and kinds(events)[-1] == "game_over"
    result = st.result
    assert result is not None and result.reason == "round_limit" and result.winners == (1,)
    assert result.details["rounds"] == 2 and result.details["decided_by"] == "points"
    assert result.details["points"] == [0, 1]


def test_sm_win_2_three_players_the_round_runs_to_the_seat_before_the_first() -> None:
    """SM-WIN-2: with three players, seat 1 meeting it lets seat 2 play before the end."""
    st = new(3, first=0)
    _ready(st, 1, KIT_A)
    play(st, "take:yellow,blue,red")
    events = play(st, "take:yellow,blue,red")
    assert kinds(events)[-1] == "gauntlet" and st.to_act == 2 and st.result is None
    _ready(st, 2, KIT_B)
    give_cards(st, 2, "t2-hela")  # 19 points: the later player can still overtake
    events = play(st, "take:orange,red,purple")
    assert kinds(events)[-2:] == ["gauntlet", "game_over"]
    assert st.result is not None and st.result.winners == (2,)
    assert st.result.details["qualified"] == [1, 2] and st.result.details["turns"] == 3
