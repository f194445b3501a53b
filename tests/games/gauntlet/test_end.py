"""End of the game, knowledge and rulings (IG-END-*, IG-INFO-1, IG-RULING-*)."""

from __future__ import annotations

import json

from parlour.engine import Rng
from parlour.games.gauntlet import GAME, GauntletState
from parlour.games.gauntlet.cards import STONES
from tests.games.gauntlet.helpers import ids, idx, kinds, legal, new, play

OTHER_STONES = ["mind_stone", "soul_stone", "space_stone", "power_stone", "reality_stone"]


def _lay_face_up(st, cards: list[str]) -> None:  # type: ignore[no-untyped-def]
    for cid in cards:
        c = idx(cid)
        st.thanos_deck.remove(c)
        st.faceup[0].append(c)


def test_IG_END_1_heroes_win_when_thanos_health_is_gone() -> None:
    """IG-END-1: Thanos's health at 0 ends the game at once; the heroes share the win."""
    st = new(
        3,
        ["iron_man", "hulk", "thor"],
        ["outrider_1", "outrider_2", "corvus_glaive"],
        thanos_health=1,
    )
    play(st, "outrider>p2=1")
    events = play(st, "3:fight")
    assert st.is_over and kinds(events)[-1] == "game_over"
    res = st.result
    assert res is not None and res.winners == (1, 2) and res.reason == "thanos_health"
    assert res.details == {"hero_health": 5, "thanos_health": 0, "turns": 2}
    assert st.legal_actions() == []


def test_IG_END_2_thanos_wins_when_hero_health_is_gone() -> None:
    """IG-END-2: the heroes' health at 0 ends the game; Thanos wins alone."""
    st = new(3, ["hulk", "falcon"], ["corvus_glaive", "outrider_1", "outrider_2"], hero_health=1)
    play(st, "corvus>p1")
    res = st.result
    assert res is not None and res.winners == (0,) and res.reason == "hero_health"
    assert res.scores == (1.0, 0.0, 0.0)


def test_IG_END_3_snap_offered_at_play_and_after_a_card() -> None:
    """IG-END-3: all six stones in hand or face up: Thanos may snap on his turn."""
    st = new(3, None, ["time_stone", "outrider_1", "outrider_2"])
    _lay_face_up(st, OTHER_STONES)
    assert legal(st)[0] == "snap"
    events = play(st, "snap")
    assert kinds(events) == ["snap", "game_over"] and st.result.reason == "snap"  # type: ignore[union-attr]
    st = new(3, None, ["soul_stone", "outrider_1", "outrider_2"])
    _lay_face_up(st, ["mind_stone", "space_stone", "power_stone", "reality_stone", "time_stone"])
    play(st, "outrider>p1=6")
    assert st.prompt() == "snap" and legal(st) == ["snap", "end"]
    play(st, "end")
    assert st.to_act == 1


def test_IG_END_3_snap_waits_for_ebony_maw_to_finish() -> None:
    """IG-END-3: drawing the sixth stone with Ebony Maw: finish the card, then snap."""
    st = new(3, None, ["ebony_maw", "outrider_1", "time_stone", "soul_stone"])
    _lay_face_up(st, ["mind_stone", "space_stone", "power_stone", "reality_stone"])
    assert "snap" not in legal(st)
    play(st, "ebony")
    assert st.prompt() == "bottom" and "snap" not in legal(st)
    play(st, "bottom=outrider")
    assert legal(st) == ["snap", "end"]


def test_IG_END_4_a_defeat_that_ends_the_game_stops_the_effect() -> None:
    """IG-END-4: health is checked after every defeat; the rest of the effect is skipped."""
    st = new(3, ["hulk", "thor"], ["mind_stone", "outrider_1", "outrider_2"], hero_health=1)
    events = play(st, "mind=3")
    assert [e.kind for e in events].count("defeated") == 1
    assert ids(st.hands[2]) == ["thor"] and st.result.reason == "hero_health"  # type: ignore[union-attr]


def test_IG_INFO_1_views_hide_hands_and_determinize_keeps_knowledge() -> None:
    """IG-INFO-1: each seat sees its own card and its looks; public facts are shared."""
    st = new(3, ["black_widow", "hulk", "thor"], ["outrider_1", "outrider_2", "corvus_glaive"])
    play(st, "outrider>p2=6", "2>p2")
    v2, v1, spectator = st.view(2), st.view(1), st.view(None)
    assert v1["hand"] == ["thor"] and v2["hand"][0] == "hulk" and spectator["hand"] == []
    assert "hulk" not in json.dumps(v1) and "thor" not in json.dumps(v2)
    assert v2["hand"][1] not in json.dumps(v1)
    assert v1["hero_health"] == v2["hero_health"] == spectator["hero_health"]
    assert v1["hand_sizes"] == [2, 1, 2] and v1["tokens"] == [0, 0, 0]
    peeked = v2["known"]["thanos_hand"]
    assert len(peeked) == 1
    for seed in range(5):
        world = st.determinize(2, Rng(seed))
        assert isinstance(world, GauntletState)
        assert world.view(2) == v2
        assert peeked[0] in ids(world.hands[0]) and world.hands[2] == st.hands[2]
        assert world.known[1] == set() and world.known[0] == set()


def test_IG_RULING_1_mind_stone_returns_option() -> None:
    """IG-RULING-1: the Mind Stone is shuffled back like the other stones (option)."""
    for returns in (True, False):
        st = new(
            3,
            ["nebula", "hulk", "thor"],
            ["mind_stone", "proxima_midnight", "outrider_1"],
            mind_stone_returns=returns,
        )
        play(st, "proxima", "1=1")
        play(st, "defeat=mind")
        assert (idx("mind_stone") in st.thanos_deck) is returns
        assert (ids(st.defeated) == ["mind_stone"]) is not returns


def test_IG_RULING_2_played_stones_stay_face_up_and_count() -> None:
    """IG-RULING-2: stones Thanos played stay in front of him and count for the snap."""
    st = new(2, None, ["power_stone", "outrider_1", "outrider_2"])
    play(st, "power")
    assert idx("power_stone") in st.faceup[0]
    for _ in range(12):
        if st.is_over:
            break
        play(st, legal(st)[-1] if st.to_act else legal(st)[0])
    assert idx("power_stone") in st.faceup[0]
    assert st.faceup[0][0] in STONES


def test_IG_RULING_3_optional_fights_and_unaffected_targets() -> None:
    """IG-RULING-3: a fight may always be declined; a card without effect is still played."""
    st = new(3, ["falcon", "hulk"], ["corvus_glaive", "black_dwarf", "space_stone"])
    assert {"dwarf:pass"} <= set(legal(st))
    play(st, "corvus>p1")
    assert ids(st.faceup[0]) == ["corvus_glaive"] and ids(st.hands[1])[0] == "falcon"
    st = new(3, ["falcon", "hulk"], ["corvus_glaive", "black_dwarf", "space_stone"])
    play(st, "space", "fight:pass")
    assert st.to_act == 1 and ids(st.faceup[0]) == ["space_stone"]


def test_state_json_round_trip_mid_prompt() -> None:
    """A saved state in the middle of a prompt rebuilds exactly."""
    st = new(3, ["hulk", "thor", "scarlet_witch"], ["outrider_1", "outrider_2", "corvus_glaive"])
    play(st, "outrider>p2=1", "5")
    copy = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
    assert copy.to_json() == st.to_json() and legal(copy) == legal(st)
