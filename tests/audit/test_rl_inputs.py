"""RL environments: only whole-number action codes; masks empty at the end; nothing leaks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from parlour.engine import IllegalActionError, Rng
from parlour.rl import make_env, make_single_env
from parlour.rl.core import action_code


@pytest.mark.parametrize(
    "bad", [2.7, "3", "guard", True, [1], np.array([1, 2]), float("nan"), np.float32(1.0), None]
)
def test_action_codes_must_be_whole_numbers(bad: Any) -> None:
    with pytest.raises(IllegalActionError):
        action_code(bad)


@pytest.mark.parametrize("good", [0, 5, np.int64(7), np.array(3), np.uint8(2)])
def test_integer_codes_of_any_kind_are_accepted(good: Any) -> None:
    assert action_code(good) == int(good)


@pytest.mark.parametrize("bad", [2.7, "1", True, -1, 10**9, [0]])
def test_a_bad_action_changes_nothing_in_the_raw_env(bad: Any) -> None:
    env = make_env("loveletter", players=2, illegal="raise")
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.unwrapped.episode.state.to_json()
    with pytest.raises(IllegalActionError):
        env.step(bad)
    assert env.unwrapped.episode.state.to_json() == before
    assert env.agent_selection == agent


def test_single_env_refuses_a_fractional_code_instead_of_rounding_it() -> None:
    env = make_single_env("loveletter", players=2)
    obs, _ = env.reset(seed=2)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    with pytest.raises(IllegalActionError):
        env.step(legal + 0.4)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", ["loveletter", "gauntlet", "splendor-marvel"])
def test_masks_are_empty_once_the_game_is_over(game_id: str) -> None:
    env = make_env(game_id, illegal="raise")
    env.reset(seed=5)
    rng = Rng(5)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(legal[rng.below(len(legal))]))
