"""Every card's effect (IG-HERO-*, IG-THANOS-*) as scripted turns on stacked decks."""

from __future__ import annotations

import pytest

from parlour.engine import events_for
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet.cards import BY_ID, CARDS, EFFECTS, _validate
from parlour.games.gauntlet.legal import TABLES
from tests.games.gauntlet.helpers import ids, idx, kinds, legal, new, play


def test_IG_HERO_1_guess_hit_always_asks_thanos_and_two_matches_hide() -> None:
    """IG-HERO-1: a hit is a prompt to Thanos; with two matching cards he chooses."""
    st = new(3, ["nebula", "hulk", "thor"], ["outrider_1", "outrider_2", "mind_stone"])
    play(st, "outrider>p2=6")
    events = play(st, "1=1")
    assert "guess_hit" in kinds(events) and st.to_act == 0 and st.prompt() == "defeat"
    assert legal(st) == ["defeat=outrider", "defeat=mind"]
    assert st.view(2)["pending"] == {"guess": 1}
    events = play(st, "defeat=outrider")
    assert next(e for e in events if e.kind == "defeated").data["card"] == "outrider_2"
    assert ids(st.defeated) == ["outrider_2"] and st.thanos_health == 2
    assert st.to_act == 2


def test_IG_HERO_1_single_match_and_miss() -> None:
    """IG-HERO-1: one matching card still asks Thanos (one answer); a miss does nothing."""
    st = new(3, ["nebula", "hulk", "thor"], ["outrider_1", "thanos", "corvus_glaive"])
    play(st, "corvus>p2")
    events = play(st, "1=2")
    assert "guess_miss" in kinds(events) and st.thanos_health == 3 and st.to_act == 2
    st = new(3, ["nebula", "hulk", "thor"], ["outrider_1", "thanos", "corvus_glaive"])
    play(st, "corvus>p2", "1=7")
    assert legal(st) == ["defeat=thanos"]
    events = play(st, "defeat=thanos")
    assert "shuffled_back" in kinds(events) and idx("thanos") in st.thanos_deck


def test_IG_HERO_2_peek_is_known_only_to_the_looker() -> None:
    """IG-HERO-2: the chosen hero looks at a random card of Thanos in secret."""
    st = new(
        4, ["black_widow", "hulk", "thor", "falcon"], ["outrider_1", "thanos", "corvus_glaive"]
    )
    play(st, "corvus>p2")
    assert "2>p1" not in legal(st)
    events = play(st, "2>p3")
    secret = next(e for e in events if e.kind == "peek_card")
    assert secret.audience == frozenset({3})
    assert st.view(3)["known"]["thanos_hand"] == [secret.data["card"]]
    assert st.view(1)["known"]["thanos_hand"] == [] and st.view(None)["known"]["thanos_hand"] == []
    assert not [e for e in events_for(2, events) if e.kind == "peek_card"]
    # Everyone is told that the hero looked, not at which card (IG-RANDOM-1: his hand's order
    # says nothing, so the board marks no card of his as looked at).
    assert [e.data for e in events_for(2, events) if e.kind == "peeked"] == [{"seat": 3}]


def test_IG_HERO_2_two_players_look_yourself() -> None:
    """IG-HERO-2: with two players the hero looks at Thanos's card himself."""
    st = new(2, ["black_widow", "hulk"], ["outrider_1", "thanos", "corvus_glaive"])
    play(st, "outrider>p1=6")
    assert [a for a in legal(st) if a.startswith("2")] == ["2>p1"]
    play(st, "2>p1")
    assert len(st.view(1)["known"]["thanos_hand"]) == 1


def test_IG_HERO_3_fight_or_decline() -> None:
    """IG-HERO-3: the hero may fight Thanos; declining ends the turn."""
    st = new(
        3, ["captain_america", "hulk", "iron_man"], ["outrider_1", "outrider_2", "corvus_glaive"]
    )
    play(st, "outrider>p2=1")
    assert {"3:fight", "3:pass"} <= set(legal(st))
    events = play(st, "3:pass")
    assert "declined" in kinds(events) and st.to_act == 2 and st.thanos_health == 3


def test_IG_HERO_4_token_to_any_hero() -> None:
    """IG-HERO-4: yourself or another hero takes one power token."""
    st = new(3, ["falcon", "hulk", "thor"], ["outrider_1", "outrider_2", "corvus_glaive"])
    play(st, "outrider>p2=1")
    assert {"4>p1", "4>p2"} <= set(legal(st))
    play(st, "4>p2")
    assert st.tokens == [0, 0, 1]


