"""``parlour replay``: step through a replay file as one seat, a spectator, or all-seeing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from parlour.cli.options import (
    LangFlag,
    check_language,
    fail,
    friendly_errors,
    help_text,
    seat_label,
)
from parlour.cli.render import render_view
from parlour.engine import (
    OptionError,
    Replay,
    ReplayError,
    events_for,
)
from parlour.engine.i18n import t
from parlour.engine.playout import replay_actions
from parlour.games import get_game


def show_replay(
    replay: Replay,
    console: Console,
    *,
    seat: int | None = None,
    everything: bool = False,
    lang: str = "en",
    pause: Callable[[str], object] | None = None,
) -> None:
    """Print every move of a replay as ``seat`` sees it (``everything``: every seat's view).

    Raises ReplayError when the file names an unknown game or a move does not apply.
    """
    try:
        game = get_game(replay.game)
    except OptionError as exc:  # an unknown game id is a bad file here, not a bad option
        raise ReplayError("cli.error.replay_game", game=replay.game[:40]) from exc
    try:
        state = replay.initial_state(game)
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        # A hand-edited stack or options of the wrong shape: a bad file, not a crash.
        raise ReplayError("cli.error.replay_setup", reason=str(exc)[:200]) from None
    state.record_events = True
    if seat is not None and not 0 <= seat < state.players:
        raise ReplayError("core.error.bad_seat", seat=str(seat))
    names: Sequence[str] = [str(n) for n in (replay.names or [])] or [
        seat_label(s, None, lang) for s in range(state.players)
    ]
    if len(names) != state.players:
        names = [seat_label(s, None, lang) for s in range(state.players)]
    seats: list[int | None] = list(range(state.players)) if everything else [seat]
    console.print(
        Rule(
            t(
                "cli.replay.title",
                lang,
                game=_game_name(game.id, lang),
                players=state.players,
                seed=replay.seed,
                moves=len(replay.actions),
            )
        )
    )
    for who in seats:
        _view(console, game.id, state.view(who), who, lang, names, everything)
    for index, actor, action, events in replay_actions(state, replay.actions, lang=lang):
        who_moved = seat_label(actor, names, lang) if actor is not None else "?"
        head = t("cli.replay.move", lang, number=index, player=who_moved)
        if everything or actor == seat:
            head += " — " + " › ".join(game.action_steps(action, lang, names))
        console.print(Rule(escape(head), align="left"))
        shown = events if everything else events_for(seat, events)
        for event in shown:
            text = game.describe(event, lang, names, state.options)
            console.print(f"  • {escape(text)}")
        for who in seats:
            _view(console, game.id, state.view(who), who, lang, names, everything)
        if pause is not None and index < len(replay.actions):
            try:
                pause(t("cli.replay.pause", lang))
            except EOFError:
                pause = None  # input ended: show the rest without waiting
    result = state.result
    if result is None:
        console.print(escape(t("cli.replay.unfinished", lang)))
    else:
        from parlour.cli.play import summary

        console.print(summary(game, result, lang, names))


def _game_name(game_id: str, lang: str) -> str:
    from parlour.cli.options import name_text

    return name_text(game_id, "game", lang)


def _view(
    console: Console,
    game_id: str,
    view: dict[str, object],
    seat: int | None,
    lang: str,
    names: Sequence[str],
    label: bool,
) -> None:
    if label:
        who = seat_label(seat, names, lang) if seat is not None else t("cli.replay.spectator", lang)
        console.print(f"[bold]{escape(t('cli.replay.view_of', lang, player=who))}[/]")
    console.print(render_view(game_id, view, lang, names))


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("replay", help=help_text("help.replay"))
    def replay_command(
        file: Annotated[Path, typer.Argument(metavar="FILE", help=help_text("help.replay_file"))],
        seat: Annotated[
            int | None, typer.Option("--seat", help=help_text("help.replay_seat"))
        ] = None,
        everything: Annotated[
            bool, typer.Option("--all", help=help_text("help.replay_all"))
        ] = False,
        step: Annotated[bool, typer.Option("--step", help=help_text("help.step"))] = False,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        if seat is not None and everything:
            fail(t("cli.error.seat_and_all", language))
        console = Console()
        with friendly_errors(language):
            record = Replay.load(file)
            show_replay(
                record,
                console,
                seat=seat,
                everything=everything,
                lang=language,
                pause=(lambda prompt: console.input(escape(prompt))) if step else None,
            )
