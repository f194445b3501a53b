"""Which build runs: the compiled hot modules (mypyc) when installed and current, else pure Python.

The package's own build (setup.py) compiles the modules of :data:`COMPILED` into extension
modules inside the package, next to their ``.py`` files, with a manifest
(``parlour/_compiled.json``) of each source's SHA-256. An extension shadows its ``.py``
file, so at import this module checks the manifest: when any listed source changed since
the build (an editable install, edited), or the manifest is missing or for another module
list, it says so on stderr and serves every listed module from its ``.py`` file: compiled
modules call each other directly, and one stale module would run old code.
``PARLOUR_BUILD=pure`` forces pure Python (at build time too: nothing is compiled).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shlex
import shutil
import sys
import sysconfig
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

GROUP = "parlour._compiled"
"""The compiled modules' shared library (``parlour/_compiled__mypyc``), inside the package."""

PACKAGE = Path(__file__).resolve().parent
"""The ``parlour`` package folder."""
MANIFEST = "_compiled.json"
"""The build's manifest, in the package folder: the SHA-256 of each source compiled."""

NAME = "pure"
"""``compiled`` when the compiled modules are in use, else ``pure``."""
REASON = "absent"
"""Why: ``compiled``, ``absent`` (installed without them), ``forced`` (PARLOUR_BUILD=pure) or
``stale`` (sources changed since the build)."""
STALE: list[str] = []
"""Modules whose source changed since the build (then none is served compiled)."""


def source_path(module: str, root: Path | None = None) -> Path:
    """The ``.py`` file of a module of this package (under ``root``, the package's parent)."""
    base = PACKAGE.parent if root is None else root
    return base.joinpath(*module.split(".")).with_suffix(".py")


def source_hash(module: str, root: Path | None = None) -> str:
    """The SHA-256 of a module's source, as the manifest records it."""
    return hashlib.sha256(source_path(module, root).read_bytes()).hexdigest()


def _hash_or_none(module: str) -> str | None:
    try:
        return source_hash(module)
    except OSError:  # a source deleted since the build is as stale as an edited one
        return None


def extensions(root: Path | None = None) -> list[Path]:
    """The compiled extension files present in the package (the modules' and the shared one)."""
    paths = [source_path(m, root) for m in COMPILED] + [source_path(GROUP + "__mypyc", root)]
    return [
        found
        for path in paths
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if (found := path.with_name(path.stem + suffix)).exists()
    ]


def compiler_missing() -> str | None:
    """Why the modules cannot be compiled here (None when they can): read at build time."""
    if os.environ.get("PARLOUR_BUILD") == "pure":
        return "PARLOUR_BUILD=pure"
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({cc[0] if cc else 'cc'})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def write_manifest(root: Path, sources: dict[str, str]) -> None:
    """Record the compiled sources' hashes in ``root``'s package folder."""
    data = {"python": sys.implementation.cache_tag, "sources": sources}
    target = root / "parlour" / MANIFEST
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def remove_compiled(root: Path) -> None:
    """Delete an in-place build from the package under ``root`` (extensions and manifest)."""
    for path in [*extensions(root), root / "parlour" / MANIFEST]:
        path.unlink(missing_ok=True)


class SourceFinder(importlib.abc.MetaPathFinder):
    """Serves the listed modules from their ``.py`` files, past the extensions beside them."""

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The source spec of a compiled module; None for every other."""
        if fullname not in COMPILED:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def read_manifest() -> dict[str, Any] | None:
    """The build's manifest, or None when there is none (or it cannot be read)."""
    try:
        data: dict[str, Any] = json.loads((PACKAGE / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data


def choose(
    manifest: dict[str, Any] | None, forced_pure: bool, built: bool = True
) -> tuple[str, str, list[str]]:
    """The build to run, why, and the stale modules, from whether extensions are present
    (``built``) and the manifest found (if any)."""
    if forced_pure:
        return "pure", "forced", []
    if not built:
        return "pure", "absent", []
    if (
        manifest is None
        or manifest.get("python") != sys.implementation.cache_tag
        or sorted(manifest.get("sources", {})) != sorted(COMPILED)
    ):
        return "pure", "stale", sorted(COMPILED)  # no record of what was compiled: trust none
    stale = [m for m, digest in manifest["sources"].items() if _hash_or_none(m) != digest]
    if stale:
        return "pure", "stale", stale
    return "compiled", "compiled", []


def install() -> None:
    """Choose the build; past extensions that must not run, serve the ``.py`` files."""
    global NAME, REASON
    built = bool(extensions())
    manifest = read_manifest() if built else None
    NAME, REASON, STALE[:] = choose(manifest, os.environ.get("PARLOUR_BUILD") == "pure", built)
    if NAME == "pure" and built:
        sys.meta_path.insert(0, SourceFinder())
    if REASON == "stale":
        print(
            f"parlour: the compiled modules are older than their sources ({', '.join(STALE)}):"
            " running pure Python. Rebuild: pip install -e . (or scripts/build-compiled)",
            file=sys.stderr,
        )


install()
