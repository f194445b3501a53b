"""Set-up, turns, defeats, fights and decks (IG-COMP, IG-SETUP, IG-TURN, IG-DEFEAT, IG-FIGHT,
IG-RANDOM, IG-DECK) on stacked decks."""

from __future__ import annotations

import pytest

from parlour.engine import OptionError, ReplayError, Rng, events_for
from parlour.games.gauntlet import DEFAULT_HERO_HEALTH, DEFAULT_THANOS_HEALTH, GAME
from parlour.games.gauntlet.cards import CARDS, HERO_CARDS, STONES, THANOS_CARDS, _validate
from tests.games.gauntlet.helpers import ids, idx, kinds, legal, new, play


def test_IG_COMP_1_and_IG_COMP_2_card_tables() -> None:
    """IG-COMP-1 16 hero cards by number; IG-COMP-2 13 Thanos cards, 6 stones, ↺ flags; a
    new game's decks and hands hold each of them once."""
    st = GAME.new(4, seed=3)
    heroes_dealt = st.hero_deck + [c for s in range(1, 4) for c in st.hands[s]]
    assert sorted(heroes_dealt) == sorted(HERO_CARDS)
    assert sorted(st.thanos_deck + st.hands[0]) == sorted(THANOS_CARDS)
    heroes = [CARDS[c] for c in HERO_CARDS]
    assert [sum(c.number == n for c in heroes) for n in range(1, 7)] == [3, 3, 3, 3, 2, 2]
    thanos = [CARDS[c] for c in THANOS_CARDS]
    assert len(thanos) == 13 and len(STONES) == 6
    assert sorted(c.id for c in thanos if c.returns) == sorted(
        [
            "mind_stone",
            "soul_stone",
            "space_stone",
            "power_stone",
            "reality_stone",
            "time_stone",
            "thanos",
        ]
    )
    assert [c.number for c in thanos if c.effect == "outrider"] == [1, 1]
    broken = tuple(c for c in CARDS if c.id != "vision")
    with pytest.raises(ValueError):
        _validate(broken, {"hero_deck_size": 16, "thanos_deck_size": 13, "stones": 6})


def test_IG_COMP_3_tokens_unlimited_and_left_out_of_census() -> None:
    """IG-COMP-3: the supply never runs out; tokens are not counted as components."""
    st = new(3, thanos=["power_stone", "proxima_midnight", "outrider_1"])
    st.tokens[0] = 9
    play(st, "power")
    assert st.tokens[0] == 12
    assert all(key in {c.id for c in CARDS} for key in st.census())
    assert sum(st.census().values()) == 29


def test_IG_COMP_4_and_IG_SETUP_4_health_options() -> None:
    """IG-COMP-4 / IG-SETUP-4: one hero health; Thanos health by player count; defaults."""
    st = GAME.new(4, {"hero_health": 9, "thanos_health": [2, 3, 4, 5, 6]}, seed=3)
    assert (st.hero_health, st.thanos_health) == (9, 4)
    st = GAME.new(6, None, seed=3)
    assert st.hero_health == DEFAULT_HERO_HEALTH
    assert st.thanos_health == DEFAULT_THANOS_HEALTH[4]
    with pytest.raises(OptionError):
        GAME.new(3, {"thanos_health": [3, 4]}, seed=1)
    with pytest.raises(OptionError):
        GAME.new(3, {"hero_health": 0}, seed=1)
    with pytest.raises(OptionError):
        GAME.new(7, None, seed=1)


def test_IG_SETUP_1_2_3_deal_from_stacked_decks() -> None:
    """IG-SETUP-1 heroes draw 1 each; IG-SETUP-2 Thanos 2 (then his first draw); IG-SETUP-3."""
    st = new(4, ["hulk", "thor", "vision"], ["time_stone", "outrider_1", "ebony_maw"])
    assert [ids(st.hands[s]) for s in (1, 2, 3)] == [["hulk"], ["thor"], ["vision"]]
    assert ids(st.hands[0]) == ["outrider_1", "ebony_maw", "time_stone"]
    assert len(st.hero_deck) == 13 and len(st.thanos_deck) == 10
    assert st.tokens == [0, 0, 0, 0]
    assert st.to_act == 0 and st.prompt() == "play"


