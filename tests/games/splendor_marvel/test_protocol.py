"""The generic every-game checks, run on Splendor Marvel's configurations directly."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games.splendor_marvel import GAME
from tests.support.protocol_checks import check_random_game

CONFIGS = GAME.sample_configs()


@pytest.mark.parametrize(
    ("players", "options"), CONFIGS, ids=[f"{n}p-{sorted(o.items())}" for n, o in CONFIGS]
)
def test_random_games_keep_every_promise(players: int, options: dict[str, Any]) -> None:
    """Games end, moves apply, refusals change nothing, no leaks, replays reproduce."""
    for seed in range(3):
        check_random_game(GAME, players, options, seed, deep_every=4)