def test_IG_HERO_5_look_at_three_and_reorder() -> None:
    """IG-HERO-5: the top three cards go back in the chosen order; only the looker sees them."""
    st = new(
        3,
        ["hulk", "thor", "scarlet_witch", "nebula", "gamora", "iron_man"],
        ["outrider_1", "outrider_2", "corvus_glaive"],
    )
    play(st, "outrider>p2=1")
    events = play(st, "5")
    assert st.prompt() == "order" and st.to_act == 1
    assert st.view(1)["looking"] == ["nebula", "gamora", "iron_man"]
    assert st.view(2)["looking"] == [] and st.view(2)["looking_count"] == 3
    assert next(e for e in events if e.kind == "look_cards").audience == frozenset({1})
    play(st, "order=210")
    assert ids(st.hands[2]) == ["thor", "iron_man"]
    assert ids(st.hero_deck[-2:]) == ["nebula", "gamora"]
    assert st.view(1)["known"]["hands"] == {"2": ["iron_man"]}


def test_IG_HERO_5_short_deck_rebuilds_with_the_played_card() -> None:
    """IG-HERO-5: with fewer than 3 cards, take them, rebuild (the 5 included), take more."""
    st = new(3, ["hulk", "thor", "vision"], ["outrider_1", "outrider_2", "corvus_glaive"])
    play(st, "outrider>p2=1")
    last = st.hero_deck[-1]
    st.faceup[2] += st.hero_deck[:-1]
    st.hero_deck = [last]
    events = play(st, "5")
    assert "hero_deck_rebuilt" in kinds(events)
    assert len(st.looking) == 3 and st.looking[0] == last
    assert idx("vision") in st.looking or idx("vision") in st.hero_deck
    play(st, "order=012")
    assert sum(st.census().values()) == 29


def test_IG_HERO_6_chosen_hero_decides_to_fight() -> None:
    """IG-HERO-6: the chosen hero (a prompt to them) may fight with their own card."""
    st = new(
        3, ["iron_man", "captain_marvel", "hulk"], ["outrider_1", "outrider_2", "corvus_glaive"]
    )
    play(st, "outrider>p2=1")
    play(st, "6>p2")
    assert st.to_act == 2 and st.prompt() == "accept" and legal(st) == ["accept", "decline"]
    events = play(st, "accept")
    assert "fight" in kinds(events) and st.thanos_health == 2
    assert st.to_act == 2 and st.prompt() == "play"
    st = new(
        3, ["iron_man", "captain_marvel", "hulk"], ["outrider_1", "outrider_2", "corvus_glaive"]
    )
    play(st, "outrider>p2=1", "6>p2", "decline")
    assert st.thanos_health == 3 and st.to_act == 2


def test_IG_THANOS_OUTRIDER_guess_one_hero() -> None:
    """IG-THANOS-OUTRIDER: name 1-6 for one hero; a match is defeated."""
    st = new(3, ["hulk", "thor", "vision"], ["outrider_1", "outrider_2", "corvus_glaive"])
    assert "outrider>p1=7" not in {str(a) for a in st.action_space.actions}
    events = play(st, "outrider>p1=3")
    assert next(e for e in events if e.kind == "defeated").data["card"] == "hulk"


def test_IG_THANOS_MIND_guess_every_hero() -> None:
    """IG-THANOS-MIND: every hero holding the number loses it; a miss does nothing."""
    st = new(3, ["hulk", "thor"], ["mind_stone", "outrider_1", "outrider_2"])
    events = play(st, "mind=3")
    assert [e.data["seat"] for e in events if e.kind == "defeated"] == [1, 2]
    st = new(3, ["hulk", "thor"], ["mind_stone", "outrider_1", "outrider_2"])
    assert "guess_miss" in kinds(play(st, "mind=5"))


def test_IG_THANOS_CORVUS_and_SOUL_thresholds() -> None:
    """IG-THANOS-CORVUS 3 or less; IG-THANOS-SOUL 3 or more."""
    st = new(3, ["hulk", "falcon"], ["corvus_glaive", "soul_stone", "outrider_1"])
    assert "defeated" in kinds(play(st, "corvus>p1"))
    st = new(3, ["hulk", "falcon"], ["corvus_glaive", "soul_stone", "outrider_1"])
    assert "defeated" not in kinds(play(st, "corvus>p2"))
    st = new(3, ["nebula", "hulk"], ["corvus_glaive", "soul_stone", "outrider_1"])
    assert "defeated" in kinds(play(st, "soul>p2"))
    st = new(3, ["nebula", "hulk"], ["corvus_glaive", "soul_stone", "outrider_1"])
    events = play(st, "soul>p1")
    assert "no_effect" in kinds(events) and idx("soul_stone") in st.faceup[0]


