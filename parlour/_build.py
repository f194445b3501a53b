"""Which build runs: the compiled hot modules (mypyc) when present and current, else pure Python.

``scripts/build-compiled`` compiles the modules of :data:`COMPILED` from their ``.py`` files
(the one source of truth) into ``build/compiled`` beside the package, outside the source
tree, with a manifest of each source's SHA-256. At import, a finder serves those modules
from the build only when every listed source still has its recorded hash: a module edited
since the build (or a build for another Python) makes the whole group fall back to the
``.py`` files, because compiled modules call each other directly and one stale module would
run old code. ``PARLOUR_BUILD=pure`` forces pure Python.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

COMPILED: tuple[str, ...] = (
    "parlour.engine.actions",
    "parlour.engine.codec",
    "parlour.engine.events",
    "parlour.engine.prompts",
    "parlour.engine.rng",
    "parlour.engine.state",
    "parlour.games.gauntlet.actions",
    "parlour.games.gauntlet.cards",
    "parlour.games.gauntlet.game",
    "parlour.games.gauntlet.legal",
    "parlour.games.gauntlet.rules",
    "parlour.games.gauntlet.state",
    "parlour.games.gauntlet.views",
    "parlour.games.loveletter.actions",
    "parlour.games.loveletter.cards",
    "parlour.games.loveletter.game",
    "parlour.games.loveletter.legal",
    "parlour.games.loveletter.rules",
    "parlour.games.loveletter.state",
    "parlour.games.loveletter.views",
    "parlour.games.splendor_marvel.actions",
    "parlour.games.splendor_marvel.cards",
    "parlour.games.splendor_marvel.game",
    "parlour.games.splendor_marvel.legal",
    "parlour.games.splendor_marvel.rules",
    "parlour.games.splendor_marvel.state",
    "parlour.games.splendor_marvel.views",
    "parlour.games.loveletter.search",
    "parlour.games.loveletter.bot",
    "parlour.bots.ismcts",
    "parlour.engine.playout",
    "parlour.rl.encoding",
    "parlour.rl.encoders.loveletter",
    "parlour.rl.core",
)
"""The modules compiled by mypyc: the engine's hot path, each game's rules and Love Letter's
search.

A game's playing state calls its module functions from real methods (a compiled function
does not bind to an instance, so ``legal_actions = legal.legal_actions`` in a class body
would not make a method of it)."""

PACKAGE = Path(__file__).resolve().parent
"""The ``parlour`` package folder."""
BUILD = PACKAGE.parent / "build" / "compiled" / sys.implementation.cache_tag
"""Where ``scripts/build-compiled`` puts the extension modules for this Python."""

NAME = "pure"
"""``compiled`` when the compiled modules are in use, else ``pure``."""
REASON = "absent"
"""Why: ``compiled``, ``absent`` (no build), ``forced`` (PARLOUR_BUILD=pure) or ``stale``."""
STALE: list[str] = []
"""Modules whose source changed since the build (then none is served compiled)."""


def source_path(module: str) -> Path:
    """The ``.py`` file of a module of this package."""
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def source_hash(module: str) -> str:
    """The SHA-256 of a module's source, as the manifest records it."""
    return hashlib.sha256(source_path(module).read_bytes()).hexdigest()


def _hash_or_none(module: str) -> str | None:
    try:
        return source_hash(module)
    except OSError:  # a source deleted since the build is as stale as an edited one
        return None


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Serves the compiled extension of each module the manifest lists."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The extension's spec for a listed module (its shared support library too)."""
        name = self.files.get(fullname)
        if name is None:
            return None
        location = str(BUILD / name)
        loader = importlib.machinery.ExtensionFileLoader(fullname, location)
        return importlib.machinery.ModuleSpec(fullname, loader, origin=location)


def read_manifest() -> dict[str, Any] | None:
    """The build's manifest, or None when there is no build for this Python."""
    try:
        data: dict[str, Any] = json.loads((BUILD / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data


def choose(manifest: dict[str, Any] | None, forced_pure: bool) -> tuple[str, str, list[str]]:
    """The build to run, why, and the stale modules, from the manifest found (if any)."""
    if forced_pure:
        return "pure", "forced", []
    if manifest is None or sorted(manifest.get("sources", {})) != sorted(COMPILED):
        return "pure", "absent", []  # no build, or one of another module list
    stale = [m for m, digest in manifest["sources"].items() if _hash_or_none(m) != digest]
    if stale:
        return "pure", "stale", stale
    return "compiled", "compiled", []


def install() -> None:
    """Put the finder first on ``sys.meta_path`` when the build is present and current."""
    global NAME, REASON
    manifest = read_manifest()
    NAME, REASON, STALE[:] = choose(manifest, os.environ.get("PARLOUR_BUILD") == "pure")
    if NAME == "compiled" and manifest is not None:
        sys.meta_path.insert(0, CompiledFinder(dict(manifest["files"])))


install()
