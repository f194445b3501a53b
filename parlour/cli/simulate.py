"""``parlour simulate``: many bot games, summarised with confidence intervals."""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table

from parlour.bots.registry import split_specs
from parlour.cli.options import (
    GAME_COMMAND,
    GameArgument,
    JsonOutFlag,
    LangFlag,
    OptionFlag,
    QuietFlag,
    RayFlag,
    SeedFlag,
    WorkersFlag,
    check_language,
    detail_label,
    friendly_errors,
    game_options,
    help_text,
    load_game,
    name_text,
    parse_players,
    role_seats,
)
from parlour.cli.paths import check_file, check_folder, writing
from parlour.cli.report import (
    ending_lines,
    error_bars,
    run_batch,
    say_written,
    throughput_line,
    with_plot_fonts,
    write_files,
    write_json,
)
from parlour.engine import Game, OptionError
from parlour.engine.i18n import seat_label, t
from parlour.sim.runner import (
    BotChoice,
    GroupReport,
    SimulationReport,
    WinRate,
    default_bot,
    save_replays,
    simulate,
)


def role_bots(
    game: Game, roles: dict[str, str], fallback: str | None
) -> Callable[[int], list[str]]:
    """A function of the player count giving each seat's spec from role flags."""

    def specs(players: int) -> list[str]:
        base = split_specs(fallback or default_bot(game.id), game.id)
        out = base * players if len(base) == 1 else list(base)
        if len(out) != players:
            raise OptionError(
                "cli.error.bot_count", players=players, count=len(out), bots=",".join(out)
            )
        for role, spec in roles.items():
            for seat in role_seats(game, role, players):
                out[seat] = spec
        return out

    return specs


def report_tables(report: SimulationReport, lang: str) -> Group:
    """The report as Rich tables: one per player count, then the throughput."""
    parts: list[Any] = []
    for group in report.groups:
        parts.append(_group_table(report.game, group, lang))
    parts.append(
        throughput_line(report.games, report.elapsed, report.games_per_second, report.workers, lang)
    )
    return Group(*parts)


def _rate_row(rate: WinRate) -> list[str]:
    return [
        f"{rate.wins}/{rate.trials}",
        f"{rate.rate:.1%}",
        f"{rate.low:.1%} – {rate.high:.1%}",
    ]


def _group_table(game_id: str, group: GroupReport, lang: str) -> Table:
    table = Table(
        title=t("cli.simulate.group_title", lang, players=group.players, games=group.games)
    )
    table.add_column(t("cli.simulate.seat", lang))
    table.add_column(t("cli.simulate.bot", lang))
    table.add_column(t("cli.simulate.wins", lang), justify="right")
    table.add_column(t("cli.simulate.win_rate", lang), justify="right")
    table.add_column(t("cli.simulate.interval", lang), justify="right")
    for seat, rate in enumerate(group.seats):
        table.add_row(seat_label(game_id, seat, lang), escape(group.bots[seat]), *_rate_row(rate))
    if group.by_bot:
        table.add_section()
        for rate in group.by_bot:
            table.add_row(t("cli.simulate.all_seats", lang), escape(rate.label), *_rate_row(rate))
    lines = ending_lines(game_id, group.reasons, group.games, group.mean_decisions, lang)
    lines += [
        t("cli.simulate.detail", lang, name=detail_label(game_id, key, lang), mean=f"{value:.2f}")
        for key, value in group.details.items()
    ]
    table.caption = "\n".join(escape(line) for line in lines)
    return table


def write_csv(report: SimulationReport, path: Path) -> None:
    """One row per player count and seat (and per bot spec when bots differ)."""
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["players", "seat", "bot", "games", "wins", "win_rate", "ci_low", "ci_high"])
        for group in report.groups:
            rows = [(str(i), group.bots[i], r) for i, r in enumerate(group.seats)]
            rows += [("all", r.label, r) for r in group.by_bot]
            for seat, bot, r in rows:
                out.writerow(
                    [
                        group.players,
                        seat,
                        bot,
                        r.trials,
                        r.wins,
                        f"{r.rate:.6f}",
                        f"{r.low:.6f}",
                        f"{r.high:.6f}",
                    ]
                )


