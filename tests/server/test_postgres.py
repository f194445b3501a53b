"""The server's storage on PostgreSQL: the same log, the same refusals, the same restarts.

One throwaway PostgreSQL server runs for the whole session (see ``tests/server/pg.py``);
every test gets its own empty database on it. Without PostgreSQL these tests skip.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError, OperationalError

from parlour.engine import Replay, Rng
from parlour.games import get_game
from parlour.server import ServerConfig, create_app
from parlour.server.errors import ServerError
from parlour.server.store.storage import ActionRow, SeatRecord, Store, TableRecord
from parlour.server.tables.hub import Hub
from parlour.server.tables.live import LiveTable
from parlour.tools.process import free_port, serve_process
from tests.server import pg
from tests.server.conftest import add_bot, human_table, new_table, run_async, start
from tests.server.test_restart import LAUNCH

LIMIT = 20.0
"""Seconds any wait in these tests may last."""


@pytest.fixture
def store(pg_url: str) -> Iterator[Store]:
    """A Store on the fresh database."""
    s = Store(pg_url)
    try:
        yield s
    finally:
        s.close()


def record(table_id: str = "t1", seed: int = 7, **options: Any) -> TableRecord:
    """A highcard table record, open."""
    return TableRecord(
        id=table_id,
        game="highcard",
        players=2,
        options=options,
        seed=seed,
        host_hash="h" * 64,
        status="open",
        created=time.time(),
    )


def wait_until(client: TestClient, table: str, ok: Any) -> dict[str, Any]:
    """Poll a table's summary until ``ok(summary)`` (bounded)."""
    deadline = time.monotonic() + LIMIT
    while True:
        summary: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if ok(summary):
            return summary
        assert time.monotonic() < deadline, summary
        time.sleep(0.02)


# -- storage ---------------------------------------------------------------------------------


def test_the_schema_is_created_with_the_log_keyed_by_table_and_move(store: Store) -> None:
    found = inspect(store.engine)
    assert {"parlour_tables", "parlour_seats", "parlour_actions"} <= set(found.get_table_names())
    key = found.get_pk_constraint("parlour_actions")["constrained_columns"]
    assert key == ["table_id", "move"]
    Store(store.url).close()  # a second start on the same database changes nothing


def test_a_table_its_seats_and_its_log_come_back_as_stored(store: Store) -> None:
    biggest = (1 << 63) - 1  # fresh seeds are 63-bit: the top one must fit
    rec = record(seed=biggest, copies=3, label="Trà sữa 奶茶", nested={"a": [1, 2]})
    store.create_table(rec)
    store.create_table(record("t0", seed=0))
    store.take_seat("t1", SeatRecord(0, "human", "Ana", None, "x" * 64))
    store.take_seat("t1", SeatRecord(1, "bot", "heuristic bot 2", "heuristic", None))
    with pytest.raises(IntegrityError):  # a seat is taken once
        store.take_seat("t1", SeatRecord(1, "human", "Bo", None, "y" * 64))
    store.set_status("t1", "playing")
    store.append_action("t1", 0, 0, "swap", over=False)
    store.append_actions([ActionRow("t1", 1, 1, "keep", True), ActionRow("t0", 0, 0, "k", False)])
    loaded = {r.id: r for r in store.load_all()}
    got = loaded["t1"]
    assert (got.game, got.players, got.seed, got.host_hash) == ("highcard", 2, biggest, "h" * 64)
    assert got.options == rec.options and got.created == rec.created
    assert got.status == "over"  # the action that ended the game ended the table
    assert got.seats == {
        0: SeatRecord(0, "human", "Ana", None, "x" * 64),
        1: SeatRecord(1, "bot", "heuristic bot 2", "heuristic", None),
    }
    assert got.actions == ["swap", "keep"]
    assert (loaded["t0"].seed, loaded["t0"].actions, loaded["t0"].status) == (0, ["k"], "open")
    store.free_seat("t1", 0)
    assert set(next(r for r in store.load_all() if r.id == "t1").seats) == {1}


