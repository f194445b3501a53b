"""What every command shares: the language, the game and its options from the command line.

Game options come as ``--option name=value`` (repeatable) or as direct flags ``--name value``
(dashes become underscores). Commands declare ``context_settings=GAME_COMMAND`` so Click
leaves the direct flags in ``ctx.args`` for :func:`game_options` to read against the game's
``option_specs()``. Every error a person can fix prints its catalog message and exits with
code 2.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, TypeAlias

import typer
from rich.console import Console
from rich.markup import escape

from parlour.engine import Game, OptionError, OptionSpec, ParlourError
from parlour.engine.i18n import LANGUAGES, has, t
from parlour.engine.options import validate_options
from parlour.games import game_record, get_game

GAME_COMMAND: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Context settings of a command that takes game options as direct flags."""

USAGE_ERROR = 2
"""The exit code for anything the person typed wrong (Click's own usage-error code)."""


def env_language() -> str:
    """The interface language from ``PARLOUR_LANG`` (English when unset or unknown)."""
    lang = os.environ.get("PARLOUR_LANG", "")
    return lang if lang in LANGUAGES else "en"


def check_language(lang: str | None) -> str:
    """The language to use: the ``--lang`` value, else ``PARLOUR_LANG``; exits 2 if unknown.

    Both follow one rule: a language code of :data:`LANGUAGES`, an empty ``PARLOUR_LANG``
    counting as unset.
    """
    chosen = lang if lang is not None else os.environ.get("PARLOUR_LANG") or None
    if chosen is None:
        return "en"
    if chosen not in LANGUAGES:
        fail(
            t(
                "cli.error.bad_language",
                env_language(),
                lang=chosen[:20],
                known=", ".join(LANGUAGES),
            )
        )
    return chosen


def fail(message: str, code: int = USAGE_ERROR) -> None:
    """Print an error for a person to fix and exit with ``code`` (2: something typed wrong)."""
    Console(stderr=True).print(f"[bold red]{escape(message)}[/]")
    raise typer.Exit(code)


@contextmanager
def friendly_errors(lang: str) -> Iterator[None]:
    """Turn Parlour's errors (bad options, bad replays...) into a message and exit code 2."""
    try:
        yield
    except ParlourError as exc:
        fail(exc.message(lang))


def load_game(game_id: str, lang: str) -> Game:
    """The registered game with this id; an unknown id prints the known ones and exits 2."""
    with friendly_errors(lang):
        return get_game(game_id)
    raise AssertionError("unreachable")  # pragma: no cover (fail() always raises)


def game_options(game: Game, extra: Sequence[str], given: Sequence[str] = ()) -> dict[str, Any]:
    """Read game options from ``--option name=value`` texts and leftover direct flags.

    Raises OptionError for an unknown option, a missing or badly typed value, or a stray
    argument.
    """
    specs = {s.name: s for s in game.option_specs()}
    known = ", ".join(specs)
    out: dict[str, Any] = {}

    def put(name: str, value: str | None) -> None:
        spec = specs.get(name.replace("-", "_"))
        if spec is None:
            raise OptionError("core.error.option_unknown", option=name[:60], known=known)
        if value is None:
            if spec.kind != "bool":
                raise spec.error("")
            value = "true"
        out[spec.name] = typed_value(spec, value)

    for text in given:
        name, sep, value = text.partition("=")
        if not sep:
            raise OptionError("cli.error.option_form", text=text[:60])
        put(name.strip(), value)
    args = list(extra)
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) == 2:
            raise OptionError("cli.error.unexpected_argument", argument=arg[:60])
        name, sep, value = arg[2:].partition("=")
        if name == "option":
            # ``--option=name=value`` or ``--option name=value`` left over by Click.
            if not sep:
                i += 1
                value = args[i] if i < len(args) else ""
            inner, eq, inner_value = value.partition("=")
            if not eq:
                raise OptionError("cli.error.option_form", text=value[:60])
            put(inner.strip(), inner_value)
        elif sep:
            put(name, value)
        elif i + 1 < len(args) and not args[i + 1].startswith("--"):
            i += 1
            put(name, args[i])
        else:
            put(name, None)
        i += 1
    # Check values against choices and bounds now, before anything reads them.
    return validate_options(game.option_specs(), out)


