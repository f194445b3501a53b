"""``parlour tournament``: bots against each other in every seat, ranked with ratings."""

from __future__ import annotations

import csv
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
    PlayersFlag,
    QuietFlag,
    RayFlag,
    SeedFlag,
    WorkersFlag,
    check_language,
    friendly_errors,
    game_options,
    help_text,
    load_game,
    name_text,
)
from parlour.cli.paths import check_file
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
from parlour.engine import OptionError
from parlour.engine.i18n import t
from parlour.sim.ratings import MODEL
from parlour.sim.tournament import MODES, TournamentReport, tournament


def report_tables(report: TournamentReport, lang: str) -> Group:
    """Standings (win rates, intervals, ratings), win rate by seat, head-to-head, notes."""
    table = Table(title=escape(_title(report, lang)))
    for key in ("bot", "games", "wins", "win_rate", "interval", "mu", "sigma", "ordinal"):
        table.add_column(
            t(f"cli.tournament.{key}", lang), justify="left" if key == "bot" else "right"
        )
    for s in report.standings:
        table.add_row(
            escape(s.label),
            str(s.games),
            f"{s.wins.wins}/{s.wins.trials}",
            f"{s.wins.rate:.1%}",
            f"{s.wins.low:.1%} – {s.wins.high:.1%}",
            f"{s.rating['mu']:.2f}",
            f"{s.rating['sigma']:.2f}",
            f"{s.rating['ordinal']:.2f}",
        )
    notes = [
        t("cli.tournament.even", lang, share=f"{1 / report.players:.1%}"),
        t("cli.tournament.rating_model", lang, model=MODEL),
    ]
    if not report.balanced:
        notes.append(t("cli.tournament.unbalanced", lang, games=report.games, cycle=report.cycle))
    notes += ending_lines(report.game, report.reasons, report.games, report.mean_decisions, lang)
    table.caption = "\n".join(escape(line) for line in notes)
    parts: list[Any] = [table, _seat_table(report, lang)]
    if report.head_to_head:
        parts.append(_head_to_head_table(report, lang))
    rate = report.games / report.elapsed if report.elapsed > 0 else 0.0
    parts.append(throughput_line(report.games, report.elapsed, rate, report.workers, lang))
    return Group(*parts)


def _title(report: TournamentReport, lang: str) -> str:
    """The game, the player count, the games played and the seating mode."""
    return t(
        "cli.tournament.title",
        lang,
        game=name_text(report.game, "game", lang),
        players=report.players,
        games=report.games,
        mode=report.mode,
    )


def _seat_table(report: TournamentReport, lang: str) -> Table:
    table = Table(title=t("cli.tournament.by_seat", lang))
    table.add_column(t("cli.tournament.bot", lang))
    for seat in range(report.players):
        table.add_column(t("core.seat_name", lang, number=seat + 1), justify="right")
    for s in report.standings:
        cells = [f"{r.rate:.1%} ({r.wins}/{r.trials})" if r.trials else "—" for r in s.seats]
        table.add_row(escape(s.label), *cells)
    return table


def _head_to_head_table(report: TournamentReport, lang: str) -> Table:
    table = Table(title=t("cli.tournament.h2h_title", lang))
    for key in ("h2h_first", "h2h_second", "games", "h2h_record", "h2h_share", "interval"):
        table.add_column(t(f"cli.tournament.{key}", lang), justify="right")
    for h in report.head_to_head:
        table.add_row(
            escape(h.first),
            escape(h.second),
            str(h.games),
            f"{h.first_wins}–{h.second_wins}",
            f"{h.share:.1%}",
            f"{h.low:.1%} – {h.high:.1%}",
        )
    return table


def write_csv(report: TournamentReport, path: Path) -> None:
    """One row per bot: games, wins, win rate and interval, rating."""
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(
            [
                "bot",
                "games",
                "seat_games",
                "wins",
                "win_rate",
                "ci_low",
                "ci_high",
                "mu",
                "sigma",
                "ordinal",
            ]
        )
        for s in report.standings:
            out.writerow(
                [
                    s.label,
                    s.games,
                    s.wins.trials,
                    s.wins.wins,
                    f"{s.wins.rate:.6f}",
                    f"{s.wins.low:.6f}",
                    f"{s.wins.high:.6f}",
                    f"{s.rating['mu']:.6f}",
                    f"{s.rating['sigma']:.6f}",
                    f"{s.rating['ordinal']:.6f}",
                ]
            )


@with_plot_fonts
def write_plot(report: TournamentReport, path: Path, lang: str) -> None:
    """Win rates with 95% error bars beside ratings (mu with ±2 sigma bars)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [s.label for s in report.standings]
    xs = list(range(len(labels)))
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.5))
    rates = [s.wins for s in report.standings]
    left.bar(
        xs,
        [r.rate for r in rates],
        yerr=error_bars(rates),
        capsize=4,
        color="tab:blue",
        alpha=0.8,
    )
    left.axhline(
        1 / report.players,
        linestyle="--",
        color="grey",
        label=t("cli.simulate.plot_even", lang),
    )
    left.set_ylabel(t("cli.tournament.win_rate", lang))
    left.set_ylim(0, 1)
    left.legend()
    right.errorbar(
        xs,
        [s.rating["mu"] for s in report.standings],
        yerr=[2 * s.rating["sigma"] for s in report.standings],
        fmt="o",
        capsize=4,
        color="tab:orange",
    )
    right.set_ylabel(t("cli.tournament.plot_rating", lang))
    for ax in (left, right):
        ax.set_xticks(xs, labels, rotation=20)
        ax.grid(alpha=0.3)
    fig.suptitle(_title(report, lang))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("tournament", help=help_text("help.tournament"), context_settings=GAME_COMMAND)
    def tournament_command(
        ctx: typer.Context,
        game_id: GameArgument,
        bots: Annotated[str, typer.Option("--bots", help=help_text("help.tournament_bots"))],
        players: PlayersFlag = None,
        games: Annotated[
            int, typer.Option("--games", "-n", help=help_text("help.tournament_games"))
        ] = 100,
        mode: Annotated[
            str | None, typer.Option("--mode", help=help_text("help.tournament_mode"))
        ] = None,
        seed: SeedFlag = 0,
        workers: WorkersFlag = None,
        ray: RayFlag = None,
        json_out: JsonOutFlag = None,
        csv_out: Annotated[
            Path | None, typer.Option("--csv", help=help_text("help.tournament_csv"))
        ] = None,
        plot: Annotated[
            Path | None, typer.Option("--plot", help=help_text("help.tournament_plot"))
        ] = None,
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
            opts = game_options(game, ctx.args, option or ())
            count = players if players is not None else game.player_range(opts)[0]
            if mode is not None and mode not in MODES:
                raise OptionError(
                    "cli.error.tournament_mode", mode=mode[:30], known=", ".join(MODES)
                )
            specs = split_specs(bots, game.id)
            report = run_batch(
                language,
                workers,
                ray,
                lambda backend, progress: tournament(
                    game.id,
                    count,
                    specs,
                    games,
                    opts,
                    seed,
                    mode,
                    workers,
                    progress,
                    backend=backend,
                ),
                quiet=quiet,
            )
        console.print(report_tables(report, language))
        with friendly_errors(language):
            written = write_files(
                report,
                [
                    (json_out, write_json),
                    (csv_out, write_csv),
                    (plot, lambda r, path: write_plot(r, path, language)),
                ],
            )
        say_written(console, written, language)
