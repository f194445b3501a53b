"""Love Letter: the classic (2-4 players), premium (5-8) and 2019 (2-6) editions."""

from collections.abc import Callable

from parlour.bots.base import Bot
from parlour.games.loveletter.bot import HeuristicBot, make_heuristic
from parlour.games.loveletter.rules import GAME, LoveLetter, LoveLetterState

BOTS: dict[str, Callable[[str | None], Bot]] = {"heuristic": make_heuristic}

__all__ = ["BOTS", "GAME", "HeuristicBot", "LoveLetter", "LoveLetterState"]
