"""The toy game is registered for every simulation test."""

from parlour.games import register
from tests.support.highcard import GAME

register(GAME)
