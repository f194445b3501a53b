"""Parlour: Love Letter, Infinity Gauntlet and Splendor Marvel, for people, bots and research."""

__version__ = "0.1.0"

# Chooses the build (compiled hot modules or pure Python) before any of them is imported.
from parlour import _build as _build
