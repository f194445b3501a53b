"""Scripted classic rounds on stacked decks: each card, protections, round ends, ties."""

from __future__ import annotations

import pytest

from parlour.engine import IllegalActionError
from tests.games.loveletter.helpers import find, kinds, play_all, start, texts

# A 2-player printed-rules round that runs the pile dry without a knock-out: set aside
# princess; face up king, prince, prince; hands guard / guard; then the pile, top first.
DRY_PILE = ["priest", "priest", "guard", "guard", "guard", "handmaid", "handmaid", "baron", "baron"]
DRY_MOVES = [
    "priest>p1",
    "priest>p0",
    "guard>p1=3",
    "guard>p0=3",
    "guard>p1=4",
    "handmaid",
    "handmaid",
    "baron",  # p0 is protected: the Baron is played with no effect (LL-TURN-4)
    "baron>p1",  # guard against guard: a tie, nothing happens
]


def test_guard_names_a_value_and_knocks_out_LL_CARD_GUARD_LL_END_1_LL_GAME_1() -> None:
    """LL-CARD-GUARD: a right guess knocks out; LL-END-1: the last one standing wins a token."""
    st = start(2, ["princess", "guard", "priest", "baron"])
    guesses = sorted({a.split("=")[1] for a in texts(st) if a.startswith("guard>p1")})
    assert guesses == ["2", "3", "4", "5", "6", "7", "8"]  # classic: 2-8, never 1
    events = st.apply("guard>p1=2")
    assert kinds(events)[:3] == ["played_guess", "knocked_out", "round_won"]
    out = find(events, "knocked_out")
    assert out.audience is None and out.data == {"seat": 1, "card": "priest", "by": "guard"}
    assert st.tokens == [1, 0]
    assert find(events, "token").data == {"seat": 0, "reason": "round", "tokens": 1}
    # LL-GAME-2: the winner starts the next round.
    assert st.round == 2 and st.first == 0 and st.to_act == 0


def test_guard_miss_keeps_everyone_in_LL_CARD_GUARD() -> None:
    """LL-CARD-GUARD: a wrong guess does nothing but say so."""
    st = start(2, ["princess", "guard", "priest", "baron"])
    events = st.apply("guard>p1=3")
    assert find(events, "guard_miss").data == {"seat": 0, "target": 1, "guess": 3}
    assert st.view(None)["in_round"] == [True, True]
    assert st.to_act == 1


def test_priest_look_is_private_LL_CARD_PRIEST_LL_TURN_6() -> None:
    """LL-CARD-PRIEST: only the Priest's player sees the hand, until it changes."""
    st = start(2, ["princess", "priest", "king", "guard"])
    events = st.apply("priest>p1")
    saw = find(events, "saw")
    assert saw.audience == frozenset({0}) and saw.data["card"] == "king"
    assert st.view(0)["known"] == {"1": "king"}
    assert st.view(1)["known"] == {} and st.view(None)["known"] == {}
    assert "king" not in str(st.view(None))
    st.apply("guard>p0=2")  # p1 played the card it drew: it still holds the King
    assert st.view(0)["known"] == {"1": "king"}


def test_baron_lower_value_is_knocked_out_LL_CARD_BARON() -> None:
    """LL-CARD-BARON: secret comparison for the two; the loser's card becomes public."""
    st = start(3, ["princess", "baron", "guard", "handmaid", "priest"])
    events = st.apply("baron>p1")
    compared = find(events, "compared")
    assert compared.audience == frozenset({0, 1})
    assert compared.data["card"] == "priest" and compared.data["other_card"] == "guard"
    out = find(events, "knocked_out")
    assert out.audience is None and out.data["seat"] == 1 and out.data["card"] == "guard"
    assert st.view(2)["discards"][1] == ["guard"]
    assert st.to_act == 2  # LL-TURN-5: a knocked-out player takes no more turns


def test_baron_tie_reveals_nothing_to_others_LL_CARD_BARON() -> None:
    """LL-CARD-BARON: equal values, nothing happens; the two now know each other's hand."""
    st = start(3, ["princess", "baron", "priest", "guard", "priest"])
    events = st.apply("baron>p1")
    assert "knocked_out" not in kinds(events)
    assert find(events, "compare_tie").audience is None
    assert st.view(0)["known"] == {"1": "priest"} and st.view(1)["known"] == {"0": "priest"}
    assert st.view(2)["known"] == {}


