"""Hidden information: views, event audiences and determinize (LL-TURN-6)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Rng
from parlour.games.loveletter import GAME, LoveLetterState
from tests.games.loveletter.helpers import find, start


def others_hands_in_view(state: LoveLetterState, seat: int | None) -> bool:
    """Whether a view shows any other seat's hand beyond the seat's sure knowledge."""
    view = state.view(seat)
    if seat is None:
        return bool(view["hand"] or view["known"])
    return set(view["known"]) - {str(t) for t in range(state.players) if t != seat} != set()


def test_view_shows_own_hand_and_public_table_only_LL_TURN_6() -> None:
    """LL-TURN-6: others learn who played what, knock-outs, tokens, protections, pile size."""
    st = start(3, ["princess", "guard", "king", "baron", "handmaid"])
    spectator = st.view(None)
    assert spectator["hand"] == [] and spectator["known"] == {}
    assert spectator["hand_sizes"] == [2, 1, 1] and spectator["pile"] == 11
    for card in ("princess", "king", "baron", "handmaid"):
        assert card not in str(spectator)
    assert st.view(1)["hand"] == ["king"] and "baron" not in str(st.view(1))


def test_knocked_out_hand_becomes_public_LL_TURN_5() -> None:
    """LL-TURN-5: the knocked-out player's card is revealed to all, in their discards."""
    st = start(3, ["princess", "guard", "king", "baron", "priest"])
    events = st.apply("guard>p1=6")
    assert find(events, "knocked_out").audience is None
    assert st.view(2)["discards"][1] == ["king"] and st.view(2)["in_round"] == [True, False, True]


def test_private_events_have_the_right_audience_LL_TURN_6() -> None:
    """LL-TURN-6: draws go to the drawer; Priest and Baron details to the players involved."""
    st = start(3, ["princess", "baron", "guard", "handmaid", "priest"])
    events = st.apply("baron>p1")
    for e in events:
        if e.kind in ("drew", "dealt"):
            assert e.audience == frozenset({e.data["seat"]})
        if e.kind == "compared":
            assert e.audience == frozenset({0, 1})
        if e.kind in ("played_on", "knocked_out", "turn"):
            assert e.audience is None


def test_determinize_keeps_what_the_seat_knows_LL_CARD_PRIEST() -> None:
    """A Priest's look survives determinize; unseen cards are reshuffled."""
    st = start(4, ["princess", "priest", "king", "baron", "handmaid", "guard"])
    st.apply("priest>p1")
    worlds = [st.determinize(0, Rng(i)) for i in range(30)]
    assert all(w.hand[1] == st.hand[1] for w in worlds)  # p0 saw the King
    assert len({w.hand[2] for w in worlds}) > 1  # p2's Baron is unknown to p0
    assert all(w.view(0) == st.view(0) for w in worlds)
    blind = [st.determinize(2, Rng(i)) for i in range(30)]
    assert len({w.hand[1] for w in blind}) > 1  # p2 never saw p1's hand


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), edition=st.sampled_from(["classic", "premium", "2019"]))
def test_views_never_show_unknown_hands(seed: int, edition: str) -> None:
    """In any game, a view's hand is the seat's own and its knowledge is true."""
    players = {"classic": 3, "premium": 6, "2019": 4}[edition]
    state = GAME.new(players, {"edition": edition}, seed)
    rng = Rng(seed)
    while state.to_act is not None and state.move_number < 200:
        for seat in range(players):
            view = state.view(seat)
            for t, card in view["known"].items():
                assert state.ed.ids[state.hand[int(t)]] == card
            assert not others_hands_in_view(state, seat)
        assert not others_hands_in_view(state, None)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_determinize_keeps_public_facts_LL_CARD_GUARD_LL_CARD_BARON() -> None:
    """A missed guess and a Baron tie are public: sampled worlds respect them."""
    st = start(4, ["princess", "guard", "priest", "baron", "handmaid", "guard"])
    st.apply("guard>p1=3")  # p1 holds no Baron (value 3)
    worlds = [st.determinize(3, Rng(i)) for i in range(40)]
    assert all(st.ed.values[w.hand[1]] != 3 for w in worlds)
    tie = start(3, ["princess", "baron", "priest", "guard", "priest"])
    tie.apply("baron>p1")  # p0 and p1 both hold a Priest: equal values, public
    worlds = [tie.determinize(2, Rng(i)) for i in range(40)]
    assert all(tie.ed.values[w.hand[0]] == tie.ed.values[w.hand[1]] for w in worlds)
    assert len({w.hand[0] for w in worlds}) > 1
