"""Clause coverage by execution: does a test that names a clause run the code marked for it?

Rules code marks the statement that carries a clause with a comment on the line above it::

    # clause: IG-HERO-5
    st.looking = draw_three(st)

A test is *marked* for a clause when it names the clause id (in its name, dashes as
underscores, or its docstring, as ``scripts/rules_coverage.py`` reads them) or carries
``@pytest.mark.clause("IG-HERO-5")``. :func:`run_traced` runs the marked tests with a line
tracer limited to the marked files and reports which marked statements each test ran, so
``scripts/rules_coverage.py --run`` counts a marked clause as covered only when one of its
tests executed its code, not when a test merely mentions it.
"""

from __future__ import annotations

import ast
import re
import sys
import threading
from collections.abc import Generator, Iterable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

MARK = re.compile(r"^\s*#\s*clause:\s*([A-Z]{2}-[A-Z0-9-]+(?:\s*,\s*[A-Z]{2}-[A-Z0-9-]+)*)\s*$")
"""A clause comment: ``# clause: IG-HERO-5`` (several ids separated by commas)."""

Spot = tuple[str, int]
"""A marked statement: its file (absolute path) and line."""


def marked_code(files: Iterable[Path]) -> dict[str, list[Spot]]:
    """Each clause id marked in ``files``, with the statements marked for it."""
    out: dict[str, list[Spot]] = {}
    for path in sorted(files):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            m = MARK.match(line)
            if not m:
                continue
            target = next(
                (
                    j
                    for j in range(i + 1, len(lines))
                    if lines[j].strip() and not lines[j].lstrip().startswith("#")
                ),
                None,
            )
            if target is None:
                raise ValueError(f"{path}:{i + 1}: a clause comment with no code after it")
            for cid in (c.strip() for c in m.group(1).split(",")):
                out.setdefault(cid, []).append((str(path.resolve()), target + 1))
    return out


def marked_tests(tests: Path, ids: Iterable[str], nested: bool = False) -> dict[str, list[str]]:
    """Test node ids (``path::name``) marked for each clause id, the longest id winning a
    match: module-level functions (those a node id runs), or with ``nested`` every test
    function, methods of test classes included."""
    wanted = sorted(set(ids), key=len, reverse=True)
    found: dict[str, list[str]] = {}
    root = tests.parent
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree) if nested else tree.body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not node.name.startswith("test"):
                continue
            text = (node.name + " " + (ast.get_docstring(node) or "")).upper().replace("_", "-")
            text += " " + " ".join(clause_marks(node))
            nodeid = f"{path.relative_to(root).as_posix()}::{node.name}"
            claimed: set[int] = set()
            for cid in wanted:
                for m in re.finditer(rf"(?<![A-Z0-9]){re.escape(cid)}(?![A-Z0-9])", text):
                    if m.start() not in claimed:
                        claimed.add(m.start())
                        found.setdefault(cid, []).append(nodeid)
    return {cid: sorted(set(v)) for cid, v in found.items()}


def clause_marks(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The ids of ``@pytest.mark.clause("...")`` decorators."""
    out: list[str] = []
    for dec in node.decorator_list:
        if (
            isinstance(dec, ast.Call)
            and isinstance(dec.func, ast.Attribute)
            and dec.func.attr == "clause"
        ):
            out += [
                a.value
                for a in dec.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
    return out


class Tracer:
    """A pytest plugin recording which marked statements each test runs."""

    def __init__(self, spots: Iterable[Spot]) -> None:
        self.lines: dict[str, set[int]] = {}
        for file, line in spots:
            self.lines.setdefault(file, set()).add(line)
        self.hits: dict[str, set[Spot]] = {}
        self._now: set[Spot] = set()

    def _local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            file = frame.f_code.co_filename
            if frame.f_lineno in self.lines.get(file, ()):
                self._now.add((file, frame.f_lineno))
        return self._local

    def _global(self, frame: FrameType, event: str, arg: Any) -> Any:
        return self._local if frame.f_code.co_filename in self.lines else None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        """Trace the test's call (not its fixtures) in every thread it starts."""
        self._now = set()
        sys.settrace(self._global)
        threading.settrace(self._global)
        try:
            yield
        finally:
            sys.settrace(None)
            threading.settrace(None)  # type: ignore[arg-type,unused-ignore]
            self.hits.setdefault(item.nodeid.split("[")[0], set()).update(self._now)


def run_traced(nodeids: list[str], spots: Iterable[Spot], rootdir: Path) -> dict[str, set[Spot]]:
    """Run ``nodeids`` in this process with the tracer; the marked statements each ran.

    A test that fails still counts what it ran (the run's failures are the suite's business),
    but a run that cannot collect its tests raises: it would report every clause unrun.
    """
    tracer = Tracer(spots)
    if nodeids:
        args = ["-q", "-p", "no:xdist", "-p", "no:cacheprovider", "--rootdir", str(rootdir)]
        code = pytest.main([*args, *(str(rootdir / n) for n in nodeids)], plugins=[tracer])
        if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            raise RuntimeError(f"the traced tests could not run (pytest exit code {code})")
    return tracer.hits


def covered(
    code: dict[str, list[Spot]], tests: dict[str, list[str]], hits: dict[str, set[Spot]]
) -> dict[str, list[str]]:
    """For each marked clause, the tests marked for it that ran one of its statements."""
    return {
        cid: [t for t in tests.get(cid, []) if hits.get(t, set()) & set(spots)]
        for cid, spots in code.items()
    }
