"""Public and private information (SM-INFO-1): views, determinize, JSON."""

from __future__ import annotations

import json

from parlour.engine import Rng
from parlour.games.splendor_marvel import GAME, SplendorMarvelState, views
from parlour.games.splendor_marvel.cards import CARD_BY_ID
from tests.games.splendor_marvel.helpers import new, play


def test_sm_info_1_blind_reserve_seen_only_by_its_owner() -> None:
    """SM-INFO-1: a card reserved from a deck top: its owner sees it, others its tier."""
    st = new()
    play(st, "reserve:t3-deck", "reserve:t1-2")
    own = st.view(0)["seats"][0]["reserved"]
    assert own == [{"tier": 3, "card": "t3-hulk", "blind": True}]
    for seat in (1, None):
        assert st.view(seat)["seats"][0]["reserved"] == [{"tier": 3, "card": None, "blind": True}]
        assert "t3-hulk" not in json.dumps(st.view(seat))
    # A card reserved from the display is public.
    assert st.view(0)["seats"][1]["reserved"][0]["card"] == "t1-rocket"


def test_sm_info_1_everything_else_is_public() -> None:
    """SM-INFO-1: tokens, bonuses, display, points and deck sizes are in every view."""
    st = new()
    play(st, "take:yellow,blue,red")
    for seat in (0, 1, None):
        view = st.view(seat)
        assert view["seats"][0]["tokens"]["yellow"] == 1
        assert view["decks"] == [36, 26, 16] and view["display"][1][0] == "t2-maria-hill"
        assert view["avengers"] is None and view["round"] == 1 and view["turn"] == 1


def test_sm_info_1_determinize_redeals_only_what_the_seat_cannot_know() -> None:
    """SM-INFO-1: determinize keeps the seat's knowledge and redeals decks and others' blinds."""
    st = new()
    play(st, "reserve:t3-deck", "reserve:t3-deck")
    hulk = CARD_BY_ID["t3-hulk"].index
    changed = False
    for k in range(10):
        sample = st.determinize(1, Rng(k))
        assert isinstance(sample, SplendorMarvelState)
        assert sample.view(1) == st.view(1)
        assert sample.reserved[1] == st.reserved[1]  # its own blind card is known
        assert sorted(sample.decks[2] + sample.reserved[0]) == sorted(st.decks[2] + [hulk])
        changed |= sample.reserved[0] != [hulk]
        assert sample.display == st.display
    assert changed


def test_state_json_round_trip_mid_prompt() -> None:
    """The JSON form keeps a pending prompt and rebuilds the same legal actions."""
    st = new()
    play(st, "reserve:t2-deck")
    data = json.loads(json.dumps(st.to_json()))
    copy = GAME.state_from_json(data)
    assert copy.to_json() == st.to_json()
    assert [str(a) for a in copy.legal_actions()] == [str(a) for a in st.legal_actions()]


def test_views_and_rules_keep_to_their_roles() -> None:
    """views.py holds view, hidden and determinize only; saves come from the declared fields."""
    own = {
        name
        for name, value in vars(views).items()
        if callable(value) and getattr(value, "__module__", "") == views.__name__
    }
    assert own == {"view", "hidden", "determinize", "_id"}
    assert {f.json_key for f in SplendorMarvelState.FIELDS} >= {
        "phase",
        "tableau",
        "result",
    }
