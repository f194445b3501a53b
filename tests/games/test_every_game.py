"""The generic suite: random games on every registered game and configuration."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Game
from parlour.games import all_games
from tests.support.highcard import GAME as HIGHCARD
from tests.support.protocol_checks import check_random_game
from tests.support.secrecy import Tally

GAMES: list[Game] = [HIGHCARD, *all_games()]
CONFIGS: list[tuple[Game, int, dict[str, Any]]] = [
    (g, n, opts) for g in GAMES for n, opts in g.sample_configs()
]


def _id(cfg: tuple[Game, int, dict[str, Any]]) -> str:
    g, n, opts = cfg
    extra = ",".join(f"{k}={v}" for k, v in sorted(opts.items()))
    return f"{g.id}-{n}p" + (f"-{extra}" if extra else "")


@pytest.mark.parametrize("cfg", CONFIGS, ids=[_id(c) for c in CONFIGS])
def test_random_games_keep_every_promise(cfg: tuple[Game, int, dict[str, Any]]) -> None:
    """Games end, listed moves apply, refusals change nothing, no leaks, replays reproduce;
    determinize redeals what the game declares hidden."""
    game, players, options = cfg
    tally = Tally()
    for seed in range(6):
        check_random_game(game, players, options, seed, deep_every=3, tally=tally)
    tally.check()
    assert tally.events_compared > 0, "no delivered event was compared between two worlds"


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=[_id(c) for c in CONFIGS])
def test_many_seeds_light_checks(cfg: tuple[Game, int, dict[str, Any]]) -> None:
    """Many more seeds with the costly checks spaced out."""
    game, players, options = cfg
    for seed in range(100, 130):
        check_random_game(game, players, options, seed, deep_every=25)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_property_any_seed(data: st.DataObject) -> None:
    """For any seed and configuration, a random game keeps the promises."""
    game, players, options = data.draw(st.sampled_from(CONFIGS))
    seed = data.draw(st.integers(min_value=0, max_value=2**63 - 1))
    check_random_game(game, players, options, seed, deep_every=7)