@with_plot_fonts
def write_plot(report: SimulationReport, path: Path, lang: str) -> None:
    """Win rates with 95% error bars, against the even share ``1/players``.

    With several player counts: win rate by player count (seat 1, or each bot spec when bots
    differ). With one: a bar per seat.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    game_id = report.game
    even = t("cli.simulate.plot_even", lang)
    if len(report.groups) == 1:
        group = report.groups[0]
        seats = range(group.players)
        ax.bar(
            list(seats),
            [r.rate for r in group.seats],
            yerr=error_bars(group.seats),
            capsize=4,
            color="tab:blue",
            alpha=0.8,
        )
        ax.set_xticks(
            list(seats),
            [f"{seat_label(game_id, s, lang)}\n{group.bots[s]}" for s in seats],
        )
        ax.axhline(1 / group.players, linestyle="--", color="grey", label=even)
        ax.set_xlabel(t("cli.simulate.seat", lang))
    else:
        series: dict[str, list[tuple[int, WinRate]]] = {}
        for group in report.groups:
            if group.by_bot:
                for rate in group.by_bot:
                    series.setdefault(rate.label, []).append((group.players, rate))
            else:
                label = f"{seat_label(game_id, 0, lang)} ({group.bots[0]})"
                series.setdefault(label, []).append((group.players, group.seats[0]))
        for label, points in series.items():
            rates = [r for _, r in points]
            xs = [n for n, _ in points]
            ax.errorbar(
                xs,
                [r.rate for r in rates],
                yerr=error_bars(rates),
                marker="o",
                capsize=4,
                label=label,
            )
        counts = sorted({g.players for g in report.groups})
        ax.plot(counts, [1 / n for n in counts], linestyle="--", color="grey", label=even)
        ax.set_xticks(counts)
        ax.set_xlabel(t("cli.simulate.plot_players", lang))
    ax.set_ylabel(t("cli.simulate.win_rate", lang))
    ax.set_title(name_text(report.game, "game", lang))
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("simulate", help=help_text("help.simulate"), context_settings=GAME_COMMAND)
    def simulate_command(
        ctx: typer.Context,
        game_id: GameArgument,
        players: Annotated[
            str | None, typer.Option("--players", "-p", help=help_text("help.players_range"))
        ] = None,
        games: Annotated[
            int, typer.Option("--games", "-n", help=help_text("help.games_count"))
        ] = 100,
        bots: Annotated[str | None, typer.Option("--bots", help=help_text("help.sim_bots"))] = None,
        seed: SeedFlag = 0,
        workers: WorkersFlag = None,
        json_out: JsonOutFlag = None,
        csv_out: Annotated[
            Path | None, typer.Option("--csv", help=help_text("help.csv_out"))
        ] = None,
        plot: Annotated[Path | None, typer.Option("--plot", help=help_text("help.plot"))] = None,
        thanos: Annotated[
            str | None, typer.Option("--thanos", help=help_text("help.thanos"))
        ] = None,
        heroes: Annotated[
            str | None, typer.Option("--heroes", help=help_text("help.heroes"))
        ] = None,
        replays: Annotated[
            Path | None, typer.Option("--save-replays", help=help_text("help.save_replays"))
        ] = None,
        ray: RayFlag = None,
        option: OptionFlag = None,
        quiet: QuietFlag = False,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        game = load_game(game_id, language)
        console = Console()
        with friendly_errors(language):
            for path in (json_out, csv_out):
                check_file(path)
            check_file(plot, plot=True)
            check_folder(replays)
            opts = game_options(game, ctx.args, option or ())
            counts = parse_players(players, game, opts)
            roles = {k: v for k, v in (("thanos", thanos), ("heroes", heroes)) if v}
            choice: BotChoice = role_bots(game, roles, bots) if roles else bots
            report = run_batch(
                language,
                workers,
                ray,
                lambda backend, progress: simulate(
                    game.id,
                    counts,
                    games,
                    choice,
                    opts,
                    seed,
                    workers,
                    progress,
                    keep_replays=replays is not None,
                    backend=backend,
                ),
                quiet=quiet,
            )
        console.print(report_tables(report, language))
        with friendly_errors(language):
            _write_outputs(report, console, language, json_out, csv_out, plot, replays)


def _write_outputs(
    report: SimulationReport,
    console: Console,
    lang: str,
    json_out: Path | None,
    csv_out: Path | None,
    plot: Path | None,
    replays: Path | None,
) -> None:
    written = write_files(
        report,
        [
            (json_out, write_json),
            (csv_out, write_csv),
            (plot, lambda r, path: write_plot(r, path, lang)),
        ],
    )
    if replays is not None:
        with writing(replays):
            saved: Sequence[Path] = save_replays(report, replays)
        console.print(
            escape(t("cli.simulate.replays_saved", lang, count=len(saved), folder=str(replays)))
        )
    say_written(console, written, lang)
