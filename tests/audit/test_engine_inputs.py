"""Engine inputs: option errors say what is allowed; events and replays refuse bad shapes."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine import OptionError, Replay, ReplayError
from parlour.games import get_game


@pytest.mark.parametrize("value", [999, 0, -3, "x", 2.5, True, [5]])
def test_an_out_of_range_option_names_its_range(value: Any) -> None:
    with pytest.raises(OptionError) as err:
        get_game("loveletter").new(2, {"tokens_to_win": value})
    for lang in ("en", "vi", "zh", "es"):
        assert "1..20" in err.value.message(lang)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"format": "parlour-replay"},
        {"format": "parlour-replay", "version": 1},
        {"format": "parlour-replay", "version": 1, "game": 3, "players": 2, "seed": 1},
        {"format": "parlour-replay", "version": 1, "game": "x", "players": "2", "seed": 1},
        {"format": "parlour-replay", "version": 1, "game": "x", "players": 2, "seed": 1.5},
        {
            "format": "parlour-replay",
            "version": 1,
            "game": "x",
            "players": 2,
            "seed": 1,
            "actions": [1],
        },
        {
            "format": "parlour-replay",
            "version": 1,
            "game": "x",
            "players": 2,
            "seed": 1,
            "names": "Ana",
        },
    ],
)
def test_malformed_replays_are_replay_errors(data: Any) -> None:
    with pytest.raises(ReplayError):
        Replay.from_json(data)
