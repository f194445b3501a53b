"""``parlour simulate``'s reports for fixed seeds, pinned: a faster runner changes no figure.

Each configuration's report (win rates, end reasons, mean decisions, the details' means and,
where kept, every game's replay) is hashed without the figures of timing and the pool. The
digests were taken before the runner's speed work; a failure means a game, a bot's draw, a
seed or a tally changed. A report with one game miscounted, or one kept move changed, is caught.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any

import pytest

from parlour.sim.runner import SimulationReport, simulate

RUNS: tuple[tuple[str, int, int, str, dict[str, Any], int, bool, str], ...] = (
    ("loveletter", 2, 300, "random", {}, 0, False,
     "005cb73966b9007dee24ea4cb9d256eaee6471084f27133ec593e00f92f0660d"),
    ("loveletter", 4, 60, "random", {"edition": "classic"}, 7, True,
     "c3aac6c37ac9306623d7d16c2a41b51b136b2e203f72d6366a069dd15ee3bc81"),
    ("loveletter", 5, 20, "random,heuristic,random,random,heuristic", {"edition": "premium"}, 3,
     True,
     "4b65dd074924dd196501016ab66cb5e4c2a25edb217e43a0d60c3f0c44585450"),
    ("gauntlet", 3, 40, "random", {}, 5, False,
     "ae0d93a1cde79e43f658fb856bb6c51ae642c49fd98c78a4134607c3ebe4ea85"),
    ("splendor-marvel", 2, 10, "random", {}, 2, True,
     "8b8d312a87d9c4140faec7f8e23ffef5c0cd700acc04254a27e7780e9fa1b80b"),
)  # fmt: skip
"""(game, players, games, bots, options, seed, keep replays, digest of the report)."""


def digest(report: SimulationReport) -> str:
    """The report's figures and replays, without timing or pool, as a SHA-256."""
    data = report.to_json()
    for key in ("elapsed", "games_per_second", "workers"):
        data.pop(key)
    data["replays"] = report.replays
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _run(game: str, players: int, games: int, bots: str, options: dict[str, Any], seed: int,
         replays: bool) -> SimulationReport:  # fmt: skip
    return simulate(game, players, games, bots, options, seed, 1, keep_replays=replays)


@pytest.mark.parametrize("run", RUNS, ids=lambda r: f"{r[0]}-{r[1]}p-{r[3]}")
def test_simulate_reports_are_pinned_for_fixed_seeds(run: Any) -> None:
    *args, expected = run
    assert digest(_run(*args)) == expected


def test_the_digest_catches_one_game_miscounted_or_one_move_changed() -> None:
    game, players, games, bots, options, seed, replays, expected = RUNS[1]
    report = _run(game, players, games, bots, options, seed, replays)
    assert digest(report) == expected
    # Planted faults: one win moved to another seat; one kept replay's last move changed.
    seats = report.groups[0].seats
    seats[0] = replace(seats[0], wins=seats[0].wins - 1)
    seats[1] = replace(seats[1], wins=seats[1].wins + 1)
    assert digest(report) != expected
    report = _run(game, players, games, bots, options, seed, replays)
    report.replays[-1]["actions"][-1] += " "
    assert digest(report) != expected
