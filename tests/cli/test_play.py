"""The terminal play loop, driven by scripted answers."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app
from parlour.cli.play import NotSaved, QuitGame, choose_action, play_session
from parlour.engine import Action, Replay, State
from parlour.games import get_game, replay_state

BUILTIN = ("loveletter", "gauntlet", "splendor-marvel")


def _console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None)


def _text(console: Console) -> str:
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


class Script:
    """Answers prompts from a list, then repeats a default; counts and bounds the questions."""

    def __init__(self, answers: Sequence[str], default: str = "1", limit: int = 20_000) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.default = default
        self.asked: list[str] = []
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if len(self.asked) > self.limit:
            raise AssertionError("the game did not end")
        return next(self.answers, self.default)


def test_always_first_option_finishes_the_toy_game_and_shows_the_summary() -> None:
    console = _console()
    ask = Script([])
    result = play_session(get_game("highcard"), 3, {}, 1, ["random"], ask, console, seed=5)
    assert result is not None
    assert len(ask.asked) == 1  # the person acts once in the toy game
    text = _text(console)
    assert "1. keep" in text
    assert "→ keep" in text
    assert "2. swap" in text
    assert "Winner: " in text  # the highest card always wins the toy game (ties share)
    assert "Nobody won" not in text


def test_bad_answers_are_asked_again() -> None:
    console = _console()
    ask = Script(["", "x", "0", "3", "2"])
    result = play_session(get_game("highcard"), 2, {}, 0, ["random"], ask, console, seed=1)
    assert result is not None
    assert len(ask.asked) == 5
    assert _text(console).count("Please answer with one of 1, 2, or q.") == 4


def test_quit_saves_the_record_which_replays(tmp_path: Path) -> None:
    console = _console()
    path = tmp_path / "game.json"
    ask = Script(["q"])
    result = play_session(
        get_game("highcard"), 3, {}, 2, ["random"], ask, console, seed=9, save=path
    )
    assert result is None
    replay = Replay.load(path)
    assert replay.game == "highcard"
    assert len(replay.actions) == 2  # the two bots before the person's turn
    # Stored without "(you)": whoever replays it is not that person.
    assert replay.names == ["Random moves bot 1", "Random moves bot 2", "Player 3"]


def test_quit_without_save_path_asks_for_a_file_name(tmp_path: Path) -> None:
    console = _console()
    path = tmp_path / "asked.json"
    play_session(get_game("highcard"), 2, {}, 0, ["random"], Script(["q", str(path)]), console)
    assert Replay.load(path).players == 2
    play_session(get_game("highcard"), 2, {}, 0, ["random"], Script(["q", ""]), console)


def test_saved_finished_game_replays_to_the_same_result(tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    result = play_session(
        get_game("highcard"),
        4,
        {"copies": 3},
        0,
        ["random"],
        Script([], "2"),
        _console(),
        seed=17,
        save=path,
    )
    assert result is not None
    assert replay_state(Replay.load(path)).result == result


@pytest.mark.parametrize("game_id", BUILTIN)
@pytest.mark.parametrize("answer", ["1", "last"])
def test_scripted_person_finishes_every_real_game(game_id: str, answer: str) -> None:
    game = get_game(game_id)
    console = _console()
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        assert len(asked) < 5000, "the game did not end"
        if "knocks you out" in prompt:
            return "y"
        found = re.search(r"\((\w+)–(\w+)", prompt)  # "Your choice (1–N, ..."
        assert found is not None
        return found.group(1) if answer == "1" else found.group(2)

    players = game.min_players
    result = play_session(game, players, {}, 0, ["random"], ask, console, seed=3)
    assert result is not None
    assert asked
    assert "Your move" in _text(console)


def test_discarding_the_princess_asks_first_and_no_keeps_the_turn_LL_CARD_PRINCESS(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = get_game("loveletter")
    # Set aside a Guard; the person (seat 0, first) holds the Princess and draws a Handmaid.
    deck = ["guard", "princess", "guard", "guard", "handmaid", "guard", "guard"]
    deck += ["priest", "priest", "baron", "baron", "handmaid", "prince", "prince", "king"]
    deck += ["countess"]
    stack = {"rounds": [deck], "first_player": 0}
    console = _console()
    asked: list[str] = []
    sure = iter(["n", "y"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        assert len(asked) < 50
        if "knocks you out" in prompt:
            return next(sure)
        numbers = re.findall(r"^\s*(\d+)\. Princess", _text(console), re.MULTILINE)
        return str(numbers[-1])

    original = game.new

    def stacked(
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack_: Any = None,
    ) -> State:
        return original(players, options, seed, stack)

    monkeypatch.setattr(game, "new", stacked)
    result = play_session(game, 3, {"tokens_to_win": 1}, 0, ["random"], ask, console, seed=1)
    assert result is not None
    assert [p for p in asked if "knocks you out" in p] == [asked[1], asked[3]]
    assert _text(console).count("→ Princess") == 1  # "n" sent nothing; "y" sent it once
    assert 0 not in result.winners


def test_only_a_sure_self_knockout_is_flagged() -> None:
    game = get_game("loveletter")
    seat = {"seat": 1, "hand": ["prince", "princess"]}
    assert game.knocks_out_self(seat, _action(game, "princess"))
    assert game.knocks_out_self(seat, _action(game, "prince>p1"))
    assert not game.knocks_out_self(seat, _action(game, "prince>p0"))
    assert not game.knocks_out_self(
        {"seat": 1, "hand": ["prince", "guard"]}, _action(game, "prince>p1")
    )
    assert not game.knocks_out_self(
        {"seat": 1, "hand": ["baron", "guard"]}, _action(game, "baron>p0")
    )
    assert not get_game("highcard").knocks_out_self(seat, _action(get_game("highcard"), "keep"))


def _action(game: object, text: str) -> Action:
    """An action from its text (any legal-looking one; knocks_out_self reads only its text)."""

    @dataclass(frozen=True, slots=True)
    class Text(Action):
        value: str

        def __str__(self) -> str:
            return self.value

    return Text(text)


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A three-step action for menu tests."""

    card: str
    target: str
    guess: str

    def __str__(self) -> str:
        return f"{self.card}>{self.target}={self.guess}"


