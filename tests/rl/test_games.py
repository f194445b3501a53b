"""Every built-in game with an encoder: PettingZoo and Gymnasium conformance, no leaks."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from parlour.engine import Game, Rng
from parlour.games import game_ids, get_game
from parlour.rl import ParlourAECEnv, encoder_ids, make_encoder, make_env, make_single_env
from tests.support.highcard import GAME as HIGHCARD

# The toy game (registered by other test packages too) has its own tests in test_env.py.
GAMES: list[Game] = [get_game(g) for g in game_ids() if g in encoder_ids() and g != HIGHCARD.id]
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (g.id, n, opts) for g in GAMES for n, opts in g.sample_configs()
]


def _id(cfg: tuple[str, int, dict[str, Any]]) -> str:
    game, n, opts = cfg
    extra = ",".join(f"{k}={v}" for k, v in sorted(opts.items()))
    return f"{game}-{n}p" + (f"-{extra}" if extra else "")


IDS = [_id(c) for c in CONFIGS]
CONFIGS_OF = {g.id: [c for c in CONFIGS if c[0] == g.id] for g in GAMES}


@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
def test_pettingzoo_api_test(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = cfg
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "observation is not a NumPy array"
        api_test(make_env(game, players, **options), num_cycles=15)


@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = cfg
    seed_test(lambda: make_env(game, players, **options), num_cycles=15)


# The first and last sample configuration of each game, against its heuristic bot.
SINGLE = [
    c
    for g in GAMES
    for c in {_id(c): c for c in (CONFIGS_OF[g.id][0], CONFIGS_OF[g.id][-1])}.values()
]


@pytest.mark.parametrize("cfg", SINGLE, ids=[_id(c) for c in SINGLE])
def test_gymnasium_check_env(cfg: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = cfg
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "not created with gymnasium.make"
        check_env(make_single_env(game, players, seat=None, opponent="heuristic", **options))


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_default_configuration_needs_only_the_game_id(game: str) -> None:
    env = ParlourAECEnv(game)
    env.reset(seed=0)
    assert env.episode is not None
    players, options = env.config.players, env.config.options
    assert env.episode.state == get_game(game).new(players, options, 0)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    cfg=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
)
def test_observation_equals_that_of_every_world_the_seat_cannot_tell_apart(
    cfg: tuple[str, int, dict[str, Any]], seed: int, moves: int
) -> None:
    """The observation comes from the view only: ``determinize`` cannot change it."""
    game_id, players, options = cfg
    game = get_game(game_id)
    state = game.new(players, options, seed)
    encoder = make_encoder(game_id, players, state.options)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(players):
        mine = encoder.encode(state.view(seat))
        assert mine.shape == (encoder.size,) and mine.dtype == np.float32
        assert ((mine >= 0) & (mine <= 1)).all()
        for _ in range(2):
            world = state.determinize(seat, rng.spawn())
            assert np.array_equal(encoder.encode(world.view(seat)), mine)
