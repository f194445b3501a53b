"""``parlour analyse``: each decision of one seat in a replay, with every option's win chance."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from parlour.cli.options import (
    LangFlag,
    QuietFlag,
    check_language,
    env_language,
    fail,
    friendly_errors,
    help_text,
    seat_label,
)
from parlour.cli.paths import check_file, writing
from parlour.cli.report import progress_bar, with_plot_fonts
from parlour.engine import Replay
from parlour.engine.i18n import t
from parlour.games import get_game
from parlour.learn.analysis import (
    DEFAULT_ITERATIONS,
    MAX_ITERATIONS,
    Analysis,
    analyse,
    analysis_budget,
)

TOP_OPTIONS = 3
"""How many of the best options each row lists."""


def _help(key: str) -> str:
    """A help text of the ``learn`` catalog in the language chosen by ``PARLOUR_LANG``."""
    return t(f"learn.{key}", env_language())


def analysis_table(analysis: Analysis, replay: Replay, lang: str, names: Sequence[str]) -> Table:
    """The decisions as a Rich table: move, chosen, best, win chances, cost, mark."""
    game = get_game(replay.game)
    space = replay.initial_state(game).action_space
    table = Table(
        title=t("learn.analyse.title", lang, player=seat_label(analysis.seat, names, lang))
    )
    for key in ("move", "chosen", "best", "chosen_win", "best_win", "cost", "mark", "top"):
        table.add_column(t(f"learn.analyse.col.{key}", lang))

    def say(text: str) -> str:
        return escape(" › ".join(game.action_steps(space.coerce(text), lang, names)))

    for d in analysis.decisions:
        top = "; ".join(f"{say(o.action)} {o.win:.0%}" for o in d.options[:TOP_OPTIONS])
        table.add_row(
            str(d.index),
            say(d.chosen),
            say(d.best),
            f"{d.chosen_win:.0%}",
            f"{d.best_win:.0%}",
            f"{d.cost:.0%}",
            t(f"learn.mark.{d.mark}", lang) if d.mark else "",
            top,
        )
    return table


@with_plot_fonts
def write_plot(analysis: Analysis, path: Path, lang: str, names: Sequence[str]) -> None:
    """Draw the seat's estimated win chance through the game to a PNG or SVG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    _draw(plt, analysis, path, lang, names)


def _draw(plt: Any, analysis: Analysis, path: Path, lang: str, names: Sequence[str]) -> None:
    fig, ax = plt.subplots(figsize=(8, 4))
    moves = [d.index for d in analysis.decisions]
    ax.plot(
        moves,
        [d.chosen_win for d in analysis.decisions],
        marker="o",
        label=t("learn.analyse.plot_chosen", lang),
    )
    ax.plot(
        moves,
        [d.best_win for d in analysis.decisions],
        linestyle="--",
        color="grey",
        label=t("learn.analyse.plot_best", lang),
    )
    for d in analysis.decisions:
        if d.mark is not None:
            ax.annotate(t(f"learn.mark.{d.mark}", lang), (d.index, d.chosen_win), fontsize=7)
    ax.set_ylim(0, 1)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # moves are whole numbers
    ax.set_xlabel(t("learn.analyse.col.move", lang))
    ax.set_ylabel(t("learn.analyse.plot_win", lang))
    ax.set_title(t("learn.analyse.title", lang, player=seat_label(analysis.seat, names, lang)))
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def register(app: typer.Typer) -> None:
    """Add the command to the app."""

    @app.command("analyse", help=_help("help.analyse"))
    def analyse_command(
        file: Annotated[Path, typer.Argument(metavar="REPLAY", help=help_text("help.replay_file"))],
        seat: Annotated[int, typer.Option("--seat", help=_help("help.analyse_seat"))],
        iterations: Annotated[
            int,
            typer.Option(
                "--iterations", min=1, max=MAX_ITERATIONS, help=_help("help.analyse_iterations")
            ),
        ] = DEFAULT_ITERATIONS,
        seed: Annotated[int, typer.Option("--seed", help=help_text("help.seed"))] = 0,
        plot: Annotated[
            Path | None, typer.Option("--plot", help=_help("help.analyse_plot"))
        ] = None,
        quiet: QuietFlag = False,
        lang: LangFlag = None,
    ) -> None:
        language = check_language(lang)
        console = Console()
        with friendly_errors(language):
            check_file(plot, plot=True)
            record = Replay.load(file)
            with progress_bar(t("learn.analyse.progress", language), quiet=quiet) as progress:
                result = analyse(
                    record,
                    seat,
                    budget=analysis_budget(iterations),
                    seed=seed,
                    progress=progress,
                )
        names = [str(n) for n in (record.names or [])]
        players = record.players
        if len(names) != players:
            names = [seat_label(s, None, language) for s in range(players)]
        if not result.decisions:
            fail(t("learn.analyse.none", language))
        console.print(analysis_table(result, record, language, names))
        counts = {m: len(result.marked(m)) for m in ("inaccuracy", "mistake", "blunder")}
        console.print(escape(t("learn.analyse.summary", language, **counts)))
        if not result.finished:
            console.print(escape(t("cli.replay.unfinished", language)))
        if plot is not None:
            with friendly_errors(language), writing(plot):
                write_plot(result, plot, language, names)
            console.print(escape(t("learn.analyse.plot_saved", language, path=str(plot))))
