"""The training example: a short reproducible run learns to beat the random bot."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.rl.train_example import main, train


def test_a_few_hundred_games_of_training_beat_the_random_bot() -> None:
    policy, run = train(600, games=256, evaluations=2, eval_games=200, seed=1)
    assert [g for g, _ in run.curve] == [128, 256]
    assert run.games == 256
    assert 0.35 < run.baseline < 0.65  # the untrained policy plays uniformly at random
    assert run.final > 0.7
    assert policy.w.any()


def test_command_line_smoke_run_writes_the_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "curve.png"
    run = main(["--minutes", "0.01", "--eval-games", "20", "--plot", str(out), "--lang", "es"])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = capsys.readouterr().out
    assert "Love Letter" in text and "victorias" in text
    assert run.curve and run.games > 0
