"""The toy game and its encoder, registered while the RL tests run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import parlour.games
from parlour.rl import register_encoder
from tests.rl.highcard_encoder import HighCardEncoder
from tests.support.highcard import GAME

register_encoder(HighCardEncoder)


@pytest.fixture(autouse=True, scope="module")
def _highcard_registered() -> Iterator[None]:
    """Register the toy game for one test module, then put the registry back as it was.

    Tests of other packages list the registered games (the toy game must not linger there)
    or register it themselves at import (it must stay for them).
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(parlour.games._LOADED, GAME.id, GAME)
        yield
