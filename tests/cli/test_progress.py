"""Long runs show a progress bar with the time left, on a terminal's standard error only."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from parlour.cli import report


def _drawn(monkeypatch: pytest.MonkeyPatch, *, terminal: bool, quiet: bool) -> str:
    out = io.StringIO()

    def console(stderr: bool = False) -> Console:
        assert stderr  # the bar never mixes with the tables on standard output
        return Console(file=out, force_terminal=terminal, width=100, color_system=None)

    monkeypatch.setattr(report, "Console", console)
    with report.steps_bar("Measuring", 3, quiet=quiet) as advance:
        for _ in range(3):
            advance(1)
    with report.progress_bar("Playing", quiet=quiet) as progress:
        progress(5, 10)
    return out.getvalue()


def test_a_terminal_sees_the_steps_and_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _drawn(monkeypatch, terminal=True, quiet=False)
    assert "Measuring" in text and "3/3" in text
    assert "Playing" in text and "5/10" in text
    assert "0:00:00" in text  # elapsed and remaining times


@pytest.mark.parametrize(("terminal", "quiet"), [(False, False), (True, True)])
def test_pipes_and_quiet_get_no_bar(
    monkeypatch: pytest.MonkeyPatch, terminal: bool, quiet: bool
) -> None:
    assert _drawn(monkeypatch, terminal=terminal, quiet=quiet) == ""
