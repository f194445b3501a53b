"""Tests of the game-agnostic bots, the levels and fair play."""
