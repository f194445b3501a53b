"""``parlour replay``: what each seat saw, and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.bots.base import RandomBot
from parlour.cli import app
from parlour.engine import Replay
from parlour.games import get_game
from parlour.sim.play import play_game

runner = CliRunner()


def _record(tmp_path: Path, players: int = 2, game_id: str = "highcard", seed: int = 8) -> Path:
    played = play_game(get_game(game_id), players, {}, seed, [RandomBot() for _ in range(players)])
    path = tmp_path / "game.json"
    played.replay.save(path)
    return path


def _stacked(tmp_path: Path) -> Path:
    """Toy game with a stacked deck: seat 0 holds 6, seat 1 holds 1 and swaps for a 5."""
    replay = Replay("highcard", 2, {}, 1, stack=[3, 5, 1, 6], actions=["keep", "swap"])
    path = tmp_path / "stacked.json"
    replay.save(path)
    return path


def test_spectator_sees_public_events_and_no_hidden_hand(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_stacked(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "Move 1: Player 1" in result.output
    assert "Move 2: Player 2" in result.output
    assert "highcard.event.drew" not in result.output  # private to seat 1
    assert "highcard.event.showdown" in result.output
    assert "Winner: Player 1" in result.output
    assert "Player 1: 6" not in result.output.split("Move 2")[0]  # hidden before showdown


def test_a_seat_sees_its_own_private_events_and_moves(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_stacked(tmp_path)), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "highcard.event.drew" in result.output
    assert "Move 2: Player 2 — swap" in result.output
    assert "Move 1: Player 1 — keep" not in result.output
    opening = result.output.split("Move 1")[0]
    assert "Player 2: 1" in opening
    assert "Player 1: 6" not in opening


def test_all_shows_every_seat_and_every_action(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_stacked(tmp_path)), "--all"])
    assert result.exit_code == 0, result.output
    assert "As Player 1 sees it" in result.output
    assert "As Player 2 sees it" in result.output
    assert "Move 1: Player 1 — keep" in result.output
    assert "highcard.event.drew" in result.output


def test_step_waits_for_enter_between_moves(tmp_path: Path) -> None:
    path = _record(tmp_path, players=4)
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n" * 3)
    assert result.exit_code == 0, result.output
    assert result.output.count("Press Enter for the next move") == 3


def test_step_with_input_ending_early_shows_the_rest(tmp_path: Path) -> None:
    path = _record(tmp_path, players=4)
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n")
    assert result.exit_code == 0, result.output
    assert "Move 4:" in result.output
    assert result.output.count("Press Enter for the next move") == 2


def test_unfinished_replay_says_so(tmp_path: Path) -> None:
    path = tmp_path / "part.json"
    Replay("highcard", 3, {}, 2, actions=["keep"]).save(path)
    result = runner.invoke(app, ["replay", str(path), "--lang", "vi"])
    assert result.exit_code == 0, result.output
    assert "Tệp xem lại kết thúc trước khi ván đấu kết thúc." in result.output


@pytest.mark.parametrize("game_id", ["loveletter", "gauntlet", "splendor-marvel"])
def test_real_game_replays_from_every_seat(tmp_path: Path, game_id: str) -> None:
    game = get_game(game_id)
    path = _record(tmp_path, game.min_players, game_id)
    replay = Replay.load(path)
    replay.actions = replay.actions[:40]  # enough moves to cross turns; keeps the test short
    replay.save(path)
    for args in ([], ["--seat", "0"], ["--all"]):
        result = runner.invoke(app, ["replay", str(path), *args])
        assert result.exit_code == 0, result.output
        assert "Move 1:" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"hello": 1}', "not a Parlour replay"),
        ('{"format": "parlour-replay", "version": 9}', "version 9"),
        (
            '{"format": "parlour-replay", "version": 1, "game": "chess", "players": 2, "seed": 1}',
            "not installed: “chess”",
        ),
        (
            '{"format": "parlour-replay", "version": 1, "game": "highcard", "players": 2,'
            ' "seed": 1, "actions": ["keep", "jump"]}',
            "Move 2 of the replay",
        ),
        (
            '{"format": "parlour-replay", "version": 1, "game": "highcard", "players": 9,'
            ' "seed": 1}',
            "is played by 2 to 4 players",
        ),
        (
            '{"format": "parlour-replay", "version": 1, "game": "highcard", "players": 2,'
            ' "seed": 1, "stack": 5}',
            "opening cannot be set up",
        ),
    ],
)
def test_bad_files_exit_2_with_a_clear_message(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_missing_file_and_bad_seat_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2
    assert "Cannot read" in result.output
    path = _stacked(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "7"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["replay", str(path), "--seat", "0", "--all"])
    assert result.exit_code == 2
    assert "not both" in result.output


def test_replay_file_from_play_keeps_the_names(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    result = runner.invoke(
        app, ["play", "highcard", "--seed", "3", "--save", str(path)], input="1\n"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["names"] == ["Player 1", "Normal bot 2"]
    result = runner.invoke(app, ["replay", str(path), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "Move 1: Player 1" in result.output
    assert "(you)" not in result.output
