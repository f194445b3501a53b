"""``parlour tournament`` in-process: tables, outputs, options, errors, languages."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app

runner = CliRunner()

BASE = ["tournament", "highcard", "--players", "3", "--games", "24", "--seed", "5"]


def test_table_json_csv_and_plot(tmp_path: Path) -> None:
    out_json, out_csv, out_png = tmp_path / "t.json", tmp_path / "t.csv", tmp_path / "t.png"
    result = runner.invoke(
        app,
        [
            *BASE,
            "--bots",
            "random,random:a,random:b,random:c",
            "--workers",
            "1",
            "--copies",
            "3",
            "--json",
            str(out_json),
            "--csv",
            str(out_csv),
            "--plot",
            str(out_png),
        ],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "3 players, 24 games (round-robin)" in result.output
    assert "Win rate by seat" in result.output
    assert "Head to head" in result.output
    assert "openskill.PlackettLuce" in result.output
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["options"] == {"copies": 3}
    assert data["cycle"] == 12 and data["balanced"] is True
    assert sorted(s["label"] for s in data["standings"]) == [
        "random",
        "random:a",
        "random:b",
        "random:c",
    ]
    assert len(data["head_to_head"]) == 6
    assert [r["index"] for r in data["results"]] == list(range(24))
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8")))
    assert [r["bot"] for r in rows] == [s["label"] for s in data["standings"]]
    assert all(int(r["seat_games"]) == 18 for r in rows)  # 24 games x 3 seats / 4 bots
    assert out_png.read_bytes()[:4] == b"\x89PNG"


def test_same_report_with_one_or_two_workers(tmp_path: Path) -> None:
    reports = []
    for workers in ("1", "2"):
        out = tmp_path / f"{workers}.json"
        result = runner.invoke(
            app, [*BASE, "--bots", "random,random:x", "-w", workers, "--json", str(out)]
        )
        assert result.exit_code == 0, result.output
        data = json.loads(out.read_text(encoding="utf-8"))
        for key in ("elapsed", "workers", "backend"):
            data.pop(key)
        reports.append(data)
    assert reports[0] == reports[1]
    assert reports[0]["mode"] == "rotate"


def test_an_unbalanced_game_count_is_pointed_out() -> None:
    result = runner.invoke(
        app,
        ["tournament", "highcard", "-p", "2", "--bots", "random,random:x", "-n", "5", "-w", "1"],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "not a whole number of cycles of 2" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random"], "at least two different bots"),
        (["--bots", "random,nobody"], "nobody"),
        (["--bots", "random,random:x", "--mode", "swiss"], "swiss"),
        (["--bots", "a,b,c,d", "--mode", "rotate"], "round-robin"),
        (["--bots", "random,random:x", "--games", "0"], "at least 1"),
        (["--bots", "random,random:x", "--workers", "0"], "at least 1"),
        (["--bots", "random,random:x", "--copies", "9"], "copies"),
    ],
)
def test_mistakes_print_the_message_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*BASE, *args], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_labels_and_errors_follow_the_language() -> None:
    result = runner.invoke(
        app, [*BASE, "--bots", "random,random:x", "-w", "1", "--lang", "es"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "Tasa de victoria por asiento" in result.output
    result = runner.invoke(app, [*BASE, "--bots", "random", "--lang", "vi"])
    assert result.exit_code == 2
    assert "ít nhất hai bot" in result.output


def test_tournament_on_a_local_ray_equals_the_process_pool(tmp_path: Path) -> None:
    """``--ray local`` starts Ray here; the report equals the process pool's."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ray)")
    if ray.is_initialized():
        pytest.skip("a Ray instance is already running in this process")
    args = ["tournament", "loveletter", "-p", "2", "--bots", "random,heuristic", "-n", "6"]
    reports = []
    for extra in (["--workers", "2"], ["--ray", "local", "--workers", "1"]):
        out = tmp_path / f"{extra[0]}.json"
        result = runner.invoke(app, [*args, *extra, "--json", str(out)])
        if result.exit_code != 0 and "--ray" in extra:
            pytest.skip(f"Ray cannot start here: {result.output[-300:]}")
        assert result.exit_code == 0, result.output
        reports.append(json.loads(out.read_text(encoding="utf-8")))
    assert not ray.is_initialized()  # the command shuts down the Ray it started
    assert reports[1]["backend"] == "ray"
    for data in reports:
        for key in ("elapsed", "workers", "backend"):
            data.pop(key)
    assert reports[0] == reports[1]
