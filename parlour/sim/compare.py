"""``parlour bench --against REV``: this tree against an earlier commit, interleaved, one core.

The earlier commit is checked out in a temporary git worktree. Each build gets a long-lived
worker process (:mod:`parlour.tools.bench_worker`) pinned to the same core; the two are asked
for the same measure one after the other, in alternating order, round after round, so a
machine that slows down or speeds up during the run touches both sides alike. A row's ratio
is the median of its per-round ratios.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from parlour.engine import OptionError


@dataclass(frozen=True, slots=True)
class Target:
    """One row of the comparison: a worker request and the figure read from its answer."""

    key: str
    """The row's name (``cli.bench.row.<key>`` in the catalogs)."""
    request: dict[str, Any]
    """What the workers are asked (``seconds`` is added per run)."""
    figure: str
    """The answer's field compared: ``games``, ``decisions``, ``iterations`` or ``steps``."""
    goal: float | None = None
    """The ratio aimed at, when there is one."""


CLASSIC = {"edition": "classic"}
TARGETS = (
    Target("ll_classic_4", {"kind": "playouts", "game": "loveletter", "players": 4,
                            "options": CLASSIC}, "games", 3.0),
    Target("ll_classic_4_events", {"kind": "playouts", "game": "loveletter", "players": 4,
                                   "options": CLASSIC, "events": True}, "games", 3.0),
    Target("ll_2019_5", {"kind": "playouts", "game": "loveletter", "players": 5,
                         "options": {"edition": "2019"}}, "games", 3.0),
    Target("ll_premium_8", {"kind": "playouts", "game": "loveletter", "players": 8,
                            "options": {"edition": "premium"}}, "games", 3.0),
    Target("gauntlet_4", {"kind": "playouts", "game": "gauntlet", "players": 4}, "games", 3.0),
    Target("splendor_2", {"kind": "playouts", "game": "splendor-marvel", "players": 2},
           "decisions", 2.0),
    Target("ismcts_ll_4", {"kind": "ismcts", "game": "loveletter", "players": 4,
                           "options": CLASSIC}, "iterations", 2.0),
    Target("ismcts_hard_ll_4", {"kind": "ismcts", "game": "loveletter", "players": 4,
                                "options": CLASSIC, "model": True}, "iterations", 2.0),
    Target("ll_raw_2", {"kind": "playouts", "game": "loveletter", "players": 2}, "games"),
    Target("simulate_ll_2", {"kind": "simulate", "game": "loveletter", "players": 2,
                             "bots": "random"}, "games"),
    Target("rl_ll_2", {"kind": "rl", "game": "loveletter", "players": 2}, "steps", 3.0),
)  # fmt: skip
"""The rows of the issue's table that a run of two builds can measure (memory is measured
apart, see docs/performance.md)."""

SECTIONS: dict[str, tuple[str, ...]] = {
    "engine": tuple(t.key for t in TARGETS if t.request["kind"] == "playouts"),
    "ismcts": tuple(t.key for t in TARGETS if t.request["kind"] == "ismcts"),
    "rl": tuple(t.key for t in TARGETS if t.request["kind"] == "rl"),
    "simulate": ("ll_raw_2", "simulate_ll_2"),
}
"""The rows ``--only`` can name by section (it also takes row keys)."""

CLOCKS = ("wall", "cpu")
"""What a comparison may time by: wall-clock time, or each worker's CPU time."""


def pick_rows(only: str | None) -> set[str] | None:
    """The row keys ``--only`` names: sections or row keys, comma-separated (None: all).

    Raises OptionError naming what it knows for an unknown name.
    """
    if only is None:
        return None
    keys = {t.key for t in TARGETS}
    rows: set[str] = set()
    for name in (part.strip() for part in only.split(",")):
        if name in SECTIONS:
            rows.update(SECTIONS[name])
        elif name in keys:
            rows.add(name)
        elif name:
            known = ", ".join([*SECTIONS, *sorted(keys)])
            raise OptionError("cli.error.bench_only", only=name[:40], known=known)
    return rows


SIMULATE_SHARE = ("simulate_ll_2", "ll_raw_2")
"""``parlour simulate``'s games/s as a share of the raw engine loop on the same games."""

