"""Every command, given each kind of bad path and value, answers with a sentence in the
reader's language and a non-zero exit code, never a traceback, and before any work."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from parlour.cli import app
from parlour.cli.serve import listening_socket
from parlour.engine import OptionError
from parlour.engine.i18n import LANGUAGES, MissingCatalogs, catalog, t

runner = CliRunner()


def _flat(text: str) -> str:
    """Text with line breaks and spaces removed: Rich wraps long errors at any width."""
    return re.sub(r"\s+", "", text)


def assert_sentence(result: Result, key: str, lang: str) -> None:
    """A non-zero exit with no traceback, showing the key's text in ``lang``."""
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    # The longest stretch of the message's own words, in the reader's language.
    words = max(re.split(r"\{[^}]*\}", t(key, lang)), key=len)
    assert len(_flat(words)) > 1 and _flat(words) in _flat(result.output), (words, result.output)


@pytest.fixture
def places(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A missing folder, a folder, a file and a chart name matplotlib cannot draw."""
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    yield {
        "missing": str(tmp_path / "no-such-folder" / "out.json"),
        "folder": str(tmp_path / "a-folder"),
        "file": str(tmp_path / "a-file"),
        "bad_chart": str(tmp_path / "chart.txt"),
    }


SIMULATE = ["simulate", "highcard", "-n", "2", "-w", "1"]
TOURNAMENT = ["tournament", "highcard", "--bots", "random,first", "-n", "2", "-w", "1"]

# (command line with {place} holes, the key of the error it must show)
PATH_CASES: list[tuple[list[str], str]] = [
    ([*SIMULATE, "--json", "{missing}"], "cli.error.no_folder"),
    ([*SIMULATE, "--csv", "{folder}"], "cli.error.path_is_folder"),
    ([*SIMULATE, "--plot", "{bad_chart}"], "cli.error.plot_suffix"),
    ([*SIMULATE, "--save-replays", "{file}"], "cli.error.path_is_file"),
    ([*TOURNAMENT, "--json", "{folder}"], "cli.error.path_is_folder"),
    ([*TOURNAMENT, "--csv", "{missing}"], "cli.error.no_folder"),
    ([*TOURNAMENT, "--plot", "{bad_chart}"], "cli.error.plot_suffix"),
    (["study", "gauntlet-health", "--out", "{file}"], "cli.error.path_is_file"),
    (["analyse", "{file}", "--seat", "0", "--plot", "{bad_chart}"], "cli.error.plot_suffix"),
    (["bench", "--against", "HEAD", "--plot", "{bad_chart}"], "cli.error.plot_suffix"),
    (["play", "highcard", "--save", "{missing}"], "cli.error.no_folder"),
    (["play", "highcard", "--save", "{folder}"], "cli.error.path_is_folder"),
    (["replay", "{missing}"], "core.error.replay_unreadable"),
    (["analyse", "{folder}", "--seat", "0"], "core.error.replay_unreadable"),
]


@pytest.mark.parametrize(("args", "key"), PATH_CASES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bad_paths_are_refused_before_the_work(
    args: list[str], key: str, lang: str, places: dict[str, str]
) -> None:
    line = [a.format(**places) for a in args]
    result = runner.invoke(app, [*line, "--lang", lang])
    assert_sentence(result, key, lang)


VALUE_CASES: list[tuple[list[str], str]] = [
    (["games", "nosuchgame"], "core.error.unknown_game"),
    (["play", "loveletter", "--as", "thanos"], "cli.error.no_roles"),
    (["play", "gauntlet", "--as", "thano"], "cli.error.unknown_role"),
    (["simulate", "loveletter", "--edition", "2020"], "cli.error.option_choice"),
    (["simulate", "loveletter", "--tie-rule", "nobody"], "cli.error.option_choice"),
    (["simulate", "loveletter", "--first-player", "0"], "core.error.option_bad_value"),
    (
        ["tournament", "loveletter", "--bots", "random,first", "--mode", "x"],
        "cli.error.tournament_mode",
    ),
    (["bench", "loveletter", "--only", "nothing"], "cli.error.bench_only"),
    (["learn", "loveletter", "--lesson", "nothing"], "learn.error.no_lesson"),
    (["serve", "--port", "99999"], "cli.error.bad_port"),
    (["serve", "--port", "-1"], "cli.error.bad_port"),
    (["serve", "--database", "bogus://x"], "cli.error.database"),
]


@pytest.mark.parametrize(("args", "key"), VALUE_CASES)
@pytest.mark.parametrize("lang", ["es", "vi"])
def test_bad_values_are_sentences(args: list[str], key: str, lang: str) -> None:
    assert_sentence(runner.invoke(app, [*args, "--lang", lang]), key, lang)


def test_choices_are_listed_as_the_values_to_type() -> None:
    result = runner.invoke(app, ["simulate", "loveletter", "--edition", "2020"])
    assert "classic, premium, 2019." in " ".join(result.output.split())
    assert "2019 edition" not in result.output


def test_the_first_player_is_typed_as_every_message_counts_it() -> None:
    # Seat 1 is the first seat, in the option as in its error.
    ok = runner.invoke(app, ["simulate", "highcard", "-n", "1", "-w", "1"])
    assert ok.exit_code == 0
    bad = runner.invoke(app, ["simulate", "loveletter", "-n", "1", "--first-player", "9"])
    assert "cannot be “9”" in bad.output and "from 1 to 8" in bad.output
    good = runner.invoke(app, ["simulate", "loveletter", "-n", "1", "--first-player", "2"])
    assert good.exit_code == 0, good.output


@pytest.mark.parametrize("command", [["games"], ["simulate", "highcard", "-n", "1"], ["serve"]])
def test_an_unknown_language_is_refused_alike_from_the_flag_and_the_variable(
    command: list[str],
) -> None:
    by_flag = runner.invoke(app, [*command, "--lang", "xx"])
    by_variable = runner.invoke(app, command, env={"PARLOUR_LANG": "xx"})
    for result in (by_flag, by_variable):
        assert_sentence(result, "cli.error.bad_language", "en")
    assert by_flag.output == by_variable.output


def test_a_busy_port_is_a_sentence_and_nothing_is_announced() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--database", "sqlite://"])
    assert_sentence(result, "cli.error.port_busy", "en")
    assert "open at" not in result.output


def test_port_zero_is_the_port_the_system_gives() -> None:
    sock = listening_socket("127.0.0.1", 0)
    try:
        assert sock.getsockname()[1] > 0
    finally:
        sock.close()
    with pytest.raises(OptionError):
        listening_socket("127.0.0.1", 65536)


def test_the_check_itself_catches_a_traceback() -> None:
    """A planted fault: a command that raises must fail :func:`assert_sentence`."""
    broken = typer.Typer()

    @broken.command()
    def crash() -> None:
        Path("/nonexistent-folder/x").write_text("x")

    result = runner.invoke(broken, [])
    with pytest.raises(AssertionError):
        assert_sentence(result, "cli.error.no_folder", "en")


def test_missing_catalogs_are_an_error_not_keys(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from importlib import resources

    monkeypatch.setattr(resources, "files", lambda package: tmp_path)
    catalog.cache_clear()
    try:
        for lang in LANGUAGES:
            with pytest.raises(MissingCatalogs):
                catalog(lang, "cli")
    finally:
        monkeypatch.undo()
        catalog.cache_clear()
    assert catalog("en", "cli")