def test_IG_THANOS_DWARF_may_fight_one_hero() -> None:
    """IG-THANOS-DWARF: choose a hero and fight, or decline."""
    st = new(3, ["nebula", "hulk"], ["black_dwarf", "outrider_1", "outrider_2"])
    assert "dwarf:pass" in legal(st)
    events = play(st, "dwarf>p2")  # both outriders: no choice to make
    assert next(e for e in events if e.kind == "defeated").data["seat"] == 0
    st = new(3, ["nebula", "hulk"], ["black_dwarf", "outrider_1", "outrider_2"])
    assert "declined" in kinds(play(st, "dwarf:pass"))


def test_IG_THANOS_SPACE_two_fights_against_two_heroes() -> None:
    """IG-THANOS-SPACE: fight one hero, then another (the first finished before)."""
    st = new(3, ["nebula", "hulk", "thor"], ["space_stone", "thanos", "proxima_midnight"])
    play(st, "space")
    assert legal(st) == ["fight>p1", "fight>p2", "fight:pass"]
    play(st, "fight>p1", "with=thanos")
    assert ids(st.faceup[1]) == ["nebula"] and st.prompt() == "space"
    assert legal(st) == ["fight>p2", "fight:pass"]
    play(st, "fight>p2", "with=proxima")
    assert ids(st.faceup[2]) == ["hulk"] and st.to_act == 1


def test_IG_THANOS_SPACE_two_players_same_hero_twice_after_redraw() -> None:
    """IG-THANOS-SPACE: with two players the only hero may be fought twice; redraw between."""
    st = new(2, ["nebula", "hulk", "thor"], ["space_stone", "thanos", "outrider_1"])
    play(st, "space", "fight>p1", "with=thanos")
    assert ids(st.hands[1]) == ["hulk"] and legal(st) == ["fight>p1", "fight:pass"]
    play(st, "fight>p1", "with=thanos")
    assert ids(st.faceup[1]) == ["nebula", "hulk"] and st.hero_health == 3


def test_IG_THANOS_PROXIMA_and_POWER_tokens() -> None:
    """IG-THANOS-PROXIMA one token; IG-THANOS-POWER three."""
    st = new(3, None, ["proxima_midnight", "power_stone", "outrider_1"])
    play(st, "proxima")
    assert st.tokens[0] == 1
    st = new(3, None, ["proxima_midnight", "power_stone", "outrider_1"])
    play(st, "power")
    assert st.tokens[0] == 3


def test_IG_THANOS_EBONY_draw_then_bottom_one() -> None:
    """IG-THANOS-EBONY: draw 1, put 1 of 3 at the bottom (Thanos knows where)."""
    st = new(3, None, ["ebony_maw", "outrider_1", "corvus_glaive", "thanos"])
    play(st, "ebony")
    assert st.prompt() == "bottom" and len(st.hands[0]) == 3
    assert legal(st) == ["bottom=outrider", "bottom=corvus", "bottom=thanos"]
    play(st, "bottom=thanos")
    assert st.thanos_deck[0] == idx("thanos")
    assert st.view(0)["known"]["thanos_deck"] == [(0, "thanos")]
    assert st.view(1)["known"]["thanos_deck"] == []
    st = new(3, None, ["ebony_maw", "outrider_1", "corvus_glaive"])
    st.faceup[0] += st.thanos_deck
    st.thanos_deck = []
    events = play(st, "ebony")
    assert st.prompt() != "bottom" and "bottomed" not in kinds(events)


def test_IG_THANOS_REALITY_draw_two_bottom_two_in_order() -> None:
    """IG-THANOS-REALITY: draw 2, put 2 of 4 at the bottom in the chosen order."""
    st = new(3, None, ["reality_stone", "outrider_1", "corvus_glaive", "outrider_2", "thanos"])
    play(st, "reality")
    assert len(st.hands[0]) == 4 and "bottom=outrider,outrider" in legal(st)
    play(st, "bottom=thanos,corvus")
    assert ids(st.thanos_deck[:2]) == ["corvus_glaive", "thanos"]
    st = new(3, None, ["reality_stone", "outrider_1", "corvus_glaive", "outrider_2"])
    rest = st.thanos_deck[:-1]
    st.thanos_deck = st.thanos_deck[-1:]
    st.faceup[0] += rest
    play(st, "reality")
    assert st.view(0)["pending"] == {"count": 1} and len(st.hands[0]) == 3
    play(st, "bottom=corvus")
    assert ids(st.thanos_deck) == ["corvus_glaive"]


