"""Options, rule-set presets, stacked openings and the card data."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine import OptionError
from parlour.games.loveletter import GAME
from parlour.games.loveletter.cards import TABLES
from tests.games.loveletter.helpers import full_stack


def test_card_tables_match_the_spec() -> None:
    """The three decks: 16, 32 and 21 cards with the values and counts of the spec table."""
    assert [len(TABLES[e].deck) for e in ("classic", "premium", "2019")] == [16, 32, 21]
    classic = TABLES["classic"]
    assert dict(zip(classic.ids, classic.counts, strict=True)) == {
        "guard": 5,
        "priest": 2,
        "baron": 2,
        "handmaid": 2,
        "prince": 2,
        "king": 1,
        "countess": 1,
        "princess": 1,
    }
    assert TABLES["2019"].values[TABLES["2019"].kind("princess")] == 9
    premium = TABLES["premium"]
    assert premium.counts[premium.kind("guard")] == 8
    assert premium.values[premium.kind("bishop")] == 9 and premium.guesses[0] == 0


@pytest.mark.parametrize(
    ("players", "options", "expected"),
    [
        (2, {}, (6, False, "discard-then-nobody")),
        (3, {}, (5, False, "discard-then-nobody")),
        (4, {"ruleset": "printed"}, (4, False, "discard-then-nobody")),
        (2, {"ruleset": "printed"}, (7, True, "discard-then-nobody")),
        (5, {"edition": "premium"}, (3, False, "discard-then-nobody")),
        (8, {"edition": "premium", "ruleset": "printed"}, (4, False, "discard-then-all")),
        (2, {"edition": "2019", "ruleset": "printed"}, (6, True, "all")),
        (6, {"edition": "2019", "ruleset": "printed"}, (3, False, "all")),
        (6, {"edition": "2019"}, (3, False, "discard-then-nobody")),
        (2, {"tokens_to_win": 2, "tie_rule": "all"}, (2, False, "all")),
    ],
)
def test_rule_set_presets_LL_GAME_1_LL_END_3(
    players: int, options: dict[str, Any], expected: tuple[int, bool, str]
) -> None:
    """LL-GAME-1, LL-END-3: each difference derives from the rule set unless given."""
    opts = GAME.resolve_options(players, options)
    assert (opts["tokens_to_win"], opts["two_player_face_up"], opts["tie_rule"]) == expected


@pytest.mark.parametrize(
    ("players", "options", "key"),
    [
        (3, {"two_player_face_up": True}, "loveletter.error.face_up_players"),
        (2, {"first_player": 2}, "loveletter.error.first_player"),
        (4, {"edition": "premium"}, "core.error.player_count"),
        (7, {"edition": "2019"}, "core.error.player_count"),
        (5, {}, "core.error.player_count"),
        (2, {"edition": "deluxe"}, "core.error.option_bad_value"),
        (2, {"tie_rule": "coin"}, "core.error.option_bad_value"),
        (2, {"tokens_to_win": 0}, "core.error.option_bad_value"),
    ],
)
def test_bad_options_are_refused(players: int, options: dict[str, Any], key: str) -> None:
    """Bad values and combinations raise a clear OptionError."""
    with pytest.raises(OptionError) as err:
        GAME.new(players, options, 1)
    assert err.value.key == key
    assert "{" not in str(err.value)


@pytest.mark.parametrize(
    "stack",
    [
        {"rounds": [["guard"] * 16]},
        {"rounds": [full_stack("classic", [])[:-1]]},
        {"rounds": [["spy", *full_stack("classic", [])[1:]]]},
        {"rounds": [full_stack("classic", [])], "first_player": 9},
        {"rounds": "guard"},
        {"decks": []},
        42,
    ],
)
def test_bad_stacks_are_refused(stack: Any) -> None:
    """A stack with wrong cards, counts or shape raises core.error.bad_stack."""
    with pytest.raises(OptionError) as err:
        GAME.new(2, {}, 1, stack)
    assert err.value.key == "core.error.bad_stack"


def test_stack_fixes_first_rounds_then_shuffles_LL_RULING_2() -> None:
    """LL-RULING-2: the stacked round is used once; later rounds reshuffle the whole deck."""
    order = full_stack("classic", ["princess", "guard", "priest", "baron"])
    st = GAME.new(2, {}, 5, {"rounds": [order], "first_player": 1})
    assert st.first == 1 and st.view(1)["hand"] == ["guard", "baron"]
    st.apply("guard>p0=2")
    assert st.round == 2 and st.tokens == [0, 1]
    assert st.view(None)["discards"] == [[], []]
    assert sum(st.census().values()) == 16
    assert st.census() == {
        cid: n for cid, n in zip(TABLES["classic"].ids, TABLES["classic"].counts, strict=True)
    }


def test_first_player_is_random_or_given_LL_GAME_2() -> None:
    """LL-GAME-2: the first round's first player is drawn from the seed, or given."""
    firsts = {GAME.new(4, {}, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert {GAME.new(4, {"first_player": 2}, s).first for s in range(10)} == {2}