def test_handmaid_blocks_and_prince_must_choose_self_LL_CARD_HANDMAID_LL_TURN_4() -> None:
    """LL-CARD-HANDMAID, LL-TURN-4: all others protected: no effect, but the Prince self-targets."""
    st = start(2, ["princess", "handmaid", "guard", "baron", "prince"])
    events = st.apply("handmaid")
    assert find(events, "protected").data == {"seat": 0}
    assert st.view(1)["protected"] == [True, False]
    assert texts(st) == ["guard", "prince>p1"]
    events = st.apply("guard")
    assert kinds(events)[:2] == ["played", "no_effect"]
    # LL-TURN-2: the protection ends when its owner's turn starts.
    assert st.view(0)["protected"] == [False, False]


def test_prince_on_princess_knocks_out_without_draw_LL_CARD_PRINCE_LL_CARD_PRINCESS() -> None:
    """LL-CARD-PRINCE, LL-CARD-PRINCESS, LL-TURN-3: a discarded Princess knocks out, no draw."""
    st = start(3, ["guard", "prince", "princess", "baron", "priest"])
    assert set(texts(st)) == {"prince>p0", "prince>p1", "prince>p2", "priest>p1", "priest>p2"}
    events = st.apply("prince>p1")
    assert kinds(events)[:3] == ["played_on", "discarded", "knocked_out"]
    assert st.view(None)["discards"][1] == ["princess"]
    assert not [e for e in events if e.kind == "drew" and e.data["seat"] == 1]
    assert st.hand[1] == -1


def test_prince_redraws_and_takes_the_set_aside_card_LL_CARD_PRINCE_LL_END_2() -> None:
    """LL-CARD-PRINCE: an empty pile gives the set-aside card; LL-END-2: then a showdown."""
    stack = ["countess", "king", "baron", "baron", "guard", "guard"]
    stack += ["priest", "priest", "guard", "guard", "guard", "handmaid", "handmaid"]
    stack += ["prince", "prince", "princess"]
    st = start(2, stack, ruleset="printed")
    assert st.view(0)["face_up"] == ["king", "baron", "baron"]  # LL-SETUP-2
    moves = ["priest>p1", "priest>p0", "guard>p1=2", "guard>p0=3", "guard>p1=3"]
    moves += ["handmaid", "handmaid", "guard", "guard>p1=8"]
    events = play_all(st, moves)
    assert find(events, "no_effect").data == {"seat": 1, "card": "guard"}
    assert st.view(0)["pile"] == 0 and st.view(1)["hand"] == ["prince", "princess"]
    events = st.apply("prince>p0")
    assert kinds(events)[:4] == ["played_on", "discarded", "took_aside", "drew"]
    reveals = [e.data for e in events if e.kind == "reveal"]
    assert reveals == [
        {"seat": 0, "card": "countess", "value": 7},
        {"seat": 1, "card": "princess", "value": 8},
    ]
    assert find(events, "round_won").data == {"winner": [1]}
    assert st.tokens == [0, 1]


def test_king_trades_hands_privately_LL_CARD_KING() -> None:
    """LL-CARD-KING: hands are traded; each learns only what they received."""
    st = start(2, ["princess", "king", "priest", "guard"])
    events = st.apply("king>p1")
    got = {e.data["seat"]: (e.audience, e.data["card"]) for e in events if e.kind == "received"}
    assert got == {0: (frozenset({0}), "priest"), 1: (frozenset({1}), "guard")}
    assert st.view(0)["known"] == {"1": "guard"}
    assert st.view(1)["hand"] == ["guard", "guard"]  # the dealt King went to p0


def test_countess_is_forced_with_king_or_prince_LL_CARD_COUNTESS() -> None:
    """LL-CARD-COUNTESS: with the King or a Prince she must be played; else she is free."""
    assert texts(start(2, ["princess", "countess", "guard", "king"])) == ["countess"]
    assert texts(start(2, ["princess", "prince", "guard", "countess"])) == ["countess"]
    free = texts(start(2, ["princess", "countess", "guard", "handmaid"]))
    assert free == ["handmaid", "countess"]


