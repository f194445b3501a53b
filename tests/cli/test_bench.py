"""``parlour bench`` runs briefly and prints the figures' shape (speed is not tested)."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from parlour.cli import app
from parlour.cli import bench as bench_cli

runner = CliRunner()


def test_bench_json_has_two_modes_per_configuration() -> None:
    result = runner.invoke(
        app, ["bench", "highcard", "--seconds", "0.01", "--json", "--only", "engine"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert {f["kind"] for f in figures} == {"engine"}
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
        ["bench", "highcard", "-s", "0.01", "--players", "3", "--copies", "3", "--only", "engine"],
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


def test_bench_search_and_rl_sections_show_a_rate_or_not_available(monkeypatch: Any) -> None:
    monkeypatch.setattr(bench_cli, "rl_meter", lambda: None)  # as if parlour.rl were absent
    result = runner.invoke(
        app, ["bench", "highcard", "-s", "0.01", "--players", "2"], env={"COLUMNS": "160"}
    )
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output
    assert "iterations/s" in result.output
    assert "hard bot (player model)" in result.output
    assert "env steps/s" in result.output
    assert "not available" in result.output


def test_bench_json_lists_each_section_with_its_kind() -> None:
    result = runner.invoke(app, ["bench", "highcard", "-s", "0.01", "-p", "2", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["kind"] for r in rows] == ["engine", "engine", "ismcts", "ismcts_model", "rl"]
    for search in rows[2:4]:  # plain search, and the hard bot's (no model here: the same search)
        assert search["available"] is True
        assert search["per_second"] > 0
    # The RL package has no encoder for the toy game: reported, not fatal.
    assert rows[4]["available"] is False
    assert rows[4]["per_second"] is None


def test_bench_only_refuses_an_unknown_section() -> None:
    result = runner.invoke(app, ["bench", "highcard", "-s", "0.01", "--only", "gpu"])
    assert result.exit_code == 2
    assert "gpu" in result.output
