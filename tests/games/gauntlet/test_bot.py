"""The heuristic bot plays both sides better than random play (bounded runs)."""

from __future__ import annotations

from parlour.bots.base import RandomBot
from parlour.bots.registry import make_bot
from parlour.games.gauntlet import GAME
from parlour.games.gauntlet.bot import HeuristicBot
from parlour.sim.play import play_game

GAMES = 40


def _thanos_wins(players: int, thanos_bot: object, hero_bot: object) -> int:
    wins = 0
    for seed in range(GAMES):
        bots = [thanos_bot] + [hero_bot] * (players - 1)
        played = play_game(GAME, players, None, seed, bots)  # type: ignore[arg-type]
        wins += 0 in played.result.winners
    return wins


def test_registry_builds_the_heuristic_bot() -> None:
    """``make_bot("heuristic", "gauntlet")`` returns this game's bot."""
    assert isinstance(make_bot("heuristic", "gauntlet"), HeuristicBot)


def test_heuristic_thanos_beats_random_heroes() -> None:
    """Heuristic Thanos against random heroes wins clearly (3 and 5 players)."""
    for players in (3, 5):
        assert _thanos_wins(players, HeuristicBot(), RandomBot()) >= 0.8 * GAMES


def test_heuristic_heroes_beat_random_thanos() -> None:
    """Heuristic heroes against a random Thanos win clearly (4 and 5 players)."""
    for players in (4, 5):
        assert _thanos_wins(players, RandomBot(), HeuristicBot()) <= 0.35 * GAMES