def test_the_same_move_is_never_stored_twice(store: Store) -> None:
    store.create_table(record())
    store.append_action("t1", 0, 0, "swap", over=False)
    with pytest.raises(IntegrityError):
        store.append_action("t1", 0, 0, "keep", over=False)
    # A batch holding a duplicate is refused whole: the log never has gaps or halves.
    with pytest.raises(IntegrityError):
        store.append_actions(
            [ActionRow("t1", 1, 1, "keep", True), ActionRow("t1", 0, 0, "keep", False)]
        )
    (got,) = store.load_all()
    assert (got.actions, got.status) == (["swap"], "open")
    store.append_action("t1", 1, 1, "keep", over=False)  # the store still works afterwards
    assert store.load_all()[0].actions == ["swap", "keep"]


def test_storing_the_same_rows_again_is_a_retry_not_a_second_move(store: Store) -> None:
    """A commit whose answer was lost is retried with the same rows: stored once, no error."""
    store.create_table(record())
    store.create_table(record("t2"))
    store.append_actions([ActionRow("t1", 0, 0, "swap", False), ActionRow("t2", 0, 0, "x", False)])
    store.append_actions([ActionRow("t1", 0, 0, "swap", False), ActionRow("t2", 0, 0, "x", False)])
    # Half stored already: the other half is added, and the end of the game is recorded.
    store.append_actions(
        [ActionRow("t1", 0, 0, "swap", False), ActionRow("t1", 1, 1, "keep", True)]
    )
    with pytest.raises(IntegrityError):  # another seat claiming a stored move is still refused
        store.append_actions([ActionRow("t2", 0, 1, "x", False), ActionRow("t2", 1, 1, "y", False)])
    got = {r.id: r for r in store.load_all()}
    assert (got["t1"].actions, got["t1"].status) == (["swap", "keep"], "over")
    assert (got["t2"].actions, got["t2"].status) == (["x"], "open")


def test_a_stored_log_rebuilds_the_state_by_replay(store: Store) -> None:
    game = get_game("loveletter")
    rec = TableRecord("ll", game.id, 3, game.resolve_options(3, {}), 2024, "h", "playing", 1.0)
    store.create_table(rec)
    state, rng = game.new(rec.players, rec.options, rec.seed), Rng(5)
    move = 0
    while not state.is_over and move < 60:
        action = str(rng.choice(state.legal_actions()))
        seat = state.to_act
        assert seat is not None
        state.apply(action)
        store.append_action(rec.id, move, seat, action, over=state.is_over)
        move += 1
    (loaded,) = Store(store.url).load_all()
    assert len(loaded.actions) == move
    live = LiveTable(loaded, game)
    live.start_play()
    assert live.state is not None and live.state.to_json() == state.to_json()


