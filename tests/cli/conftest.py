"""The toy game is registered for every command-line test."""

import pytest

from parlour.games import get_game, register
from tests.support.highcard import GAME

register(GAME)


@pytest.fixture
def gauntlet_loaded() -> None:
    """Skip the test when Infinity Gauntlet cannot be loaded."""
    try:
        get_game("gauntlet")
    except Exception as exc:
        pytest.skip(f"gauntlet not loadable: {exc}")
