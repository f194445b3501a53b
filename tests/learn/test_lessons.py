"""Lessons: every lesson played through in every language, another move explained, not played."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app
from parlour.cli.learn import learn_session, seat_names
from parlour.engine import IllegalActionError, ParlourError
from parlour.engine.i18n import LANGUAGES, has, t
from parlour.games import get_game
from parlour.learn.lessons import LESSONS, Lesson, LessonRun, lesson, lessons_for

GAMES = ("loveletter", "gauntlet", "splendor-marvel")
LOVE_LETTER_CARDS = (
    "guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"
)  # fmt: skip


def test_every_game_has_its_lessons() -> None:
    """Each Love Letter card, the fight and the snap, the win condition and locations."""
    ids = {item.id for item in LESSONS}
    assert {f"loveletter-{card}" for card in LOVE_LETTER_CARDS} <= ids
    assert {"gauntlet-fight", "gauntlet-snap"} <= ids
    assert {"splendor-marvel-win", "splendor-marvel-locations"} <= ids
    assert all(lessons_for(game) for game in GAMES)
    assert len(ids) == len(LESSONS)


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: item.id)
def test_every_lesson_speaks_every_language(item: Lesson) -> None:
    """Title, intro, each step's ask and explanation, and the end: in all four languages."""
    parts = ["title", "intro", "done"]
    parts += [f"{kind}{n}" for n in range(1, len(item.steps) + 1) for kind in ("step", "wrong")]
    for lang in LANGUAGES:
        for part in parts:
            key = item.key(part)
            assert has(key, lang), (key, lang)
            assert t(key, lang).strip() and "{" not in t(key, lang)


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: item.id)
def test_every_lesson_plays_through_and_explains_other_moves(item: Lesson) -> None:
    """Each step: every other legal move is explained and changes nothing; the asked one plays."""
    run = LessonRun(item)
    assert run.state.to_act == run.lesson.seat
    while not run.done:
        before = json.dumps(run.state.to_json(), sort_keys=True)
        expected = run.expected()
        assert expected, f"{item}: the move asked for is not legal"
        for action in run.state.legal_actions():
            if str(action) in expected:
                continue
            attempt = run.attempt(str(action))
            assert not attempt.ok and attempt.key == run.lesson.key(f"wrong{run.step + 1}")
            assert json.dumps(run.state.to_json(), sort_keys=True) == before
        step = run.step
        attempt = run.attempt(expected[0])
        assert attempt.ok and run.step == step + 1 and attempt.events
    assert run.ask_key() == run.lesson.key("done")
    with pytest.raises(ParlourError):
        run.attempt(expected[0])


def test_each_lesson_reaches_what_it_teaches() -> None:
    """The outcomes the lessons' texts promise, checked on the positions themselves."""

    def finish(lesson_id: str) -> LessonRun:
        run = LessonRun(lesson(lesson_id))
        while not run.done:
            run.attempt(run.expected()[0])
        return run

    for won in ("loveletter-guard", "loveletter-baron", "loveletter-prince", "gauntlet-snap"):
        result = finish(won).state.result
        assert result is not None and result.winners == (finish(won).lesson.seat,), won
    kinds = [e.kind for e in finish("gauntlet-fight").events]
    assert "defeated" in kinds
    sm_win = finish("splendor-marvel-win").state
    assert sm_win.result is not None and sm_win.result.winners == (0,)
    assert [sm_win.points(0), sm_win.points(1)] == [17, 16]  # type: ignore[attr-defined]
    located = finish("splendor-marvel-locations")
    assert [e.kind for e in located.events][-1] == "location"
    assert finish("loveletter-king").state.view(0)["hand"] == ["princess"]


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    """A move that is not legal raises the game's error; the lesson stays where it was."""
    run = LessonRun(lesson("loveletter-handmaid"))
    before = run.state.to_json()
    with pytest.raises(IllegalActionError):
        run.attempt("king>p1")
    assert run.state.to_json() == before and run.step == 0
    with pytest.raises(ParlourError) as missing:
        lesson("nonesuch")
    assert missing.value.key == "learn.error.no_lesson"


def test_a_lesson_rebuilt_from_its_moves_and_a_bad_history_refused() -> None:
    """The browser's way: the learner's accepted moves rebuild the position; others refuse."""
    item = lesson("loveletter-guard")
    assert LessonRun.after(item, ["guard>p1=5"]).done
    with pytest.raises(ParlourError) as bad:
        LessonRun.after(item, ["guard>p1=6"])
    assert bad.value.key == "learn.error.bad_moves"


MENU = re.compile(r"^\s+(\d+)\. (.+)$")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_parlour_learn_plays_every_lesson_in_every_language(game_id: str, lang: str) -> None:
    """The terminal: a wrong move first (explained), then the asked one, in every lesson."""
    console = Console(record=True, width=200, color_system=None)
    game = get_game(game_id)
    items = lessons_for(game_id)
    state: dict[str, object] = {"lesson": 0, "seen": 0}

    def target() -> list[str]:
        """The menu labels of the move to make now: a wrong one first, if there is one."""
        item = items[int(state["lesson"])]  # type: ignore[call-overload]
        text = console.export_text(clear=False)
        done = text.count(t(item.key("done"), lang)[:20])
        run = LessonRun(item)
        if done:
            state["lesson"] = int(state["lesson"]) + 1  # type: ignore[call-overload]
            item = items[int(state["lesson"])]  # type: ignore[call-overload]
            run = LessonRun(item)
        names = seat_names(item, lang)
        explained = text.count(t(item.key("wrong1"), lang)[:20])
        others = [a for a in run.state.legal_actions() if str(a) not in run.expected()]
        action = (
            others[0]
            if others and not explained
            else run.state.action_space.coerce(run.expected()[0])
        )
        return game.action_steps(action, lang, names)

    def ask(prompt: str) -> str:
        text = console.export_text(clear=False)
        menu = text[int(state["seen"]) :]  # type: ignore[call-overload]
        state["seen"] = len(text)
        steps = target()
        for line in menu.splitlines():
            found = MENU.match(line)
            if found and found.group(2).strip() in steps:
                return found.group(1)
        raise AssertionError(f"no menu line for {steps} in {menu!r}")

    assert learn_session(game_id, ask, console, lang) == len(items)
    out = console.export_text()
    for item in items:
        assert t(item.key("title"), lang)[:15] in out
        if len(LessonRun(item).state.legal_actions()) > 1:
            assert t(item.key("wrong1"), lang)[:15] in out, item.id
    assert t("learn.lesson.finished", lang) in out


def test_cli_learn_lists_lessons_and_refuses_unknown_ones(tmp_path: Path) -> None:
    """``--list`` prints every lesson id; an unknown lesson or game exits 2."""
    listed = CliRunner().invoke(app, ["learn", "gauntlet", "--list", "--lang", "zh"])
    assert listed.exit_code == 0
    assert "gauntlet-fight" in listed.output and "响指" in listed.output
    bad = CliRunner().invoke(app, ["learn", "gauntlet", "--lesson", "loveletter-guard"])
    assert bad.exit_code == 2
    assert CliRunner().invoke(app, ["learn", "nonesuch"]).exit_code == 2
    quit_early = CliRunner().invoke(app, ["learn", "loveletter"], input="q\n")
    assert quit_early.exit_code == 0
