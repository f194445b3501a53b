"""Difficulty levels: ``easy``, ``normal`` and ``hard`` players for any game.

- ``easy``: the game's heuristic bot, but a random legal move one time in four;
- ``normal``: the game's heuristic bot (the random bot for a game without one);
- ``hard``: ISMCTS with a per-game iteration budget that answers within a second, capped
  by a time limit as a safety net, searching against the game's model of how players move
  where the game offers one (Love Letter and Infinity Gauntlet: see ``IsmctsBot.model_players``),
  never trying the moves the game's hints call senseless (``IsmctsBot.prune``).

``hard:<budget>`` overrides the search budget with an ISMCTS budget (``hard:300``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.bots.base import Bot, Observation, RandomBot
from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.bots.registry import register_bot
from parlour.engine import Action, OptionError, Rng
from parlour.engine.record import BotFactory
from parlour.games import game_record

LEVELS = ("easy", "normal", "hard")
"""The level names, easiest first."""
ALIASES: Mapping[str, str] = {"heuristic": "normal"}
"""Bot kinds that are another kind under an older name: the command line still takes them,
the lobby lists only the kind they stand for (``normal`` is the game's heuristic bot)."""
EASY_NOISE = 0.25
"""How often the easy bot plays a random legal move instead of the heuristic's."""
HARD_DEFAULT_ITERATIONS = 500
"""Iterations of the hard bot in a game whose record names none (``hard_iterations``)."""
HARD_TIME_CAP_MS = 900.0
"""The hard bot stops searching after this long whatever its iteration budget."""


class NoisyBot(Bot):
    """Plays another bot's move, or a random legal move with some probability."""

    def __init__(self, inner: Bot, noise: float, name: str = "noisy") -> None:
        self.inner = inner
        self.noise = noise
        self.name = name
        self.samples = inner.samples
        self.reads_view = inner.reads_view

    def act(self, obs: Observation, rng: Rng) -> Action:
        """A random legal move with probability ``noise``, else the inner bot's choice."""
        if rng.random() < self.noise:
            return rng.choice(obs.legal)
        return self.inner.act(obs, rng)

    def reset(self, seat: int, players: int, options: Mapping[str, Any]) -> None:
        """Reset the inner bot."""
        self.inner.reset(seat, players, options)


def heuristic_bot(game_id: str) -> Bot:
    """The game's ``heuristic`` bot, or the random bot when the game has none."""
    factory: BotFactory | None = game_record(game_id).bots.get("heuristic")
    return factory(None) if factory is not None else RandomBot()


def hard_budget(game_id: str) -> Budget:
    """The hard bot's search budget for a game."""
    iterations = game_record(game_id).hard_iterations
    return Budget(iterations or HARD_DEFAULT_ITERATIONS, HARD_TIME_CAP_MS)


def make_level(level: str, game_id: str, arg: str | None = None) -> Bot:
    """The bot of a difficulty level for a game (raises OptionError for an unknown level)."""
    if level == "easy":
        return NoisyBot(heuristic_bot(game_id), EASY_NOISE, "easy")
    if level == "normal":
        return heuristic_bot(game_id)
    if level == "hard":
        budget = Budget.parse(arg) if arg else hard_budget(game_id)
        bot = IsmctsBot(budget, model_players=True, prune=True)
        bot.name = "hard"
        return bot
    raise OptionError("core.error.unknown_bot", bot=str(level)[:40], known=", ".join(LEVELS))


class _LevelFactory:
    """A registry factory for one level: the game is known only when the bot is made."""

    def __init__(self, level: str) -> None:
        self.level = level

    def __call__(self, arg: str | None) -> Bot:
        if self.level == "hard" and arg:
            Budget.parse(arg)  # refuse a bad budget when the bot is made, not at its first move
        return _LevelBot(self.level, arg)


class _LevelBot(Bot):
    """A level whose game is chosen by the first observation (registry factories get no game)."""

    def __init__(self, level: str, arg: str | None) -> None:
        self.level = level
        self.arg = arg
        self.name = level
        self._bots: dict[str, Bot] = {}
        self._last: tuple[int, int, Mapping[str, Any]] | None = None
        # Sampling costs one determinize per decision; only the hard level searches. Every
        # level's bot reads the view (a game without a heuristic bot is merely given one).
        self.samples = level == "hard"

    def bot_for(self, game_id: str) -> Bot:
        """The concrete bot of this level for a game."""
        bot = self._bots.get(game_id)
        if bot is None:
            bot = self._bots[game_id] = make_level(self.level, game_id, self.arg)
            if self._last is not None:
                bot.reset(*self._last)
        return bot

    def act(self, obs: Observation, rng: Rng) -> Action:
        """The concrete bot's move."""
        return self.bot_for(obs.game_id).act(obs, rng)

    def reset(self, seat: int, players: int, options: Mapping[str, Any]) -> None:
        """Reset every concrete bot made so far."""
        self._last = (seat, players, options)
        for bot in self._bots.values():
            bot.reset(seat, players, options)


for _level in LEVELS:
    register_bot(_level, _LevelFactory(_level))
