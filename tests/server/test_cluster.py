"""Several server processes on one database and one Redis: one truth, every client told.

Two apps in this test process stand for two server processes behind a load balancer
(each has its own hub, event loop and Redis connection); the last test runs two real
``parlour serve`` processes and kills one mid-game. Without ``redis-server`` these skip.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from fastapi.testclient import TestClient

from parlour.bots.base import Bot, Observation, RandomBot
from parlour.bots.registry import register_bot, unregister_bot
from parlour.engine import Action, Rng
from parlour.engine.i18n import t
from parlour.server import ServerConfig, create_app
from parlour.server.store.storage import Store
from parlour.server.tables.hub import Hub
from parlour.tools.loadtest import local_servers, run_load
from parlour.tools.process import free_port, serve_process
from tests.server import redis_server
from tests.server.conftest import add_bot, new_table, run_async, sit, start
from tests.server.test_no_leak import play_checking_every_message
from tests.server.test_restart import LAUNCH, ROOT
from tests.server.test_websocket import hello

T = TypeVar("T")

LIMIT = 20.0
"""Seconds any wait in these tests may last."""


@pytest.fixture
def pair(request: pytest.FixtureRequest, redis_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes' apps on one database and one Redis (bots without delay).

    The database is a SQLite file, or PostgreSQL when the test asks (indirect parameter).
    """
    kind = getattr(request, "param", "sqlite")
    db_url = request.getfixturevalue("pg_url" if kind == "postgresql" else "db_url")
    config = ServerConfig(database_url=db_url, redis_url=redis_url, bot_delay=0, bot_think_limit=5)
    with TestClient(create_app(config)) as a, TestClient(create_app(config)) as b:
        yield a, b


def hub(client: TestClient) -> Hub:
    """The hub behind an app."""
    found: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return found


