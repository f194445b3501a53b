"""Infinity Gauntlet's search hints: the heuristic bot as the player model of the hard bot."""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Observation
from parlour.bots.ismcts import Budget, IsmctsBot, hints_for
from parlour.bots.levels import make_level
from parlour.engine import Rng, State
from parlour.engine.playout import observe
from parlour.games import game_record
from parlour.games.gauntlet import GAME
from parlour.games.gauntlet.bot import HeuristicBot
from parlour.games.gauntlet.search import SEARCH_HINTS, GauntletHints


def positions(players: int, games: int, seed: int = 0) -> list[State]:
    """Every decision point of a few seeded games between random players."""
    found: list[State] = []
    for g in range(games):
        state = GAME.new(players, {}, seed + g)
        rng = Rng(seed + g)
        while state.to_act is not None:
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def test_hints_are_found_for_the_game() -> None:
    assert hints_for(GAME.new(2, {}, 1)) is SEARCH_HINTS
    assert isinstance(SEARCH_HINTS, GauntletHints)


def test_player_model_plays_as_the_heuristic_bot_does_from_its_own_view() -> None:
    """Same choice as the bot at every decision, for Thanos and for heroes, and the model
    reads only the seat's view: another world with the same view gives the same move."""
    bot = HeuristicBot()
    checked = 0
    for players in (2, 4, 6):
        for state in positions(players, 3, seed=10 * players):
            seat = state.to_act
            assert seat is not None
            expected = bot.act(Observation(state, seat), Rng(state.move_number))
            assert SEARCH_HINTS.player_model(state, Rng(state.move_number)) == expected
            other = state.determinize(seat, Rng(99))
            assert other.view(seat) == state.view(seat)
            assert SEARCH_HINTS.player_model(other, Rng(state.move_number)) == expected
            checked += 1
    assert checked > 100


def test_plain_search_ignores_the_model_and_the_hard_bot_uses_it() -> None:
    """Without ``model_players`` the model is never asked; with it, it moves the other side."""

    class Counting(GauntletHints):
        def __init__(self) -> None:
            super().__init__()
            self.asked = 0

        def player_model(self, state: State, rng: Rng) -> Any:
            self.asked += 1
            return super().player_model(state, rng)

    state = GAME.new(3, {}, 4)
    seat = state.to_act
    assert seat is not None
    for model in (False, True):
        hints = Counting()
        bot = IsmctsBot(Budget(60), hints=hints, model_players=model)
        action = bot.act(observe(bot, state, seat, Rng(0)), Rng(1))
        assert action in state.legal_actions()
        assert (hints.asked > 0) is model
    hard = make_level("hard", "gauntlet")
    assert isinstance(hard, IsmctsBot) and hard.model_players
    assert hard.budget.iterations == game_record("gauntlet").hard_iterations == 1000
