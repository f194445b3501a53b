#!/usr/bin/env python3
"""Write docs/rules-coverage.md: every rule clause id, the tests that name it, and whether
they run the code marked for it.

The clause list comes from the rules specification (``--rules DIR`` with the ``*.md`` files
whose clauses look like ``**LL-CARD-GUARD**``) or, when no rules folder is given, from the
clause list already in docs/rules-coverage.md. Tests name a clause in their name (dashes as
underscores) or docstring, or with ``@pytest.mark.clause("ID")``.

Rules code may mark the statement that carries a clause with ``# clause: ID`` on the line
above it (``tests/support/clause_trace.py``). For each marked clause the tests marked for it
are run with a line tracer, and the clause counts as covered only when one of them executed
a statement marked for it. ``--check`` exits with 1 when the file is out of date, a clause
has no test, or a marked clause's tests never run its code.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The line tracer sees only Python code: compiled modules would run no marked line.
os.environ["PARLOUR_BUILD"] = "pure"

from tests.support.clause_trace import (  # noqa: E402  (the path is set just above)
    clause_marks,
    covered,
    marked_code,
    marked_tests,
    run_traced,
)

DOC = ROOT / "docs" / "rules-coverage.md"
CLAUSE = re.compile(r"\*\*([A-Z]{2}-[A-Z0-9-]+)\*\*")
ROW = re.compile(r"^\| `([A-Z]{2}-[A-Z0-9-]+)` \|")
PACKAGES = {
    "loveletter.md": "loveletter",
    "gauntlet.md": "gauntlet",
    "splendor_marvel.md": "splendor_marvel",
}
"""The game package each rules file specifies (its clauses are required once it exists)."""
HEADING = re.compile(r"^## (.+?) \(`(.+?)`\)$")
NO_CODE = {
    "LL-RULING-0": "says where the rulings come from; no statement carries it",
}
"""Clauses no statement carries, and why (shown in the table in place of a mark)."""


def clauses_from_rules(folder: Path) -> dict[str, list[str]]:
    """Clause ids per rules file, in order of appearance."""
    out: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.md")):
        ids = list(dict.fromkeys(CLAUSE.findall(path.read_text(encoding="utf-8"))))
        if ids:
            out[path.name] = ids
    return out


def clauses_from_doc(doc: Path) -> dict[str, list[str]]:
    """Clause ids per rules file, read back from the coverage table."""
    out: dict[str, list[str]] = {}
    current = None
    for line in doc.read_text(encoding="utf-8").splitlines():
        if m := HEADING.match(line):
            current = m.group(2)
            out[current] = []
        elif (m := ROW.match(line)) and current is not None:
            out[current].append(m.group(1))
    return out


def tests_naming(tests: Path, ids: list[str]) -> dict[str, list[str]]:
    """Map each clause id to the test functions naming it (the longest id wins a match)."""
    found: dict[str, list[str]] = {}
    by_length = sorted(ids, key=len, reverse=True)
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.name.startswith("test")
            ):
                continue
            text = (node.name + " " + (ast.get_docstring(node) or "")).upper().replace("_", "-")
            text += " " + " ".join(clause_marks(node))
            name = f"{path.relative_to(ROOT).as_posix()}::{node.name}"
            claimed: set[int] = set()
            for cid in by_length:
                for m in re.finditer(rf"(?<![A-Z0-9]){re.escape(cid)}(?![A-Z0-9])", text):
                    if m.start() not in claimed:
                        claimed.add(m.start())
                        found.setdefault(cid, []).append(name)
    return found


def execution(ids: list[str]) -> dict[str, list[str]]:
    """For each clause marked in the rules code, the tests naming it that run its code."""
    code = {cid: spots for cid, spots in marked_code((ROOT / "parlour").rglob("*.py")).items()}
    unknown = sorted(set(code) - set(ids))
    if unknown:
        raise SystemExit(f"clause comments name no clause of the rules: {', '.join(unknown)}")
    both = sorted(set(code) & set(NO_CODE))
    if both:
        raise SystemExit(f"clauses marked in the code and listed as having none: {both}")
    tests = marked_tests(ROOT / "tests", code)
    nodeids = sorted({t for cid in code for t in tests.get(cid, [])})
    hits = run_traced(nodeids, [s for spots in code.values() for s in spots], ROOT)
    return covered(code, tests, hits)


def render(
    clauses: dict[str, list[str]],
    naming: dict[str, list[str]],
    ran: dict[str, list[str]] | None = None,
) -> str:
    """The coverage document."""
    ran = ran or {}
    titles = {
        "loveletter.md": "Love Letter",
        "gauntlet.md": "Infinity Gauntlet",
        "splendor_marvel.md": "Splendor Marvel",
    }
    lines = [
        "# Rules coverage",
        "",
        "Every clause id of the rules specification and the tests that name it (in the",
        "test's name or docstring, or by `@pytest.mark.clause`). Generated by",
        "`scripts/rules_coverage.py`; `tests/test_rules_coverage.py` fails when a clause of a",
        "game that exists has no test or this file is out of date.",
        "",
        "Where the rules code marks the statement that carries a clause (`# clause: ID` on the",
        "line above it), the tests naming the clause are run with a line tracer: the last",
        "column says which of them executed that statement, and a marked clause no test runs",
        "fails the check (**not run**). A clause no statement carries says why; unmarked",
        "clauses show `-`: only named.",
        "",
    ]
    for file, ids in clauses.items():
        covered = sum(1 for i in ids if _tests_for(i, naming))
        marked = [i for i in ids if i in ran]
        run = sum(1 for i in marked if ran[i])
        lines += [
            f"## {titles.get(file, file)} (`{file}`)",
            "",
            f"{covered} of {len(ids)} clauses named by tests; {run} of the {len(marked)} "
            "marked in the code run by them.",
            "",
            "| clause | tests | code run by |",
            "|---|---|---|",
        ]
        for cid in ids:
            names = _tests_for(cid, naming)
            shown = "<br>".join(f"`{n}`" for n in names[:6])
            more = f" (+{len(names) - 6} more)" if len(names) > 6 else ""
            if cid in NO_CODE:
                by = f"no code: {NO_CODE[cid]}"
            elif cid not in ran:
                by = "-"
            else:
                by = "<br>".join(f"`{n.split('::')[-1]}`" for n in ran[cid][:3]) or "**not run**"
            lines.append(f"| `{cid}` | {shown or '**none**'}{more} | {by} |")
        lines.append("")
    return "\n".join(lines)


def _tests_for(cid: str, naming: dict[str, list[str]]) -> list[str]:
    """Tests naming a clause exactly (not a longer id that starts with it)."""
    return sorted(set(naming.get(cid, [])))


def main() -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", type=Path, help="folder of the rules *.md files")
    parser.add_argument("--check", action="store_true", help="verify instead of writing")
    args = parser.parse_args()
    if args.rules is not None:
        clauses = clauses_from_rules(args.rules)
    elif DOC.exists():
        clauses = clauses_from_doc(DOC)
    else:
        parser.error("no docs/rules-coverage.md yet: give --rules")
    ids = [c for v in clauses.values() for c in v]
    text = render(clauses, tests_naming(ROOT / "tests", ids), execution(ids))
    if args.check:
        missing = [
            c
            for file, ids in clauses.items()
            if (ROOT / "parlour" / "games" / PACKAGES.get(file, "?")).is_dir()
            for c in ids
            if "**none**" in _row(text, c)
        ]
        stale = not DOC.exists() or DOC.read_text(encoding="utf-8") != text
        unrun = [c for c in ids if "**not run**" in _row(text, c)]
        if missing:
            print("clauses without a test: " + ", ".join(missing))
        if unrun:
            print("marked clauses whose tests never run their code: " + ", ".join(unrun))
        if stale:
            print("docs/rules-coverage.md is out of date: run scripts/rules_coverage.py")
        return 1 if missing or stale or unrun else 0
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


def _row(text: str, cid: str) -> str:
    for line in text.splitlines():
        if line.startswith(f"| `{cid}` |"):
            return line
    return ""


if __name__ == "__main__":
    sys.exit(main())