def test_two_threads_racing_for_each_move_store_it_once(store: Store) -> None:
    store.create_table(record())
    moves, wins = 12, [0, 0]
    barrier = threading.Barrier(2, timeout=LIMIT)

    def racer(who: int) -> None:
        for move in range(moves):
            barrier.wait()
            try:
                store.append_action("t1", move, move % 2, f"{who}:{move}", over=False)
            except IntegrityError:
                continue
            wins[who] += 1

    threads = [threading.Thread(target=racer, args=(w,)) for w in (0, 1)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(LIMIT)
    (got,) = store.load_all()
    assert sum(wins) == moves and len(got.actions) == moves
    assert [a.split(":")[1] for a in got.actions] == [str(m) for m in range(moves)]


# -- the app on PostgreSQL -------------------------------------------------------------------


def test_a_bot_game_is_played_through_and_a_restart_resumes_at_the_same_move(
    pg_url: str,
) -> None:
    slow = ServerConfig(database_url=pg_url, bot_delay=0.02, bot_think_limit=5)
    with TestClient(create_app(slow)) as client:
        table, host = new_table(client, "loveletter", 2)
        for seat in range(2):
            add_bot(client, table, host, seat, "random")
        start(client, table, host)
        wait_until(client, table, lambda s: s["move"] >= 3)
    # The server stopped between two bot moves: the next one starts from the stored log.
    store = Store(pg_url)
    (stopped,) = store.load_all()
    store.close()
    assert stopped.status == "playing" and len(stopped.actions) >= 3
    idle = ServerConfig(database_url=pg_url, bot_delay=60, bot_think_limit=5)
    with TestClient(create_app(idle)) as client:  # bots wait: the table holds still
        summary = client.get(f"/api/tables/{table}").json()
        assert (summary["status"], summary["move"]) == ("playing", len(stopped.actions))
        live: LiveTable = client.app.state.hub.tables[table]  # type: ignore[attr-defined]
        replayed = Replay(
            stopped.game, 2, stopped.options, stopped.seed, None, list(stopped.actions)
        ).final_state(get_game("loveletter"))
        assert live.state is not None and live.state.to_json() == replayed.to_json()
    fast = ServerConfig(database_url=pg_url, bot_delay=0, bot_think_limit=5)
    with TestClient(create_app(fast)) as client:
        final = wait_until(client, table, lambda s: s["status"] == "over")
        rec = client.get(f"/api/tables/{table}/record").json()
        assert rec["actions"][: len(stopped.actions)] == stopped.actions
        assert final["move"] == len(rec["actions"]) and final["to_act"] is None
        end = Replay(stopped.game, 2, stopped.options, stopped.seed, None, rec["actions"])
        assert end.final_state(get_game("loveletter")).is_over


def test_people_and_moves_survive_a_restart_on_postgres(pg_url: str) -> None:
    config = ServerConfig(database_url=pg_url, bot_delay=0)
    with TestClient(create_app(config)) as client:
        table, tokens = human_table(client, players=3)
        for seat, action in enumerate(["swap", "keep"]):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": action}
            assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200
        url = f"/api/tables/{table}/replay/2?seat=2"
        before = client.get(url, headers={"X-Seat-Token": tokens[2]}).json()
    with TestClient(create_app(config)) as client:
        summary = client.get(f"/api/tables/{table}").json()
        assert (summary["status"], summary["move"], summary["to_act"]) == ("playing", 2, 2)
        after = client.get(url, headers={"X-Seat-Token": tokens[2]}).json()
        assert after["view"] == before["view"] and after["events"] == before["events"]
        stale = {"seat": 1, "token": tokens[1], "move": 1, "action": "keep"}
        assert client.post(f"/api/tables/{table}/move", json=stale).status_code == 409
        last = {"seat": 2, "token": tokens[2], "move": 2, "action": "keep"}
        assert client.post(f"/api/tables/{table}/move", json=last).status_code == 200
        assert client.get(f"/api/tables/{table}").json()["status"] == "over"


def test_moves_sent_from_two_threads_at_once_are_applied_once_each(pg_url: str) -> None:
    players = 4
    config = ServerConfig(database_url=pg_url, bot_delay=0)
    with TestClient(create_app(config)) as client:
        table, tokens = human_table(client, players=players)
        accepted: list[list[int]] = [[], []]
        refused: list[tuple[int, str]] = []
        barrier = threading.Barrier(2, timeout=LIMIT)

        def sender(who: int) -> None:
            for move in range(players):
                barrier.wait()  # both threads send move n together
                body = {"seat": move, "token": tokens[move], "move": move, "action": "keep"}
                r = client.post(f"/api/tables/{table}/move", json=body)
                if r.status_code == 200:
                    accepted[who].append(move)
                else:
                    refused.append((move, r.json()["error"]))

        threads = [threading.Thread(target=sender, args=(w,)) for w in (0, 1)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(LIMIT)
        assert sorted(accepted[0] + accepted[1]) == list(range(players))
        # The loser of each race is told the move is stale (after the last: the game is over).
        late = {m: "web.error.stale_move" for m in range(players - 1)}
        assert dict(refused) == late | {players - 1: "core.error.game_over"}
        summary = client.get(f"/api/tables/{table}").json()
        assert (summary["status"], summary["move"]) == ("over", players)
    store = Store(pg_url)
    (stored,) = store.load_all()
    store.close()
    assert stored.actions == ["keep"] * players and stored.status == "over"


def test_a_name_postgres_cannot_hold_is_still_seated(pg_url: str) -> None:
    """PostgreSQL text refuses NUL characters: the app refuses such a name, and the store
    keeps any name it is given (cleaned) rather than break a table."""
    with TestClient(create_app(ServerConfig(database_url=pg_url, bot_delay=0))) as client:
        table, _ = new_table(client)
        r = client.post(f"/api/tables/{table}/seats/0", json={"name": "A\x00B"})
        assert r.status_code == 400 and r.json()["error"] == "web.error.bad_name"
    store = Store(pg_url)
    record = SeatRecord(1, "human", "A\x00B", None, "hash")
    store.take_seat(table, record)
    assert record.name == "A\ufffdB"  # memory and storage agree
    (stored,) = store.load_all()
    store.close()
    assert stored.seats[1].name == "A\ufffdB"


# -- recovery --------------------------------------------------------------------------------


class LostAnswerStore(Store):
    """Commits the first batch of actions, then fails as if the connection had dropped."""

    lost = 0

    def append_actions(self, rows: list[ActionRow]) -> None:
        """Store the rows; the first time, report a failure after the commit."""
        super().append_actions(rows)
        if self.lost == 0:
            self.lost += 1
            raise OperationalError("COMMIT", {}, ConnectionError("server closed the connection"))


def test_a_move_whose_commit_answer_was_lost_is_accepted_when_sent_again(pg_url: str) -> None:
    async def scenario() -> tuple[list[str], list[str], str, int]:
        store = LostAnswerStore(pg_url)
        hub = Hub(store, ServerConfig(bot_delay=0))
        table, host = await hub.create("highcard", 2, {})
        await hub.take_seat(table, 0, "Ana")
        await hub.take_seat(table, 1, "Bo")
        await hub.start(table, host)
        errors = []
        try:
            await hub.play(table, 0, 0, "swap")
        except ServerError as exc:
            errors.append(exc.key)
        assert table.state is not None and table.state.move_number == 0  # memory unchanged
        await hub.play(table, 0, 0, "swap")  # the client sends the same move again
        await hub.play(table, 1, 1, "keep")
        (stored,) = store.load_all()
        await hub.close()
        store.close()
        return errors, stored.actions, stored.status, len(table.record.actions)

    errors, actions, status, live = run_async(scenario())
    assert errors == ["web.error.storage"]
    assert (actions, status, live) == (["swap", "keep"], "over", 2)


def test_tables_carry_on_after_postgres_restarts_under_a_running_server(
    pg_server: pg.Server, pg_url: str
) -> None:
    config = ServerConfig(database_url=pg_url, bot_delay=0.05, bot_think_limit=5)
    with TestClient(create_app(config)) as client:
        people, tokens = human_table(client, players=2)
        bots, host = new_table(client, "loveletter", 2)
        for seat in range(2):
            add_bot(client, bots, host, seat, "random")
        start(client, bots, host)
        wait_until(client, bots, lambda s: s["move"] >= 1)
        move = {"seat": 0, "token": tokens[0], "move": 0, "action": "swap"}
        pg_server.stop()
        try:
            r = client.post(f"/api/tables/{people}/move", json=move)
            assert (r.status_code, r.json()["error"]) == (503, "web.error.storage")
            assert client.get(f"/api/tables/{people}").json()["move"] == 0
            time.sleep(0.3)  # the bots meet the closed database too
        finally:
            pg_server.start()
        assert client.post(f"/api/tables/{people}/move", json=move).status_code == 200
        final = wait_until(client, bots, lambda s: s["status"] == "over")
        record = client.get(f"/api/tables/{bots}/record").json()
        assert final["move"] == len(record["actions"])
    store = Store(pg_url)
    stored = {r.id: r for r in store.load_all()}
    store.close()
    assert stored[people].actions == ["swap"]
    assert stored[bots].actions == record["actions"] and stored[bots].status == "over"


def test_a_bare_postgresql_url_uses_the_shipped_driver(pg_url: str) -> None:
    for scheme in ("postgresql://", "postgres://"):
        bare = Store(pg_url.replace("postgresql+psycopg://", scheme))
        try:
            assert bare.engine.dialect.driver == "psycopg"
            bare.create_table(record(scheme.removesuffix("://")))
        finally:
            bare.close()
    store = Store(pg_url)
    assert {r.id for r in store.load_all()} == {"postgresql", "postgres"}
    store.close()


def test_a_server_starting_before_its_database_waits_for_it(
    pg_server: pg.Server, pg_url: str
) -> None:
    pg_server.stop()
    later = threading.Timer(0.5, pg_server.start)
    try:
        later.start()
        store = Store(pg_url, wait=LIMIT)  # refused at first, then the database is up
        store.create_table(record())
        assert [r.id for r in store.load_all()] == ["t1"]
        store.close()
    finally:
        later.join(LIMIT)
        if not pg_server.running():
            pg_server.start()


def test_a_database_that_never_answers_is_an_error_after_the_wait(pg_server: pg.Server) -> None:
    nobody = f"postgresql://{pg.SUPERUSER}@127.0.0.1:{free_port()}/parlour"
    with pytest.raises(OperationalError):
        Store(nobody, wait=0.3)


@contextmanager
def serve(database: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A real ``parlour serve`` process on ``database``; yields its base URL and the process."""
    root = Path(__file__).resolve().parents[2]
    # Starting a process takes long on a loaded machine; only a server that never answers fails.
    with serve_process(database, preamble=LAUNCH, cwd=root, wait=3 * LIMIT) as up:
        yield up


@pytest.mark.server_process
def test_a_killed_server_on_a_bare_postgresql_url_comes_back_at_the_same_move(
    pg_url: str,
) -> None:
    bare = pg_url.replace("postgresql+psycopg://", "postgresql://")
    with serve(bare) as (base, proc):
        r = httpx.post(f"{base}/api/tables", json={"game": "highcard", "players": 3})
        table, host = r.json()["table"]["id"], r.json()["host_token"]
        seats = f"{base}/api/tables/{table}/seats"
        tokens = [
            httpx.post(f"{seats}/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(3)
        ]
        httpx.post(f"{base}/api/tables/{table}/start", json={"host_token": host})
        for seat, action in ((0, "swap"), (1, "keep")):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": action}
            assert httpx.post(f"{base}/api/tables/{table}/move", json=body).status_code == 200
        view = f"/api/tables/{table}/replay/2?seat=0"
        before = httpx.get(base + view, headers={"X-Seat-Token": tokens[0]}).json()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    with serve(bare) as (base, _):
        summary = httpx.get(f"{base}/api/tables/{table}").json()
        assert (summary["status"], summary["move"], summary["to_act"]) == ("playing", 2, 2)
        after = httpx.get(base + view, headers={"X-Seat-Token": tokens[0]}).json()
        assert after["view"] == before["view"] and after["events"] == before["events"]
        stale = {"seat": 1, "token": tokens[1], "move": 1, "action": "keep"}
        assert httpx.post(f"{base}/api/tables/{table}/move", json=stale).status_code == 409
        last = {"seat": 2, "token": tokens[2], "move": 2, "action": "keep"}
        assert httpx.post(f"{base}/api/tables/{table}/move", json=last).status_code == 200
        assert httpx.get(f"{base}/api/tables/{table}").json()["status"] == "over"