def test_IG_THANOS_TIME_copies_mind_and_space() -> None:
    """IG-THANOS-TIME: a copy resolves as if played now (a new Mind guess; two Space fights)."""
    st = new(3, ["hulk", "thor"], ["time_stone", "outrider_1", "outrider_2"])
    mind, space = idx("mind_stone"), idx("space_stone")
    st.thanos_deck.remove(mind)
    st.thanos_deck.remove(space)
    st.faceup[0] += [mind, space]
    assert {"time=mind", "time=space"} <= set(legal(st))
    play(st, "time=mind")
    assert st.prompt() == "copy" and legal(st) == [f"mind={n}" for n in range(1, 7)]
    events = play(st, "mind=3")
    assert "copied" in kinds(events) and st.hero_health == 3
    assert idx("time_stone") in st.faceup[0] and len(st.faceup[0]) == 3
    st = new(3, ["hulk", "thor"], ["time_stone", "outrider_1", "outrider_2"])
    st.thanos_deck.remove(space)
    st.faceup[0].append(space)
    play(st, "time=space")
    assert legal(st) == ["space"]
    play(st, "space")
    assert st.prompt() == "space" and legal(st) == ["fight>p1", "fight>p2", "fight:pass"]


def test_IG_THANOS_TIME_defeated_cards_option_and_nothing_to_copy() -> None:
    """IG-THANOS-TIME: defeated non-stones qualify only with time_stone_copies_defeated;
    with nothing to copy nothing happens."""
    for option, expected in ((True, ["time=corvus"]), (False, ["time"])):
        st = new(
            3, None, ["time_stone", "outrider_1", "outrider_2"], time_stone_copies_defeated=option
        )
        corvus = idx("corvus_glaive")
        st.thanos_deck.remove(corvus)
        st.defeated.append(corvus)
        assert [a for a in legal(st) if a.startswith("time")] == expected
    st = new(3, None, ["time_stone", "outrider_1", "outrider_2"])
    events = play(st, "time")
    assert "no_effect" in kinds(events) and st.to_act == 1


def test_IG_THANOS_THANOS_cannot_be_played() -> None:
    """IG-THANOS-THANOS: the 7 never appears among Thanos's plays."""
    st = new(3, None, ["thanos", "outrider_1", "corvus_glaive"])
    assert all(BY_ID["thanos"].effect not in a.split(">")[0] for a in legal(st))


def test_IG_THANOS_EBONY_bottom_voids_heroes_looks_at_his_hand() -> None:
    """IG-THANOS-EBONY / IG-INFO-1: after a card goes under his deck, a hero who had peeked
    no longer knows which of his cards Thanos kept."""
    st = new(3, ["black_widow", "hulk", "thor"], ["outrider_1", "ebony_maw", "corvus_glaive"])
    play(st, "outrider>p2=6", "2>p2", "4>p2")
    assert len(st.view(2)["known"]["thanos_hand"]) == 1
    play(st, "ebony")
    play(st, legal(st)[0])
    assert st.view(2)["known"]["thanos_hand"] == []


def test_the_effect_table_drives_the_plays_IG_HERO_2_IG_THANOS_DWARF(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One effect table: each card's plays follow its entry (targets, named numbers, a fight
    that may be declined), and a card table with an effect the table lacks is refused."""
    for players in (2, 3, 6):
        heroes = list(range(1, players))
        for n in range(1, 7):
            effect = EFFECTS[f"hero{n}"]
            plays = TABLES[players].hero[1][n]
            assert [a.guess for a in plays if isinstance(a, A.HeroPlay) and a.guess] == list(
                effect.numbers
            )
            targets = {a.target for a in plays if isinstance(a, A.HeroPlay) and a.target > 0}
            expected = {"": set(), "hero": set(heroes), "other": set(heroes[1:] or [1])}
            assert targets == expected[effect.targets]
        for kind, effect in EFFECTS.items():
            if kind.startswith("hero") or not effect.playable or effect.copies:
                continue
            plays = TABLES[players].thanos[kind]
            bare = effect.may_decline or not (effect.targets or effect.numbers)
            assert (A.ThanosPlay(kind) in plays) == bare
            guesses = {a.guess for a in plays if isinstance(a, A.ThanosPlay) and a.guess}
            assert guesses == set(effect.numbers)
            assert {a.target for a in plays if isinstance(a, A.ThanosPlay) and a.target > 0} == (
                set(heroes) if effect.targets else set()
            )
    assert "thanos" not in TABLES[3].thanos and not EFFECTS["thanos"].playable
    raw: dict[str, object] = {"hero_deck_size": 16, "thanos_deck_size": 13, "stones": 6}
    _validate(CARDS, raw)
    monkeypatch.delitem(EFFECTS, "hero5")
    with pytest.raises(ValueError, match="EFFECTS"):
        _validate(CARDS, raw)
