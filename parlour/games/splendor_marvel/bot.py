"""A heuristic Splendor Marvel bot (placeholder while the engine settles)."""

from __future__ import annotations

from parlour.bots.base import Bot, Observation
from parlour.engine import Action, Rng


class HeuristicBot(Bot):
    """Plays a greedy engine-building strategy from its observation only."""

    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Action:
        """Choose an action."""
        return obs.legal[0]
