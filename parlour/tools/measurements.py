"""Measurement logs kept as data (``docs/measurements/*.json``) and rendered into the docs.

Each file holds ``runs``: one entry a run, with the ``commit`` measured, the ``command``
that measured it, its ``setup`` (database, build, how loaded the machine was) and its
``figures`` as measured. A document shows a file where it holds the two markers
``<!-- measurements: NAME.json -->`` and ``<!-- end of measurements -->``; what lies between
them is written by ``scripts/render-measurements`` (one table for each command, in the
file's order) and checked by the tests, so the docs never drift from the data.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
DATA = DOCS / "measurements"
BLOCK = re.compile(
    r"(<!-- measurements: (?P<name>[\w.-]+\.json) -->\n)"
    r"(?P<body>.*?)(<!-- end of measurements -->)",
    re.S,
)


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(data: dict[str, Any]) -> str:
    """The Markdown of one measurement file: for each command in turn, its runs' table."""
    out: list[str] = []
    groups: list[tuple[str, list[dict[str, Any]]]] = []
    for run in data["runs"]:
        if groups and groups[-1][0] == run["command"]:
            groups[-1][1].append(run)
        else:
            groups.append((run["command"], [run]))
    for command, runs in groups:
        out += ["", f"`{command}`", "", "| commit | setup | figures |", "|---|---|---|"]
        for run in runs:
            figures = "; ".join(f"{k}: {v}" for k, v in run["figures"].items())
            out.append(f"| {_cell(run['commit'])} | {_cell(run['setup'])} | {_cell(figures)} |")
    return "\n".join(out[1:]) + "\n"


def rendered(text: str, data_dir: Path = DATA) -> str:
    """``text`` with every measurements block written afresh from its data file."""

    def fill(m: re.Match[str]) -> str:
        data = json.loads((data_dir / m.group("name")).read_text(encoding="utf-8"))
        return m.group(1) + render(data) + m.group(4)

    return BLOCK.sub(fill, text)


def stale(docs: Path = DOCS, data_dir: Path = DATA) -> list[Path]:
    """The documents whose measurement blocks differ from their data."""
    found = []
    for path in sorted(docs.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if rendered(text, data_dir) != text:
            found.append(path)
    return found


def main(argv: list[str] | None = None) -> int:
    """Write every measurements block afresh (``--check``: only say which are stale)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail if a block is stale")
    args = parser.parse_args(argv)
    old = stale()
    if args.check:
        for path in old:
            print(f"{path.relative_to(ROOT)}: measurements differ from the data", file=sys.stderr)
        return 1 if old else 0
    for path in old:
        path.write_text(rendered(path.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"rewrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
