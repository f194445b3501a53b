"""Rules are law: every clause id of the specification is named by at least one test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_rule_clause_is_named_by_a_test_and_the_table_is_current() -> None:
    """docs/rules-coverage.md lists every clause; each has a test and the table is current."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "rules_coverage.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
