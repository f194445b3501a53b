"""The server's CPU a move, this checkout against an earlier commit, in one run.

For each round and each build (the earlier commit first, then this checkout) a fresh
``parlour serve --bot-delay 0`` on a throwaway SQLite file is pinned to one core, and this
checkout's load client (:func:`parlour.tools.loadtest.run_load`, on the other core) keeps
its tables playing flat out. "Server CPU a move" is the server process's CPU time (every
thread, user and system) from the run's start to its end, setting the tables up and the
final checks left out, divided by the moves made in that time. Builds alternate, so the
machine's other work weighs on both alike; the figure to compare is the ratio.

``scripts/server-bench --against 54d7d86 --rounds 3 --tables 200 --duration 20``

The earlier commit is checked out into a temporary folder (``git worktree add --detach``)
and run by the same Python from there; it is removed at the end. Both sides run the same
kind of build: when this checkout runs its compiled modules and the earlier commit has
``scripts/build-compiled``, that commit's modules are compiled in its checkout first
(``--base-build pure`` skips it); the table's first lines say which build each side ran.
Linux only (the CPU time is read from ``/proc``, the cores are set with
``sched_setaffinity``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from parlour.tools.loadtest import UNLIMITED, LoadReport, run_load
from parlour.tools.process import serve_process

ROOT = Path(__file__).resolve().parents[2]
"""This checkout (the folder holding the ``parlour`` package)."""


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, every thread's, user and system."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rpartition(")")[2].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime (fields 14 and 15)


@dataclass
class Round:
    """One build's run: the load report and the server's CPU time during the run."""

    build: str
    report: LoadReport
    cpu: float

    @property
    def cpu_per_move(self) -> float:
        """Milliseconds of server CPU a move made during the run."""
        return 1000.0 * self.cpu / self.report.moves if self.report.moves else 0.0

    def row(self, number: int) -> str:
        """A row of the results table (Markdown)."""
        r = self.report
        return (
            f"| {self.build}, round {number} | {r.moves_per_second:,.0f} "
            f"| {r.percentile(50):,.0f} ms | {r.percentile(99):,.0f} ms "
            f"| {self.cpu_per_move:.3f} ms | {r.lost}, {r.doubled}, {r.stuck} |"
        )


def build_name(tree: Path) -> str:
    """Which build (``compiled`` or ``pure``) the code in ``tree`` runs here."""
    code = "import parlour._build as b; print(b.NAME)"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


def compile_base(tree: Path) -> None:
    """Compile the earlier commit's hot modules in its checkout, if it can be compiled."""
    script = tree / "scripts" / "build-compiled"
    if script.exists():
        done = subprocess.run([sys.executable, str(script)], cwd=tree, capture_output=True)
        if done.returncode:  # the table's first line then says the commit runs pure Python
            sys.stderr.write(done.stderr.decode(errors="replace")[-2000:])


@contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """``rev`` checked out in a temporary folder (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as folder:
        where = Path(folder) / "tree"
        git = ["git", "-C", str(ROOT)]
        subprocess.run([*git, "worktree", "add", "--detach", str(where), rev], check=True)
        try:
            yield where
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(where)], check=False)


def measure(tree: Path, build: str, args: argparse.Namespace) -> Round:
    """One run of the load against a server of the code in ``tree``."""
    client = os.sched_getaffinity(0)
    with tempfile.TemporaryDirectory(prefix="parlour-bench-db-") as folder:
        url = f"sqlite:///{os.path.join(folder, 'bench.db')}"
        env = {**UNLIMITED, "PYTHONPATH": str(tree)}
        os.sched_setaffinity(0, {args.server_core})  # the server inherits this core
        try:
            server = serve_process(url, bot_delay=0.0, cwd=tree, env=env, wait=120.0)
            base, proc = server.__enter__()
        finally:
            os.sched_setaffinity(0, {args.client_core} if args.client_core >= 0 else client)
        try:
            marks: dict[str, float] = {}

            def mark(name: str) -> None:
                marks[name] = cpu_seconds(proc.pid)

            report = asyncio.run(
                run_load(base, tables=args.tables, duration=args.duration, marks=mark)
            )
            return Round(build, report, marks["end"] - marks["start"])
        finally:
            server.__exit__(None, None, None)
            os.sched_setaffinity(0, client)


def attempt(tree: Path, build: str, args: argparse.Namespace, tries: int = 3) -> Round:
    """:func:`measure`, run again on a fresh server when the load client's setup or a
    server's start fails (a loaded machine drops a connection now and then)."""
    for left in range(tries - 1, -1, -1):
        try:
            return measure(tree, build, args)
        except (httpx.HTTPError, RuntimeError) as exc:
            if not left:
                raise
            print(f"<!-- {build}: {type(exc).__name__}, again -->", flush=True)
    raise AssertionError("unreachable")


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print the results table; 1 if any move was lost or doubled."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the earlier commit")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--client-core", type=int, default=1, help="-1: any core")
    parser.add_argument(
        "--base-build",
        choices=("same", "pure"),
        default="same",
        help="the earlier commit's build: the same kind as this checkout's, or pure Python",
    )
    args = parser.parse_args(argv)
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    rounds: list[tuple[int, Round]] = []
    with checkout(args.against) as base:
        if args.base_build == "same" and build_name(ROOT) == "compiled":
            compile_base(base)
        print(f"{args.against}: {build_name(base)} build; {head}: {build_name(ROOT)} build\n")
        print("| build | moves/s | p50 | p99 | server CPU a move | lost, doubled, stuck |")
        print("|---|---|---|---|---|---|", flush=True)
        for number in range(1, args.rounds + 1):
            for tree, build in ((base, args.against), (ROOT, head)):
                done = attempt(tree, build, args)
                rounds.append((number, done))
                print(done.row(number), flush=True)
    means = {}
    for build in (args.against, head):
        cpu = [r.cpu_per_move for _, r in rounds if r.build == build]
        means[build] = sum(cpu) / len(cpu)
        print(f"| {build}, mean | | | | {means[build]:.3f} ms | |")
    if means[head] > 0:
        print(f"\n{args.against} / {head}: {means[args.against] / means[head]:.2f}x")
    bad = any(r.report.lost or r.report.doubled for _, r in rounds)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
