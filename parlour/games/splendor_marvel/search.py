"""Search hints for Splendor Marvel: a few rounds ahead, then the board is scored.

Games last a hundred moves and more, so search looks a few rounds ahead: a rollout is
scored after ``horizon`` moves by each seat's estimated chance to win the game: its share
of a soft maximum over a board score (infinity points, bonuses towards the five colours
SM-WIN-1 asks for, the green token, tokens in hand), sharper the nearer the leader is to
the end (a lead of a few points early is worth little; the same lead two turns from the
Gauntlet nearly decides the game). Rollouts recruit when they can (the best points first)
and otherwise take three stones, which plays far closer to real games than uniform random
moves.
"""

from __future__ import annotations

import math

from parlour.engine import Action, Rng, State
from parlour.games.splendor_marvel.actions import Recruit, Take
from parlour.games.splendor_marvel.cards import CARDS, GREEN, WIN_POINTS
from parlour.games.splendor_marvel.state import SplendorMarvelState

TEMPERATURE = 3.0
"""How many board-score points make one seat e times likelier to win than another, at the
start of a game (the temperature shrinks with what the leader still needs)."""
END_TEMPERATURE = 0.75
"""The temperature when the leader meets the Gauntlet's condition but for nothing."""


def board_score(state: SplendorMarvelState, seat: int) -> float:
    """A rough worth of a seat's position, in infinity points."""
    bonus = state.bonus[seat]
    tokens = state.tokens[seat]
    colours = sum(1 for b in bonus if b > 0)
    green = tokens[GREEN] > 0
    score = (
        state.points(seat)
        + 0.6 * colours
        + 0.35 * sum(bonus)
        + 0.12 * (sum(tokens) - tokens[GREEN])
        + (1.5 if green else 0.0)
    )
    if state.meets_gauntlet(seat):
        score += 4.0
    return score


def end_temperature(state: SplendorMarvelState) -> float:
    """The value's temperature: ``TEMPERATURE`` at the start, ``END_TEMPERATURE`` when the
    leader in points needs none more (SM-WIN-1), in proportion between."""
    lead = max(state.points(s) for s in range(state.players))
    left = max(0.0, 1.0 - lead / WIN_POINTS)
    return END_TEMPERATURE + (TEMPERATURE - END_TEMPERATURE) * left


class SplendorMarvelHints:
    """Splendor Marvel's :class:`parlour.bots.ismcts.SearchHints`."""

    def __init__(self, rounds: int = 3) -> None:
        self.rounds = rounds

    @property
    def horizon(self) -> int:
        """Moves after the root before a rollout is scored (about ``rounds`` rounds)."""
        return 4 * self.rounds

    def stop(self, state: State) -> bool:
        """Rollouts end by the horizon only."""
        return False

    def value(self, state: State, seat: int) -> float:
        """The seat's estimated chance to win the game: its share of a soft maximum over every
        seat's board score, at a temperature that shrinks as the leader nears the end."""
        return self.values(state)[seat]

    def values(self, state: State) -> list[float]:
        """Every seat's :meth:`value` at once."""
        st: SplendorMarvelState = state  # type: ignore[assignment]
        scores = [board_score(st, s) for s in range(st.players)]
        top = max(scores)
        temperature = end_temperature(st)
        weights = [math.exp((s - top) / temperature) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]

    def rollout_action(self, state: State, rng: Rng) -> Action:
        """Recruit the most points on offer, else take three stones, else anything."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        st: SplendorMarvelState = state  # type: ignore[assignment]
        best: list[Action] = []
        best_points = -1
        takes: list[Action] = []
        for a in legal:
            if isinstance(a, Recruit):
                seat = st.turn
                card = st.reserved[seat][a.slot] if a.tier == 0 else st.display[a.tier - 1][a.slot]
                points = CARDS[card].points
                if points > best_points:
                    best, best_points = [a], points
                elif points == best_points:
                    best.append(a)
            elif isinstance(a, Take):
                takes.append(a)
        pool = best or takes or legal
        return pool[rng.below(len(pool))] if len(pool) > 1 else pool[0]


SEARCH_HINTS = SplendorMarvelHints()
"""The hints the search bot looks up (``SEARCH_HINTS`` of the package, once re-exported)."""