def test_stack_is_validated() -> None:
    """A stacked opening names real cards of the right deck, once each."""
    bad: object
    for bad in (
        {"hero_deck": ["thanos"]},
        {"thanos_deck": ["hulk"]},
        {"hero_deck": ["hulk", "hulk"]},
        {"hero_deck": "hulk"},
        {"other": []},
        ["hulk"],
    ):
        with pytest.raises(OptionError):
            GAME.new(3, None, 1, bad)


def test_IG_TURN_1_and_IG_TURN_2_turn_order_draw_and_play() -> None:
    """IG-TURN-1 Thanos first, then heroes in seat order; IG-TURN-2 draw, play, face up."""
    st = new(
        3,
        ["nebula", "hulk", "iron_man", "thor", "falcon"],
        ["outrider_1", "corvus_glaive", "black_dwarf", "proxima_midnight"],
    )
    events = play(st, "corvus>p1")
    assert "defeated" in kinds(events)
    assert ids(st.faceup[0]) == ["corvus_glaive"] and len(st.hands[0]) == 2
    assert ids(st.faceup[1]) == ["nebula"] and st.hero_health == 4
    assert st.to_act == 1 and ids(st.hands[1]) == ["iron_man", "thor"]
    play(st, "3:pass")
    assert ids(st.faceup[1]) == ["nebula", "thor"] and ids(st.hands[1]) == ["iron_man"]
    assert st.to_act == 2 and ids(st.hands[2]) == ["hulk", "falcon"]
    play(st, "4>p2")
    assert st.to_act == 0 and len(st.hands[0]) == 3
    assert "proxima_midnight" in ids(st.hands[0])


def test_IG_TURN_3_two_players_hero_takes_two_turns() -> None:
    """IG-TURN-3: with two players the hero plays twice after each Thanos turn."""
    st = new(
        2,
        ["hulk", "falcon", "thor", "black_panther"],
        ["proxima_midnight", "outrider_1", "outrider_2", "corvus_glaive"],
    )
    seen = []
    for _ in range(4):
        seen.append(st.to_act)
        play(st, "proxima" if st.to_act == 0 and "proxima" in legal(st) else legal(st)[-1])
    assert seen == [0, 1, 1, 0]


def test_IG_TURN_4_thanos_card_never_played_holding_it_alone_he_is_asked_to_snap() -> None:
    """IG-TURN-4: the Thanos card is never playable; holding it alone, his deck is empty and
    every stone lies before him, so instead of passing his turn he may snap or end it."""
    st = new(
        3, ["hulk", "thor", "falcon", "black_panther"], ["thanos", "outrider_1", "black_dwarf"]
    )
    assert not any(a.startswith("thanos") for a in legal(st))
    st.faceup[0] += st.thanos_deck
    st.thanos_deck = []
    play(st, "dwarf:pass", "end", "4>p1", "4>p2")
    assert st.to_act == 0 and ids(st.hands[0]) == ["outrider_1", "thanos"]
    play(st, "outrider>p1=6", "end")
    play(st, legal(st)[0])
    events = play(st, legal(st)[0])
    assert st.to_act == 0 and ids(st.hands[0]) == ["thanos"] and st.prompt() == "snap"
    assert kinds(events)[-1] == "turn"
    assert legal(st) == ["snap", "end"]
    events = play(st, "end")
    assert st.to_act == 1 and "turn" in kinds(events)


