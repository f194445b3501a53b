"""Scripted premium rounds (5-8 players, 32 cards): the premium cards and their rulings."""

from __future__ import annotations

from tests.games.loveletter.helpers import arrange, find, kinds, play_all, start, texts

# Five players; the first 6 cards are set aside + hands p0..p4, then p0's draw.
BASE = ["guard", "guard", "priest", "baron", "handmaid", "prince"]


def test_guard_may_name_zero_and_nine_LL_CARD_GUARD() -> None:
    """LL-CARD-GUARD: in the premium deck any value but 1 may be named."""
    st = start(
        5, ["princess", "guard", "priest", "baron", "handmaid", "prince", "guard"], "premium"
    )
    guesses = sorted({int(a.split("=")[1]) for a in texts(st) if a.startswith("guard>p1")})
    assert guesses == [0, 2, 3, 4, 5, 6, 7, 8, 9]


def test_guard_on_assassin_knocks_out_the_guard_player_LL_CARD_ASSASSIN() -> None:
    """LL-CARD-ASSASSIN: a Guard choosing the Assassin's holder knocks out the Guard's player."""
    st = start(
        5, ["princess", "guard", "assassin", "baron", "handmaid", "prince", "priest"], "premium"
    )
    events = st.apply("guard>p1=0")  # even a right guess
    assert find(events, "assassin").data == {"seat": 1, "target": 0}
    assert find(events, "knocked_out").data == {"seat": 0, "card": "priest", "by": "assassin"}
    assert st.view(None)["discards"][1] == ["assassin"]
    assert st.view(1)["hand"] != [] and st.view(None)["in_round"][:2] == [False, True]


def test_bishop_scores_then_target_decides_LL_CARD_BISHOP_LL_RULING_0() -> None:
    """LL-CARD-BISHOP: a right guess scores a token, then a prompt to the target.

    LL-RULING-0: the Bishop never triggers the Assassin (a Parlour ruling from the sources).
    """
    st = start(5, ["princess", "bishop", "king", "baron", "handmaid", "prince", "guard"], "premium")
    events = st.apply("bishop>p1=6")
    assert find(events, "bishop_hit").data == {"seat": 0, "target": 1, "guess": 6}
    assert st.tokens[0] == 1
    assert st.to_act == 1 and st.prompt() == "bishop" and texts(st) == ["keep", "discard"]
    assert st.view(2)["pending"] == {"bishop": 0, "target": 1, "guess": 6}
    events = st.apply("discard")
    assert kinds(events)[:3] == ["bishop_discards", "discarded", "drew"]
    assert st.view(None)["discards"][1] == ["king"]
    assert st.to_act == 1 and st.prompt() == "play"  # the next turn is p1's own


def test_bishop_token_ends_the_game_mid_round_LL_CARD_BISHOP_LL_GAME_3() -> None:
    """LL-GAME-3: a Bishop token reaching the target ends the game at once."""
    st = start(
        5,
        ["princess", "bishop", "king", "baron", "handmaid", "prince", "guard"],
        "premium",
        tokens_to_win=1,
    )
    events = st.apply("bishop>p1=6")
    assert st.to_act is None and st.result is not None
    assert st.result.winners == (0,) and st.result.reason == "tokens"
    assert st.result.details == {"tokens": [1, 0, 0, 0, 0], "rounds": 1}
    assert kinds(events)[-1] == "game_won"


def test_bishop_target_discarding_princess_is_out_LL_CARD_BISHOP_LL_CARD_PRINCESS() -> None:
    """LL-CARD-BISHOP: the target's discard has no effect, except the Princess."""
    st = start(
        5, ["guard", "bishop", "princess", "baron", "handmaid", "prince", "guard"], "premium"
    )
    st.apply("bishop>p1=8")
    events = st.apply("discard")
    assert find(events, "knocked_out").data["seat"] == 1
    assert st.to_act == 2


def test_princess_beats_bishop_at_showdown_LL_CARD_BISHOP_LL_CARD_COUNT() -> None:
    """LL-CARD-BISHOP: at the end the Princess beats the Bishop, even with a Count's bonus."""
    st = start(5, BASE, "premium")
    arrange(
        st,
        hands={0: "bishop", 1: "princess", 2: "guard"},
        drawn="handmaid",
        pile=[],
        discards={0: ["count"]},
        spare=4,
    )
    events = st.apply("handmaid")
    assert [e.data["seat"] for e in events if e.kind == "reveal"] == [1, 2]
    assert find(events, "round_won").data == {"winner": [1]}


def test_count_adds_one_per_discarded_count_LL_CARD_COUNT() -> None:
    """LL-CARD-COUNT: two Counts in the discard pile let a 7 beat the Princess."""
    st = start(5, BASE, "premium")
    arrange(
        st,
        hands={0: "countess", 1: "princess"},
        drawn="count",
        pile=[],
        discards={0: ["count"]},
        spare=4,
    )
    events = st.apply("count")
    reveal = {e.data["seat"]: e.data["value"] for e in events if e.kind == "reveal"}
    assert reveal == {0: 9, 1: 8}
    assert find(events, "round_won").data == {"winner": [0]}


def test_dowager_knocks_out_the_higher_LL_CARD_DOWAGER() -> None:
    """LL-CARD-DOWAGER: as the Baron, but the higher value is knocked out (printed values)."""
    st = start(
        5, ["guard", "dowager", "princess", "baron", "handmaid", "prince", "count"], "premium"
    )
    events = st.apply("dowager>p1")
    assert find(events, "compared").audience == frozenset({0, 1})
    assert find(events, "knocked_out").data == {"seat": 1, "card": "princess", "by": "dowager"}


