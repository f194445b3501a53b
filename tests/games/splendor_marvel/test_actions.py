"""The four actions of a turn (SM-ACT-*), scripted on stacked decks."""

from __future__ import annotations

import pytest

from parlour.engine import IllegalActionError
from parlour.games.splendor_marvel.actions import SPACE, Take, TakeTwo
from parlour.games.splendor_marvel.cards import CARD_BY_ID, GREEN, GREY, TOKEN_KINDS
from tests.games.splendor_marvel.helpers import (
    give_cards,
    give_tokens,
    kinds,
    legal_texts,
    new,
    play,
)

RED, BLUE, YELLOW = TOKEN_KINDS.index("red"), TOKEN_KINDS.index("blue"), 0


def test_sm_act_take3_three_different_colours_never_grey_or_green() -> None:
    """SM-ACT-TAKE3: ten ways to take three different stone colours; none uses grey/green."""
    st = new()
    takes = [a for a in st.legal_actions() if isinstance(a, Take)]
    assert len(takes) == 10 and all(len(a.colours) == 3 for a in takes)
    assert not any(
        "grey" in str(a) or "green" in str(a)
        for a in SPACE.actions
        if isinstance(a, Take | TakeTwo)
    )
    events = play(st, "take:yellow,blue,red")
    assert st.tokens[0][:5] == [1, 1, 0, 1, 0]
    assert st.supply[:5] == [3, 3, 4, 3, 4]
    assert events[0].kind == "took" and events[0].data["colours"] == ["yellow", "blue", "red"]
    assert st.to_act == 1


def test_sm_act_take3_fewer_only_when_fewer_colours_are_available() -> None:
    """SM-ACT-TAKE3: with three colours available, fewer than three is refused unchanged."""
    st = new()
    before = st.to_json()
    for text in ("take:yellow,blue", "take:red"):
        with pytest.raises(IllegalActionError) as refused:
            st.apply(text)
        assert refused.value.key == "splendor-marvel.error.take"
        assert st.to_json() == before
    for colour in ("orange", "red"):
        st.supply[TOKEN_KINDS.index(colour)] = 0
    st._legal = None
    takes = [str(a) for a in st.legal_actions() if isinstance(a, Take)]
    assert takes == ["take:yellow,blue,purple"]
    with pytest.raises(IllegalActionError):
        st.apply("take:yellow,blue")


def test_sm_act_take3_revised_any_set_of_the_two_colours_left() -> None:
    """SM-ACT-TAKE3 (revised): two colours left, take both, or just one, on a stacked game."""
    st = new()
    for colour in ("orange", "red", "purple"):
        st.supply[TOKEN_KINDS.index(colour)] = 0
    st._legal = None
    takes = [str(a) for a in st.legal_actions() if isinstance(a, Take)]
    assert takes == ["take:yellow,blue", "take:yellow", "take:blue"]
    assert all(
        SPACE.code(SPACE.parse(t)) == SPACE.code(a)
        for t, a in zip(takes, [a for a in st.legal_actions() if isinstance(a, Take)], strict=True)
    )
    events = play(st, "take:blue")
    assert st.tokens[0][:5] == [0, 1, 0, 0, 0] and st.supply[:5] == [4, 3, 0, 0, 0]
    assert events[0].kind == "took" and events[0].data["colours"] == ["blue"]
    assert st.to_act == 1
    events = play(st, "take:yellow,blue")
    assert st.tokens[1][:5] == [1, 1, 0, 0, 0] and st.supply[:5] == [3, 2, 0, 0, 0]
    assert events[0].data["colours"] == ["yellow", "blue"]
    with pytest.raises(IllegalActionError):
        st.apply("take:red")


def test_sm_act_take3_revised_one_colour_left_takes_one() -> None:
    """SM-ACT-TAKE3 (revised): one colour left, one token of it; none left, no take at all."""
    st = new()
    for colour in ("yellow", "orange", "red", "purple"):
        st.supply[TOKEN_KINDS.index(colour)] = 0
    st._legal = None
    assert [str(a) for a in st.legal_actions() if isinstance(a, Take)] == ["take:blue"]
    st.supply[TOKEN_KINDS.index("blue")] = 0
    st._legal = None
    assert not [a for a in st.legal_actions() if isinstance(a, Take)]


def test_sm_act_take2_only_from_a_stack_of_four() -> None:
    """SM-ACT-TAKE2: two of a colour only if the supply held at least four of it."""
    st = new()
    assert sorted(str(a) for a in st.legal_actions() if isinstance(a, TakeTwo)) == sorted(
        f"take2:{c}" for c in ("yellow", "blue", "orange", "red", "purple")
    )
    play(st, "take2:red")
    assert st.tokens[0][RED] == 2 and st.supply[RED] == 2
    assert "take2:red" not in legal_texts(st)
    before = st.to_json()
    with pytest.raises(IllegalActionError):
        st.apply("take2:red")
    assert st.to_json() == before


def test_sm_act_reserve_from_display_takes_grey_and_refills() -> None:
    """SM-ACT-RESERVE and SM-ACT-REFILL: a display card to the hand, a grey token, a refill."""
    st = new()
    events = play(st, "reserve:t1-1")
    assert [CARD_BY_ID["t1-baron-zemo"].index] == st.reserved[0]
    assert st.tokens[0][GREY] == 1 and st.supply[GREY] == 4
    assert st.display[0][0] == CARD_BY_ID["t1-vulture"].index
    assert kinds(events) == ["reserved", "refilled", "took_grey"]