def test_IG_TURN_4_a_saved_state_where_thanos_could_run_dry_is_refused() -> None:
    """IG-TURN-4: a save where Thanos holds fewer than two cards over a deck of two or more
    (no game reaches it; he could be left with nothing to play) is refused."""
    st = new(3, ["hulk", "thor"], ["outrider_1", "black_dwarf", "proxima_midnight"])
    play(st, "proxima")
    data = st.to_json()
    data["thanos_deck"] = data["thanos_deck"] + data["hands"][0]
    data["hands"][0] = []
    with pytest.raises(ReplayError) as err:
        GAME.state_from_json(data)
    assert err.value.params["reason"] == "Thanos's hand"
    assert GAME.state_from_json(st.to_json()) == st


def test_IG_DEFEAT_1_hero_card_defeated_health_and_redraw() -> None:
    """IG-DEFEAT-1: lose 1 health, the card lies face up, its owner draws; nobody is out."""
    st = new(3, ["hulk", "thor", "vision", "falcon"], ["outrider_1", "outrider_2", "corvus_glaive"])
    events = play(st, "outrider>p2=3")
    defeated = next(e for e in events if e.kind == "defeated")
    assert defeated.data == {"seat": 2, "card": "thor", "health": 4}
    assert ids(st.faceup[2]) == ["thor"] and ids(st.hands[2]) == ["vision"]
    assert st.to_act == 1


def test_IG_DEFEAT_2_returning_card_redraw_first_then_shuffle_back() -> None:
    """IG-DEFEAT-2: Thanos draws his replacement before the stone goes back into his deck."""
    st = new(
        3, ["nebula", "hulk", "thor"], ["outrider_1", "mind_stone", "proxima_midnight", "ebony_maw"]
    )
    play(st, "proxima")
    events = play(st, "1=1", "defeat=mind")
    assert "shuffled_back" in kinds(events)
    assert "mind_stone" not in ids(st.hands[0]) and idx("mind_stone") in st.thanos_deck
    assert ids(st.hands[0]) == ["outrider_1", "ebony_maw"]
    assert st.thanos_health == 2 and st.defeated == []


def test_IG_DEFEAT_3_mind_stone_defeats_several_heroes_redraw_in_order() -> None:
    """IG-DEFEAT-3: one health per defeated card; heroes redraw in turn order."""
    st = new(
        4,
        ["hulk", "falcon", "thor", "nebula", "gamora"],
        ["mind_stone", "outrider_1", "outrider_2"],
    )
    events = play(st, "mind=3")
    assert [e.data["seat"] for e in events if e.kind == "defeated"] == [1, 3]
    assert st.hero_health == 3
    assert ids(st.hands[1])[0] == "nebula" and ids(st.hands[3]) == ["gamora"]


def test_IG_FIGHT_1_3_4_tokens_spent_winner_keeps_card() -> None:
    """IG-FIGHT-1 lower value defeated; IG-FIGHT-3 one token each, +2; IG-FIGHT-4 only
    the fighters see the cards."""
    st = new(2, ["hulk", "falcon", "thor"], ["proxima_midnight", "outrider_1", "outrider_2"])
    play(st, "proxima", "4>p1")
    assert st.tokens == [1, 1]
    events = play(st, "3:fight")
    cards = next(e for e in events if e.kind == "fight_cards")
    assert cards.audience == frozenset({0, 1})
    assert (cards.data["hero_value"], cards.data["thanos_value"]) == (5, 3)
    assert st.tokens == [0, 0] and st.thanos_health == 2
    assert ids(st.hands[1]) == ["thor"]
    assert next(e for e in events if e.kind == "defeated").data["seat"] == 0


