"""Infinity Gauntlet in the environments: a stacked opening read back, team rewards."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from parlour.rl import raw_env
from parlour.rl.encoders.gauntlet import INDEX, GauntletEncoder
from tests.rl.playout import play_random

STACK: dict[str, Any] = {
    "hero_deck": ["iron_man", "nebula"],
    "thanos_deck": ["thanos", "time_stone", "mind_stone"],
}


def _cards(enc: GauntletEncoder, vector: np.ndarray[Any, Any], name: str) -> set[str]:
    slot = enc.slots[name]
    block = vector[slot.start : slot.stop]
    return {card for card, i in INDEX.items() if block[i] == 1.0}


def test_each_seat_sees_its_own_stacked_hand_and_nothing_of_the_others() -> None:
    """IG-INFO-1: a hand is seen by its owner only."""
    env = raw_env("gauntlet", 3)
    env.reset(seed=0, options={"stack": STACK})
    enc = env.encoder
    assert isinstance(enc, GauntletEncoder)
    assert env.episode is not None
    thanos_view = env.episode.state.view(0)
    thanos = env.observe("player_0")["observation"]
    assert _cards(enc, thanos, "hand") == set(thanos_view["hand"])
    assert {"thanos", "time_stone"} <= set(thanos_view["hand"])
    hero = env.observe("player_1")["observation"]
    assert _cards(enc, hero, "hand") == {"iron_man"}
    assert _cards(enc, hero, "known_thanos_hand") == set()
    assert not hero[enc.slots["known_hands"].start : enc.slots["known_hands"].stop].any()
    second = env.observe("player_2")["observation"]
    assert _cards(enc, second, "hand") == {"nebula"}
    me = enc.slots["me"]
    assert hero[me.start : me.stop].tolist() == [0, 1, 0]


@pytest.mark.parametrize("players", [2, 4])
def test_team_rewards_follow_the_zero_sum_rule(players: int) -> None:
    """IG-END: Thanos alone, or the heroes together, win; rewards add up to zero."""
    env = raw_env("gauntlet", players)
    for seed in range(3):
        totals = play_random(env, seed)
        assert env.episode is not None
        result = env.episode.state.result
        assert result is not None
        assert sum(totals.values()) == pytest.approx(0.0)
        thanos_won = result.winners == (0,)
        expected = 1.0 if thanos_won else -1.0 / (players - 1)
        assert totals["player_0"] == pytest.approx(expected)
