"""The package follows the game template: its files, and imports that point one way."""

from __future__ import annotations

import ast
from pathlib import Path

import parlour.games.gauntlet as package

HERE = Path(package.__file__).parent
PREFIX = "parlour.games.gauntlet"
TEMPLATE = {
    "game",
    "state",
    "legal",
    "rules",
    "views",
    "actions",
    "cards",
    "text",
    "bot",
    "search",
}


def _graph(root: Path, prefix: str) -> dict[str, set[str]]:
    """Each module of a package and the package modules it imports (type-only ones too)."""
    out: dict[str, set[str]] = {}
    for path in root.glob("*.py"):
        if path.stem == "__init__":
            continue
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == prefix:
                    deps.update(a.name for a in node.names)
                elif node.module.startswith(prefix + "."):
                    deps.add(node.module.removeprefix(prefix + ".").split(".")[0])
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith(prefix + "."):
                        deps.add(a.name.removeprefix(prefix + ".").split(".")[0])
        out[path.stem] = deps
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of the graph, or an empty list."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done or node not in graph:
            return []
        for dep in sorted(graph[node]):
            found = visit(dep, [*path, node])
            if found:
                return found
        done.add(node)
        return []

    for node in sorted(graph):
        found = visit(node, [])
        if found:
            return found
    return []


def test_the_package_has_the_template_files() -> None:
    """game, state, legal, rules, views, actions, cards, text, bot and search are all there."""
    assert TEMPLATE - {p.stem for p in HERE.glob("*.py")} == set()


def test_no_import_circle_inside_the_package() -> None:
    """No module imports one that imports it back, not even for type checking."""
    graph = _graph(HERE, PREFIX)
    assert graph["rules"] and graph["views"]  # the scan sees the package's own imports
    assert _cycle(graph) == []


def test_the_circle_check_finds_a_planted_circle(tmp_path: Path) -> None:
    """The check fails on a package where views imports rules only for type checking."""
    (tmp_path / "rules.py").write_text("from pkg.views import view\n", encoding="utf-8")
    (tmp_path / "views.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import rules\n",
        encoding="utf-8",
    )
    assert _cycle(_graph(tmp_path, "pkg")) == ["rules", "views", "rules"]