def test_IG_FIGHT_1_tie_reveals_nothing_to_third_parties() -> None:
    """IG-FIGHT-1 / IG-FIGHT-4: a tie defeats nothing and shows the cards to nobody else."""
    st = new(3, ["falcon", "hulk", "thor"], ["outrider_1", "proxima_midnight", "power_stone"])
    play(st, "outrider>p2=1")
    events = play(st, "3:fight")
    assert "fight_tied" in kinds(events) and "defeated" not in kinds(events)
    for e in events_for(2, events):
        assert not {"falcon", "proxima_midnight", "power_stone"} & set(map(str, e.data.values()))
    assert st.view(1)["known"]["thanos_hand"] != []
    assert st.view(2)["known"]["thanos_hand"] == []
    assert st.view(0)["known"]["hands"] == {"1": ["falcon"]}


def test_IG_FIGHT_2_thanos_chooses_his_fighting_card() -> None:
    """IG-FIGHT-2: when Thanos starts a fight he picks his card (a prompt to him)."""
    st = new(3, ["captain_marvel", "hulk"], ["black_dwarf", "outrider_1", "thanos"])
    play(st, "dwarf>p1")
    assert st.to_act == 0 and st.prompt() == "with"
    assert legal(st) == ["with=outrider", "with=thanos"]
    events = play(st, "with=thanos")
    assert next(e for e in events if e.kind == "defeated").data["card"] == "captain_marvel"


def test_IG_RANDOM_1_hero_fight_picks_uniformly_and_hand_is_sorted() -> None:
    """IG-RANDOM-1: a hero-started fight picks one of Thanos's cards at random (both occur);
    Thanos's hand is kept in a fixed order, so its order tells nothing."""
    picked = set()
    for seed in range(30):
        st = new(
            3,
            ["iron_man", "hulk", "thor"],
            ["outrider_1", "outrider_2", "corvus_glaive"],
            seed=seed,
        )
        play(st, "outrider>p2=1")
        events = play(st, "3:fight")
        picked.add(next(e for e in events if e.kind == "defeated").data["card"])
        assert st.hands[0] == sorted(st.hands[0])
    assert picked == {"outrider_2", "corvus_glaive"}


def test_IG_DECK_1_hero_deck_rebuilt_the_moment_it_empties() -> None:
    """IG-DECK-1: when the last hero card is drawn, the face-up hero cards become the deck."""
    st = new(3, ["hulk", "thor"], ["outrider_1", "outrider_2", "corvus_glaive"])
    last = st.hero_deck[-1]
    st.faceup[2] += st.hero_deck[:-1]
    st.hero_deck = [last]
    events = play(st, "outrider>p2=1")
    assert "hero_deck_rebuilt" in kinds(events)
    assert st.faceup[1] == [] and st.faceup[2] == [] and len(st.hero_deck) == 13
    assert last in st.hands[1]


def test_IG_DECK_2_empty_thanos_deck_and_empty_hand() -> None:
    """IG-DECK-2: no draw from an empty Thanos deck; a peek at an empty hand does nothing."""
    st = new(3, ["black_widow", "hulk", "thor"], ["outrider_1", "outrider_2", "corvus_glaive"])
    st.faceup[0] += st.thanos_deck
    st.thanos_deck = []
    play(st, "outrider>p2=6", "end")
    st.faceup[0] += st.hands[0]
    st.hands[0] = []
    events = play(st, "2>p2")
    assert "no_effect" in kinds(events) and "peek_card" not in kinds(events)
    events = play(st, legal(st)[0])
    assert st.to_act == 0 and legal(st) == ["snap", "end"]  # every stone lies face up
    events = play(st, "end")
    assert st.to_act == 1 and st.hands[0] == []


def test_IG_DECK_3_heroes_hold_one_card_between_turns() -> None:
    """IG-DECK-3: in random games every hero holds exactly one card when Thanos acts."""
    for seed in range(8):
        st = GAME.new(5, None, seed)
        rng = Rng(seed)
        while st.to_act is not None:
            if st.active == 0:
                assert all(len(st.hands[s]) == 1 for s in range(1, 5))
            acts = st.legal_actions()
            st.apply(acts[rng.below(len(acts))])
