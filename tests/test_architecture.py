"""Imports point one way: engine <- games <- bots, sim, rl, server; rules never touch I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import parlour

ROOT = Path(parlour.__file__).parent

# Which parlour sub-packages each layer may import.
ALLOWED: dict[str, set[str]] = {
    "engine": {"engine"},
    "games": {"engine", "games", "bots"},
    "bots": {"engine", "bots", "games"},
    "sim": {"engine", "games", "bots", "sim"},
    "rl": {"engine", "games", "bots", "rl"},
    "server": {"engine", "games", "bots", "sim", "server", "web"},
}
# Third-party modules the rules may never import.
FORBIDDEN_IN_RULES = {
    "asyncio",
    "fastapi",
    "starlette",
    "sqlalchemy",
    "numpy",
    "ray",
    "uvicorn",
    "rich",
    "typer",
    "random",
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_layers_import_only_downwards() -> None:
    problems = []
    for layer, allowed in ALLOWED.items():
        for path in (ROOT / layer).rglob("*.py"):
            for name in _imports(path):
                parts = name.split(".")
                if parts[0] == "parlour" and len(parts) > 1 and parts[1] not in allowed:
                    problems.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not problems, "\n".join(problems)


def test_rules_do_not_import_io_or_global_randomness() -> None:
    problems = []
    for layer in ("engine", "games"):
        for path in (ROOT / layer).rglob("*.py"):
            for name in _imports(path):
                if name.split(".")[0] in FORBIDDEN_IN_RULES:
                    problems.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not problems, "\n".join(problems)
