"""``parlour games``: list the games, their player counts, bots and options."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from parlour.bots.registry import bot_names
from parlour.cli.options import LangFlag, check_language, help_text, load_game, name_text
from parlour.engine import Game, OptionSpec
from parlour.engine.i18n import t
from parlour.games import all_games


def option_values(spec: OptionSpec) -> str:
    """The values an option accepts, as a short text."""
    if spec.seat:
        return f"{spec.kind} 1..{(spec.maximum or 0) + 1}"
    if spec.choices:
        return ", ".join(str(c) for c in spec.choices)
    if spec.minimum is not None or spec.maximum is not None:
        low = "" if spec.minimum is None else str(spec.minimum)
        high = "" if spec.maximum is None else str(spec.maximum)
        return f"{spec.kind} {low}..{high}"
    return spec.kind


def game_table(game: Game, lang: str) -> Table:
    """One game's options, with its player counts and bots as the caption."""
    low, high = game.player_range({})
    table = Table(
        title=escape(f"{name_text(game.id, 'game', lang)} ({game.id})"),
        caption=escape(
            t(
                "cli.games.summary",
                lang,
                low=low,
                high=high,
                bots=", ".join(bot_names(game.id)),
            )
        ),
    )
    table.add_column(t("cli.games.option", lang), no_wrap=True)
    table.add_column(t("cli.games.default", lang))
    table.add_column(t("cli.games.values", lang))
    table.add_column(t("cli.games.help", lang))
    for spec in game.option_specs():
        default = t("cli.games.derived", lang) if spec.default is None else str(spec.default)
        table.add_row(
            escape(spec.name),
            escape(default),
            escape(option_values(spec)),
            escape(t(spec.help_key, lang)) if spec.help_key else "",
        )
    return table


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("games", help=help_text("help.games"))
    def games(
        game_id: Annotated[
            str | None, typer.Argument(metavar="[GAME]", help=help_text("help.games_game"))
        ] = None,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        console = Console()
        chosen = [load_game(game_id, language)] if game_id is not None else all_games()
        for game in chosen:
            console.print(game_table(game, language))
