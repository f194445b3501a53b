"""Commit messages that read well in ``git log --oneline``: the check ``scripts/check`` runs.

Every commit after :data:`SINCE` (when the rule was set) has a subject of at most
:data:`MAX_SUBJECT` characters and, when it has a body, a blank line between the two. Outside
a git checkout the check says so and passes; in a shallow clone that lacks :data:`SINCE` it
says so and checks the commits present.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SINCE = "ee9556b"
"""The last commit before the rule."""
MAX_SUBJECT = 72
EXEMPT = {
    "7fc8e4210666852059939e4b1bc1704ddb32f545",
    "a5df361edcbe3479743863fa593a43929f6b4a54",
}
"""Commits that landed with a longer subject while the check was being added (history is
never rewritten)."""
SEPARATOR = "\x1e"


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)


def problems(messages: dict[str, str]) -> list[str]:
    """What is wrong with each commit message (by hash), one line each."""
    found = []
    for sha, message in messages.items():
        if sha in EXEMPT:
            continue
        lines = message.rstrip("\n").split("\n")
        subject = lines[0]
        if len(subject) > MAX_SUBJECT:
            found.append(f"{sha[:7]}: subject of {len(subject)} characters (at most {MAX_SUBJECT})")
        if len(lines) > 1 and lines[1].strip():
            found.append(f"{sha[:7]}: no blank line between the subject and the body")
    return found


def messages(root: Path) -> tuple[dict[str, str], str]:
    """The messages to check (by hash) and a note on what was checked."""
    if _git(root, "rev-parse", "--is-inside-work-tree").returncode != 0:
        return {}, "not a git checkout: commit messages not checked"
    since = _git(root, "rev-parse", "--verify", "--quiet", f"{SINCE}^{{commit}}")
    if since.returncode == 0:
        span, note = f"{SINCE}..HEAD", f"commits after {SINCE}"
    else:
        span, note = "HEAD", f"{SINCE} is not in this (shallow?) clone: the commits present"
    log = _git(root, "log", f"--format=%H%n%B{SEPARATOR}", span)
    if log.returncode != 0:
        return {}, f"git log failed ({log.stderr.strip()}): commit messages not checked"
    found = {}
    for entry in log.stdout.split(SEPARATOR):
        sha, _, body = entry.strip("\n").partition("\n")
        if sha:
            found[sha] = body
    return found, note


def main(root: Path | None = None) -> int:
    """Check the commit messages of the checkout at ``root``; 1 if any breaks the rule."""
    found, note = messages(root or Path.cwd())
    wrong = problems(found)
    for line in wrong:
        print(line, file=sys.stderr)
    print(f"commit messages: {len(found)} checked ({note}), {len(wrong)} problems")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
