"""``parlour bench``: throughput per game configuration, one core.

Three sections: random playouts of the rules (``engine``), ISMCTS iterations (``ismcts``:
plain search and the hard bot's, against the game's player model) and RL environment steps
(``rl``). The last two are looked up lazily and show as "not
available" when their package (or its support for a game) is missing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from parlour.cli.options import (
    GAME_COMMAND,
    LangFlag,
    OptionFlag,
    QuietFlag,
    check_language,
    fail,
    friendly_errors,
    game_options,
    help_text,
    load_game,
    name_text,
)
from parlour.cli.paths import check_file, writing
from parlour.cli.report import say_written, steps_bar
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
from parlour.sim.compare import Comparison, Row, compare, pick_rows

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


def build_line(lang: str) -> str:
    """Which build runs: compiled, or pure Python and why."""
    from parlour import _build

    if _build.REASON == "stale":
        return t("cli.bench.build_stale", lang, modules=", ".join(_build.STALE))
    if _build.NAME == "pure":
        why = t(f"cli.bench.build_why.{_build.REASON}", lang)
        return t("cli.bench.build_pure_why", lang, why=why)
    return t("cli.bench.build_line", lang, build=t(f"cli.bench.build.{_build.NAME}", lang))


def run_against(
    console: Console,
    rev: str,
    rounds: int,
    seconds: float,
    plot: Path | None,
    as_json: bool,
    lang: str,
    *,
    only: str | None = None,
    clock: str = "wall",
) -> None:
    """``--against REV``: this tree and ``rev`` measured interleaved; ratios, and the plot."""
    rows = pick_rows(only)
    with Console(stderr=True).status("") as status:
        comparison = compare(
            rev,
            rounds=rounds,
            seconds=seconds,
            curves=plot is not None,
            only=rows,
            step=lambda what: status.update(escape(t("cli.bench.measuring", lang, what=what))),
            clock=clock,
        )
    if plot is not None:
        with writing(plot):
            write_curves(comparison, plot, lang)
    if as_json:
        typer.echo(json.dumps(comparison.to_json(), indent=1))
        return
    console.print(comparison_table(comparison, lang))
    for line in comparison_notes(comparison, lang):
        console.print(escape(line))
    say_written(console, [plot] if plot is not None else [], lang)


def comparison_table(comparison: Comparison, lang: str) -> Table:
    """One row per target: the earlier build's figure, this one's, their ratio, the goal."""
    table = Table(title=t("cli.bench.against_title", lang, rounds=comparison.rounds))
    table.add_column(t("cli.bench.what", lang))
    for key in ("base", "new", "ratio", "goal"):
        table.add_column(t(f"cli.bench.{key}", lang), justify="right")
    for row in comparison.rows:
        ratio = row.ratio
        goal = row.target.goal
        table.add_row(
            escape(t(f"cli.bench.row.{row.target.key}", lang)),
            _figure(row.base_median, lang),
            _figure(row.new_median, lang),
            "—" if ratio is None else f"{ratio:.2f}×",
            "" if goal is None else f"≥ {goal:g}×",
        )
    return table


def comparison_notes(comparison: Comparison, lang: str) -> list[str]:
    """Which commits and builds were measured, where, and ``simulate``'s share of the loop."""
    lines = []
    for side, rev in (("base", comparison.base_rev), ("new", comparison.new_rev)):
        hello = comparison.builds[side]
        lines.append(
            t(
                f"cli.bench.build_{side}",
                lang,
                rev=rev[:12] + ("+" if rev.endswith("+changes") else ""),
                build=t(f"cli.bench.build.{hello.get('build', 'pure')}", lang),
                python=hello.get("python", "?"),
            )
        )
    core = comparison.core
    lines.append(
        t("cli.bench.pinned", lang, core=core, seconds=comparison.seconds)
        if core is not None
        else t("cli.bench.not_pinned", lang)
    )
    lines.append(t(f"cli.bench.clock.{comparison.clock}", lang))
    shares = [comparison.simulate_share(side) for side in ("base", "new")]
    if all(s is not None for s in shares):
        before, after = shares
        assert before is not None and after is not None
        lines.append(
            t("cli.bench.simulate_share", lang, before=f"{before:.0%}", after=f"{after:.0%}")
        )
    return lines


