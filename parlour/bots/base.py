"""The bot interface, kept importable here: it lives in :mod:`parlour.engine.players`."""

from parlour.engine.players import Bot, Observation, RandomBot

__all__ = ["Bot", "Observation", "RandomBot"]