def summary(client: TestClient, table: str) -> dict[str, Any]:
    """A table's public summary as one process has it."""
    r = client.get(f"/api/tables/{table}")
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def eventually(check: Any, what: str) -> None:
    """Wait (bounded) until ``check()`` is true."""
    deadline = time.monotonic() + LIMIT
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def race(*calls: Callable[[], T]) -> list[T | None]:
    """Run the calls at the same moment on threads of their own; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[T | None] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(LIMIT)
    return answers


def move_status(*args: Any) -> int:
    """Post one move (as :func:`move`); its HTTP status."""
    status: int = move(*args).status_code
    return status


def move(client: TestClient, table: str, seat: int, token: str, number: int, action: str) -> Any:
    """Post one move over HTTP; returns the response."""
    body = {"seat": seat, "token": token, "move": number, "action": action}
    return client.post(f"/api/tables/{table}/move", json=body)


@pytest.mark.parametrize("pair", ["sqlite", "postgresql"], indirect=True)
def test_a_table_made_on_one_process_is_played_through_both(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    table, host = new_table(a, players=3, public=True)
    assert summary(b, table)["status"] == "open"  # read from the database on first ask
    t0 = sit(a, table, 0, "Ana")
    t1 = sit(b, table, 1, "Ben")
    taken = b.post(f"/api/tables/{table}/seats/0", json={"name": "Eve"})  # taken on A
    assert taken.status_code == 409 and taken.json()["error"] == "web.error.seat_taken"
    t2 = sit(b, table, 2, "Cai")
    start(a, table, host)
    eventually(lambda: summary(b, table)["status"] == "playing", "B never saw the start")
    assert any(row["id"] == table for row in b.get("/api/tables").json())
    # Seat 0 sat down on A and watches on B: B pushes the moves made on A.
    with b.websocket_connect(f"/ws/tables/{table}") as ws:
        first = hello(ws, 0, t0)
        assert first["type"] == "state" and first["move"] == 0
        assert move(a, table, 0, t0, 0, "swap").status_code == 200
        pushed = ws.receive_json()
        assert pushed["move"] == 1 and [e["kind"] for e in pushed["events"]][:1] == ["acted"]
        assert move(b, table, 1, t1, 1, "keep").status_code == 200
        assert ws.receive_json()["move"] == 2
        # Move 1 again, on the other process: refused there too, nothing applied.
        again = move(a, table, 1, t1, 1, "keep")
        assert again.status_code == 409 and again.json()["error"] == "web.error.stale_move"
        assert move(a, table, 2, t2, 2, "keep").status_code == 200
        last = ws.receive_json()
        assert last["table"]["status"] == "over" and last["view"]["result"] is not None
    eventually(lambda: summary(a, table) == summary(b, table), "the processes disagree")
    record = a.get(f"/api/tables/{table}/record").json()
    assert record["actions"] == ["swap", "keep", "keep"]
    assert b.get(f"/api/tables/{table}/record").json() == record


@pytest.mark.parametrize("pair", ["sqlite", "postgresql"], indirect=True)
def test_the_same_move_sent_to_both_processes_at_once_is_applied_once(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    for _ in range(5):
        table, host = new_table(a, players=2)
        tokens = [sit(a, table, 0, "Ana"), sit(a, table, 1, "Ben")]
        start(a, table, host)
        eventually(lambda t=table: summary(b, t)["status"] == "playing", "B never saw it")
        on_a, on_b = race(
            partial(move_status, a, table, 0, tokens[0], 0, "swap"),
            partial(move_status, b, table, 0, tokens[0], 0, "keep"),
        )
        assert on_a is not None and on_b is not None
        assert sorted([on_a, on_b]) == [200, 409], (on_a, on_b)
        winner = "swap" if on_a == 200 else "keep"
        for client in (a, b):
            eventually(lambda c=client, t=table: summary(c, t)["move"] == 1, "no catch-up")
        assert hub(a).get(table).record.actions == hub(b).get(table).record.actions == [winner]


class CountingBot(Bot):
    """A random bot that counts its decisions (both apps share this test process)."""

    name = "counting"
    decisions = 0
    lock = threading.Lock()

    def act(self, obs: Observation, rng: Rng) -> Action:
        with CountingBot.lock:
            CountingBot.decisions += 1
        time.sleep(0.005)  # long enough for both processes to want the same turn
        return RandomBot().act(obs, rng)


@pytest.fixture
def counting_bot() -> Iterator[None]:
    """Register the counting bot for one test only."""
    register_bot("counting", lambda arg: CountingBot())
    CountingBot.decisions = 0
    try:
        yield
    finally:
        unregister_bot("counting")


@pytest.mark.usefixtures("counting_bot")
def test_bots_think_on_one_process_per_move(pair: tuple[TestClient, TestClient]) -> None:
    a, b = pair
    table, host = new_table(a, game="loveletter", players=4, options={"tokens_to_win": 2})
    for seat in range(4):
        add_bot(b if seat % 2 else a, table, host, seat, "counting")
    start(b, table, host)
    eventually(lambda: summary(a, table)["status"] == "over", "the bot game did not end")
    eventually(lambda: summary(b, table)["status"] == "over", "B did not see the end")
    moves = summary(a, table)["move"]
    assert moves > 4
    assert CountingBot.decisions == moves  # nobody thought twice about one move
    assert len(a.get(f"/api/tables/{table}/record").json()["actions"]) == moves


def test_a_process_that_missed_a_notice_catches_up_before_its_next_change(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    table, tokens = started_on_both(a, b)
    deafen(b)
    assert move(a, table, 0, tokens[0], 0, "keep").status_code == 200
    time.sleep(0.2)
    assert summary(b, table)["move"] == 0  # B did not hear of it...
    assert move(b, table, 1, tokens[1], 1, "keep").status_code == 200  # ...but checks first
    assert hub(b).get(table).record.actions == ["keep", "keep"]
    eventually(lambda: summary(a, table)["move"] == 2, "A did not hear of B's move")


def test_a_late_notice_of_a_move_already_read_back_reads_nothing(
    pair: tuple[TestClient, TestClient],
) -> None:
    """A process that fell behind caught up in its own change; the notices of the moves it
    read back then, when they come, are not read back again (each late notice queued one
    more read with the writes, and the process fell further behind)."""
    a, b = pair
    table, tokens = started_on_both(a, b)
    deafen(b)
    assert b.portal is not None
    assert move(a, table, 0, tokens[0], 0, "keep").status_code == 200
    assert move(b, table, 1, tokens[1], 1, "keep").status_code == 200  # B reads move 0 back
    reads: list[Any] = []
    hb = hub(b)
    read = hb.read

    async def counting(fn: Callable[..., T], *args: Any) -> T:
        reads.append(fn)
        return await read(fn, *args)

    hb.read = counting  # type: ignore[method-assign]
    b.portal.call(hb.sync.refresh, table, 0, "keep")  # A's notice of move 0, late
    assert reads == []
    assert hb.get(table).record.actions == ["keep", "keep"]
    b.portal.call(hb.sync.refresh, table, 5, "keep")  # past what B has: read back
    assert len(reads) == 1


def test_what_a_refused_change_read_back_is_told_to_the_clients(
    pair: tuple[TestClient, TestClient],
) -> None:
    """A change reads back the moves its process missed before it is checked; refused, it
    still leaves them told to the process's clients (their notices, when they come, find
    nothing new to tell)."""
    a, b = pair
    table, tokens = started_on_both(a, b)
    with b.websocket_connect(f"/ws/tables/{table}") as ws:
        assert hello(ws, 2, tokens[2])["move"] == 0
        deafen(b)
        assert move(a, table, 0, tokens[0], 0, "keep").status_code == 200
        stale = move(b, table, 1, tokens[1], 0, "keep")  # B reads move 0 back, then refuses
        assert stale.json()["error"] == "web.error.stale_move"
        ws.send_json({"type": "ping"})
        told = []
        while (msg := ws.receive_json())["type"] != "pong":
            told.append(msg)
        assert [m["move"] for m in told if m["type"] == "state"] == [1]


def started_on_both(a: TestClient, b: TestClient) -> tuple[str, list[str]]:
    """A three-seat table set up and started at A, seen playing at B: its id and tokens."""
    table, host = new_table(a, players=3)
    tokens = [sit(a, table, s, f"P{s}") for s in range(3)]
    start(a, table, host)
    eventually(lambda: summary(b, table)["status"] == "playing", "B never saw the start")
    return table, tokens


def deafen(client: TestClient) -> None:
    """The process behind ``client`` stops hearing of the other processes' changes."""
    listener = hub(client).cluster._listener  # type: ignore[union-attr]
    assert listener is not None and client.portal is not None
    client.portal.call(_cancel, listener)


