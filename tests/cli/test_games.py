"""``parlour games``: options, player counts and bots of each game."""

from __future__ import annotations

from typer.testing import CliRunner

from parlour.cli import app

runner = CliRunner()


def test_one_game_with_its_options_counts_and_bots() -> None:
    result = runner.invoke(app, ["games", "highcard"])
    assert result.exit_code == 0, result.output
    assert "highcard" in result.output
    assert "copies" in result.output
    assert "int 2..3" in result.output
    assert "2 to 4 players · bots:" in result.output
    assert "random" in result.output.split("bots:")[1]


def test_every_game_and_languages() -> None:
    result = runner.invoke(app, ["games", "--lang", "vi"])
    assert result.exit_code == 0, result.output
    assert "(highcard)" in result.output
    assert "2 đến 4 người chơi" in result.output


def test_unknown_game_exits_2() -> None:
    result = runner.invoke(app, ["games", "chess"])
    assert result.exit_code == 2
    assert "Unknown game “chess”" in result.output