def _figure(value: float | None, lang: str) -> str:
    return t("cli.bench.not_available", lang) if value is None else f"{value:,.0f}"


def write_curves(comparison: Comparison, path: Path, lang: str) -> None:
    """Games/s against player count per game, before (dashed) and after (solid), log scale."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series: dict[str, list[tuple[int, Row]]] = {}
    for game, n, options, row in comparison.curves:
        label = name_text(game, "game", lang)
        if "edition" in options:
            label += f" ({name_text(game, str(options['edition']), lang)})"
        series.setdefault(label, []).append((n, row))
    before = t("cli.bench.plot_before", lang, rev=comparison.base_rev[:12])
    after = t("cli.bench.plot_after", lang, rev=comparison.new_rev[:12])
    fig, ax = plt.subplots(figsize=(8, 5.5))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (label, points) in enumerate(series.items()):
        color = colors[i % len(colors)]
        xs = [n for n, _ in points]
        old = [r.base_median or float("nan") for _, r in points]
        new = [r.new_median or float("nan") for _, r in points]
        ax.plot(xs, old, linestyle="--", marker="o", color=color, alpha=0.5)
        ax.plot(xs, new, linestyle="-", marker="o", color=color, label=label)
    # Two entries for the line styles, so the legend names each game once.
    ax.plot([], [], linestyle="--", color="grey", label=before)
    ax.plot([], [], linestyle="-", color="grey", label=after)
    ax.set_yscale("log")
    ax.set_xlabel(t("cli.simulate.plot_players", lang))
    ax.set_ylabel(t("cli.bench.plot_games", lang))
    ax.set_title(t("cli.bench.plot_title", lang))
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


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
        against: Annotated[
            str | None, typer.Option("--against", help=help_text("help.bench_against"))
        ] = None,
        rounds: Annotated[
            int, typer.Option("--rounds", min=1, help=help_text("help.bench_rounds"))
        ] = 3,
        plot: Annotated[
            Path | None, typer.Option("--plot", help=help_text("help.bench_plot"))
        ] = None,
        clock: Annotated[str, typer.Option("--clock", help=help_text("help.bench_clock"))] = "wall",
        option: OptionFlag = None,
        quiet: QuietFlag = False,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        console = Console()
        if against is not None:
            with friendly_errors(language):
                check_file(plot, plot=True)
                run_against(
                    console, against, rounds, seconds, plot, as_json, language,
                    only=only, clock=clock,
                )  # fmt: skip
            return
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
        meters: list[tuple[str, str, Callable[[], RateMeter | None]]] = [
            ("ismcts", "ismcts", ismcts_meter),
            ("ismcts", "ismcts_model", lambda: ismcts_meter(model_players=True)),
            ("rl", "rl", rl_meter),
        ]
        chosen = [(kind, find) for section, kind, find in meters if section in sections]
        steps = len(plan) * (2 * ("engine" in sections) + len(chosen))
        figures: list[BenchFigure] = []
        rates: dict[str, list[RateFigure]] = {}
        label = t("cli.bench.progress", language)
        with steps_bar(label, steps, quiet=quiet or as_json) as advance:
            if "engine" in sections:
                for game, n, opts in plan:
                    for events in (False, True):
                        figures.append(
                            random_playouts(game, n, opts, seconds, record_events=events)
                        )
                        advance(1)
            for kind, find in chosen:
                meter = find()
                rates[kind] = []
                for game, n, opts in plan:
                    rates[kind].append(measure_rate(kind, meter, game, n, opts, seconds))
                    advance(1)
        if as_json:
            rows = [f.to_json() | {"kind": "engine"} for f in figures]
            rows += [r.to_json() for kind_rates in rates.values() for r in kind_rates]
            typer.echo(json.dumps(rows, indent=1))
            return
        console.print(escape(build_line(language)))
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