def typed_value(spec: OptionSpec, text: str) -> Any:
    """An option's value from its command-line text, checked against the option.

    A seat is typed from 1, as every message shows it; a refused choice lists the values to
    type (the engine's own message names them in words, as a form's menu shows them).
    """
    try:
        value = spec.parse_text(text)
        if spec.seat:
            value -= 1
        return spec.check(value)
    except OptionError:
        if spec.choices is None:
            raise
        raise OptionError(
            "cli.error.option_choice",
            option=spec.label_key if spec.help_key else spec.name,
            value=text.strip()[:60],
            known=[str(c) for c in spec.choices],
        ) from None


def parse_players(text: str | None, game: Game, options: Mapping[str, Any]) -> list[int]:
    """Player counts from ``N`` or ``A-B`` (default: the fewest the options allow)."""
    if text is None:
        return [game.player_range(options)[0]]
    low, sep, high = text.strip().partition("-")
    try:
        counts = list(range(int(low), int(high) + 1)) if sep else [int(low)]
    except ValueError:
        raise OptionError("cli.error.bad_player_count", players=text[:20]) from None
    if not counts:
        raise OptionError("cli.error.bad_player_count", players=text[:20])
    return counts


def role_seats(game: Game, role: str, players: int) -> list[int]:
    """The seats of a named role (``thanos``, ``hero``) in an asymmetric game."""
    roles = game_record(game).roles or {}
    if not roles:
        raise OptionError("cli.error.no_roles", role=role[:30], game=game.id)
    seats = roles.get(role.lower())
    if seats is None:
        raise OptionError(
            "cli.error.unknown_role", role=role[:30], game=game.id, known=", ".join(roles) or "-"
        )
    return seats(players)


def seat_label(seat: int, names: Sequence[str] | None, lang: str) -> str:
    """A seat as a person reads it: its name, else "Player N"."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t("core.seat_name", lang, number=seat + 1)


def name_text(game_id: str, value: str, lang: str) -> str:
    """A game name key (end reason, card id...) in ``lang``, or the value itself."""
    key = f"{game_id}.name.{value}"
    if has(key):
        return t(key, lang)
    return game_id if value == "game" else value


def detail_label(game_id: str, key: str, lang: str) -> str:
    """A ``result.details`` entry's name: the game's ``detail.<key>`` text, else the key."""
    # Not ``name.<key>``: those name values (an end reason "tokens"), not figures.
    full = f"{game_id}.detail.{key}"
    return t(full, lang) if has(full) else key.replace("_", " ")


def help_text(key: str) -> str:
    """A help text of the ``cli`` catalog in the language chosen by ``PARLOUR_LANG``."""
    return t(f"cli.{key}", env_language())


# The flags several commands declare alike (each command adds its own default after ``=``).
GameArgument: TypeAlias = Annotated[
    str, typer.Argument(metavar="GAME", help=help_text("help.game"))
]
"""The game id every game command starts with."""
PlayersFlag: TypeAlias = Annotated[
    int | None, typer.Option("--players", "-p", help=help_text("help.players"))
]
"""``--players N``: one player count."""
SeedFlag: TypeAlias = Annotated[int, typer.Option("--seed", help=help_text("help.seed"))]
"""``--seed N``: the first game's seed of a batch."""
WorkersFlag: TypeAlias = Annotated[
    int | None, typer.Option("--workers", "-w", help=help_text("help.workers"))
]
"""``--workers N``: local worker processes (or a local Ray instance's CPUs)."""
RayFlag: TypeAlias = Annotated[str | None, typer.Option("--ray", help=help_text("help.ray"))]
"""``--ray ADDRESS``: run the batch on a Ray cluster."""
JsonOutFlag: TypeAlias = Annotated[
    Path | None, typer.Option("--json", help=help_text("help.json_out"))
]
"""``--json PATH``: where to write the report as JSON."""
OptionFlag: TypeAlias = Annotated[
    list[str] | None, typer.Option("--option", "-o", help=help_text("help.option"))
]
"""``--option name=value`` (repeatable): a game option."""
LangFlag: TypeAlias = Annotated[str | None, typer.Option("--lang", help=help_text("help.lang"))]
"""``--lang CODE``: the interface language."""
QuietFlag: TypeAlias = Annotated[bool, typer.Option("--quiet", "-q", help=help_text("help.quiet"))]
"""``--quiet``: no progress bar (it is shown only on a terminal anyway)."""
