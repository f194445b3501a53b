"""Game-agnostic players and the bot interface."""

from parlour.bots.base import Bot, Observation, RandomBot

__all__ = ["Bot", "Observation", "RandomBot"]