async def _cancel(task: Any) -> None:
    task.cancel()


def test_two_real_processes_share_tables_and_one_survives_the_others_death(
    tmp_path: Path, redis_url: str
) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    extra = ["--redis", redis_url]
    with ExitStack() as stack:
        (one, proc_one), (two, _) = (
            stack.enter_context(
                serve_process(db, port=free_port(), preamble=LAUNCH, cwd=ROOT, extra=extra)
            )
            for _ in range(2)
        )
        made = httpx.post(f"{one}/api/tables", json={"game": "highcard", "players": 4}).json()
        table, host = made["table"]["id"], made["host_token"]
        tokens = []
        for seat in range(4):
            base = (one, two)[seat % 2]
            r = httpx.post(f"{base}/api/tables/{table}/seats/{seat}", json={"name": f"P{seat}"})
            assert r.status_code == 201, r.text
            tokens.append(r.json()["token"])
        assert httpx.post(f"{two}/api/tables/{table}/start", json={"host_token": host}).is_success
        for seat in (0, 1):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": "keep"}
            r = httpx.post(f"{(one, two)[seat]}/api/tables/{table}/move", json=body)
            assert r.status_code == 200, r.text
        os.kill(proc_one.pid, signal.SIGKILL)
        proc_one.wait(10)
        for seat in (2, 3):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": "swap"}
            r = httpx.post(f"{two}/api/tables/{table}/move", json=body)
            assert r.status_code == 200, r.text
        record = httpx.get(f"{two}/api/tables/{table}/record").json()
        assert record["actions"] == ["keep", "keep", "swap", "swap"]


@pytest.mark.server_process
def test_a_load_test_across_two_processes_loses_and_doubles_nothing(redis_url: str) -> None:
    """Each table is set up on one process and played through the other."""
    with local_servers(2, redis=redis_url) as bases:
        assert len(set(bases)) == 2
        report = run_async(
            run_load(
                bases,
                tables=6,
                game="loveletter",
                players=2,
                options={"tokens_to_win": 1},
                duration=3,
            )
        )
    assert report.games >= 6 and (report.finished, report.stuck) == (report.games, 0)
    assert (report.verified, report.lost, report.doubled) == (report.games, 0, 0)
    assert len(report.latencies) >= 6 and report.percentile(99) > 0


