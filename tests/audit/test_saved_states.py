"""A corrupt saved state is refused with ReplayError, never a raw error or a broken state."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.engine import Game, ReplayError, Rng, State
from parlour.games import get_game

GAMES = ("loveletter", "gauntlet", "splendor-marvel")


def _position(game_id: str, players: int = 3, seed: int = 5, moves: int = 6) -> State:
    game = get_game(game_id)
    state = game.new(players, {}, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _load(game: Game, data: Any) -> State | None:
    """The rebuilt state, or None when it was refused with ReplayError."""
    try:
        return game.state_from_json(data)
    except ReplayError as exc:
        assert exc.message("en") and exc.message("vi")
        return None


def _check_sound(game: Game, data: Any, census: dict[str, int]) -> None:
    """Either refused cleanly, or a usable state with every card once."""
    rebuilt = _load(game, data)
    if rebuilt is None:
        return
    assert rebuilt.census() == census
    for seat in [None, *range(rebuilt.players)]:
        json.dumps(rebuilt.view(seat))
    rebuilt.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_true_state_still_loads(game_id: str) -> None:
    state = _position(game_id)
    copy_ = get_game(game_id).state_from_json(json.loads(json.dumps(state.to_json())))
    assert copy_.to_json() == state.to_json()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("value", [None, "x", [1], {"a": 1}, -1, 10**30, True, 2.5])
def test_every_field_replaced_by_a_wrong_value_is_refused_or_harmless(
    game_id: str, value: Any
) -> None:
    state = _position(game_id)
    data = state.to_json()
    game = get_game(game_id)
    for key in data:
        bad = copy.deepcopy(data)
        bad[key] = value
        _check_sound(game, bad, state.census())
        gone = copy.deepcopy(data)
        del gone[key]
        assert _load(game, gone) is None, key


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("data", [None, [], "state", 3, {"players": 10**12}, {"players": True}])
def test_not_a_state_at_all_is_refused(game_id: str, data: Any) -> None:
    assert _load(get_game(game_id), data) is None


def test_loveletter_duplicated_card_is_refused() -> None:
    state = _position("loveletter")
    data = state.to_json()
    data["pile"][0] = next(c for c in data["hand"] if c is not None)
    assert _load(get_game("loveletter"), data) is None


def test_loveletter_seat_numbers_out_of_range_are_refused() -> None:
    state = _position("loveletter")
    for key, value in [("actor", 99), ("to_act", 99), ("first", -2), ("known", [])]:
        data = state.to_json()
        data[key] = value
        assert _load(get_game("loveletter"), data) is None, key


def test_loveletter_options_of_another_edition_are_refused() -> None:
    data = _position("loveletter").to_json()
    data["options"]["edition"] = "premium"
    assert _load(get_game("loveletter"), data) is None
    data = _position("loveletter").to_json()
    data["options"]["tokens_to_win"] = 0
    assert _load(get_game("loveletter"), data) is None


def test_gauntlet_duplicated_card_and_bad_phase_are_refused() -> None:
    game = get_game("gauntlet")
    data = _position("gauntlet").to_json()
    data["hero_deck"][0] = data["hero_deck"][1]
    assert _load(game, data) is None
    for key, value in [("phase", "zzz"), ("tokens", []), ("known", []), ("active", 99)]:
        data = _position("gauntlet").to_json()
        data[key] = value
        assert _load(game, data) is None, key


def test_splendor_marvel_tokens_created_or_negative_are_refused() -> None:
    game = get_game("splendor-marvel")
    data = _position("splendor-marvel").to_json()
    data["supply"][0] += 5
    assert _load(game, data) is None
    data = _position("splendor-marvel").to_json()
    data["tokens"][0][0] = -3
    data["supply"][0] += 3
    assert _load(game, data) is None
    data = _position("splendor-marvel").to_json()
    data["decks"][0][0] = data["decks"][0][1]
    assert _load(game, data) is None
    for key, value in [("turn", 99), ("phase", 99), ("reserved", []), ("options", {"x": 1})]:
        data = _position("splendor-marvel").to_json()
        data[key] = value
        assert _load(game, data) is None, key


_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.sampled_from(["", "guard", "princess", "thanos", "zzz"]),
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


_BASES = {g: _position(g, seed=11, moves=9) for g in GAMES}
_PATHS = {g: _paths(s.to_json()) for g, s in _BASES.items()}


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_states_are_refused_or_sound(game_id: str, data: st.DataObject) -> None:
    base = _BASES[game_id]
    doc = base.to_json()
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_PATHS[game_id]))
        node: Any = doc
        try:
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = data.draw(_LEAVES)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the place
    _check_sound(get_game(game_id), doc, base.census())
