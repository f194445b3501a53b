"""``parlour games``: list the games and their options."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from parlour.engine.i18n import t
from parlour.games import all_games


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    from parlour.cli import LANG

    @app.command("games", help=t("cli.help.games", LANG))
    def games() -> None:
        console = Console()
        for game in all_games():
            table = Table(title=f"{t(f'{game.id}.name.game', LANG)} ({game.id})")
            table.add_column(t("cli.games.option", LANG))
            table.add_column(t("cli.games.default", LANG))
            table.add_column(t("cli.games.values", LANG))
            table.add_column(t("cli.games.help", LANG))
            for spec in game.option_specs():
                values = (
                    ", ".join(str(c) for c in spec.choices)
                    if spec.choices
                    else spec.kind
                    + (
                        f" {spec.minimum}..{spec.maximum}"
                        if spec.minimum is not None or spec.maximum is not None
                        else ""
                    )
                )
                default = (
                    t("cli.games.derived", LANG) if spec.default is None else str(spec.default)
                )
                table.add_row(
                    spec.name, default, values, t(spec.help_key, LANG) if spec.help_key else ""
                )
            console.print(table)