class StepsGame:
    """Only what the menu reads: labels per action."""

    def action_steps(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str]:
        assert isinstance(action, Pick)
        return [action.card, action.target, action.guess][: 1 if action.card == "Priest" else 3]


LEGAL = [
    Pick("Guard", "Ana", "Priest"),
    Pick("Guard", "Ana", "Baron"),
    Pick("Guard", "Bo", "Priest"),
    Pick("Guard", "Bo", "Baron"),
    Pick("Priest", "Ana", "-"),
]


def test_menu_goes_card_then_target_then_guess() -> None:
    console = _console()
    ask = Script(["1", "2", "2"])
    chosen = choose_action(StepsGame(), LEGAL, ask, console, "en", [])  # type: ignore[arg-type]
    assert chosen == Pick("Guard", "Bo", "Baron")
    assert len(ask.asked) == 3
    text = _text(console)
    assert "1. Guard" in text
    assert "2. Priest" in text
    assert "Guard › Bo" in text


def test_menu_ends_as_soon_as_one_action_is_left() -> None:
    ask = Script(["2"])
    chosen = choose_action(StepsGame(), LEGAL, ask, _console(), "en", [])  # type: ignore[arg-type]
    assert chosen == Pick("Priest", "Ana", "-")
    assert len(ask.asked) == 1


def test_menu_skips_a_level_with_a_single_choice() -> None:
    legal = [Pick("Guard", "Ana", "Priest"), Pick("Guard", "Ana", "Baron")]
    ask = Script(["1", "2"])
    console = _console()
    chosen = choose_action(StepsGame(), legal, ask, console, "en", [])  # type: ignore[arg-type]
    assert chosen == Pick("Guard", "Ana", "Baron")
    assert len(ask.asked) == 2  # card, then guess: the lone target is not asked
    assert "Guard › Ana" in _text(console)


def test_menu_quit_and_end_of_input_both_quit() -> None:
    with pytest.raises(QuitGame):
        choose_action(StepsGame(), LEGAL, Script(["q"]), _console(), "en", [])  # type: ignore[arg-type]

    def eof(prompt: str) -> str:
        raise EOFError

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    for ask in (eof, interrupt):
        with pytest.raises(QuitGame):
            choose_action(StepsGame(), LEGAL, ask, _console(), "en", [])  # type: ignore[arg-type]


runner = CliRunner()


def test_play_command_with_typed_answers_and_save(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "highcard",
            "--players",
            "3",
            "--seat",
            "2",
            "--seed",
            "4",
            "--copies",
            "3",
            "--bots",
            "random",
            "--save",
            str(path),
        ],
        input="1\n",
    )
    assert result.exit_code == 0, result.output
    replay = Replay.load(path)
    assert replay.options == {"copies": 3}
    assert len(replay.actions) == 3
    assert replay.actions[2] == "keep"


