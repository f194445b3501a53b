"""The Gymnasium single-agent environment on the toy game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from parlour.engine import IllegalActionError, OptionError
from parlour.rl import IllegalMoveWrapper, ParlourSingleEnv, make_single_env
from parlour.rl.rewards import game_rewards


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (3, 2), (4, None)])
def test_gymnasium_check_env_passes(players: int, seat: int | None) -> None:
    env = make_single_env("highcard", players, seat=seat)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "not created with gymnasium.make"
        check_env(env, skip_render_check=True)


def test_bots_play_the_other_seats_until_the_learner_decides() -> None:
    env = ParlourSingleEnv("highcard", 4, seat=2)
    obs, info = env.reset(seed=11)
    assert env.episode is not None
    state = env.episode.state
    assert state.to_act == 2 and state.move_number == 2
    assert info == {"seat": 2, "seed": 11}
    assert obs["action_mask"].any()
    obs, reward, terminated, truncated, info = env.step(0)
    assert terminated and not truncated
    result = state.result
    assert result is not None
    assert reward == pytest.approx(game_rewards(result.scores)[2])
    assert info["won"] == (2 in result.winners)
    assert not obs["action_mask"].any()


def test_a_random_learner_seat_is_drawn_from_the_seed() -> None:
    env = ParlourSingleEnv("highcard", 4, seat=None)
    seats = set()
    for seed in range(30):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        env.reset(seed=seed)
        assert env.seat == info["seat"]
    assert seats == {0, 1, 2, 3}


def test_each_other_seat_can_have_its_own_bot() -> None:
    env = ParlourSingleEnv("highcard", 3, opponent=["random", "random"])
    env.reset(seed=0)
    with pytest.raises(OptionError):
        ParlourSingleEnv("highcard", 3, opponent=["random"])
    with pytest.raises(OptionError):
        ParlourSingleEnv("highcard", 3, opponent="no-such-bot").reset(seed=0)
    with pytest.raises(OptionError):
        ParlourSingleEnv("highcard", 3, seat=3)


def test_illegal_action_raises_in_the_raw_env_and_terminates_in_the_wrapper() -> None:
    raw = ParlourSingleEnv("highcard", 2)
    raw.reset(seed=0)
    assert raw.episode is not None
    raw.episode.state.deck.clear()  # type: ignore[attr-defined]  # only "keep" stays legal
    raw.episode._cache.clear()
    with pytest.raises(IllegalActionError):
        raw.step(1)

    wrapped = IllegalMoveWrapper(ParlourSingleEnv("highcard", 2), penalty=-0.25)
    obs, _ = wrapped.reset(seed=0)
    inner = wrapped.unwrapped
    assert isinstance(inner, ParlourSingleEnv) and inner.episode is not None
    bad = 5  # outside the two-action space
    after, reward, terminated, truncated, info = wrapped.step(bad)
    assert (reward, terminated, truncated, info) == (-0.25, True, False, {"illegal_action": True})
    assert np.array_equal(after["observation"], obs["observation"])
    assert inner.episode.state.move_number == 0


def test_stepping_after_the_end_is_refused() -> None:
    env = ParlourSingleEnv("highcard", 2, seat=1)
    env.reset(seed=2)
    _, _, terminated, _, _ = env.step(0)
    assert terminated
    with pytest.raises(OptionError):
        env.step(0)


def test_ansi_render_in_the_single_agent_env() -> None:
    env = ParlourSingleEnv("highcard", 2, render_mode="ansi", lang="es")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "jugada" in text
