"""Imports point one way: engine <- games <- bots, sim, rl, server; rules never touch I/O;
no import circle in the package; the server's rooms import only downwards."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

import parlour

ROOT = Path(parlour.__file__).parent

# Which parlour sub-packages each layer may import.
ALLOWED: dict[str, set[str]] = {
    "engine": {"engine"},
    "games": {"engine", "games"},
    "bots": {"engine", "bots", "games"},
    "sim": {"engine", "games", "bots", "sim", "rl"},  # the benchmark measures RL steps too
    "rl": {"engine", "games", "bots", "rl"},
    "learn": {"engine", "games", "bots", "learn"},
    "server": {"engine", "games", "bots", "sim", "learn", "server", "web"},
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


def _layer_problems(root: Path) -> list[str]:
    """Every import in ``root`` of a layer that layer may not use."""
    problems = []
    for layer, allowed in ALLOWED.items():
        for path in (root / layer).rglob("*.py"):
            for name in _imports(path):
                parts = name.split(".")
                if parts[0] == "parlour" and len(parts) > 1 and parts[1] not in allowed:
                    problems.append(f"{path.relative_to(root)} imports {name}")
    return problems


def test_layers_import_only_downwards() -> None:
    problems = _layer_problems(ROOT)
    assert not problems, "\n".join(problems)


def test_a_game_importing_the_bots_layer_is_refused(tmp_path: Path) -> None:
    """The layer check can fail: a game module importing ``parlour.bots`` is reported."""
    (tmp_path / "games" / "toy").mkdir(parents=True)
    (tmp_path / "games" / "toy" / "bot.py").write_text(
        "from parlour.engine.players import Bot\nfrom parlour.bots.base import Observation\n",
        encoding="utf-8",
    )
    assert _layer_problems(tmp_path) == ["games/toy/bot.py imports parlour.bots.base"]


def test_rules_do_not_import_io_or_global_randomness() -> None:
    problems = []
    for layer in ("engine", "games"):
        for path in (ROOT / layer).rglob("*.py"):
            for name in _imports(path):
                if name.split(".")[0] in FORBIDDEN_IN_RULES:
                    problems.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not problems, "\n".join(problems)


TEMPLATE = (
    "game.py",
    "state.py",
    "legal.py",
    "rules.py",
    "views.py",
    "contracts.py",
    "actions.py",
    "cards.py",
    "text.py",
    "bot.py",
    "search.py",
)
"""The files every game package has, each with its role (docs/engine.md, "Adding a game")."""
RESHAPING: set[str] = set()
"""Packages not yet on the template: expected to fail (strictly, so finishing one shows)."""
GAME_PACKAGES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())


def _package_edges(package: Path) -> dict[str, set[str]]:
    """Which modules of a package import which others (every import: typing-only included)."""
    prefix = f"parlour.games.{package.name}."
    edges: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        edges[path.stem] = {
            name[len(prefix) :].split(".")[0] for name in _imports(path) if name.startswith(prefix)
        } - {path.stem}
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import circle among ``edges`` (empty when there is none)."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        for nxt in sorted(edges.get(node, ())):
            found = visit(nxt, [*path, node])
            if found:
                return found
        done.add(node)
        return []

    for start in sorted(edges):
        found = visit(start, [])
        if found:
            return found
    return []


def test_the_circle_finder_finds_a_planted_circle() -> None:
    """The check below can fail: a circle through three modules is reported."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def _marks(package: str) -> list[pytest.MarkDecorator]:
    if package in RESHAPING:
        return [pytest.mark.xfail(strict=True, reason="not yet on the template")]
    return []


@pytest.mark.parametrize("package", [pytest.param(p, marks=_marks(p)) for p in GAME_PACKAGES])
def test_game_packages_follow_the_template_without_import_circles(package: str) -> None:
    """Each game package has the template's files, and no module imports one that imports it."""
    root = ROOT / "games" / package
    missing = [f for f in TEMPLATE if not (root / f).exists()]
    assert not missing, f"{package} lacks {missing}"
    assert _cycle(_package_edges(root)) == []


# -- the whole package's import graph ------------------------------------------------------


