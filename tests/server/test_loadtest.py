"""The load test runs (tiny) against a live server and reports what it measured."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from parlour.engine import Replay
from parlour.server import ServerConfig, create_app
from parlour.tools import loadtest
from parlour.tools.loadtest import LoadReport, check_log, run_load
from tests.server.conftest import run_async


@contextlib.contextmanager
def live_server(db_url: str) -> Iterator[tuple[str, FastAPI]]:
    """A server on a free local port in a thread: its base URL and app."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = ServerConfig(database_url=db_url, bot_delay=0, create_rate="", seat_rate="")
    app = create_app(config)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_tiny_load_test_holds_its_load_and_finishes_every_game(db_url: str) -> None:
    """Games that end before the run's end are followed by their rematch; at the end
    every game is finished and its log checked."""
    with live_server(db_url) as (base, _):
        report = run_async(run_load(base, tables=4, game="highcard", players=3, duration=1.5))
    # The load held: more games than tables, each one a rematch of the one before.
    assert report.games > report.tables == 4
    assert (report.finished, report.stuck) == (report.games, 0)
    assert 1.0 < report.seconds <= 1.6
    # The client makes one move a game; those sent during the run are measured.
    assert report.tables <= len(report.latencies) <= report.games
    assert 0 < report.moves <= 3 * report.games
    assert report.percentile(99) >= report.percentile(50) > 0
    # Every game's log holds the client's moves, once each.
    assert (report.verified, report.lost, report.doubled) == (report.games, 0, 0)


def test_a_table_that_stops_answering_counts_as_stuck(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted fault: the server's bots never act, so no game reaches its end."""
    monkeypatch.setattr(loadtest, "STALL", 0.5)
    with live_server(db_url) as (base, app):
        run_async(_wait_for_hub(app))
        app.state.hub.bot_play.kick = lambda table: None
        app.state.hub.bot_play.at_once = lambda table, seat: None  # nor within a move
        report = run_async(run_load(base, tables=3, game="highcard", players=3, duration=0.2))
    assert (report.games, report.finished, report.stuck, report.verified) == (3, 0, 3, 0)


async def _wait_for_hub(app: FastAPI) -> None:
    while getattr(app.state, "hub", None) is None:
        await asyncio.sleep(0.01)


def test_percentiles() -> None:
    report = LoadReport(1, 1, 10, 2.0, [i / 1000 for i in range(1, 101)])
    assert report.moves_per_second == 5
    assert round(report.percentile(50)) == 50 and round(report.percentile(99)) == 99
    assert LoadReport(0, 0, 0, 0.0).percentile(99) == 0.0


def test_the_log_check_finds_lost_and_doubled_moves() -> None:
    """A log missing an acknowledged move, or holding one never made, is counted."""
    from parlour.games import register
    from tests.support.highcard import GAME

    register(GAME)
    state = GAME.new(2, seed=5, stack=[1, 2, 3, 4, 5, 6])
    record = Replay.start(state)
    record.actions = ["keep", "swap"]
    data = record.to_json()
    assert check_log(data, [(0, "keep")]) == (0, 0)
    assert check_log(data, [(0, "swap")]) == (1, 0)  # the client's move is not what was stored
    assert check_log(data, []) == (0, 1)  # a seat-0 move the client never made


def test_a_dropped_connection_is_opened_again_and_the_game_goes_on(db_url: str) -> None:
    """A planted fault: the server closes every table's first websocket right after its
    hello; each client connects again and finishes its game, nothing lost."""
    with live_server(db_url) as (base, app):
        run_async(_wait_for_hub(app))
        hub = app.state.hub
        attach, seen = hub.attach, set()

        def drop_first(table: Any, conn: Any) -> None:
            attach(table, conn)
            if table.id not in seen:
                seen.add(table.id)
                conn.send(None)  # the connection's sender closes the websocket

        hub.attach = drop_first
        report = run_async(run_load(base, tables=3, game="highcard", players=3, duration=0.2))
    assert (report.games, report.finished, report.stuck) == (3, 3, 0)
    assert report.refused >= 3  # each table's dropped connection, tried again
    assert (report.verified, report.lost, report.doubled) == (3, 0, 0)


def test_the_final_check_asks_every_process_for_a_finished_games_log() -> None:
    """A process that has not yet heard a game ended answers not_over; the check asks the next
    one instead of failing (the load test stopped with a traceback on two processes), and a
    log no process gives within the wait is None (counted as stuck), not a crash."""
    import httpx

    def behind(request: httpx.Request) -> httpx.Response:
        return httpx.Response(409, json={"error": "web.error.not_over", "message": "not over"})

    def ahead(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"format": "parlour-replay", "table": "t1"})

    async def ask(handlers: list[Any], wait: float) -> dict[str, Any] | None:
        clients = [
            httpx.AsyncClient(transport=httpx.MockTransport(h), base_url="http://x")
            for h in handlers
        ]
        try:
            return await loadtest.fetch_record(clients, "t1", wait=wait)
        finally:
            for c in clients:
                await c.aclose()

    assert run_async(ask([behind, ahead], 5.0)) == {"format": "parlour-replay", "table": "t1"}
    assert run_async(ask([behind, behind], 0.3)) is None
