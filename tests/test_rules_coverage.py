"""Rules are law: every clause id of the specification is named by at least one test, and a
clause marked in the rules code counts only when a test naming it runs that code."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# It runs every test naming a marked clause (a few hundred) under a line tracer.
@pytest.mark.timeout(600)
def test_every_rule_clause_is_named_by_a_test_and_the_table_is_current() -> None:
    """docs/rules-coverage.md lists every clause; each has a test, each clause marked in
    the code is run by one, and the table is current."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "rules_coverage.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]


_RULES = '''
def turn(cards: int) -> str:
    """A toy rule: play when holding cards, else the turn passes."""
    if cards > 0:
        return "play"
    # clause: TY-TURN-4
    return "pass"
'''

_NAMED_ONLY = """
from toy.rules import turn


def test_TY_TURN_4_named_but_the_turn_never_passes() -> None:
    assert turn(1) == "play"
"""

_RUNS_IT = """

import pytest


@pytest.mark.clause("TY-TURN-4")
def test_a_turn_with_no_cards_passes() -> None:
    assert turn(0) == "pass"
"""

_DRIVER = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from tests.support.clause_trace import covered, marked_code, marked_tests, run_traced
root = Path(sys.argv[2])
code = marked_code((root / "toy").rglob("*.py"))
tests = marked_tests(root / "toy_tests", code)
ids = sorted({t for v in tests.values() for t in v})
hits = run_traced(ids, [s for v in code.values() for s in v], root)
print(json.dumps({"tests": tests, "covered": covered(code, tests, hits)}))
"""


def _coverage(tmp_path: Path, tests: str) -> dict[str, dict[str, list[str]]]:
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "__init__.py").write_text("")
    (tmp_path / "toy" / "rules.py").write_text(textwrap.dedent(_RULES))
    (tmp_path / "toy_tests").mkdir()
    (tmp_path / "toy_tests" / "test_toy.py").write_text(tests)
    (tmp_path / "conftest.py").write_text("")
    out = subprocess.run(
        [sys.executable, "-c", _DRIVER, str(ROOT), str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    result: dict[str, dict[str, list[str]]] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_a_test_that_names_a_clause_but_never_runs_its_code_leaves_it_uncovered(
    tmp_path: Path,
) -> None:
    """Planted fault: the test names TY-TURN-4 yet never reaches the passing turn."""
    got = _coverage(tmp_path, _NAMED_ONLY)
    assert got["tests"] == {
        "TY-TURN-4": ["toy_tests/test_toy.py::test_TY_TURN_4_named_but_the_turn_never_passes"]
    }
    assert got["covered"] == {"TY-TURN-4": []}


def test_a_marked_test_that_runs_the_clause_code_covers_it(tmp_path: Path) -> None:
    got = _coverage(tmp_path, _NAMED_ONLY + _RUNS_IT)
    assert got["covered"] == {
        "TY-TURN-4": ["toy_tests/test_toy.py::test_a_turn_with_no_cards_passes"]
    }