def module_graph(root: Path, prefix: str = "parlour") -> dict[str, set[str]]:
    """Which modules under ``root`` (the package ``prefix``) import which of its others:
    every import, typing-only and function-local ones included, relative ones resolved."""
    names: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join([prefix, *parts])] = path
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                # ``from package import module`` names the module; anything else, the
                # module it is read from.
                found.update(
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in names else base
                    for alias in node.names
                )
        resolved = set()
        for target in found:
            while target and target not in names:
                target = target.rpartition(".")[0]
            if target and target != name:
                resolved.add(target)
        graph[name] = resolved
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: each set of modules that import one another
    (strongly connected, more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                found.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


HUB_CIRCLE = [
    "parlour.server.cluster.sync",
    "parlour.server.features.chat",
    "parlour.server.features.clocks",
    "parlour.server.features.presence",
    "parlour.server.tables.archive",
    "parlour.server.tables.bots",
    "parlour.server.tables.hub",
    "parlour.server.tables.shares",
]
"""The one circle left: the hub makes and calls its features, which import it back. Listed
so that no other circle can join it unseen; breaking it must also remove it from here."""


def test_no_import_circle_in_parlour_but_the_listed_one() -> None:
    assert circles(module_graph(ROOT)) == [HUB_CIRCLE]


def test_a_planted_import_circle_is_found() -> None:
    """The check can fail: one import added to the real graph makes a circle it reports."""
    graph = module_graph(ROOT)
    assert circles(graph) == [HUB_CIRCLE]
    graph["parlour.engine.rng"].add("parlour.engine.state")
    found = [c for c in circles(graph) if c != HUB_CIRCLE]
    assert len(found) == 1 and {"parlour.engine.rng", "parlour.engine.state"} <= set(found[0])


# -- the server's rooms --------------------------------------------------------------------

SERVER_ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "config": {"store"},  # the default database's address
    "store": {"errors"},
    "edge": {"config", "errors"},
    "tables": {"config", "edge", "errors", "store"},
    "features": {"config", "edge", "errors", "store", "tables"},
    "cluster": {"config", "errors", "features", "store", "tables"},
    "accounts": {"config", "edge", "errors", "store", "tables"},
    "routes": {"accounts", "cluster", "config", "edge", "errors", "features", "store", "tables"},
    "fast": {"config", "edge", "errors", "routes", "store", "tables"},
    "app": {"accounts", "cluster", "config", "edge", "errors", "fast", "features", "routes"}
    | {"store", "tables"},
    "": {"app", "config"},  # the package itself: create_app and ServerConfig
}
"""Which rooms of the server each room may import (each subpackage's docstring says so)."""
HUB_UPWARDS = {
    ("tables.hub", "cluster.coordination"),
    ("tables.hub", "cluster.sync"),
    ("tables.hub", "features.chat"),
    ("tables.hub", "features.clocks"),
    ("tables.hub", "features.presence"),
}
"""The hub's circle seen as rooms: the tables importing what sits above them. Strict: an
import that is gone must leave this list too."""
PRIVATE = ("uvicorn.", "websockets.")
"""uvicorn's and websockets' inner modules: only the fast paths may import them."""


def _room(name: str) -> str:
    parts = name.split(".")[2:]
    return parts[0] if parts else ""


def server_problems(root: Path) -> tuple[list[str], set[tuple[str, str]]]:
    """Imports among the server's rooms that their rules refuse (the known ones apart),
    imports of uvicorn's or websockets' inner modules outside ``fast/``, and the known
    upward imports still seen."""
    graph = module_graph(root, "parlour.server")
    problems, seen = [], set()
    for name, targets in sorted(graph.items()):
        room = _room(name)
        for target in sorted(targets):
            other = _room(target)
            if other == room or other in SERVER_ALLOWED[room]:
                continue
            pair = (name.removeprefix("parlour.server."), target.removeprefix("parlour.server."))
            if pair in HUB_UPWARDS:
                seen.add(pair)
            else:
                problems.append(f"{name} imports {target}")
    for path in root.rglob("*.py"):
        if path.relative_to(root).parts[0] == "fast":
            continue
        for imported in _imports(path):
            if imported.startswith(PRIVATE):
                problems.append(f"{path.relative_to(root)} imports {imported}")
    return problems, seen


def test_server_rooms_import_only_what_their_rules_allow() -> None:
    assert set(SERVER_ALLOWED) - {""} == {
        p.stem if p.is_file() else p.name
        for p in (ROOT / "server").iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()
    }
    problems, seen = server_problems(ROOT / "server")
    assert problems == []
    assert seen == HUB_UPWARDS


def test_an_upward_import_and_a_private_one_are_refused(tmp_path: Path) -> None:
    """The check can fail: the store importing the hub, and a table module importing
    uvicorn's inner modules, are both reported."""
    server = tmp_path / "server"
    shutil.copytree(ROOT / "server", server, ignore=shutil.ignore_patterns("__pycache__"))
    (server / "store" / "leak.py").write_text(
        "from parlour.server.tables.hub import Hub\n", encoding="utf-8"
    )
    (server / "tables" / "peek.py").write_text(
        "from uvicorn.protocols.utils import ClientDisconnected\n", encoding="utf-8"
    )
    problems, _ = server_problems(server)
    assert problems == [
        "parlour.server.store.leak imports parlour.server.tables.hub",
        "tables/peek.py imports uvicorn.protocols.utils",
    ]
