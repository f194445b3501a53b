"""The engine's own pieces: randomness, action spaces, options, events, replays, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.engine import (
    ActionSpace,
    Event,
    IllegalActionError,
    OptionError,
    Replay,
    ReplayError,
    Rng,
    events_for,
    seed_from,
)
from parlour.engine.i18n import t
from tests.support.highcard import GAME, KEEP, SWAP


def test_rng_is_deterministic_and_clones() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert a.below(1000) == c.below(1000)
    assert Rng(1).next64() != Rng(2).next64()


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_rng_below_stays_in_range(seed: int, n: int) -> None:
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))


def test_rng_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    r = Rng(7)
    counts = [0] * 4
    for _ in range(4000):
        items = [0, 1, 2, 3]
        r.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        counts[items[0]] += 1
    assert all(850 < c < 1150 for c in counts)


def test_seed_from_is_stable() -> None:
    assert seed_from("a", 1) == seed_from("a", 1)
    assert seed_from("a", 1) != seed_from("a", 2)


def test_action_space_codes_text_and_errors() -> None:
    space = ActionSpace([KEEP, SWAP])
    assert space.code(SWAP) == 1 and space.action(0) is KEEP
    assert space.parse(" swap ") is SWAP
    assert space.coerce("keep") is KEEP and space.coerce(1) is SWAP
    for bad in ["fly", 2, -1, True, None, 1.0]:
        with pytest.raises(IllegalActionError):
            space.coerce(bad)
    with pytest.raises(ValueError):
        ActionSpace([KEEP, KEEP])
    assert space.mask([SWAP]) == [False, True]


def test_options_are_validated_with_clear_errors() -> None:
    with pytest.raises(OptionError, match="Unknown option “colour”"):
        GAME.new(2, {"colour": "red"})
    with pytest.raises(OptionError, match="cannot be “9”"):
        GAME.new(2, {"copies": 9})
    with pytest.raises(OptionError, match="cannot be “two”"):
        GAME.new(2, {"copies": "two"})
    with pytest.raises(OptionError, match="2 to 4 players"):
        GAME.new(5)
    assert GAME.new(2).options == {"copies": 2}


def test_illegal_action_leaves_state_unchanged() -> None:
    state = GAME.new(2, seed=3, stack=[1, 2, 3, 4])
    before = state.to_json()
    state.deck.clear()  # no card to swap for: only keep is legal
    snapshot = state.to_json()
    with pytest.raises(IllegalActionError, match="not a legal move now"):
        state.apply("swap")
    assert state.to_json() == snapshot
    assert before != snapshot


def test_events_carry_their_audience() -> None:
    state = GAME.new(2, seed=1, stack=[1, 2, 3, 4])
    events = state.apply("swap")
    drew = [e for e in events if e.kind == "drew"]
    assert drew and drew[0].audience == frozenset({0})
    assert drew[0] not in events_for(1, events) and drew[0] not in events_for(None, events)
    assert drew[0] in events_for(0, events)
    assert Event.from_json(drew[0].to_json()) == drew[0]


def test_replay_file_round_trip_and_corruption(tmp_path: Path) -> None:
    state = GAME.new(3, seed=11)
    rec = Replay.start(state)
    while state.to_act is not None:
        a = state.legal_actions()[-1]
        state.apply(a)
        rec.actions.append(str(a))
    path = tmp_path / "game.json"
    rec.save(path)
    again = Replay.load(path)
    assert again.final_state(GAME).to_json() == state.to_json()
    path.write_text("{not json")
    with pytest.raises(ReplayError, match="not valid JSON"):
        Replay.load(path)
    path.write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(ReplayError, match="not a Parlour replay"):
        Replay.load(path)
    bad = rec.to_json()
    bad["actions"] = ["keep", "fly"]
    path.write_text(json.dumps(bad))
    with pytest.raises(ReplayError, match="Move 2"):
        Replay.load(path).final_state(GAME)
    with pytest.raises(ReplayError):
        Replay.load(tmp_path / "missing.json")


def test_translation_falls_back_to_english_and_fills_parameters() -> None:
    assert t("core.seat_name", "en", number=3) == "Player 3"
    assert t("core.no_such_key") == "core.no_such_key"
    with pytest.raises(ValueError):
        t("core.seat_name", "xx")


def test_seat_parameters_render_as_player_names() -> None:
    from parlour.engine.i18n import render_params

    out = render_params("core", {"winners": [0, 2], "actor": 1, "count": 3}, "en", ["A", "B", "C"])
    assert out == {"winners": "A and C", "actor": "B", "count": "3"}
    assert render_params("core", {"tied_seats": [1]}, "en")["tied_seats"] == "Player 2"


def test_seat_labels_name_roles_where_a_game_has_them() -> None:
    from parlour.engine.i18n import seat_label

    assert seat_label("gauntlet", 0, "en") == "Thanos"
    assert seat_label("gauntlet", 2, "es") == "Héroe 2"
    assert seat_label("loveletter", 2, "en") == "Player 3"
