"""Server settings: one object, from arguments or PARLOUR_* environment variables."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from parlour.server.config import ServerConfig, serve_config


def test_settings_read_parlour_environment_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_BOT_THINK_LIMIT", "2.5")
    monkeypatch.setenv("PARLOUR_REDIS_URL", "redis://127.0.0.1:6379/3")
    config = ServerConfig()
    assert config.bot_think_limit == 2.5 and config.redis_url == "redis://127.0.0.1:6379/3"
    assert ServerConfig(bot_think_limit=1).bot_think_limit == 1  # an argument wins


def test_unknown_or_malformed_settings_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValidationError):
        ServerConfig(bot_think=3)  # type: ignore[call-arg]
    monkeypatch.setenv("PARLOUR_BOT_DELAY", "soon")
    with pytest.raises(ValidationError):
        ServerConfig()


def test_serve_keeps_tables_on_disk_unless_told(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert serve_config({}).database_url == f"sqlite:///{tmp_path / 'parlour' / 'parlour.db'}"
    assert serve_config({}).gc_every == 300.0
    monkeypatch.setenv("PARLOUR_DATABASE_URL", "sqlite:///env.db")
    assert serve_config({}).database_url == "sqlite:///env.db"
    assert serve_config({"database_url": "sqlite:///cli.db"}).database_url == "sqlite:///cli.db"
