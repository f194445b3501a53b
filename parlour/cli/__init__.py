"""The ``parlour`` command: play, serve, simulate, replay, bench and more.

Each command lives in a module of its own that exposes ``register(app)``; this module only
assembles them. Help texts come from the ``cli`` catalog in the language of the
``PARLOUR_LANG`` environment variable (English by default).
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import Annotated

import typer

import parlour
from parlour.engine.i18n import LANGUAGES, MissingCatalogs, t

try:
    t("cli.help.app")
except MissingCatalogs as exc:  # pragma: no cover (a broken install; tested in a subprocess)
    raise SystemExit(str(exc)) from None

LANG = os.environ.get("PARLOUR_LANG", "en") if os.environ.get("PARLOUR_LANG") in LANGUAGES else "en"

app = typer.Typer(
    name="parlour",
    help=t("cli.help.app", LANG),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(asked: bool) -> None:
    if asked:
        from parlour.cli.bench import build_line

        typer.echo(t("cli.version", LANG, version=parlour.__version__))
        typer.echo(build_line(LANG))
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help=t("cli.help.version", LANG),
            callback=_show_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Parlour's commands (the group always shows its subcommands)."""


# Command modules, each with register(app). Order is the order shown in --help.
COMMANDS: tuple[str, ...] = (
    "games",
    "play",
    "simulate",
    "tournament",
    "replay",
    "bench",
    "serve",
    "study",
    "analyse",
    "learn",
    "loadtest",
)

for _name in COMMANDS:
    import_module(f"parlour.cli.{_name}").register(app)


def main() -> None:
    """Entry point of the ``parlour`` console script."""
    app()
