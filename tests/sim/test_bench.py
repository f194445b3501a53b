"""Random-playout measurement: counts add up (speed itself is for benchmarks, not tests)."""

from __future__ import annotations

from parlour.games import get_game
from parlour.sim.bench import configs, profile, random_playouts


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