def test_the_load_test_refuses_several_servers_without_redis() -> None:
    from typer.testing import CliRunner

    from parlour.cli import app

    result = CliRunner().invoke(app, ["loadtest", "--servers", "2", "--tables", "1"])
    assert result.exit_code == 2
    assert "--redis" in result.output
    result = CliRunner().invoke(app, ["loadtest", "--servers", "2", "--lang", "vi"])
    assert result.exit_code == 2
    assert t("cli.loadtest.need_redis", "vi") in result.output


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_servers_starting_together_on_a_new_database_both_start(
    request: pytest.FixtureRequest, database: str
) -> None:
    """They race to create the schema; the losers try again instead of failing."""
    url = request.getfixturevalue("pg_url" if database == "postgresql" else "db_url")
    stores = race(*[partial(open_store, url)] * 4)
    try:
        assert all(isinstance(s, Store) for s in stores), stores
        assert all(s.load_all() == [] for s in stores if isinstance(s, Store))
    finally:
        for s in stores:
            if isinstance(s, Store):
                s.close()


def open_store(url: str) -> Store | Exception:
    """A Store on ``url``, or what kept it from opening."""
    try:
        return Store(url, wait=10)
    except Exception as exc:
        return exc


def test_while_redis_is_away_changes_are_refused_and_nothing_is_lost(
    db_url: str, redis_url: str
) -> None:
    """Redis holds nothing that must survive: it goes, changes wait; it comes back, play
    goes on and the processes hear of each other again."""
    port = free_port()
    config = ServerConfig(database_url=db_url, redis_url=f"redis://127.0.0.1:{port}/0", bot_delay=0)
    with ExitStack() as stack:
        redis = ExitStack()
        redis.enter_context(redis_server.server(port))
        a = stack.enter_context(TestClient(create_app(config)))
        b = stack.enter_context(TestClient(create_app(config)))
        table, host = new_table(a, players=3)
        tokens = [sit(a, table, s, f"P{s}") for s in range(3)]
        start(a, table, host)
        assert move(a, table, 0, tokens[0], 0, "keep").status_code == 200
        eventually(lambda: summary(b, table)["move"] == 1, "B did not hear of move 0")
        redis.close()  # Redis stops
        refused = move(b, table, 1, tokens[1], 1, "swap")
        assert refused.status_code == 503 and refused.json()["error"] == "web.error.busy"
        assert hub(a).store.load_table(table).actions == ["keep"]  # type: ignore[union-attr]
        stack.enter_context(redis_server.server(port))  # back, empty
        eventually(
            lambda: move(b, table, 1, tokens[1], 1, "swap").status_code == 200,
            "the move was not accepted once Redis was back",
        )
        eventually(lambda: summary(a, table)["move"] == 2, "A did not hear of B's move")
        assert move(a, table, 2, tokens[2], 2, "keep").status_code == 200
        eventually(lambda: summary(b, table)["status"] == "over", "B did not see the end")
        assert a.get(f"/api/tables/{table}/record").json()["actions"] == ["keep", "swap", "keep"]


@pytest.mark.parametrize(
    ("game_id", "players"), [("loveletter", 3), ("gauntlet", 2), ("splendor-marvel", 2)]
)
def test_seats_on_two_processes_each_see_only_their_own_views(
    pair: tuple[TestClient, TestClient], game_id: str, players: int
) -> None:
    """A whole game with the seats spread over both processes: every message to every seat
    is exactly the engine's view and visible events for it, whichever process sent it."""
    a, b = pair
    table, host = new_table(a, game=game_id, players=players)
    tokens = [sit((a, b)[s % 2], table, s, f"P{s}") for s in range(players)]
    start(b, table, host)
    eventually(lambda: summary(a, table)["status"] == "playing", "A never saw the start")
    play_checking_every_message(
        [(b, a)[s % 2] for s in range(players)], hub(a).get(table).record, tokens
    )


def test_a_server_whose_redis_does_not_answer_stops_without_showing_its_password(
    db_url: str,
) -> None:
    url = f"redis://:hunter2@127.0.0.1:{free_port()}/0"
    config = ServerConfig(database_url=db_url, redis_url=url, bot_delay=0)
    with pytest.raises(RuntimeError) as caught, TestClient(create_app(config)):
        pass
    assert "does not answer" in str(caught.value)
    assert "hunter2" not in str(caught.value) and ":***@127.0.0.1" in str(caught.value)