def test_sm_act_reserve_blind_from_a_deck_top() -> None:
    """SM-ACT-RESERVE: the top of a deck, seen only by its owner (SM-INFO-1)."""
    st = new()
    events = play(st, "reserve:t2-deck")
    assert st.reserved[0] == [CARD_BY_ID["t2-punisher"].index] and st.reserved_blind[0] == [True]
    public = [e for e in events if e.audience is None]
    secret = [e for e in events if e.audience is not None]
    assert [e.kind for e in public] == ["reserved_blind", "took_grey"]
    assert public[0].data == {"seat": 0, "tier": 2}
    assert secret[0].audience == frozenset({0}) and secret[0].data["card"] == "t2-punisher"


def test_sm_act_reserve_limit_of_three_and_grey_only_while_supplied() -> None:
    """SM-ACT-RESERVE: never more than 3 reserved; without grey left, reserving still works."""
    st = new()
    st.supply[GREY] = 1
    play(st, "reserve:t1-1", "take:yellow,blue,red", "reserve:t1-1")
    assert st.tokens[0][GREY] == 1 and st.supply[GREY] == 0
    play(st, "take:yellow,blue,red", "reserve:t3-deck")
    assert len(st.reserved[0]) == 3
    play(st, "take:orange,red,purple")
    assert not any(t.startswith("reserve:") for t in legal_texts(st))
    with pytest.raises(IllegalActionError):
        st.apply("reserve:t2-1")


def test_sm_act_recruit_bonuses_first_then_tokens_returned_to_supply() -> None:
    """SM-ACT-RECRUIT: cost minus bonuses, paid with tokens that go back to the supply."""
    st = new()
    give_cards(st, 0, "t1-vulture")  # a yellow bonus
    give_tokens(st, 0, red=2)
    # Rocket costs yellow 1 + red 2: the yellow bonus pays the yellow.
    events = play(st, "recruit:t1-2")
    assert st.tokens[0][RED] == 0 and st.supply[RED] == 4 and st.tokens[0][YELLOW] == 0
    assert st.bonus[0][YELLOW] == 2
    assert events[0].kind == "recruited" and events[0].data["tokens"] == 2
    assert kinds(events)[1] == "refilled"


def test_sm_act_recruit_grey_choices_are_enumerated_exactly() -> None:
    """SM-ACT-RECRUIT: grey stands in for any colour; every possible payment is an action."""
    st = new()
    give_tokens(st, 0, red=3, grey=2)
    # Baron Zemo costs red 3: pay 3 red, or 2 red + 1 grey, or 1 red + 2 grey.
    zemo = sorted(t for t in legal_texts(st) if t.startswith("recruit:t1-1"))
    assert zemo == ["recruit:t1-1", "recruit:t1-1/grey=red1", "recruit:t1-1/grey=red2"]
    # Rocket (yellow 1 + red 2) with no yellow token: grey must pay the yellow.
    rocket = sorted(t for t in legal_texts(st) if t.startswith("recruit:t1-2"))
    assert rocket == ["recruit:t1-2/grey=yellow1", "recruit:t1-2/grey=yellow1,red1"]
    play(st, "recruit:t1-1/grey=red2")
    assert st.tokens[0][RED] == 2 and st.tokens[0][GREY] == 0
    assert st.supply[GREY] == 5 and st.supply[RED] == 2


def test_sm_act_recruit_green_never_pays_and_unaffordable_is_refused() -> None:
    """SM-ACT-RECRUIT: green tokens never pay; a card you cannot pay is refused."""
    st = new()
    give_tokens(st, 0, red=2, green=1)
    assert not any(t.startswith("recruit:t1-1") for t in legal_texts(st))
    before = st.to_json()
    with pytest.raises(IllegalActionError) as err:
        st.apply("recruit:t1-1")
    assert err.value.key == "splendor-marvel.error.recruit"
    assert st.to_json() == before
    assert st.tokens[0][GREEN] == 1


def test_sm_act_recruit_a_reserved_card() -> None:
    """SM-ACT-RECRUIT: a reserved card leaves the hand only by being recruited."""
    st = new()
    play(st, "reserve:t1-1", "take:yellow,blue,orange")
    give_tokens(st, 0, red=2)
    assert "recruit:r1/grey=red1" in legal_texts(st)
    play(st, "recruit:r1/grey=red1")
    assert st.reserved[0] == [] and st.tableau[0] == [CARD_BY_ID["t1-baron-zemo"].index]


def test_sm_act_refill_an_empty_deck_leaves_the_slot_empty() -> None:
    """SM-ACT-REFILL: with its deck empty, a taken display slot stays empty."""
    st = new()
    st.decks[2] = []
    play(st, "reserve:t3-2")
    assert st.display[2][1] == -1
    assert "reserve:t3-2" not in legal_texts(st)
    assert "reserve:t3-deck" not in legal_texts(st)
    assert st.view(1)["display"][2][1] is None


def test_sm_act_none_pass_only_when_nothing_is_legal() -> None:
    """SM-ACT-NONE: no token to take, no card to reserve or recruit: the player passes."""
    st = new()
    assert "pass" not in legal_texts(st)
    st.supply[:5] = [0, 0, 0, 0, 0]
    for _ in range(3):
        st.reserved[0].append(st.decks[2].pop())
        st.reserved_blind[0].append(True)
    st._legal = None
    assert legal_texts(st) == ["pass"]
    events = play(st, "pass")
    assert kinds(events) == ["passed"] and st.to_act == 1
    assert "pass" not in legal_texts(st)
    with pytest.raises(IllegalActionError):
        st.apply("pass")