def test_princess_may_be_played_and_knocks_out_LL_CARD_PRINCESS_LL_RULING_1() -> None:
    """LL-CARD-PRINCESS, LL-RULING-1: playing her is legal, and loses the round."""
    st = start(2, ["guard", "princess", "priest", "handmaid"])
    assert "princess" in texts(st)
    events = st.apply("princess")
    out = find(events, "knocked_out")
    assert out.data == {"seat": 0, "card": "handmaid", "by": "princess"}
    assert st.tokens == [0, 1]


def test_turns_go_clockwise_among_players_in_the_round_LL_TURN_1_LL_TURN_2() -> None:
    """LL-TURN-1/2: seat order from the first player, skipping knocked-out players."""
    st = start(4, ["princess", "guard", "priest", "handmaid", "baron", "guard"], first=2)
    # Dealt from seat 2: p2 guard, p3 priest, p0 handmaid, p1 baron; p2 draws a guard.
    assert st.to_act == 2 and st.view(2)["hand"] == ["guard", "guard"]
    st.apply("guard>p3=2")
    assert st.to_act == 0 and st.view(0)["hand_sizes"] == [2, 1, 1, 0]
    st.apply("handmaid")
    assert st.to_act == 1


def test_dealing_and_setting_aside_LL_SETUP_1_LL_SETUP_3() -> None:
    """LL-SETUP-1/3: one card set aside unseen, one card each from the first player."""
    st = start(3, ["princess", "guard", "priest", "baron", "king"], first=1)
    view = st.view(0)
    assert view["set_aside"] is True and "princess" not in str(view)
    assert view["hand"] == ["baron"]
    assert st.view(1)["hand"] == ["guard", "king"] and st.view(2)["hand"] == ["priest"]
    assert view["pile"] == 16 - 1 - 3 - 1
    assert view["discards"] == [[], [], []] and view["protected"] == [False] * 3


def test_two_player_seed_rules_set_aside_one_card_LL_SETUP_2() -> None:
    """LL-SETUP-2: with the seed rules, two players see no face-up cards."""
    st = start(2, ["princess", "guard", "priest"])
    assert st.view(0)["face_up"] == [] and st.view(0)["pile"] == 16 - 1 - 2 - 1


def dry(last: str, tie_rule: str) -> tuple[list[int], list[str]]:
    """Play the dry round whose last turn plays ``last``; the winners and the events."""
    stack = ["princess", "king", "prince", "prince", "guard", "guard", *DRY_PILE, last]
    st = start(2, stack, ruleset="printed", tie_rule=tie_rule)
    events = play_all(st, [*DRY_MOVES, last])
    won = [e.data["winner"] for e in events if e.kind == "round_won"]
    return (won[0] if won else []), kinds(events)


@pytest.mark.parametrize(
    ("tie_rule", "winners"),
    [("discard-then-nobody", [1]), ("discard-then-all", [1]), ("all", [0, 1])],
)
def test_tie_on_value_uses_the_tie_rule_LL_END_3(tie_rule: str, winners: list[int]) -> None:
    """LL-END-3: both hold a Guard; discard totals 11 against 17, or no tie-break at all."""
    got, events = dry("countess", tie_rule)
    assert got == winners
    assert ("tie_break" in events) == (tie_rule != "all")


def test_bad_actions_leave_the_state_untouched() -> None:
    """An illegal move raises and changes nothing."""
    st = start(2, ["princess", "guard", "priest", "baron"])
    before = st.to_json()
    for bad in ["guard>p1=1", "guard>p0=2", "king>p1", "keep", 10_000, None]:
        with pytest.raises(IllegalActionError):
            st.apply(bad)
    assert st.to_json() == before


def test_an_equal_action_from_another_edition_is_read_by_card_id() -> None:
    """A Play object built for the 2019 table still plays the right classic card."""
    other = start(2, ["princess", "guard", "priest", "guard"], "2019").legal_actions()[0]
    st = start(2, ["princess", "guard", "priest", "baron"])
    assert str(other) == "guard>p1=0" and other not in st.legal_actions()
    same = next(a for a in start(2, BASE_2019, "2019").legal_actions() if str(a) == "guard>p1=2")
    events = st.apply(same)
    assert find(events, "knocked_out").data["card"] == "priest"


BASE_2019 = ["princess", "guard", "priest", "guard"]
