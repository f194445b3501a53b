"""Properties of random games: health bookkeeping, hand sizes, Thanos never stranded."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Rng
from parlour.games.gauntlet import GAME, Prompt
from parlour.games.gauntlet import actions as A


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


def test_IG_TURN_4_thanos_always_has_a_card_to_play_or_the_snap() -> None:
    """IG-TURN-4: at every step of random games Thanos holds two cards while his deck holds
    two; his play prompt always offers a card, and a snap prompt comes only with all six
    stones his. So his turn never passes (the package's notes give the proof)."""
    low_deck = dry_snaps = 0
    for players, options in GAME.sample_configs():
        for seed in range(40):
            state = GAME.new(players, options, seed)
            rng = Rng(seed)
            while state.to_act is not None:
                assert state.hand_kept()
                acts = state.legal_actions()
                if state.phase is Prompt.PLAY and state.active == 0:
                    assert any(a is not A.SNAP for a in acts)
                if state.phase is Prompt.SNAP:
                    assert state.snap_ready()
                    dry_snaps += not state.thanos_deck
                low_deck += len(state.thanos_deck) < 2
                state.apply(acts[rng.below(len(acts))])
    assert low_deck > 0 and dry_snaps > 0  # the games reached the end of Thanos's deck
