"""``parlour replay`` and ``play --resume`` on damaged files: a message, exit 2, no trace."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from parlour.bots.base import RandomBot
from parlour.cli import app
from parlour.games import get_game
from parlour.sim.play import play_game

runner = CliRunner()


def _doc(game_id: str = "loveletter", players: int = 3) -> dict[str, Any]:
    game = get_game(game_id)
    played = play_game(game, players, {}, 4, [RandomBot() for _ in range(players)])
    doc: dict[str, Any] = played.replay.to_json()
    doc["actions"] = doc["actions"][:12]
    return doc


_BASE = {g: _doc(g) for g in ("loveletter", "gauntlet", "splendor-marvel")}


def _run(tmp_path: Path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    where = [str(path)] if args[0] == "replay" else ["--resume", str(path)]
    result = runner.invoke(app, [*args, *where], input="q\n" * 50)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"traceback: {result.exception!r}\n{result.output}")
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        '{"format": "parlour-replay", "version": 1, "game": "loveletter"',
        "[]",
        "null",
        '"parlour-replay"',
        '{"format": "parlour-replay", "version": 2}',
        '{"format": "parlour-replay", "version": 1, "game": "chess", "players": 2, "seed": 1}',
        '{"format": "parlour-replay", "version": 1, "game": "loveletter", "players": 99,'
        ' "seed": 1}',
        '{"format": "parlour-replay", "version": 1, "game": "loveletter", "players": 2,'
        ' "seed": 1, "options": {"edition": "chess"}}',
        '{"format": "parlour-replay", "version": 1, "game": "loveletter", "players": 2,'
        ' "seed": 1, "stack": {"rounds": [[1, 2, {"a": []}]]}}',
        '{"format": "parlour-replay", "version": 1, "game": "gauntlet", "players": 3,'
        ' "seed": 1, "stack": [[["x"]], 5, null]}',
        '{"format": "parlour-replay", "version": 1, "game": "splendor-marvel", "players": 2,'
        ' "seed": 1, "stack": {"tiers": {"1": [[]]}, "locations": 7}}',
    ],
)
@pytest.mark.parametrize("command", ["replay", "play"])
def test_broken_files_are_clear_errors(tmp_path: Path, text: str, command: str) -> None:
    args = ("play", "loveletter") if command == "play" else ("replay",)
    code, _ = _run(tmp_path, text, *args)
    assert code == 2


@pytest.mark.parametrize("game_id", sorted(_BASE))
def test_actions_of_another_seed_are_a_clear_error(tmp_path: Path, game_id: str) -> None:
    doc = copy.deepcopy(_BASE[game_id])
    doc["seed"] += 1
    code, out = _run(tmp_path, json.dumps(doc), "replay", "--all")
    assert code in (0, 2)  # the actions may happen to be legal in the other deal too
    doc["actions"] = ["no-such-move", *doc["actions"]]
    code, out = _run(tmp_path, json.dumps(doc), "replay")
    assert code == 2 and "no-such-move" in out


def test_a_seat_that_does_not_exist_is_a_clear_error(tmp_path: Path) -> None:
    doc = _BASE["loveletter"]
    for seat in ("3", "-1", "99999999999999999999"):
        code, _ = _run(tmp_path, json.dumps(doc), "replay", "--seat", seat)
        assert code == 2


_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.text(max_size=6),
    st.lists(st.integers(-2, 30), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    game_id=st.sampled_from(sorted(_BASE)),
    key=st.sampled_from(["players", "options", "seed", "stack", "actions", "names", "game"]),
    value=_LEAVES,
    inner=st.booleans(),
)
def test_fuzzed_replay_files_never_crash(
    tmp_path: Path, game_id: str, key: str, value: Any, inner: bool
) -> None:
    doc = copy.deepcopy(_BASE[game_id])
    if inner and key == "options":
        doc["options"] = {**doc["options"], "edition": value, "hero_health": value}
    elif inner and key == "actions" and doc["actions"]:
        doc["actions"][0] = value
    else:
        doc[key] = value
    code, _ = _run(tmp_path, json.dumps(doc), "replay", "--seat", "0")
    assert code in (0, 2)


@pytest.mark.parametrize("game_id", ["gauntlet", "splendor-marvel", "loveletter"])
def test_names_with_console_markup_print_as_written(tmp_path: Path, game_id: str) -> None:
    """A replay's names are text, not console markup: no crash, shown literally."""
    game = get_game(game_id)
    played = play_game(game, 3, {}, 4, [RandomBot() for _ in range(3)])
    doc = played.replay.to_json()
    doc["names"] = ["[/x]", "[bold]Ben", "Cam[/]"]
    for args in (("replay", "--seat", "0"), ("replay", "--all"), ("replay",)):
        code, out = _run(tmp_path, json.dumps(doc), *args)
        assert code == 0
        assert all(name in out for name in doc["names"]), (args, out[-500:])


@pytest.mark.parametrize(
    "args",
    [
        ["play", "loveletter", "--seat", "9"],
        ["play", "loveletter", "--seat", "-1"],
        ["play", "loveletter", "--players", "99"],
        ["play", "loveletter", "--option", "nope=1"],
        ["play", "loveletter", "--role", "thanos"],
        ["play", "gauntlet", "--role", "zz"],
        ["play", "chess"],
        ["play", "loveletter", "--lang", "xx"],
        ["play", "loveletter", "--bots", "nope"],
        ["play", "loveletter", "--seed", "abc"],
        ["play", "splendor-marvel", "--players", "3", "--seat", "3"],
        ["play", "loveletter", "--edition", "premium", "--players", "2"],
        ["play", "loveletter", "--tokens_to_win", "999"],
        ["replay", "no-such-file.json"],
        ["replay", "."],
    ],
)
def test_bad_command_lines_are_clear_errors(args: list[str]) -> None:
    result = runner.invoke(app, args, input="q\n" * 5)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 2 and "Traceback" not in result.output
