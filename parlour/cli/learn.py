"""``parlour learn GAME``: a game's lessons in the terminal, one asked move at a time.

The loop is :func:`learn_session`, which takes an ``ask`` callable and a Rich console so
tests can play every lesson with scripted answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from parlour.cli.options import (
    GameArgument,
    LangFlag,
    check_language,
    env_language,
    fail,
    load_game,
)
from parlour.cli.play import Ask, QuitGame, choose_action
from parlour.cli.render import render_view
from parlour.engine import IllegalActionError
from parlour.engine.i18n import t
from parlour.learn.lessons import (
    Lesson,
    LessonRun,
    group_key,
    lesson,
    lessons_for,
    seat_names,
)


def play_lesson(item: Lesson, ask: Ask, console: Console, lang: str) -> None:
    """Play one lesson to its end (QuitGame when the person stops)."""
    game = load_game(item.game, lang)
    names = seat_names(item, lang)
    run = LessonRun(item)
    console.print(Rule(escape(t(item.key("title"), lang))))
    console.print(escape(t(item.key("intro"), lang)))
    while not run.done:
        console.print(render_view(game.id, run.state.view(item.seat), lang, names))
        console.print(f"[bold]{escape(t(run.ask_key(), lang))}[/]")
        action = choose_action(game, run.state.legal_actions(), ask, console, lang, names)
        try:
            attempt = run.attempt(str(action))
        except IllegalActionError as exc:  # not reachable from the menu; kept for safety
            console.print(f"[red]{escape(exc.message(lang))}[/]")
            continue
        if not attempt.ok:
            # One text, so Rich wraps the whole line to the terminal's width.
            line = Text(t("learn.lesson.not_it", lang) + ": ", style="yellow")
            line.append(t(attempt.key, lang))
            console.print(line)
            continue
        for event in attempt.events:
            if event.visible_to(item.seat):
                text = game.describe(event, lang, names, run.state.options)
                console.print(f"  • {escape(text)}")
    line = Text(t("learn.lesson.well_done", lang) + " ", style="green")
    line.append(t(run.ask_key(), lang))
    console.print(line)


def learn_session(
    game_id: str, ask: Ask, console: Console, lang: str, start: str | None = None
) -> int:
    """Play a game's lessons from ``start`` (or the first); returns how many were finished."""
    every = lessons_for(game_id)
    items = every
    if start is not None:
        first = lesson(start)
        if first.game != game_id:
            raise typer.BadParameter(t("learn.error.no_lesson", lang, lesson=start))
        items = every[every.index(first) :]
    finished = 0
    for item in items:
        # Counted among all the game's lessons, wherever the person started.
        number = every.index(item) + 1
        console.print(t("learn.lesson.count", lang, number=number, total=len(every)))
        try:
            play_lesson(item, ask, console, lang)
        except QuitGame:
            again = f"parlour learn {game_id} --lesson {item.id}"
            console.print(escape(t("learn.lesson.goodbye", lang, command=again)))
            return finished
        finished += 1
    console.print(escape(t("learn.lesson.finished", lang)))
    return finished


def print_list(items: Sequence[Lesson], console: Console, lang: str) -> None:
    """Each lesson's id and title, under its group's name when the game groups them."""
    group: str | None = None
    for item in items:
        key = group_key(item)
        if key is not None and key != group:
            console.print(f"[bold]{escape(t(key, lang))}[/]")
            group = key
        console.print(f"[bold cyan]{item.id}[/]  {escape(t(item.key('title'), lang))}")


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("learn", help=t("learn.help.learn", env_language()))
    def learn_command(
        game: GameArgument,
        start: Annotated[
            str | None, typer.Option("--lesson", help=t("learn.help.learn_lesson", env_language()))
        ] = None,
        listing: Annotated[
            bool, typer.Option("--list", help=t("learn.help.learn_list", env_language()))
        ] = False,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        found = load_game(game, language)
        items = lessons_for(found.id)
        if not items:
            fail(t("learn.lesson.none", language))
        console = Console()
        if listing:
            print_list(items, console, language)
            return
        if start is not None and start not in {item.id for item in items}:
            fail(t("learn.error.no_lesson", language, lesson=start[:60]))
        learn_session(found.id, console.input, console, language, start)