def test_constable_scores_only_from_the_discard_pile_LL_CARD_CONSTABLE() -> None:
    """LL-CARD-CONSTABLE: knocked out with a Constable already discarded: a token."""
    top = ["guard", "constable", "guard", "baron", "handmaid", "prince", "priest", "guard"]
    st = start(5, top, "premium")
    st.apply("constable")  # p0 keeps the Priest
    events = st.apply("guard>p0=2")
    assert find(events, "knocked_out").data["seat"] == 0
    assert find(events, "token").data == {"seat": 0, "reason": "constable", "tokens": 1}
    held = start(
        5, ["guard", "constable", "guard", "baron", "handmaid", "prince", "priest"], "premium"
    )
    held.apply("priest>p1")
    events = held.apply("guard>p0=6")  # the Constable is in p0's hand: no token
    assert "token" not in kinds(events) and held.tokens == [0] * 5


def test_sycophant_forces_the_next_card_LL_CARD_SYCOPHANT() -> None:
    """LL-CARD-SYCOPHANT: the next card must include the chosen player, or it lapses."""
    top = ["guard", "sycophant", "guard", "baron", "handmaid", "prince", "priest", "priest"]
    st = start(5, top, "premium")
    st.apply("sycophant>p3")
    assert {a.split("=")[0] for a in texts(st)} == {"guard>p3", "priest>p3"}
    st.apply("priest>p3")
    assert st.view(None)["sycophant"] is None  # used up
    # Choosing the next player: their card cannot choose themself, so the constraint lapses.
    st = start(5, top, "premium")
    st.apply("sycophant>p1")
    assert {a.split("=")[0] for a in texts(st) if a.startswith("guard")} == {
        "guard>p0",
        "guard>p2",
        "guard>p3",
        "guard>p4",
    }


def test_baroness_looks_at_one_or_two_LL_CARD_BARONESS() -> None:
    """LL-CARD-BARONESS: one or two other players' hands, seen only by her player."""
    top = ["guard", "baroness", "king", "baron", "handmaid", "prince", "handmaid"]
    st = start(5, top, "premium")
    assert "baroness>p1+p2" in texts(st) and "baroness>p3" in texts(st)
    events = st.apply("baroness>p1+p2")
    seen = [(e.audience, e.data["target"], e.data["card"]) for e in events if e.kind == "saw"]
    assert seen == [(frozenset({0}), 1, "king"), (frozenset({0}), 2, "baron")]
    assert st.view(0)["known"] == {"1": "king", "2": "baron"}


def test_cardinal_swaps_then_may_look_LL_CARD_CARDINAL() -> None:
    """LL-CARD-CARDINAL: two players trade hands, then an optional look at one of them."""
    top = ["guard", "cardinal", "king", "baron", "handmaid", "prince", "guard"]
    st = start(5, top, "premium")
    assert "cardinal>p0+p1" in texts(st)
    events = st.apply("cardinal>p1+p2")
    assert find(events, "cardinal_swap").data == {"seat": 0, "first": 1, "second": 2}
    assert st.to_act == 0 and texts(st) == ["look=p1", "look=p2", "look=none"]
    events = st.apply("look=p2")
    assert find(events, "saw").data["card"] == "king" and find(events, "saw").audience == frozenset(
        {0}
    )
    assert st.view(0)["known"] == {"2": "king"}
    assert st.view(1)["known"] == {"2": "king"}  # p1 gave its King to p2


def test_cardinal_with_one_choosable_player_has_no_effect_LL_CARD_CARDINAL() -> None:
    """LL-CARD-CARDINAL: fewer than two choosable players: no effect."""
    st = start(5, BASE, "premium")
    arrange(
        st,
        hands={0: "guard", 1: "king"},
        drawn="cardinal",
        pile=["guard"],
        spare=4,
    )
    st.prot = 0b10
    st._legal = None
    assert texts(st) == ["guard", "cardinal"]


def test_jester_scores_when_the_chosen_player_wins_LL_CARD_JESTER_LL_END_4() -> None:
    """LL-CARD-JESTER, LL-END-4: the winner's token first, then the Jester's bonus."""
    st = start(5, BASE, "premium")
    arrange(st, hands={0: "priest", 1: "guard"}, drawn="jester", pile=["guard", "baron"], spare=4)
    events = play_all(st, ["jester>p1", "guard>p0=2"])
    tokens = [(e.data["seat"], e.data["reason"]) for e in events if e.kind == "token"]
    assert tokens == [(1, "round"), (0, "jester")]
    assert st.tokens[:2] == [1, 1]


def test_constable_token_from_a_bishop_discard_ends_the_game_LL_CARD_CONSTABLE_LL_GAME_3() -> None:
    """LL-GAME-3: the Bishop's target discards the Princess with a Constable in their discard
    pile; the Constable's token reaches the target and the game ends there, mid-prompt."""
    st = start(
        5,
        ["guard", "bishop", "princess", "baron", "handmaid", "prince", "guard"],
        "premium",
        tokens_to_win=2,
    )
    constable = st.ed.ids.index("constable")
    st.pile.remove(constable)
    st.discards[1].append(constable)
    st.tokens[1] = 1
    st.apply("bishop>p1=8")
    assert st.tokens[:2] == [1, 1] and st.to_act == 1
    events = st.apply("discard")
    assert kinds(events)[-3:] == ["knocked_out", "token", "game_won"]
    assert find(events, "token").data == {"seat": 1, "reason": "constable", "tokens": 2}
    assert st.to_act is None and st.result is not None
    assert st.result.winners == (1,) and st.result.reason == "tokens"
