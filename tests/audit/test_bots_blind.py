"""Bots decide from what their seat may know: two worlds it cannot tell apart, one choice."""

from __future__ import annotations

import pytest

from parlour.bots.registry import make_bot
from parlour.engine import Rng
from parlour.engine.playout import observe

GAMES = ("loveletter", "gauntlet", "splendor-marvel")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("spec", ["heuristic", "hard:8"])
def test_a_bot_chooses_the_same_in_worlds_its_seat_cannot_tell_apart(
    game_id: str, spec: str
) -> None:
    from parlour.games import get_game

    game = get_game(game_id)
    make_bot(spec, game_id)  # every built-in game has both: a missing one is a failure
    for seed in range(2):
        state = game.new(3, {}, seed)
        rng = Rng(seed)
        for _ in range(12):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            other = state.determinize(seat, Rng(100 + seed))
            choices = []
            for world in (state, other):
                bot = make_bot(spec, game_id)
                bot.reset(seat, state.players, state.options)
                obs = observe(bot, world, seat, Rng(7))
                choices.append(str(bot.act(obs, Rng(7))))
            assert choices[0] == choices[1], (seed, state.move_number, choices)
            state.apply(rng.choice(state.legal_actions()))
