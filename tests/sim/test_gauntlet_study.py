"""The Gauntlet health study: output shape and reproducibility on a tiny run."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlour.cli import app
from parlour.sim.studies.gauntlet_health import PLAYER_COUNTS, plot, run_study

TINY = {"hero_healths": (5, 7), "games": 20, "coarse_games": 10, "max_thanos": 10}


def test_study_is_reproducible_and_independent_of_workers(tmp_path: Path) -> None:
    """Same seed, same numbers; one worker or two, same numbers; every count gets a pick."""
    one = run_study(seed=7, workers=1, **TINY)  # type: ignore[arg-type]
    two = run_study(seed=7, workers=2, **TINY)  # type: ignore[arg-type]
    assert one.to_json() == two.to_json()
    data = one.to_json()
    assert data["hero_health"] in (5, 7)
    assert len(data["thanos_health"]) == len(PLAYER_COUNTS)
    assert all(1 <= t <= 10 for t in data["thanos_health"])
    assert [p["players"] for p in data["chosen"]] == list(PLAYER_COUNTS)
    for p in data["chosen"]:
        assert p["games"] == 20 and p["low"] <= p["rate"] <= p["high"]
    other = run_study(seed=8, workers=1, **TINY)  # type: ignore[arg-type]
    assert other.to_json()["points"] != data["points"]
    plot(one, tmp_path / "plot.png", "t", "x", "y")
    assert (tmp_path / "plot.png").read_bytes()[:4] == b"\x89PNG"


def test_study_command_writes_table_json_and_png(tmp_path: Path) -> None:
    """``parlour study gauntlet-health`` prints the table and saves JSON and PNG."""
    result = CliRunner().invoke(
        app,
        [
            "study",
            "gauntlet-health",
            "--games",
            "10",
            "--coarse-games",
            "10",
            "--hero-health",
            "6",
            "--seed",
            "2",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "gauntlet-health.json").read_text())
    assert data["hero_health"] == 6 and len(data["chosen"]) == 5
    assert (tmp_path / "gauntlet-health.png").stat().st_size > 1000
    assert "Thanos win rate" in result.output
    bad = CliRunner().invoke(app, ["study", "gauntlet-health", "--hero-health", "x"])
    assert bad.exit_code != 0
