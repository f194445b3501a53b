"""The bot interface, kept importable here: it lives in :mod:`parlour.engine.players`."""

from parlour.engine.players import Bot, LegalBot, Observation, RandomBot

__all__ = ["Bot", "LegalBot", "Observation", "RandomBot"]
