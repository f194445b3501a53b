"""Seed figures: seeded random games keep their length, winners and rounds.

These figures were recorded from the engine, so they prove nothing about the rules (a wrong
rule recorded here passes): ``test_scripted_games.py`` checks the rules, with logs written
from the specification. A failure here means the rules, the shuffle or the action order
changed; check that the change is meant, then update the figures.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine import Rng
from parlour.games.loveletter import GAME

SEED_FIGURES: list[tuple[int, dict[str, Any], list[tuple[int, tuple[int, ...], int]]]] = [
    (
        2,
        {"edition": "classic"},
        [(50, (0,), 10), (49, (0,), 10), (47, (0,), 10), (44, (1,), 8), (59, (1,), 9)],
    ),
    (
        4,
        {"edition": "classic", "ruleset": "printed"},
        [(59, (3,), 6), (85, (1,), 10), (69, (0,), 7), (83, (0,), 9), (90, (0,), 9)],
    ),
    (
        7,
        {"edition": "premium"},
        [(169, (1,), 7), (90, (6,), 4), (87, (0,), 4), (191, (4,), 8), (143, (4,), 6)],
    ),
    (
        5,
        {"edition": "2019", "ruleset": "printed"},
        [(57, (4,), 4), (45, (0,), 3), (60, (4,), 4), (76, (1,), 5), (42, (4,), 3)],
    ),
]


@pytest.mark.parametrize(("players", "options", "expected"), SEED_FIGURES)
def test_seeded_games_are_stable(
    players: int, options: dict[str, Any], expected: list[tuple[int, tuple[int, ...], int]]
) -> None:
    """Moves, winners and rounds of seeds 0-4 (random legal moves drawn from the seed)."""
    got = []
    for seed in range(5):
        st = GAME.new(players, options, seed)
        rng = Rng(seed)
        while st.to_act is not None:
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
        assert st.result is not None
        got.append((st.move_number, st.result.winners, st.result.details["rounds"]))
    assert got == expected
