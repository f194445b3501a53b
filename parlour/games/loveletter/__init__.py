"""Love Letter: the classic (2-4 players), premium (5-8) and 2019 (2-6) editions."""

from parlour.games.loveletter.rules import GAME, LoveLetter, LoveLetterState

BOTS: dict[str, object] = {}

__all__ = ["BOTS", "GAME", "LoveLetter", "LoveLetterState"]
