"""``parlour simulate`` in-process: options, outputs, errors, languages."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine import Replay

runner = CliRunner()


def test_table_json_csv_and_plot(tmp_path: Path) -> None:
    out_json, out_csv, out_svg = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.svg"
    result = runner.invoke(
        app,
        [
            "simulate",
            "highcard",
            "--players",
            "2-3",
            "--games",
            "30",
            "--bots",
            "random",
            "--seed",
            "7",
            "--workers",
            "1",
            "--copies",
            "3",
            "--json",
            str(out_json),
            "--csv",
            str(out_csv),
            "--plot",
            str(out_svg),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "2 players, 30 games" in result.output
    assert "3 players, 30 games" in result.output
    assert "95% interval" in result.output
    assert "game end — showdown: 30 (100.0%)" in result.output
    data = json.loads(out_json.read_text())
    assert [g["players"] for g in data["groups"]] == [2, 3]
    assert data["groups"][0]["options"] == {"copies": 3}
    rows = list(csv.DictReader(out_csv.open()))
    assert [(r["players"], r["seat"]) for r in rows] == [
        ("2", "0"),
        ("2", "1"),
        ("3", "0"),
        ("3", "1"),
        ("3", "2"),
    ]
    assert all(float(r["ci_low"]) <= float(r["win_rate"]) <= float(r["ci_high"]) for r in rows)
    assert out_svg.read_text().lstrip().startswith("<?xml")


def test_option_flag_and_option_pair_give_the_same_report(tmp_path: Path) -> None:
    reports = []
    for args in (["--copies", "3"], ["--option", "copies=3"], ["--copies=3"], ["-o", "copies=3"]):
        path = tmp_path / "r.json"
        result = runner.invoke(
            app,
            ["simulate", "highcard", "-n", "12", "-w", "1", "--json", str(path), *args],
        )
        assert result.exit_code == 0, result.output
        data = json.loads(path.read_text())
        reports.append((data["groups"][0]["options"], data["groups"][0]["seats"]))
    assert all(r == reports[0] for r in reports)
    assert reports[0][0] == {"copies": 3}


def test_same_numbers_with_one_or_two_workers(tmp_path: Path) -> None:
    outs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.json"
        result = runner.invoke(
            app,
            [
                "simulate",
                "highcard",
                "-p",
                "4",
                "-n",
                "40",
                "--seed",
                "3",
                "-w",
                workers,
                "--json",
                str(path),
            ],
        )
        assert result.exit_code == 0, result.output
        outs.append(json.loads(path.read_text())["groups"])
    assert outs[0] == outs[1]


def test_per_seat_bots_add_rows_per_bot() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "highcard",
            "-p",
            "3",
            "-n",
            "10",
            "-w",
            "1",
            "--bots",
            "random,random:a,random",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "all its seats" in result.output
    assert "random:a" in result.output


def test_saved_replays_load(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    result = runner.invoke(
        app, ["simulate", "highcard", "-n", "3", "-w", "1", "--save-replays", str(folder)]
    )
    assert result.exit_code == 0, result.output
    files = sorted(folder.iterdir())
    assert len(files) == 3
    assert Replay.load(files[0]).game == "highcard"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--colour", "red"], "Unknown option “colour”. Known options: copies."),
        (["--copies", "9"], "copies cannot be “9”: give a whole number from 2 to 3"),
        (["--copies", "many"], "copies cannot be “many”: give a whole number"),
        (["--copies"], "copies cannot be “”"),
        (["--option", "copies"], "is not of the form name=value"),
        (["stray"], "Unexpected argument “stray”"),
        (["--players", "two"], "is not a player count"),
        (["--players", "2-9"], "is played by 2 to 4 players"),
        (["--bots", "random,random,random"], "3 bot specs"),
        (["--bots", "nobody"], "Unknown bot “nobody”"),
        (["--games", "0"], "at least 1"),
        (["--workers", "0"], "at least 1"),
        (["--thanos", "random"], "has no roles (such as “thanos”)"),
        (["--lang", "fr"], "Unknown language “fr”"),
    ],
)
def test_mistakes_print_the_message_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "highcard", "-n", "2", "-w", "1", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_unknown_game_exits_2() -> None:
    result = runner.invoke(app, ["simulate", "chess"])
    assert result.exit_code == 2
    assert "Unknown game “chess”" in result.output


def test_errors_and_labels_follow_the_language() -> None:
    result = runner.invoke(app, ["simulate", "highcard", "--colour", "red", "--lang", "vi"])
    assert result.exit_code == 2
    assert "colour" in result.output
    assert "Unknown option" not in result.output
    result = runner.invoke(
        app, ["simulate", "highcard", "-n", "3", "-w", "1"], env={"PARLOUR_LANG": "zh"}
    )
    assert result.exit_code == 0, result.output
    assert "胜率" in result.output


def test_thanos_and_heroes_bots_take_their_seats(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "simulate",
            "gauntlet",
            "-p",
            "2-3",
            "-n",
            "4",
            "-w",
            "1",
            "--thanos",
            "random:t",
            "--heroes",
            "random",
            "--json",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    groups = json.loads(path.read_text())["groups"]
    assert [g["bots"] for g in groups] == [
        ["random:t", "random"],
        ["random:t", "random", "random"],
    ]


def test_one_player_count_plots_a_bar_per_seat(tmp_path: Path) -> None:
    out = tmp_path / "seats.png"
    result = runner.invoke(
        app, ["simulate", "highcard", "-p", "3", "-n", "10", "-w", "1", "--plot", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")


def test_a_budget_with_commas_is_one_seat() -> None:
    """``--bots random,ismcts:10,5s`` is two specs: the budget keeps its comma."""
    result = runner.invoke(
        app,
        ["simulate", "highcard", "-p", "2", "-n", "4", "-w", "1", "--bots", "random,ismcts:10,5s"],
    )
    assert result.exit_code == 0, result.output
    assert "ismcts:10,5s" in result.output
