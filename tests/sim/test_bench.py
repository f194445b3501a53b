"""Random-playout measurement: counts add up (speed itself is for benchmarks, not tests)."""

from __future__ import annotations

from typing import Any

from parlour.games import get_game
from parlour.sim.bench import configs, ismcts_meter, measure_rate, profile, random_playouts


def test_playouts_count_complete_games_and_their_decisions() -> None:
    game = get_game("highcard")
    figure = random_playouts(game, 3, {}, seconds=0.0, max_games=5)
    assert figure.games == 1  # a zero budget still plays one game
    figure = random_playouts(game, 3, {}, seconds=60.0, max_games=5)
    assert figure.games == 5
    assert figure.decisions == 15  # every seat acts once per game
    assert figure.record_events is False
    data = figure.to_json()
    assert data["decisions_per_second"] == figure.decisions_per_second
    assert set(data) >= {"game", "players", "options", "games", "decisions", "seconds"}


def test_configs_are_the_sample_configs_without_repeats() -> None:
    game = get_game("highcard")
    assert configs(game) == [(2, {}), (3, {}), (4, {})]


def test_profile_names_the_apply_path() -> None:
    text = profile(get_game("highcard"), 2, {}, seconds=0.01)
    assert "function calls" in text
    assert "_apply" in text


def test_rates_are_none_when_the_meter_is_missing_or_fails() -> None:
    game = get_game("highcard")

    def broken(game_id: str, players: int, options: dict[str, Any], seconds: float) -> float:
        raise KeyError(game_id)

    assert measure_rate("rl", None, game, 2, {}, 0.01).per_second is None
    failed = measure_rate("rl", broken, game, 2, {"copies": 3}, 0.01)
    assert failed.per_second is None
    assert failed.to_json() == {
        "kind": "rl",
        "game": "highcard",
        "players": 2,
        "options": {"copies": 3},
        "per_second": None,
        "available": False,
    }
    fixed = measure_rate("rl", lambda *_: 12.5, game, 2, {}, 0.01)
    assert fixed.per_second == 12.5
    assert fixed.to_json()["available"] is True


def test_the_search_meter_counts_iterations_on_any_game() -> None:
    meter = ismcts_meter()
    assert meter is not None, "the ISMCTS bot offers no measure_iterations"
    assert meter("highcard", 2, {}, 0.02) > 0
