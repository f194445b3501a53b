"""``parlour bench``: throughput per game configuration, one core.

Three sections: random playouts of the rules (``engine``), ISMCTS iterations (``ismcts``:
plain search and the hard bot's, against the game's player model) and RL environment steps
(``rl``). The last two are looked up lazily and show as "not
available" when their package (or its support for a game) is missing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from parlour.cli.options import (
    GAME_COMMAND,
    LangFlag,
    OptionFlag,
    check_language,
    fail,
    friendly_errors,
    game_options,
    help_text,
    load_game,
)
from parlour.engine import Game, OptionError
from parlour.engine.i18n import t
from parlour.games import all_games
from parlour.sim.bench import (
    BenchFigure,
    RateFigure,
    RateMeter,
    configs,
    ismcts_meter,
    measure_rate,
    profile,
    random_playouts,
)

SECTIONS = ("engine", "ismcts", "rl")
"""What ``--only`` may pick: rules playouts, ISMCTS search, RL environment steps."""


def bench_configs(
    game: Game, players: int | None, options: dict[str, Any]
) -> list[tuple[int, dict[str, Any]]]:
    """The configurations to measure: the game's samples, or the ones the person asked for."""
    samples = configs(game)
    if players is None and not options:
        return samples
    counts = [players] if players is not None else sorted({n for n, _ in samples})
    out = []
    for n in counts:
        game.resolve_options(n, options)  # refuse a bad combination before timing anything
        out.append((n, dict(options)))
    return out


def figures_table(figures: list[BenchFigure], lang: str) -> Table:
    """Games/s and decisions/s per configuration, events off then on, side by side."""
    table = _config_table(t("cli.bench.title", lang), lang)
    for mode in ("fast", "events"):
        for key in ("games_per_s", "decisions_per_s"):
            header = f"{t(f'cli.bench.{key}', lang)}\n{t(f'cli.bench.{mode}', lang)}"
            table.add_column(header, justify="right")
    rows: dict[tuple[str, int, str], dict[bool, BenchFigure]] = {}
    for f in figures:
        options = _options_text(f.options)
        rows.setdefault((f.game, f.players, options), {})[f.record_events] = f
    for (game, players, options), pair in rows.items():
        cells = []
        for events in (False, True):
            one = pair.get(events)
            cells += (
                ["—", "—"]
                if one is None
                else [f"{one.games_per_second:,.0f}", f"{one.decisions_per_second:,.0f}"]
            )
        table.add_row(_config_label(game, players, options, lang), *cells)
    return table


def rl_meter() -> RateMeter | None:
    """``measure_env_steps`` of the RL package when it is installed and offers it."""
    try:
        from parlour import rl
    except ImportError:
        return None
    measure: Callable[..., float] | None = getattr(rl, "measure_env_steps", None)
    if measure is None:
        return None

    def meter(game_id: str, players: int, options: dict[str, Any], seconds: float) -> float:
        assert measure is not None
        return float(measure(game_id, seconds, players=players, **options))

    return meter


def rates_table(columns: list[tuple[str, list[RateFigure]]], title: str, lang: str) -> Table:
    """Rates per configuration, a column for each (unit, figures) pair, or "not available"."""
    table = _config_table(title, lang)
    for unit, _ in columns:
        table.add_column(unit, justify="right")
    for row in zip(*(figures for _, figures in columns), strict=True):
        f = row[0]
        cells = [
            t("cli.bench.not_available", lang) if r.per_second is None else f"{r.per_second:,.0f}"
            for r in row
        ]
        table.add_row(_config_label(f.game, f.players, _options_text(f.options), lang), *cells)
    return table


def _config_table(title: str, lang: str) -> Table:
    """A table whose first column names the configuration measured."""
    table = Table(title=title)
    # Game and options share a column so narrow terminals fold the options, not the figures.
    table.add_column(
        f"{t('cli.bench.game', lang)}\n{t('cli.bench.options', lang)}",
        overflow="fold",
        min_width=16,
    )
    return table


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def _config_label(game: str, players: int, options: str, lang: str) -> str:
    """The configuration cell: the game and player count, its options on a second line."""
    label = t("cli.bench.config", lang, game=game, players=players)
    return escape(f"{label}\n{options}" if options else label)


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("bench", help=help_text("help.bench"), context_settings=GAME_COMMAND)
    def bench(
        ctx: typer.Context,
        game_id: Annotated[
            str | None, typer.Argument(metavar="[GAME]", help=help_text("help.bench_game"))
        ] = None,
        seconds: Annotated[
            float, typer.Option("--seconds", "-s", help=help_text("help.seconds"))
        ] = 1.0,
        players: Annotated[
            int | None, typer.Option("--players", "-p", help=help_text("help.bench_players"))
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=help_text("help.bench_json"))] = False,
        with_profile: Annotated[
            bool, typer.Option("--profile", help=help_text("help.profile"))
        ] = False,
        only: Annotated[
            str | None, typer.Option("--only", help=help_text("help.bench_only"))
        ] = None,
        option: OptionFlag = None,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        console = Console()
        games = [load_game(game_id, language)] if game_id is not None else all_games()
        plan: list[tuple[Game, int, dict[str, Any]]] = []
        with friendly_errors(language):
            if only is not None and only not in SECTIONS:
                raise OptionError("cli.error.bench_only", only=only[:20], known=", ".join(SECTIONS))
            for game in games:
                opts = game_options(game, ctx.args, option or ()) if game_id else {}
                plan += [(game, n, o) for n, o in bench_configs(game, players, opts)]
        if not plan:
            fail(t("cli.error.no_games", language))
        if with_profile:
            game, n, opts = plan[0]
            console.print(
                escape(t("cli.bench.profiling", language, game=game.id, players=n, seconds=seconds))
            )
            typer.echo(profile(game, n, opts, seconds))
            return
        sections = [only] if only else list(SECTIONS)
        figures = (
            [
                random_playouts(game, n, opts, seconds, record_events=events)
                for game, n, opts in plan
                for events in (False, True)
            ]
            if "engine" in sections
            else []
        )
        rates: dict[str, list[RateFigure]] = {}
        meters: list[tuple[str, str, Callable[[], RateMeter | None]]] = [
            ("ismcts", "ismcts", ismcts_meter),
            ("ismcts", "ismcts_model", lambda: ismcts_meter(model_players=True)),
            ("rl", "rl", rl_meter),
        ]
        for section, kind, find in meters:
            if section in sections:
                meter = find()
                rates[kind] = [
                    measure_rate(kind, meter, game, n, opts, seconds) for game, n, opts in plan
                ]
        if as_json:
            rows = [f.to_json() | {"kind": "engine"} for f in figures]
            rows += [r.to_json() for kind_rates in rates.values() for r in kind_rates]
            typer.echo(json.dumps(rows, indent=1))
            return
        if figures:
            console.print(figures_table(figures, language))
        if "ismcts" in rates:
            columns = [
                (t("cli.bench.iterations_per_s", language), rates["ismcts"]),
                (t("cli.bench.model_per_s", language), rates["ismcts_model"]),
            ]
            console.print(rates_table(columns, t("cli.bench.ismcts_title", language), language))
        if "rl" in rates:
            columns = [(t("cli.bench.steps_per_s", language), rates["rl"])]
            console.print(rates_table(columns, t("cli.bench.rl_title", language), language))
