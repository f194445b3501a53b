"""The AEC environment on the toy game: conformance, seeds, rewards, masks, errors."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from parlour.engine import IllegalActionError, OptionError, Rng
from parlour.rl import ParlourAECEnv, encoder_class, make_env, measure_env_steps
from parlour.rl.rewards import game_rewards, round_rewards, zero_sum
from tests.rl.playout import play_random
from tests.support.highcard import GAME as HIGHCARD

CONFIGS: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {"copies": 3}), (4, {})]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_pettingzoo_api_test_passes(players: int, options: dict[str, Any]) -> None:
    env = make_env("highcard", players, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "observation is all zeros"
        api_test(env, num_cycles=20)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_pettingzoo_seed_test_passes(players: int, options: dict[str, Any]) -> None:
    seed_test(lambda: make_env("highcard", players, **options), num_cycles=20)


def test_reset_with_a_seed_plays_the_engine_game_of_that_seed() -> None:
    env = ParlourAECEnv("highcard", 3)
    env.reset(seed=1234)
    assert env.episode is not None
    assert env.episode.state == HIGHCARD.new(3, {}, 1234)


def test_resets_without_seed_continue_a_reproducible_sequence() -> None:
    a, b = ParlourAECEnv("highcard", 2), ParlourAECEnv("highcard", 2)
    seeds_a: list[int] = []
    seeds_b: list[int] = []
    for env, out in ((a, seeds_a), (b, seeds_b)):
        env.reset(seed=5)
        for _ in range(3):
            env.reset()
            assert env.episode is not None
            out.append(env.episode.seed)
    assert seeds_a == seeds_b
    assert len(set(seeds_a)) == 3


def test_players_and_options_default() -> None:
    env = ParlourAECEnv("highcard")
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.config.options == {"copies": 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rewards_are_the_zero_sum_result_at_the_end(players: int) -> None:
    env = ParlourAECEnv("highcard", players)
    for seed in range(5):
        totals = play_random(env, seed)
        assert env.episode is not None
        result = env.episode.state.result
        assert result is not None
        expected = game_rewards(result.scores)
        assert [totals[a] for a in env.possible_agents] == pytest.approx(expected)
        assert sum(totals.values()) == pytest.approx(0.0)


def test_zero_sum_values() -> None:
    assert zero_sum([1, 0]) == [1.0, -1.0]
    assert zero_sum([0.5, 0.5]) == [0.0, 0.0]
    assert zero_sum([1, 0, 0, 0]) == pytest.approx([1, -1 / 3, -1 / 3, -1 / 3])
    assert zero_sum([0.5, 0.5, 0, 0]) == pytest.approx([1 / 3, 1 / 3, -1 / 3, -1 / 3])
    assert zero_sum([0, 0, 0]) == [0.0, 0.0, 0.0]
    assert round_rewards([2, 1], [3, 1]) == [1.0, -1.0]
    assert round_rewards([2, 1], [2, 1]) == [0.0, 0.0]


@given(st.lists(st.floats(0, 5), min_size=2, max_size=8))
def test_zero_sum_adds_up_to_zero(gains: list[float]) -> None:
    assert sum(zero_sum(gains)) == pytest.approx(0.0, abs=1e-9)


def test_only_the_agent_to_act_has_a_mask_and_it_matches_the_legal_moves() -> None:
    env = ParlourAECEnv("highcard", 3)
    env.reset(seed=3)
    assert env.episode is not None
    state = env.episode.state
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        if agent == env.agent_selection:
            assert mask.tolist() == [int(m) for m in state.legal_mask()]
        else:
            assert not mask.any()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 3), players=st.integers(2, 4))
def test_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart(
    seed: int, moves: int, players: int
) -> None:
    """The observation is built from the view only: determinize changes nothing."""
    env = ParlourAECEnv("highcard", players)
    env.reset(seed=seed)
    assert env.episode is not None
    state = env.episode.state
    rng = Rng(seed)
    for _ in range(min(moves, players - 1)):
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(players):
        mine = env.encoder.encode(state.view(seat))
        other = state.determinize(seat, rng.spawn())
        assert np.array_equal(env.encoder.encode(other.view(seat)), mine)


def test_raw_environment_raises_on_an_illegal_action_and_changes_nothing() -> None:
    env = make_env("highcard", 2, illegal="raise")
    env.reset(seed=0)
    unwrapped = env.unwrapped
    state = unwrapped.episode.state
    # With an empty deck only "keep" is legal: stack one by playing to the last seat.
    while state.deck:
        state.deck.pop()
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        env.step(1)  # swap
    assert state.to_json() == before


def test_terminate_policy_ends_the_episode_with_the_penalty() -> None:
    env = make_env("highcard", 3, illegal_reward=-0.5)
    env.reset(seed=0)
    state = env.unwrapped.episode.state
    state.deck.clear()  # only "keep" (code 0) stays legal
    env.last()  # the wrapper reads the mask of the observation it handed out
    offender = env.agent_selection
    env.step(1)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -0.5
    assert all(r == 0 for a, r in env.rewards.items() if a != offender)


def test_truncation_after_max_steps() -> None:
    env = ParlourAECEnv("highcard", 4, max_steps=2)
    env.reset(seed=0)
    env.step(0)
    assert not any(env.truncations.values())
    env.step(0)
    assert all(env.truncations.values())
    assert not any(env.terminations.values())
    assert all(not env.observe(a)["action_mask"].any() for a in env.possible_agents)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reward": "points"},
        {"reward": "round"},  # the toy game has no rounds
        {"max_steps": 0},
        {"render_mode": "rgb_array"},
        {"lang": "fr"},
        {"illegal": "ignore"},
        {"copies": 9},
        {"players": 7},
    ],
)
def test_bad_settings_are_refused_with_a_reason(kwargs: dict[str, Any]) -> None:
    with pytest.raises(OptionError) as info:
        make_env("highcard", **kwargs)
    assert not info.value.message("vi").startswith("rl.")


def test_a_game_without_encoder_is_refused() -> None:
    with pytest.raises(OptionError, match="encoder"):
        encoder_class("no-such-game")


def test_stepping_none_while_alive_is_refused() -> None:
    env = ParlourAECEnv("highcard", 2)
    env.reset(seed=0)
    with pytest.raises(OptionError):
        env.step(None)


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_ansi_render_shows_the_move_and_who_acts(lang: str) -> None:
    env = ParlourAECEnv("highcard", 2, render_mode="ansi", lang=lang)
    env.reset(seed=0)
    first = env.render()
    assert isinstance(first, str) and "0" in first
    env.step(0)
    env.step(0)
    text = env.render()
    assert isinstance(text, str)
    assert "rl." not in text  # every text comes from the catalog
    assert text != first


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = ParlourAECEnv("highcard", 2, render_mode="human")
    env.reset(seed=0)
    env.step(0)
    assert "1" in capsys.readouterr().out


def test_measure_env_steps_counts_steps() -> None:
    assert measure_env_steps("highcard", 0.05, players=3) > 0
