"""The compiled build: served only when current, pure Python otherwise, same results either way."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
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
    return {"python": sys.implementation.cache_tag, "sources": sources}


def test_a_current_build_is_chosen() -> None:
    assert _build.choose(_manifest(), forced_pure=False) == ("compiled", "compiled", [])


def test_a_source_edited_since_the_build_falls_back_to_pure_python() -> None:
    module = _build.COMPILED[0]
    name, reason, stale = _build.choose(_manifest(**{module: "0" * 64}), forced_pure=False)
    assert (name, reason, stale) == ("pure", "stale", [module])


def test_extensions_without_a_record_of_their_sources_are_all_stale() -> None:
    every = sorted(_build.COMPILED)
    assert _build.choose(None, forced_pure=False) == ("pure", "stale", every)
    other = {"python": sys.implementation.cache_tag, "sources": {"parlour.elsewhere": "x"}}
    assert _build.choose(other, forced_pure=False) == ("pure", "stale", every)
    elder = _manifest() | {"python": "cpython-00"}
    assert _build.choose(elder, forced_pure=False) == ("pure", "stale", every)


def test_no_build_or_a_forced_choice_give_pure_python() -> None:
    assert _build.choose(None, forced_pure=False, built=False) == ("pure", "absent", [])
    assert _build.choose(_manifest(), forced_pure=True) == ("pure", "forced", [])


def test_the_source_finder_serves_only_the_compiled_modules_from_their_sources() -> None:
    finder = _build.SourceFinder()
    spec = finder.find_spec("parlour.engine.state")
    assert spec is not None and spec.origin == str(_build.source_path("parlour.engine.state"))
    assert finder.find_spec("parlour.engine.i18n") is None


def test_extensions_are_found_and_removed_beside_their_sources(tmp_path: Path) -> None:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    planted = [
        tmp_path / "parlour" / "engine" / f"state{suffix}",
        tmp_path / "parlour" / f"_compiled__mypyc{suffix}",
    ]
    for path in planted:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    _build.write_manifest(tmp_path, {"parlour.engine.state": "x"})
    assert sorted(_build.extensions(tmp_path)) == sorted(planted)
    _build.remove_compiled(tmp_path)
    assert _build.extensions(tmp_path) == []
    assert not (tmp_path / "parlour" / _build.MANIFEST).exists()


def test_the_compiler_is_looked_for_unless_pure_python_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PARLOUR_BUILD", "pure")
    assert _build.compiler_missing() == "PARLOUR_BUILD=pure"
    monkeypatch.delenv("PARLOUR_BUILD")
    monkeypatch.setenv("CC", "no-such-compiler-here")
    assert _build.compiler_missing() == "no C compiler (no-such-compiler-here)"


def _require_build() -> None:
    """Skips without a build unless one is required (scripts/test requires it whenever a C
    compiler is present, so a failed build fails the suite)."""
    if not _build.extensions() and not os.environ.get("PARLOUR_REQUIRE_COMPILED"):
        pytest.skip("no compiled build here (pip install -e . or scripts/build-compiled)")


def test_an_edited_source_runs_every_compiled_module_from_its_source(tmp_path: Path) -> None:
    """A copy of the built package with one source edited: no extension is imported, and
    stderr says which source is newer."""
    _require_build()
    shutil.copytree(
        ROOT / "parlour",
        tmp_path / "parlour",
        ignore=shutil.ignore_patterns("__pycache__", "web"),
    )
    edited = _build.source_path("parlour.games.loveletter.rules", tmp_path)
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    probe = (
        "import importlib, json; from parlour import _build; "
        "print(json.dumps([_build.REASON, [importlib.import_module(m).__file__ "
        "for m in _build.COMPILED]]))"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PARLOUR_BUILD", "PYTHONPATH")}
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    reason, files = json.loads(done.stdout)
    assert reason == "stale"
    assert all(f.endswith(".py") and f.startswith(str(tmp_path)) for f in files), files
    assert "parlour.games.loveletter.rules" in done.stderr


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
    """Needs a compiled build in this checkout; scripts/test requires one with a compiler."""
    _require_build()
    compiled = _probe(None)
    pure = _probe("pure")
    assert compiled["build"] == "compiled", "the compiled build is missing or stale"
    assert pure["build"] == "pure"
    for module in _build.COMPILED:
        assert compiled["files"][module].endswith(".so"), module
        assert pure["files"][module].endswith(".py"), module
    assert len(compiled["reports"]) == 11
    assert compiled["reports"] == pure["reports"]


def test_the_version_says_which_build_runs_and_why() -> None:
    from typer.testing import CliRunner

    from parlour.cli import app
    from parlour.cli.bench import build_line

    done = CliRunner().invoke(app, ["--version"])
    assert done.exit_code == 0
    assert done.output.splitlines() == ["Parlour 0.1.0", build_line("en")]
    assert ("compiled (mypyc)" in build_line("en")) == (_build.NAME == "compiled")
