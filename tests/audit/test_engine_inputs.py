"""Engine inputs: option errors say what is allowed; events and replays refuse bad shapes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.engine import OptionError, Replay, ReplayError
from parlour.games import get_game


@pytest.mark.parametrize("value", [999, 0, -3, "x", 2.5, True, [5]])
def test_an_out_of_range_option_names_its_range(value: Any) -> None:
    with pytest.raises(OptionError) as err:
        get_game("loveletter").new(2, {"tokens_to_win": value})
    for lang in ("en", "vi", "zh", "es"):
        text = err.value.message(lang)
        assert re.search(r"(?<!\d)1(?!\d).*(?<!\d)20(?!\d)", text), text


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


@pytest.mark.parametrize("game_id", ["loveletter", "gauntlet", "splendor-marvel"])
def test_illegal_action_errors_carry_only_the_senders_words(game_id: str) -> None:
    """An illegal action's error names the action, the seat, the prompt or a count: no card
    the sender does not hold, so echoing it to anyone could not leak a hand."""
    from parlour.engine import IllegalActionError, Rng

    game = get_game(game_id)
    allowed = {"action", "seat", "prompt", "count", "code", "size"}
    for seed in range(3):
        state = game.new(3, {}, seed)
        rng = Rng(seed)
        space = state.action_space.actions
        for _ in range(15):
            if state.is_over:
                break
            legal = set(state.legal_actions())
            for action in [space[rng.below(len(space))] for _ in range(12)]:
                if action in legal:
                    continue
                with pytest.raises(IllegalActionError) as err:
                    state.apply(action)
                assert set(err.value.params) <= allowed, err.value.params
                if "action" in err.value.params:
                    assert err.value.params["action"] == str(action)
            state.apply(rng.choice(state.legal_actions()))
