"""Round 1's opening lines reach the log: the deal is kept by ``new`` for move 0."""

from __future__ import annotations

from parlour.engine import events_for
from parlour.games import get_game
from tests.support.highcard import GAME as HIGHCARD


def test_love_letter_keeps_round_ones_opening_and_each_deal_stays_private() -> None:
    state = get_game("loveletter").new(3, {}, 11)
    opening = state.opening_events()
    kinds = [e.kind for e in opening]
    assert kinds[0] == "round_start" and opening[0].data["round"] == 1
    assert kinds.count("dealt") == 3 and "turn" in kinds and "drew" in kinds
    for seat in range(3):
        dealt = [e for e in events_for(seat, opening) if e.kind == "dealt"]
        assert [e.data["seat"] for e in dealt] == [seat]  # nobody sees another's card
    assert not [e for e in events_for(None, opening) if e.kind in ("dealt", "drew")]


def test_a_game_without_an_announced_opening_has_none() -> None:
    assert HIGHCARD.new(2, {}, 1).opening_events() == []
