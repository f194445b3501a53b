"""Search hints for Infinity Gauntlet: the heuristic bot as the model of how players move.

Games are short, so rollouts run to the end with no horizon or position score. What search
gains from is a model of the other side: the hard bot (``IsmctsBot(model_players=True)``)
lets every other seat move inside its tree, and every seat in its rollouts, the way the
heuristic bot would from that seat's own view of the sampled world. The plain ``ismcts``
bot ignores the model and searches exactly as without hints.
"""

from __future__ import annotations

from parlour.engine import Action, Rng, State
from parlour.engine.players import Observation
from parlour.games.gauntlet.bot import HeuristicBot


class GauntletHints:
    """Infinity Gauntlet's :class:`parlour.bots.ismcts.SearchHints`."""

    def __init__(self) -> None:
        self._bot = HeuristicBot()

    def stop(self, state: State) -> bool:
        """Rollouts run to the end of the game."""
        return False

    def value(self, state: State, seat: int) -> float:
        """Never needed before the end (rollouts are not cut short); even odds."""
        return 0.5

    def player_model(self, state: State, rng: Rng) -> Action:
        """The heuristic bot's move for the seat to act, from that seat's view only."""
        seat = state.to_act
        assert seat is not None  # search asks only while someone is to act
        return self._bot.act(Observation(state, seat), rng)


SEARCH_HINTS = GauntletHints()
"""The hints the search bot looks up (``SEARCH_HINTS`` of the package's ``search``)."""
