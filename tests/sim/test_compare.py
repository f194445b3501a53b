"""``parlour bench --against``: two builds measured in turn (the figures' shape, not speed)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine import OptionError
from parlour.sim import compare as compare_module
from parlour.sim.compare import (
    SECTIONS,
    TARGETS,
    Row,
    Target,
    Worker,
    compare,
    pick_rows,
    source_root,
)

ROOT = Path(__file__).resolve().parents[2]


def _bench_trees() -> set[str]:
    """The repository's worktrees that ``compare`` made (others come and go meanwhile)."""
    out = subprocess.run(
        ["git", "worktree", "list", "--porcelain"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {line for line in out.splitlines() if "parlour-bench-" in line}


def test_a_worker_measures_the_tree_it_was_given_and_names_its_build() -> None:
    worker = Worker(ROOT, None)
    try:
        assert Path(worker.hello["path"]).resolve() == ROOT / "parlour" / "__init__.py"
        assert worker.hello["build"] in ("pure", "compiled")
        answer = worker.ask(
            {"kind": "playouts", "game": "loveletter", "players": 2, "seconds": 0.0}
        )
        assert answer is not None and answer["games"] > 0 and answer["decisions"] > 0
        # A measure the tree cannot take is reported as missing, and the worker goes on.
        assert worker.ask({"kind": "playouts", "game": "no-such-game", "seconds": 0.0}) is None
        assert worker.ask({"kind": "rl", "game": "loveletter", "players": 2, "seconds": 0.0})
    finally:
        worker.close()
    assert worker.process.returncode == 0


def test_a_worker_times_by_the_clock_asked_for() -> None:
    """A request's clock is the wall clock or the worker's CPU time; an unknown one is
    reported as a missing measure."""
    worker = Worker(ROOT, None)
    try:
        for clock in ("wall", "cpu"):
            for kind, figure in (("playouts", "games"), ("rl", "steps")):
                request = {"kind": kind, "game": "loveletter", "players": 2, "seconds": 0.02}
                answer = worker.ask(request | {"clock": clock, "games": 2})
                assert answer is not None and answer[figure] > 0
        assert worker.ask({"kind": "playouts", "game": "loveletter", "players": 2,
                           "seconds": 0.0, "clock": "sundial"}) is None  # fmt: skip
    finally:
        worker.close()


def test_only_names_sections_or_rows_and_refuses_others() -> None:
    """``--only`` with --against: sections, row keys, comma-separated; unknown names refused."""
    assert pick_rows(None) is None
    assert pick_rows("rl") == {"rl_ll_2"}
    assert pick_rows("simulate, ismcts_ll_4") == {"ll_raw_2", "simulate_ll_2", "ismcts_ll_4"}
    assert set(SECTIONS["engine"]) >= {"ll_classic_4", "ll_raw_2", "splendor_2"}
    with pytest.raises(OptionError) as caught:
        pick_rows("rl,warp")
    assert caught.value.key == "cli.error.bench_only"
    assert caught.value.params["only"] == "warp"


def test_an_unknown_clock_is_refused_before_anything_runs() -> None:
    before = _bench_trees()
    with pytest.raises(OptionError) as caught:
        compare("HEAD", rounds=1, seconds=0.0, clock="sundial")
    assert caught.value.key == "cli.error.bench_clock"
    assert _bench_trees() <= before


def test_a_rows_ratio_is_the_median_of_its_rounds_ratios() -> None:
    row = Row(
        Target("x", {}, "games"), base=[100.0, 100.0, 50.0, None], new=[300.0, 200.0, 50.0, 9.0]
    )
    assert row.ratio == 2.0  # rounds 3×, 2×, 1×; a round the old build missed is left out
    assert row.base_median == 100.0
    assert row.new_median == 125.0
    assert Row(Target("x", {}, "games"), base=[None], new=[1.0]).ratio is None


def test_every_target_names_a_measure_the_worker_answers() -> None:
    from parlour.tools.bench_worker import MEASURES

    assert {t.request["kind"] for t in TARGETS} <= set(MEASURES)
    keys = [t.key for t in TARGETS]
    assert len(keys) == len(set(keys))
    assert set(compare_module.SIMULATE_SHARE) <= set(keys)


def test_an_unknown_revision_is_refused_before_anything_runs() -> None:
    before = _bench_trees()
    with pytest.raises(OptionError) as caught:
        compare("no-such-revision-anywhere", rounds=1, seconds=0.0)
    assert caught.value.key == "cli.error.bench_bad_rev"
    assert _bench_trees() <= before


def test_against_head_measures_both_sides_and_removes_its_checkout() -> None:
    steps: list[str] = []
    result = compare(
        "HEAD", rounds=2, seconds=0.0, only={"ll_raw_2", "simulate_ll_2"}, step=steps.append
    )
    base_tree = Path(result.builds["base"]["path"]).parents[1]
    assert "parlour-bench-" in str(base_tree)
    assert not base_tree.exists()
    assert not any(str(base_tree) in line for line in _bench_trees())
    assert (
        result.base_rev
        == subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    )
    assert result.builds["base"]["path"] != result.builds["new"]["path"]
    assert [r.target.key for r in result.rows] == ["ll_raw_2", "simulate_ll_2"]
    for row in result.rows:
        assert len(row.base) == len(row.new) == 2
        assert row.ratio is not None and row.ratio > 0
    assert result.simulate_share("new") is not None
    assert steps[-1] == "2/2 simulate_ll_2"
    assert result.clock == "wall" and result.to_json()["clock"] == "wall"
    assert source_root() == ROOT


def test_the_command_refuses_an_unknown_revision_clearly() -> None:
    result = CliRunner().invoke(
        app, ["bench", "--against", "no-such-revision-anywhere", "--rounds", "1"]
    )
    assert result.exit_code == 2
    assert "No commit no-such-revision-anywhere" in result.output


def test_the_command_says_which_clock_timed_the_rows_it_was_asked_for() -> None:
    """``--only rl --clock cpu``: the RL row alone, and a line saying CPU time timed it."""
    result = CliRunner().invoke(
        app,
        ["bench", "--against", "HEAD", "--rounds", "1", "--seconds", "0", "--only", "rl",
         "--clock", "cpu"],
        env={"COLUMNS": "240"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "RL environment, Love Letter, 2 players" in result.output
    assert "Love Letter classic, 4 players" not in result.output
    assert "Timed by each worker's CPU time" in result.output
    refused = CliRunner().invoke(app, ["bench", "--against", "HEAD", "--clock", "sundial"])
    assert refused.exit_code == 2
    assert "Unknown clock sundial" in refused.output