CURVES: tuple[tuple[str, tuple[tuple[int, dict[str, Any]], ...]], ...] = (
    ("loveletter", tuple((n, CLASSIC) for n in (2, 3, 4))),
    ("loveletter", tuple((n, {"edition": "premium"}) for n in range(5, 9))),
    ("loveletter", tuple((n, {"edition": "2019"}) for n in range(2, 7))),
    ("gauntlet", tuple((n, {}) for n in range(2, 7))),
    ("splendor-marvel", tuple((n, {}) for n in (2, 3, 4))),
)
"""Throughput against player count, per game (and edition), for the plot."""


@dataclass
class Row:
    """A target's figures: one per round and build."""

    target: Target
    base: list[float | None] = field(default_factory=list)
    new: list[float | None] = field(default_factory=list)

    @property
    def base_median(self) -> float | None:
        """The earlier build's median figure (None when it could not measure this)."""
        return _median(self.base)

    @property
    def new_median(self) -> float | None:
        """This build's median figure."""
        return _median(self.new)

    @property
    def ratio(self) -> float | None:
        """The median of the per-round ratios this/earlier."""
        ratios = [n / b for b, n in zip(self.base, self.new, strict=True) if b and n is not None]
        return statistics.median(ratios) if ratios else None


def _median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


@dataclass
class Comparison:
    """The outcome of :func:`compare`."""

    base_rev: str
    """The earlier commit (full hash)."""
    new_rev: str
    """This tree's commit (with ``+changes`` when the tree differs from it)."""
    builds: dict[str, dict[str, Any]]
    """Each side's worker greeting: where ``parlour`` came from and which build (pure or
    compiled) it runs."""
    core: int | None
    """The core both workers were pinned to (None: no ``taskset`` here)."""
    rounds: int
    """Rounds run."""
    seconds: float
    """Seconds per measure."""
    rows: list[Row]
    """The target rows."""
    curves: list[tuple[str, int, dict[str, Any], Row]] = field(default_factory=list)
    """(game, players, options, games/s row) for the plot."""
    clock: str = "wall"
    """What timed the figures: ``wall`` (wall-clock time) or ``cpu`` (each worker's CPU
    time, which the machine's other work does not stretch)."""

    def simulate_share(self, side: str) -> float | None:
        """``parlour simulate`` games/s over the raw loop's, medians, for ``base`` or ``new``."""
        by_key = {r.target.key: r for r in self.rows}
        sim, raw = (by_key.get(k) for k in SIMULATE_SHARE)
        if sim is None or raw is None:
            return None
        a = sim.base_median if side == "base" else sim.new_median
        b = raw.base_median if side == "base" else raw.new_median
        return a / b if a and b else None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form."""

        def row(r: Row) -> dict[str, Any]:
            return {
                "key": r.target.key,
                "figure": r.target.figure,
                "goal": r.target.goal,
                "base": r.base,
                "new": r.new,
                "ratio": r.ratio,
            }

        return {
            "base_rev": self.base_rev,
            "new_rev": self.new_rev,
            "builds": self.builds,
            "core": self.core,
            "rounds": self.rounds,
            "seconds": self.seconds,
            "clock": self.clock,
            "rows": [row(r) for r in self.rows],
            "simulate_share": {s: self.simulate_share(s) for s in ("base", "new")},
            "curves": [
                {"game": g, "players": n, "options": o} | row(r) for g, n, o, r in self.curves
            ],
        }


class Worker:
    """A measuring process for one source tree."""

    def __init__(self, tree: Path, core: int | None, env: dict[str, str] | None = None) -> None:
        source = (Path(__file__).parent.parent / "tools" / "bench_worker.py").read_text(
            encoding="utf-8"
        )
        command = [sys.executable, "-c", source, str(tree)]
        if core is not None:
            command = ["taskset", "-c", str(core), *command]
        self.process = subprocess.Popen(
            command,
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.hello: dict[str, Any] = self._read()

    def _read(self) -> Any:
        out: IO[str] | None = self.process.stdout
        assert out is not None
        line = out.readline()
        if not line:
            raise RuntimeError(f"bench worker stopped (exit code {self.process.wait()})")
        return json.loads(line)

    def ask(self, request: dict[str, Any]) -> dict[str, Any] | None:
        """Run one measure; None when this tree cannot."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] | None = self._read()
        return answer

    def close(self) -> None:
        """Let the worker finish (its stdin closes) and wait for it."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def source_root() -> Path:
    """The git checkout this package runs from (OptionError when it is not one)."""
    here = Path(__file__).resolve().parents[2]
    try:
        top = _git(here, "rev-parse", "--show-toplevel")
    except (OSError, subprocess.CalledProcessError):
        raise OptionError("cli.error.bench_no_git") from None
    return Path(top)


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


@contextmanager
def checkout(root: Path, rev: str) -> Iterator[tuple[Path, str]]:
    """A temporary worktree of ``rev`` (removed afterwards) and its full hash."""
    try:
        full = _git(root, "rev-parse", "--verify", f"{rev}^{{commit}}")
    except subprocess.CalledProcessError:
        raise OptionError("cli.error.bench_bad_rev", rev=rev[:60]) from None
    folder = Path(tempfile.mkdtemp(prefix="parlour-bench-"))
    tree = folder / "tree"
    _git(root, "worktree", "add", "--detach", str(tree), full)
    try:
        yield tree, full
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(tree)],
            cwd=root,
            capture_output=True,
            check=False,
        )
        shutil.rmtree(folder, ignore_errors=True)


def pick_core() -> int | None:
    """The core to pin both workers to: the last this process may use, if taskset exists."""
    if shutil.which("taskset") is None or not hasattr(os, "sched_getaffinity"):
        return None
    return max(os.sched_getaffinity(0))


Step = Callable[[str], None]
"""Told what is being measured (for a progress line)."""


def compare(
    rev: str,
    *,
    rounds: int = 3,
    seconds: float = 1.0,
    curves: bool = False,
    only: set[str] | None = None,
    step: Step | None = None,
    clock: str = "wall",
) -> Comparison:
    """Measure every target (and the plot's curves when asked) on ``rev`` and on this tree,
    timed by ``clock`` (``wall`` or ``cpu``)."""
    if clock not in CLOCKS:
        raise OptionError("cli.error.bench_clock", clock=str(clock)[:20], known=", ".join(CLOCKS))
    root = source_root()
    head = _git(root, "rev-parse", "HEAD")
    dirty = _git(root, "status", "--porcelain", "--untracked-files=no")
    core = pick_core()
    targets = [t for t in TARGETS if only is None or t.key in only]
    with checkout(root, rev) as (tree, full):
        base = Worker(tree, core)
        new = Worker(root, core)
        try:
            rows = [Row(t) for t in targets]
            plot_rows: list[tuple[str, int, dict[str, Any], Row]] = []
            if curves:
                for game, points in CURVES:
                    for n, options in points:
                        request = {"kind": "playouts", "game": game, "players": n}
                        request["options"] = options
                        row = Row(Target(f"{game}:{n}", request, "games"))
                        plot_rows.append((game, n, options, row))
            every = rows + [r for *_, r in plot_rows]
            # A short untimed pass first: imports, caches and action spaces are built
            # before any figure counts.
            for row in every:
                if step is not None:
                    step(f"0/{rounds} {row.target.key}")
                for worker in (base, new):
                    worker.ask(row.target.request | {"seconds": 0.05, "games": 5})
            for index in range(rounds):
                for row in every:
                    if step is not None:
                        step(f"{index + 1}/{rounds} {row.target.key}")
                    request = row.target.request | {"seconds": seconds, "clock": clock}
                    # Alternate who goes first, so neither side always runs on a warm cache.
                    sides = [(base, row.base), (new, row.new)]
                    for worker, out in sides if index % 2 == 0 else sides[::-1]:
                        answer = worker.ask(request)
                        out.append(None if answer is None else answer.get(row.target.figure))
        finally:
            base.close()
            new.close()
        builds = {"base": base.hello, "new": new.hello}
    return Comparison(
        full,
        head + ("+changes" if dirty else ""),
        builds,
        core,
        rounds,
        seconds,
        rows,
        plot_rows,
        clock,
    )
