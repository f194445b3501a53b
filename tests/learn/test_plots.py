"""Charts in Chinese: every plot command draws its labels with a CJK font, no glyph missing."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from tests.learn.test_analysis import PRIEST_THEN_GUARD, play, replay


def commands(tmp_path: Path) -> dict[str, list[str]]:
    """Each plotting command, small, in Chinese."""
    record = replay(PRIEST_THEN_GUARD, [])
    for action in ("priest>p1", "countess", "guard>p1=6"):
        play(record, action)
    saved = tmp_path / "game.json"
    record.save(saved)
    common = ["-w", "1", "--lang", "zh"]
    return {
        "analyse": ["analyse", str(saved), "--seat", "0", "--iterations", "50", "--lang", "zh"],
        "simulate": ["simulate", "loveletter", "-n", "2", "--bots", "random", *common],
        "tournament": ["tournament", "loveletter", "--bots", "random,easy", "-n", "2", *common],
    }


def missing_glyphs(tmp_path: Path, name: str) -> list[str]:
    """Run one command with ``--plot``; the missing-glyph warnings its drawing raised."""
    args = [*commands(tmp_path)[name], "--plot", str(tmp_path / f"{name}.png")]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    assert (tmp_path / f"{name}.png").stat().st_size > 0
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


@pytest.mark.parametrize("name", ["analyse", "simulate", "tournament"])
def test_chinese_charts_find_every_glyph(tmp_path: Path, name: str) -> None:
    assert missing_glyphs(tmp_path, name) == []


def test_the_glyph_check_catches_a_chart_without_cjk_fonts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planted fault: no CJK fallback; the Chinese labels' glyphs go missing."""
    monkeypatch.setattr("parlour.cli.report.CJK_FONTS", ())
    assert missing_glyphs(tmp_path, "analyse")
