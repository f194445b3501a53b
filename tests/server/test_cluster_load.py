"""The load test with clocks on and chat traffic, on one process and across two with Redis.

The servers run in threads of this test process (a uvicorn server each, one database, one
Redis), so a fault can be planted in one of them; without ``redis-server`` the two-process
tests skip.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from typer.testing import CliRunner

from parlour.cli import app as cli_app
from parlour.cli.loadtest import parse_clock
from parlour.engine import ParlourError
from parlour.server import ServerConfig, create_app
from parlour.tools.loadtest import Game, LoadReport, run_load
from tests.server.conftest import run_async

CLOCK = {"mode": "realtime", "per_move": 60.0, "bank": 30.0}


@contextlib.contextmanager
def live_servers(db_url: str, count: int, redis_url: str | None) -> Iterator[list[FastAPI]]:
    """``count`` servers on free local ports in threads, on one database (and Redis)."""
    import uvicorn

    config = ServerConfig(
        database_url=db_url, redis_url=redis_url, bot_delay=0, create_rate="", seat_rate=""
    )
    servers, threads, apps = [], [], []
    for _ in range(count):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        app = create_app(config)
        app.state.base = f"http://127.0.0.1:{port}"
        server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        servers.append(server)
        threads.append(thread)
        apps.append(app)
    try:
        deadline = time.monotonic() + 30
        while not all(s.started for s in servers):
            assert time.monotonic() < deadline, "the servers did not start"
            time.sleep(0.05)
        yield apps
    finally:
        for server in servers:
            server.should_exit = True
        for thread in threads:
            thread.join(10)


def load(apps: list[FastAPI], **kwargs: Any) -> LoadReport:
    """A short load test of Love Letter tables with clocks and chat on these servers."""
    bases = [str(app.state.base) for app in apps]
    settings: dict[str, Any] = {
        "tables": 4,
        "game": "loveletter",
        "players": 2,
        "options": {"tokens_to_win": 1},
        "duration": 3.0,
        "think": 0.05,
        "clock": CLOCK,
        "chat": 0.3,
    }
    return run_async(run_load(bases if len(bases) > 1 else bases[0], **(settings | kwargs)))


def assert_clean(report: LoadReport) -> None:
    """Every game finished and checked, no move or chat line lost or doubled."""
    assert report.games >= report.tables and (report.finished, report.stuck) == (
        report.games,
        0,
    )
    assert (report.verified, report.lost, report.doubled) == (report.games, 0, 0)
    assert report.chat_sent > report.chat_refused
    assert (report.chat_lost, report.chat_doubled) == (0, 0)
    assert report.latencies and report.percentile(99) > 0


def test_a_load_test_with_clocks_and_chat_on_one_process(db_url: str) -> None:
    with live_servers(db_url, 1, None) as apps:
        report = load(apps)
        clocks = apps[0].state.hub.clocks.tables
        # Every game had its clock, rematches included: the server kept a deadline for it.
        assert len(clocks) == report.games
        assert {found.settings.mode for found in clocks.values()} == {"realtime"}
    assert_clean(report)


def test_a_load_test_with_clocks_and_chat_across_two_processes(db_url: str, redis_url: str) -> None:
    """Each table is set up on one process and played through the other; the seat's
    second connection, on the first process, reads the chat posted on the second."""
    with live_servers(db_url, 2, redis_url) as apps:
        report = load(apps)
    assert_clean(report)


def test_chat_that_does_not_cross_processes_counts_as_lost(db_url: str, redis_url: str) -> None:
    """A planted fault: one process tells the other nothing of its chat."""
    with live_servers(db_url, 2, redis_url) as apps:
        for app in apps:
            while getattr(app.state, "hub", None) is None:
                time.sleep(0.01)
        apps[1].state.hub.cluster.listen("chat", _deaf)
        report = load(apps, duration=2.0)
    assert report.chat_lost > 0
    assert (report.lost, report.doubled, report.stuck) == (0, 0, 0)


async def _deaf(body: dict[str, Any]) -> None:
    """Hears nothing."""


def test_the_chat_check_counts_lost_doubled_and_refused_lines() -> None:
    game = Game("t")
    game.said = ["t 0", "t 1", "t 2", "t 3"]
    game.refused = {"t 3"}
    game.heard = Counter({"t 0": 1, "t 1": 1, "t 2": 2})
    game.echoed = Counter({"t 0": 1, "t 2": 1})
    assert game.chat_check() == (1, 1)  # t 1 never reached the second connection
    game.echoed["t 3"] = 1  # a refused line sent anyway
    game.echoed["t 1"] = 1
    assert game.chat_check() == (0, 2)


def test_clocks_are_given_as_mode_time_and_bank() -> None:
    assert parse_clock("realtime:60") == {"mode": "realtime", "per_move": 60.0, "bank": 0.0}
    assert parse_clock("turn:86400+3600") == {"mode": "turn", "per_move": 86400.0, "bank": 3600.0}
    assert parse_clock("realtime:60+")["bank"] == 0.0
    for bad in ("blitz:60", "realtime", "realtime:soon", "turn:1+x"):
        with pytest.raises(ParlourError) as caught:
            parse_clock(bad)
        assert caught.value.key == "cli.loadtest.bad_clock"
    result = CliRunner().invoke(cli_app, ["loadtest", "--clock", "blitz:1", "--lang", "es"])
    assert result.exit_code == 2 and "No es un reloj: blitz:1" in result.output
