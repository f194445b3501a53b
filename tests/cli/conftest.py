"""The toy game is registered for every command-line test."""

from parlour.games import register
from tests.support.highcard import GAME

register(GAME)
