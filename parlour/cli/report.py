"""What the batch commands (``simulate``, ``tournament``) share: running, summing up, saving.

A batch runs on a backend behind a progress bar; its report ends with how games ended and
how fast they ran, and may be written as JSON, CSV and a plot.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress

from parlour.cli.options import name_text
from parlour.cli.paths import writing
from parlour.engine.i18n import t
from parlour.sim.backends import LocalBackend, RayBackend, make_backend
from parlour.sim.runner import Progress, WinRate


class Report(Protocol):
    """A batch report that has a JSON form."""

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data."""
        ...


R = TypeVar("R", bound=Report)
P = ParamSpec("P")
T = TypeVar("T")

CJK_FONTS = ("Noto Sans CJK SC", "Noto Serif CJK SC")
"""Fonts tried after DejaVu Sans for glyphs it lacks (Debian's fonts-noto-cjk)."""


def with_plot_fonts(draw: Callable[P, T]) -> Callable[P, T]:
    """Draw a chart with fonts for every language: Chinese labels need a CJK font, and
    DejaVu Sans stays first for the other languages."""

    @functools.wraps(draw)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> T:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        with plt.rc_context({"font.family": ["DejaVu Sans", *CJK_FONTS]}):
            return draw(*args, **kwargs)

    return drawn


def _bar(quiet: bool) -> RichProgress:
    """A transient bar on standard error with the time left; shown only on a terminal."""
    console = Console(stderr=True)
    return RichProgress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("/"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        # No refresh thread: worker processes are forked while the bar is shown.
        auto_refresh=False,
        # Piped output and --quiet stay clean: the bar is for a person watching.
        disable=quiet or not console.is_terminal,
    )


@contextmanager
def progress_bar(label: str, *, quiet: bool = False) -> Iterator[Progress]:
    """A progress bar; yields the ``progress(done, total)`` callback to feed it."""
    with _bar(quiet) as bar:
        task = bar.add_task(escape(label), total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, refresh=True)

        yield progress


@contextmanager
def steps_bar(label: str, total: int, *, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """A progress bar of ``total`` steps; yields the ``advance(steps)`` callback."""
    with _bar(quiet) as bar:
        task = bar.add_task(escape(label), total=total)

        def advance(steps: int) -> None:
            bar.advance(task, steps)
            bar.refresh()

        yield advance


def close_backend(backend: LocalBackend | RayBackend) -> None:
    """Stop a Ray connection the command opened."""
    if isinstance(backend, RayBackend):
        backend.close()


def run_batch(
    lang: str,
    workers: int | None,
    ray: str | None,
    run: Callable[[LocalBackend | RayBackend, Progress], R],
    *,
    quiet: bool = False,
) -> R:
    """Run a batch on the backend the flags ask for, behind a progress bar, then close it."""
    backend = make_backend(workers, ray)
    try:
        with progress_bar(t("cli.simulate.progress", lang), quiet=quiet) as progress:
            return run(backend, progress)
    finally:
        close_backend(backend)


def ending_lines(
    game_id: str, reasons: Mapping[str, int], games: int, mean_decisions: float, lang: str
) -> list[str]:
    """How the games ended (count and share per reason), then the mean decisions per game."""
    lines = [
        t(
            "cli.simulate.ending",
            lang,
            reason=name_text(game_id, reason, lang),
            count=count,
            share=f"{count / games:.1%}",
        )
        for reason, count in reasons.items()
    ]
    lines.append(t("cli.simulate.decisions", lang, mean=f"{mean_decisions:.1f}"))
    return lines


def throughput_line(games: int, elapsed: float, rate: float, workers: int, lang: str) -> str:
    """Games played, the time they took, games per second and the workers used."""
    return t(
        "cli.simulate.throughput",
        lang,
        games=games,
        seconds=f"{elapsed:.2f}",
        rate=f"{rate:.1f}",
        workers=workers,
    )


def error_bars(rates: Sequence[WinRate]) -> list[list[float]]:
    """Asymmetric error bar lengths (below, above) of Wilson intervals."""
    return [[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]]


def write_files(
    report: R, outputs: Sequence[tuple[Path | None, Callable[[R, Path], None]]]
) -> list[Path]:
    """Write the report to each path given, with its writer; the paths written."""
    written: list[Path] = []
    for path, write in outputs:
        if path is not None:
            with writing(path):
                write(report, path)
            written.append(path)
    return written


def say_written(console: Console, paths: Sequence[Path], lang: str) -> None:
    """Tell the person where each file went."""
    for path in paths:
        console.print(escape(t("cli.simulate.written", lang, path=str(path))))


def write_json(report: Report, path: Path) -> None:
    """The report's JSON form, indented by one space."""
    path.write_text(json.dumps(report.to_json(), indent=1) + "\n", encoding="utf-8")
