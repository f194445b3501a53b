"""A whole two-player game on stacked decks, with the hero's log as the golden record."""

from __future__ import annotations

from parlour.engine import describe, events_for
from tests.games.gauntlet.helpers import new

GOLDEN = [
    "Thanos plays Corvus Glaive on Ana.",
    "Nothing happens.",
    "Ana begins a turn.",
    "Ana draws a card.",
    "Ana draws Captain Marvel.",
    "Ana plays Iron Man on Ana.",
    "Ana fights Thanos.",
    "Ana starts a fight: Ana against Thanos.",
    "Fight: Ana's Captain Marvel (6) against Thanos's Outrider (1).",
    "Outrider of Thanos is defeated (health 1).",
    "Ana begins a turn.",
    "Ana draws a card.",
    "Ana draws Hulk.",
    "Ana plays Hulk.",
    "Ana starts a fight: Ana against Thanos.",
    "Fight: Ana's Captain Marvel (6) against Thanos's Outrider (1).",
    "Outrider of Thanos is defeated (health 0).",
    "The game is over: Thanos's health ran out.",
]


def test_golden_two_player_game_IG_TURN_3_IG_HERO_6_IG_END_1() -> None:
    """IG-TURN-3 the hero's two turns; IG-HERO-6 choosing yourself; IG-END-1 the heroes win."""
    st = new(
        2,
        ["iron_man", "captain_marvel", "hulk"],
        ["outrider_1", "outrider_2", "corvus_glaive", "proxima_midnight"],
        hero_health=2,
        thanos_health=2,
    )
    log: list[str] = []
    for action in ("corvus>p1", "6>p1", "accept", "3:fight"):
        for e in events_for(1, st.apply(action)):
            log.append(describe("gauntlet", e, "en", ["Thanos", "Ana"]))
    assert log == GOLDEN
    assert st.result is not None and st.result.winners == (1,)
    assert st.result.details == {"hero_health": 2, "thanos_health": 0, "turns": 3}
