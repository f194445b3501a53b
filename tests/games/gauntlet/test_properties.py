"""Properties of random games (hypothesis): health bookkeeping and hand sizes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Rng
from parlour.games.gauntlet import GAME


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**63 - 1))
def test_health_falls_by_one_per_defeat_IG_DEFEAT_1(players: int, seed: int) -> None:
    """IG-DEFEAT-1 / IG-DECK-3: each defeat costs its team exactly 1 health; hands stay in
    bounds (a hero 1-2 cards, Thanos at most 4)."""
    state = GAME.new(players, None, seed)
    rng = Rng(seed)
    start = (state.hero_health, state.thanos_health)
    lost = [0, 0]
    while state.to_act is not None:
        acts = state.legal_actions()
        for e in state.apply(acts[rng.below(len(acts))]):
            if e.kind == "defeated":
                lost[e.data["seat"] == 0] += 1
        if state.to_act is not None:  # a game-ending defeat skips the redraw (IG-END-4)
            assert all(1 <= len(state.hands[s]) <= 2 for s in range(1, players))
            assert len(state.hands[0]) <= 4
    assert (state.hero_health, state.thanos_health) == (start[0] - lost[0], start[1] - lost[1])
    result = state.result
    assert result is not None
    if result.reason == "hero_health":
        assert state.hero_health == 0 and result.winners == (0,)
    elif result.reason == "thanos_health":
        assert state.thanos_health == 0 and result.winners == tuple(range(1, players))
    else:
        assert result.reason == "snap" and result.winners == (0,)
