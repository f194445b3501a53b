"""The heuristic bot: it plays from its observation only and beats the random bot."""

from __future__ import annotations

from parlour.bots.base import RandomBot
from parlour.bots.registry import make_bot
from parlour.games.splendor_marvel import GAME
from parlour.games.splendor_marvel.bot import HeuristicBot
from parlour.sim.play import play_game


def test_heuristic_beats_random_in_nearly_every_two_player_game() -> None:
    """100 seeded 2-player games, seats alternating: the heuristic bot wins at least 90%."""
    wins = 0
    for seed in range(100):
        seat = seed % 2
        bots = [HeuristicBot() if s == seat else RandomBot() for s in range(2)]
        game = play_game(GAME, 2, {}, seed, bots)
        wins += game.result.winners == (seat,)
    assert wins >= 90, f"the heuristic bot won only {wins} of 100"


def test_heuristic_bots_finish_games_with_the_gauntlet() -> None:
    """Heuristic bots against each other reach the Infinity Gauntlet (no round limit)."""
    for players in (2, 3, 4):
        bots = [make_bot("heuristic", "splendor-marvel") for _ in range(players)]
        game = play_game(GAME, players, {}, players, bots)
        assert game.result.reason == "gauntlet"
        assert game.result.details["qualified"]
