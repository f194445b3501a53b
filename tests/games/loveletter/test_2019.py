"""Scripted 2019-edition rounds: Spy, Chancellor, the re-valued royals, the 'all' tie rule."""

from __future__ import annotations

from tests.games.loveletter.helpers import arrange, find, kinds, play_all, start, texts

BASE = ["guard", "guard", "priest", "baron"]


def test_guard_names_zero_and_two_to_nine_LL_CARD_GUARD_2019() -> None:
    """LL-CARD-GUARD-2019: any value but 1, so 0 names the Spy."""
    st = start(2, ["princess", "guard", "spy", "guard"], "2019")
    guesses = sorted({int(a.split("=")[1]) for a in texts(st) if a.startswith("guard>p1")})
    assert guesses == [0, 2, 3, 4, 5, 6, 7, 8, 9]
    events = st.apply("guard>p1=0")
    assert find(events, "knocked_out").data["card"] == "spy"


def test_royal_values_LL_CARD_KING_2019_LL_CARD_COUNTESS_2019_LL_CARD_PRINCESS_2019() -> None:
    """LL-CARD-KING-2019 (7), LL-CARD-COUNTESS-2019 (8, forced), LL-CARD-PRINCESS-2019 (9)."""
    assert texts(start(2, ["guard", "countess", "guard", "king"], "2019")) == ["countess"]
    st = start(2, ["guard", "king", "priest", "guard"], "2019")
    st.apply("king>p1")
    assert st.view(1)["hand"] == ["guard", "spy"]  # p0's Guard, then p1's draw
    assert st.ed.values[st.ed.ids.index("king")] == 7
    st = start(2, BASE, "2019")
    arrange(st, hands={0: "princess", 1: "countess"}, drawn="handmaid", pile=[], spare=1)
    events = st.apply("handmaid")
    values = {e.data["seat"]: e.data["value"] for e in events if e.kind == "reveal"}
    assert values == {0: 9, 1: 8}
    assert find(events, "round_won").data == {"winner": [0]}


def test_spy_bonus_for_the_only_spy_player_LL_CARD_SPY() -> None:
    """LL-CARD-SPY: the sole survivor who played a Spy gains a second token."""
    st = start(2, ["princess", "spy", "priest", "guard"], "2019")
    events = play_all(st, ["spy", "priest>p0", "guard>p1=0"])  # p1 drew the other Spy
    assert find(events, "knocked_out").data["card"] == "spy"
    tokens = [(e.data["seat"], e.data["reason"]) for e in events if e.kind == "token"]
    assert tokens == [(0, "round"), (0, "spy")]
    assert st.tokens == [2, 0]


def test_spy_played_by_two_survivors_gives_nothing_LL_CARD_SPY() -> None:
    """LL-CARD-SPY: two survivors with Spies: no bonus."""
    st = start(2, BASE, "2019")
    arrange(
        st,
        hands={0: "guard", 1: "priest"},
        drawn="handmaid",
        pile=[],
        discards={0: ["spy"], 1: ["spy"]},
        spare=1,
    )
    events = st.apply("handmaid")
    assert [e.data["reason"] for e in events if e.kind == "token"] == ["round"]


def test_chancellor_keeps_one_and_returns_two_in_order_LL_CARD_CHANCELLOR() -> None:
    """LL-CARD-CHANCELLOR: draw two, keep one of three, the others under the pile in order."""
    st = start(2, ["princess", "chancellor", "guard", "priest", "baron", "king", "guard"], "2019")
    events = st.apply("chancellor")
    assert find(events, "chancellor_cards").audience == frozenset({0})
    assert find(events, "chancellor_cards").data["cards"] == ["baron", "king"]
    assert st.prompt() == "chancellor" and st.view(0)["hand"] == ["priest", "baron", "king"]
    assert st.view(1)["hand_sizes"] == [3, 1]
    assert "keep=king;bottom=baron,priest" in texts(st)
    st.apply("keep=king;bottom=baron,priest")
    assert st.view(0)["hand"] == ["king"]
    assert [st.ed.ids[k] for k in st.pile[:2]] == ["priest", "baron"]  # priest is the very bottom
    assert st.to_act == 1


def test_chancellor_keeps_the_round_going_LL_CARD_CHANCELLOR_LL_END_2() -> None:
    """LL-CARD-CHANCELLOR, LL-END-2: with one card in the pile, one goes back: no round end."""
    st = start(2, BASE, "2019")
    arrange(st, hands={0: "priest", 1: "guard"}, drawn="chancellor", pile=["king"], spare=1)
    st.apply("chancellor")
    assert texts(st) == ["keep=king;bottom=priest", "keep=priest;bottom=king"]
    st.apply("keep=priest;bottom=king")
    assert st.round == 1 and st.to_act == 1 and st.view(1)["hand"] == ["guard", "king"]
    empty = start(2, BASE, "2019")
    arrange(empty, hands={0: "priest", 1: "guard"}, drawn="chancellor", pile=[], spare=1)
    events = empty.apply("chancellor")
    assert "no_effect" in kinds(events) and "reveal" in kinds(events)


def test_tie_rule_all_lets_every_tied_player_win_LL_END_3_LL_GAME_2() -> None:
    """LL-END-3 ('all'), LL-GAME-2: several winners; one of them starts the next round."""
    st = start(3, BASE, "2019", ruleset="printed")
    assert st.tie_rule == "all"
    hands = {0: "guard", 1: "guard", 2: "guard"}
    spies = {0: ["spy"], 1: ["spy"]}  # two Spy players: no Spy bonus to blur the figures
    arrange(st, hands=hands, drawn="handmaid", pile=[], discards=spies, spare=2)
    events = st.apply("handmaid")
    assert find(events, "round_won").data == {"winner": [0, 1, 2]}
    assert st.tokens == [1, 1, 1] and st.first in (0, 1, 2) and st.round == 2
