"""The load test runs (tiny) against a live server and reports what it measured."""

from __future__ import annotations

import socket
import threading
import time

from parlour.engine import Replay
from parlour.server import ServerConfig, create_app
from parlour.tools.loadtest import LoadReport, check_log, run_load
from tests.server.conftest import run_async


def test_a_tiny_load_test_plays_every_table_to_the_end(db_url: str) -> None:
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
        report = run_async(
            run_load(f"http://127.0.0.1:{port}", tables=4, game="highcard", players=3, duration=30)
        )
    finally:
        server.should_exit = True
        thread.join(10)
    assert (report.tables, report.finished, report.moves) == (4, 4, 12)
    assert len(report.latencies) == 4  # the client's one move per table
    assert report.percentile(99) >= report.percentile(50) > 0
    # Every finished table's log holds the client's moves, once each.
    assert (report.verified, report.lost, report.doubled) == (4, 0, 0)


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
