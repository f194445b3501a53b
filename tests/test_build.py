"""The compiled build: served only when current, pure Python otherwise, same results either way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour import _build

ROOT = Path(__file__).resolve().parents[1]


def _manifest(**changed: str) -> dict[str, Any]:
    sources = {m: _build.source_hash(m) for m in _build.COMPILED}
    sources.update(changed)
    return {"sources": sources, "files": {m: f"{m}.so" for m in _build.COMPILED}}


def test_a_current_build_is_chosen() -> None:
    assert _build.choose(_manifest(), forced_pure=False) == ("compiled", "compiled", [])


def test_a_source_edited_since_the_build_falls_back_to_pure_python() -> None:
    module = _build.COMPILED[0]
    name, reason, stale = _build.choose(_manifest(**{module: "0" * 64}), forced_pure=False)
    assert (name, reason, stale) == ("pure", "stale", [module])


def test_no_build_a_build_of_other_modules_or_a_forced_choice_give_pure_python() -> None:
    assert _build.choose(None, forced_pure=False) == ("pure", "absent", [])
    other = {"sources": {"parlour.elsewhere": "x"}, "files": {}}
    assert _build.choose(other, forced_pure=False) == ("pure", "absent", [])
    assert _build.choose(_manifest(), forced_pure=True) == ("pure", "forced", [])


PROBE = """
import hashlib, importlib, json, sys
from parlour import _build
from parlour.sim.runner import simulate
out = {"build": _build.NAME, "reports": []}
# Random bots over whole games, then search bots (ISMCTS and the heuristic), which clone
# and resample states, on fewer.
runs = [(game, players, 12, "random") for game, players in
        (("loveletter", 4), ("gauntlet", 3), ("splendor-marvel", 2))]
runs += [("loveletter", 3, 2, "ismcts:40"), ("loveletter", 2, 4, "heuristic"),
         ("gauntlet", 2, 1, "ismcts:25"), ("splendor-marvel", 2, 1, "ismcts:15")]
for game, players, games, bots in runs:
    report = simulate(game, players, games, bots, None, 5, 1, keep_replays=True)
    data = report.to_json()
    for key in ("elapsed", "games_per_second", "workers"):
        data.pop(key)
    data["replays"] = report.replays
    out["reports"].append(hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest())
# RL episodes: every observation vector, mask and reward, under seeded random legal play.
import numpy as np
from parlour.rl.env import ParlourAECEnv
for game, players, options in (("loveletter", 2, {}), ("loveletter", 5, {"edition": "premium"}),
                               ("gauntlet", 2, {}), ("splendor-marvel", 2, {})):
    env = ParlourAECEnv(game, players, options=options, reward="round"
                        if game == "loveletter" else "game")
    digest, pick = hashlib.sha256(), np.random.default_rng(3)
    for episode in range(2):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            obs, reward, done, cut, _ = env.last()
            digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            digest.update(repr(reward).encode())
            legal = np.flatnonzero(obs["action_mask"])
            env.step(None if done or cut else int(legal[pick.integers(len(legal))]))
    out["reports"].append(digest.hexdigest())
out["files"] = {m: importlib.import_module(m).__file__ for m in _build.COMPILED}
print(json.dumps(out))
"""


def _probe(build: str | None) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PARLOUR_BUILD", None)
    if build is not None:
        env["PARLOUR_BUILD"] = build
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_compiled_and_pure_builds_give_identical_games() -> None:
    """Needs scripts/build-compiled first; CI builds it and sets PARLOUR_REQUIRE_COMPILED."""
    if _build.read_manifest() is None and not os.environ.get("PARLOUR_REQUIRE_COMPILED"):
        pytest.skip("no compiled build here (scripts/build-compiled makes one)")
    compiled = _probe(None)
    pure = _probe("pure")
    assert compiled["build"] == "compiled", "the compiled build is missing or stale"
    assert pure["build"] == "pure"
    for module in _build.COMPILED:
        assert compiled["files"][module].endswith(".so"), module
        assert pure["files"][module].endswith(".py"), module
    assert len(compiled["reports"]) == 11
    assert compiled["reports"] == pure["reports"]
