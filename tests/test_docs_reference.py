"""The reference docs agree with what they describe: the server's architecture section names
every module, and the measurement tables are the data's."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import parlour
from parlour.tools import measurements

ROOT = Path(parlour.__file__).parent
SERVER = ROOT / "server"
DOCS = ROOT.parent / "docs"


def _section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : None if end < 0 else end]


def server_modules(server: Path = SERVER) -> list[str]:
    """Every module of the server, as a path under ``parlour/server/`` (migrations: one)."""
    found = []
    for path in sorted(server.rglob("*.py")):
        rel = path.relative_to(server).as_posix()
        if path.name == "__init__.py" or "migrations/" in rel:
            continue
        found.append(rel)
    return [*found, "store/migrations/"]


def unnamed(section: str, modules: list[str]) -> list[str]:
    """The modules the section does not name (as `path`)."""
    return [m for m in modules if f"`{m}`" not in section]


def test_the_architecture_section_names_every_server_module_and_route() -> None:
    section = _section((DOCS / "server.md").read_text(encoding="utf-8"), "Architecture")
    modules = server_modules()
    assert any(m.startswith("routes/") for m in modules)
    assert unnamed(section, modules) == []


def test_a_module_missing_from_the_architecture_section_is_named(tmp_path: Path) -> None:
    """The check can fail: a new module the section does not name is reported."""
    shutil.copytree(SERVER, tmp_path / "server", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "server" / "features" / "whispers.py").write_text('"""Whispers."""\n')
    section = _section((DOCS / "server.md").read_text(encoding="utf-8"), "Architecture")
    assert unnamed(section, server_modules(tmp_path / "server")) == ["features/whispers.py"]


def test_measurement_tables_are_rendered_from_their_data() -> None:
    assert measurements.stale() == []
    blocks = re.findall(
        r"<!-- measurements: ([\w.-]+) -->",
        (DOCS / "measurements" / "README.md").read_text(encoding="utf-8"),
    )
    assert "server.json" in blocks


def test_a_measurement_changed_in_the_data_only_is_caught(tmp_path: Path) -> None:
    """The check can fail: a figure changed in the data but not in the rendered docs."""
    data_dir = tmp_path / "data"
    shutil.copytree(DOCS / "measurements", data_dir)
    data = json.loads((data_dir / "server.json").read_text(encoding="utf-8"))
    data["runs"][0]["figures"]["moves/s"] = "1"
    (data_dir / "server.json").write_text(json.dumps(data), encoding="utf-8")
    assert measurements.stale(DOCS, data_dir) == [DOCS / "measurements" / "README.md"]
