"""Difficulty levels: easy, normal and hard players for every game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from parlour.bots.base import Bot, Observation, RandomBot
from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.bots.levels import EASY_NOISE, HARD_TIME_CAP_MS, NoisyBot, hard_budget, make_level
from parlour.bots.registry import make_bot
from parlour.engine import Action, OptionError, Rng
from parlour.engine.playout import observe
from parlour.games import all_games, game_record
from parlour.sim.play import play_game
from tests.support.highcard import GAME as HIGHCARD


class _First(Bot):
    """Always the first legal action; remembers resets."""

    def __init__(self) -> None:
        self.resets: list[int] = []

    def act(self, obs: Observation, rng: Rng) -> Action:
        return obs.legal[0]

    def reset(self, seat: int, players: int, options: Mapping[str, Any]) -> None:
        self.resets.append(seat)


def test_levels_on_a_game_without_a_heuristic() -> None:
    """The toy game has no heuristic bot: easy and normal fall back to random play."""
    easy = make_level("easy", "highcard")
    assert isinstance(easy, NoisyBot)
    assert isinstance(easy.inner, RandomBot)
    assert isinstance(make_level("normal", "highcard"), RandomBot)
    hard = make_level("hard", "highcard")
    assert isinstance(hard, IsmctsBot)
    assert hard.budget == hard_budget("highcard")
    assert hard.budget.millis == HARD_TIME_CAP_MS
    assert isinstance(make_level("hard", "highcard", "40"), IsmctsBot)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_normal_is_the_games_heuristic(game: Any) -> None:
    """Normal is the game's heuristic bot (random play without one) and easy wraps it."""
    normal = make_level("normal", game.id)
    bots = game_record(game).bots
    expected = type(bots["heuristic"](None)) if "heuristic" in bots else RandomBot
    assert type(normal) is expected
    easy = make_level("easy", game.id)
    assert isinstance(easy, NoisyBot) and type(easy.inner) is expected


def test_unknown_level_is_refused() -> None:
    """Only easy, normal and hard exist."""
    with pytest.raises(OptionError):
        make_level("expert", "highcard")


def test_easy_noise_plays_random_moves_a_quarter_of_the_time() -> None:
    """With two legal moves, a random move differs from the inner choice half the time."""
    bot = NoisyBot(_First(), EASY_NOISE)
    state = HIGHCARD.new(2, {}, 0)
    obs = observe(bot, state, 0)
    rng = Rng(7)
    differ = sum(bot.act(obs, rng) != obs.legal[0] for _ in range(2000)) / 2000
    assert abs(differ - EASY_NOISE / 2) < 0.03


@pytest.mark.parametrize("level", ["easy", "normal", "hard:30"])
def test_levels_by_name_play_whole_games(level: str) -> None:
    """``make_bot("hard", game)`` works: the level picks its game on first sight."""
    bots = [make_bot(level, "highcard"), make_bot("random", "highcard")]
    played = play_game(HIGHCARD, 2, {}, 3, bots)
    assert played.decisions[0] >= 1
    assert sum(played.result.scores) == pytest.approx(1.0)


def test_levels_by_name_search_only_when_hard() -> None:
    """Only the hard level asks for sampled worlds (a resample costs time)."""
    assert make_bot("hard", "highcard").samples
    assert not make_bot("normal", "highcard").samples
    hard = make_bot("hard:7", "highcard")
    state = HIGHCARD.new(2, {}, 0)
    hard.act(observe(hard, state, 0, Rng(0)), Rng(1))
    assert hard.bot_for("highcard").budget == Budget(7, None)  # type: ignore[attr-defined]
