"""Parlour's build: the hot modules (``COMPILED`` in parlour/_build.py) compiled by mypyc.

pyproject.toml holds the metadata; this adds the compiled modules. ``pip install .``, a
wheel and ``pip install -e .`` all come through here. The modules are compiled when a C
compiler and Python's headers are present (and ``PARLOUR_BUILD`` is not ``pure``), else
the package installs as pure Python and says so. With a compiler, a failed compilation
fails the install: a build that silently lost its speed would be worse.

Beside the extensions goes ``parlour/_compiled.json``, the SHA-256 of each source compiled;
at import, parlour/_build.py runs the ``.py`` files instead of extensions whose sources
changed since (an editable install's extensions sit next to the sources they came from).
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BINARY_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The commands that build the modules (metadata and sdist commands leave mypyc alone)."""


def build_rules() -> ModuleType:
    """parlour/_build.py itself (loaded by path: nothing else of the package is imported)."""
    spec = importlib.util.spec_from_file_location("parlour_build", ROOT / "parlour" / "_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compiled_extensions(rules: ModuleType) -> list[Any]:
    """The mypyc extensions of the hot modules (one shared library inside the package)."""
    from mypyc.build import mypycify

    # Libraries the build environment lacks (the package's own dependencies) are read as
    # Any; the checking proper is scripts/check's, with pyproject.toml's strict settings.
    config = Path(tempfile.mkdtemp(prefix="parlour-mypyc-")) / "mypy.ini"
    config.write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
    paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in rules.COMPILED]
    return mypycify(
        [f"--config-file={config}", "--cache-dir=build/mypyc-cache", *paths],
        opt_level="3",
        group_name=rules.GROUP,
    )


class BuildCompiled(build_ext):
    """Builds the extensions, then writes the manifest of the sources they came from."""

    def run(self) -> None:
        """Compile, then record each source's hash beside the extensions."""
        super().run()
        rules = build_rules()
        # An in-place (editable) build puts its extensions in the source tree.
        target = ROOT if self.inplace or getattr(self, "editable_mode", False) else None
        rules.write_manifest(Path(self.build_lib), SOURCES)
        if target is not None:
            rules.write_manifest(target, SOURCES)


RULES = build_rules()
SOURCES: dict[str, str] = {}
EXTENSIONS: list[Any] = []
if BINARY_COMMANDS & set(sys.argv[1:]):
    why = RULES.compiler_missing()
    if why is None:
        # Hashed before compiling: a source edited during the build makes it stale at once.
        SOURCES = {m: RULES.source_hash(m) for m in RULES.COMPILED}
        EXTENSIONS = compiled_extensions(RULES)
    else:
        print(f"parlour: installing pure Python ({why})", file=sys.stderr)
        if {"editable_wheel", "develop", "--inplace"} & set(sys.argv[1:]):
            RULES.remove_compiled(ROOT)  # an earlier in-place build would shadow the sources

if __name__ == "__main__":
    setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildCompiled})
