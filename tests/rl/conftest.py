"""The toy game and its encoder, registered while the RL tests run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import parlour.games
import parlour.rl.encoders
from tests.rl.highcard_encoder import HighCardEncoder
from tests.support.highcard import GAME


@pytest.fixture(autouse=True, scope="module")
def _highcard_registered() -> Iterator[None]:
    """Register the toy game and its encoder for one test module, then put both registries back.

    Tests of other packages list the registered games (the toy game must not linger there)
    or register it themselves at import (it must stay for them), and expect the toy game to
    have no encoder.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(parlour.games._LOADED, GAME.id, GAME)
        patch.setitem(parlour.rl.encoders._REGISTERED, HighCardEncoder.game_id, HighCardEncoder)
        yield
