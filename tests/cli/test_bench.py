"""``parlour bench`` runs briefly and prints the figures' shape (speed is not tested)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from parlour.cli import app

runner = CliRunner()


def test_bench_json_has_two_modes_per_configuration() -> None:
    result = runner.invoke(app, ["bench", "highcard", "--seconds", "0.01", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert [(f["players"], f["record_events"]) for f in figures] == [
        (2, False),
        (2, True),
        (3, False),
        (3, True),
        (4, False),
        (4, True),
    ]
    for f in figures:
        assert f["games"] >= 1
        assert f["decisions"] == f["games"] * f["players"]
        assert f["games_per_second"] > 0
        assert f["decisions_per_second"] > 0


def test_bench_with_players_and_options_and_a_table() -> None:
    result = runner.invoke(
        app,
        ["bench", "highcard", "-s", "0.01", "--players", "3", "--copies", "3"],
        env={"COLUMNS": "160"},
    )
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output
    assert "events off" in result.output
    assert "copies=3" in result.output
    rows = [line for line in result.output.splitlines() if "highcard" in line]
    assert len(rows) == 1  # one row per configuration, both modes side by side


def test_bench_profile_prints_a_profile() -> None:
    result = runner.invoke(app, ["bench", "highcard", "-s", "0.01", "--profile"])
    assert result.exit_code == 0, result.output
    assert "function calls" in result.output


def test_bench_refuses_bad_options() -> None:
    result = runner.invoke(app, ["bench", "highcard", "-s", "0.01", "--copies", "7"])
    assert result.exit_code == 2
    assert "copies" in result.output
