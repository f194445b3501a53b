"""Parlour: Love Letter, Infinity Gauntlet and Splendor Marvel, for people, bots and research."""

__version__ = "0.1.0"