def test_play_command_in_spanish_quits_on_end_of_input() -> None:
    result = runner.invoke(app, ["play", "highcard", "--lang", "es"], input="")
    assert result.exit_code == 0, result.output
    assert "Has dejado la partida." in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "0", "--as", "thanos"], "not both"),
        (["--as", "thanos"], "has no role"),
        (["--players", "9"], "is played by 2 to 4 players"),
        (["--colour", "red"], "Unknown option “colour”"),
        (["--bots", "nobody"], "Unknown bot"),
        (["--seat", "5"], "no seat"),
    ],
)
def test_play_command_refuses_bad_setups_with_code_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", "highcard", *args], input="q\n\n")
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_play_as_a_role_takes_that_roles_first_seat(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "gauntlet",
            "--players",
            "3",
            "--as",
            "hero",
            "--bots",
            "random",
            "--seed",
            "1",
            "--save",
            str(path),
        ],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    replay = Replay.load(path)
    assert replay.names is not None
    assert replay.names[1] == "Player 2"


def test_summary_puts_per_seat_details_in_columns_and_the_rest_below() -> None:
    from parlour.cli.play import summary
    from parlour.engine import Result

    result = Result.of(3, [1, 2], "showdown", tokens=[1, 4, 4], rounds=7, decided_by="tie")
    console = _console()
    console.print(summary(get_game("highcard"), result, "en", ["Ana", "Bo", "Cy"]))
    text = _text(console)
    assert "Winners: Bo and Cy" in text
    assert "tokens" in text
    assert "rounds: 7" in text
    assert "decided by: tie" in text
    assert "0.5" not in text  # a shared win is a mark, not a fraction
    bo = next(line for line in text.splitlines() if "Bo" in line and "✓" in line)
    assert "4" in bo


def test_a_save_that_fails_asks_for_another_file_name(tmp_path: Path) -> None:
    console = _console()
    where, other = tmp_path / "missing-folder" / "g.json", tmp_path / "g.json"
    ask = Script(["1", str(other)])
    result = play_session(
        get_game("highcard"), 2, {}, 0, ["random"], ask, console, seed=1, save=where
    )
    assert result is not None
    assert "Could not save to" in _text(console)
    assert Replay.load(other).actions


def test_giving_up_after_a_failed_save_is_no_success(tmp_path: Path) -> None:
    console = _console()
    where = tmp_path / "missing-folder" / "g.json"
    with pytest.raises(NotSaved):
        play_session(
            get_game("highcard"),
            2,
            {},
            0,
            ["random"],
            Script(["1", ""]),
            console,
            seed=1,
            save=where,
        )
    assert "The game was not saved." in _text(console)


@given(st.lists(st.sampled_from(["1", "2", "3", "4", "0", "", "x", "9"]), max_size=12))
def test_menu_returns_a_legal_action_whatever_is_typed(answers: list[str]) -> None:
    """Any typing ends in a legal action, or in QuitGame when answers run out."""

    def ask(prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    try:
        chosen = choose_action(StepsGame(), LEGAL, ask, _console(), "en", [])  # type: ignore[arg-type]
    except QuitGame:
        return
    assert chosen in LEGAL


def test_quit_then_resume_finishes_the_same_game_in_the_same_seat(tmp_path: Path) -> None:
    path = tmp_path / "later.json"
    first = runner.invoke(
        app,
        [
            "play",
            "highcard",
            "-p",
            "4",
            "--seat",
            "2",
            "--seed",
            "6",
            "--lang",
            "es",
            "--save",
            str(path),
        ],
        input="q\n",
    )
    assert first.exit_code == 0, first.output
    saved = Replay.load(path)
    assert len(saved.actions) == 2
    assert saved.names is not None
    assert saved.names[2] == "Jugador 3"
    again = runner.invoke(app, ["play", "highcard", "--resume", str(path)], input="2\n")
    assert again.exit_code == 0, again.output
    done = Replay.load(path)  # saved back in place
    assert done.actions[:2] == saved.actions
    assert done.actions[2] == "swap"  # the person, still seat 2, chose option 2
    assert len(done.actions) == 4
    assert replay_state(done).result is not None


def test_resume_refuses_another_games_file(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    Replay("loveletter", 2, {}, 1).save(path)
    result = runner.invoke(app, ["play", "highcard", "--resume", str(path)])
    assert result.exit_code == 2
    assert "not highcard" in result.output
