"""Splendor Marvel in the environments: a stacked display read back from the observation."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from parlour.engine import OptionError
from parlour.rl import ParlourAECEnv, raw_env
from parlour.rl.encoders.splendor_marvel import CARD, SplendorMarvelEncoder

STACK: dict[str, Any] = {
    "tiers": {"1": ["t1-baron-zemo", "t1-grandmaster", "t1-modok", "t1-prowler"]},
    "locations": [["1", "A"], ["2", "A"]],
}


def _block(enc: SplendorMarvelEncoder, vector: np.ndarray[Any, Any], slot: int) -> list[float]:
    start = enc.slots["display"].start + slot * CARD
    return [round(float(v), 4) for v in vector[start : start + CARD]]


def _seat(enc: SplendorMarvelEncoder, vector: np.ndarray[Any, Any], rel: int) -> list[float]:
    start = enc.slots["seats"].start + rel * 17
    return [round(float(v), 4) for v in vector[start : start + 12]]


def test_display_cards_and_token_shortfalls_follow_the_take_action() -> None:
    """SM-ACT-TAKE3: three tokens taken lower the observer's shortfall on the display."""
    env = raw_env("splendor-marvel", 2, first_player=0)
    env.reset(seed=3, options={"stack": STACK})
    enc = env.encoder
    assert isinstance(enc, SplendorMarvelEncoder)
    obs = env.observe("player_0")["observation"]
    # Baron Zemo: 3 red, yellow bonus, no points, no tags, no Time Stone; short of 3 red.
    seven = round(3 / 7, 4)
    assert _block(enc, obs, 0) == [1, 0, 0, 0, seven, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, seven, 0]
    assert env.episode is not None
    space = env.episode.state.action_space
    env.step(space.code(space.parse("take:yellow,blue,red")))
    after = env.observe("player_0")["observation"]
    two = round(2 / 7, 4)
    assert _block(enc, after, 0)[14:] == [0, 0, 0, two, 0]
    assert _block(enc, after, 1)[14:] == [0, 0, 0, 0, round(1 / 7, 4)]  # Grandmaster: purple
    assert _seat(enc, after, 0)[:7] == [0.1, 0.1, 0, 0.1, 0, 0, 0]
    # Seat 1 sees the same tokens in its "next seat" row (seats are relative).
    theirs = env.observe("player_1")["observation"]
    assert _seat(enc, theirs, 1)[:7] == [0.1, 0.1, 0, 0.1, 0, 0, 0]
    assert env.agent_selection == "player_1"


def test_splendor_has_no_round_reward() -> None:
    with pytest.raises(OptionError):
        ParlourAECEnv("splendor-marvel", reward="round")
