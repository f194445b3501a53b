"""Splendor Marvel's search hints: a few rounds ahead, then the board is scored."""

from __future__ import annotations

import pytest

from parlour.bots.ismcts import SearchHints, hints_for
from parlour.engine import Rng
from parlour.games import get_game
from parlour.games.splendor_marvel.actions import Recruit, Take
from parlour.games.splendor_marvel.search import (
    END_TEMPERATURE,
    SEARCH_HINTS,
    TEMPERATURE,
    board_score,
    end_temperature,
)
from parlour.games.splendor_marvel.state import SplendorMarvelState

GAME = get_game("splendor-marvel")


def test_hints_are_found_for_the_game() -> None:
    """The search bot finds Splendor Marvel's hints without being told."""
    assert isinstance(SEARCH_HINTS, SearchHints)
    assert hints_for(GAME.new(2, {}, 0)) is SEARCH_HINTS
    assert SEARCH_HINTS.horizon > 0
    assert not SEARCH_HINTS.stop(GAME.new(2, {}, 0))


def test_values_share_one_and_follow_the_board() -> None:
    """SM-WIN-1: more points, bonuses and tokens are worth more; the shares sum to one."""
    state = GAME.new(3, {}, 4)
    rng = Rng(2)
    while state.to_act is not None and state.move_number < 60:
        state.apply(SEARCH_HINTS.rollout_action(state, rng))
    values = [SEARCH_HINTS.value(state, s) for s in range(3)]
    assert sum(values) == pytest.approx(1.0)
    assert all(0.0 <= v <= 1.0 for v in values)
    scores = [board_score(state, s) for s in range(3)]  # type: ignore[arg-type]
    assert values.index(max(values)) == scores.index(max(scores))
    assert max(scores) > min(scores)


def test_rollouts_recruit_the_best_card_on_offer_else_take_three() -> None:
    """SM-ACT-RECRUIT before SM-ACT-TAKE3: recruit when possible, else take stones."""
    rng = Rng(3)
    recruited = took = 0
    for seed in range(6):
        state = GAME.new(2, {}, seed)
        while state.to_act is not None and state.move_number < 80:
            legal = state.legal_actions()
            action = SEARCH_HINTS.rollout_action(state, rng)
            assert action in legal
            if any(isinstance(a, Recruit) for a in legal):
                assert isinstance(action, Recruit)
                recruited += 1
            elif any(isinstance(a, Take) for a in legal):
                assert isinstance(action, Take)
                took += 1
            state.apply(action)
    assert recruited > 0 and took > 0


def test_a_lead_counts_for_more_the_nearer_the_end() -> None:
    """SM-WIN-1: the same board-score lead gives a likelier win when the leader is near 16."""
    state: SplendorMarvelState = GAME.new(2, {}, 4)  # type: ignore[assignment]
    assert end_temperature(state) == pytest.approx(TEMPERATURE)
    rng = Rng(2)
    while state.to_act is not None and max(state.points(s) for s in range(2)) < 8:
        state.apply(SEARCH_HINTS.rollout_action(state, rng))
    assert END_TEMPERATURE < end_temperature(state) < TEMPERATURE
