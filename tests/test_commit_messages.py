"""The commit-message check that ``scripts/check`` runs catches what it claims to."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from parlour.tools import commits


def _commit(repo: Path, message: str) -> None:
    (repo / "file.txt").write_text(message, encoding="utf-8")
    subprocess.run(["git", "add", "file.txt"], cwd=repo, check=True)
    subprocess.run(
        ["git", "-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-qm", message],
        cwd=repo,
        check=True,
    )


def test_a_long_subject_and_a_body_without_a_blank_line_are_caught() -> None:
    good = "Short subject\n\nA body, after a blank line.\n"
    long = "x" * 73 + "\n"
    glued = "Subject\nbody glued to it\n"
    found = commits.problems({"a" * 40: good, "b" * 40: long, "c" * 40: glued})
    assert found == [
        "bbbbbbb: subject of 73 characters (at most 72)",
        "ccccccc: no blank line between the subject and the body",
    ]
    assert commits.problems({sha: long for sha in commits.EXEMPT}) == []


def test_a_clone_without_the_starting_commit_checks_the_commits_present(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    _commit(tmp_path, "A fine subject")
    assert commits.main(tmp_path) == 0
    _commit(
        tmp_path, "A subject that goes on and on and on, well past what one line of a log shows"
    )
    assert commits.main(tmp_path) == 1
    out = capsys.readouterr()
    assert "is not in this (shallow?) clone" in out.out
    assert "subject of 76 characters" in out.err


def test_outside_a_checkout_nothing_is_checked(tmp_path: Path) -> None:
    found, note = commits.messages(tmp_path)
    assert found == {} and "not a git checkout" in note
