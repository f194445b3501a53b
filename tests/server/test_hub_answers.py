"""Bots that answer at once answer within a person's move: one commit, one state message."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.bots.base import Bot
from parlour.engine import Replay, State
from parlour.engine.players import RandomBot
from parlour.games import get_game
from parlour.server import ServerConfig, create_app
from parlour.server.tables.bots import BotPlay
from parlour.server.tables.hub import Hub
from parlour.server.tables.live import LiveTable
from tests.server.conftest import add_bot, new_table, sit, start


def hello(ws: WebSocketTestSession, seat: int | None, token: str | None) -> Any:
    """Say which seat this is and return the first state message."""
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": "en"})
    return ws.receive_json()


def serve(db: Path, bot_delay: float = 0.0) -> TestClient:
    """An app on ``db`` (the per-client limits off)."""
    config = ServerConfig(
        database_url=f"sqlite:///{db}",
        bot_delay=bot_delay,
        bot_think_limit=5,
        create_rate="",
        seat_rate="",
    )
    return TestClient(create_app(config))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app whose bots do not wait."""
    with serve(tmp_path / "parlour.db") as c:
        yield c


def table_of(
    client: TestClient, bots: dict[int, str], players: int = 4
) -> tuple[str, dict[int, str]]:
    """A started high-card table with ``bots`` in their seats and people in the others;
    its id and the people's tokens."""
    table, host = new_table(client, "highcard", players)
    tokens = {}
    for seat in range(players):
        if seat in bots:
            add_bot(client, table, host, seat, bots[seat])
        else:
            tokens[seat] = sit(client, table, seat, f"P{seat + 1}")
    start(client, table, host)
    return table, tokens


def kinds(message: dict[str, Any]) -> list[tuple[str, int]]:
    """A message's events as (kind, seat)."""
    return [(e["kind"], e["data"].get("seat", -1)) for e in message["events"]]


def test_a_random_bot_answers_within_the_persons_move_in_one_message(
    client: TestClient,
) -> None:
    table, tokens = table_of(client, {1: "random", 3: "random"})
    url = f"/ws/tables/{table}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as c,
        client.websocket_connect(url) as watcher,
    ):
        hello(a, 0, tokens[0])
        hello(c, 2, tokens[2])
        hello(watcher, None, None)
        a.send_json({"move": 0, "action": "swap"})
        mine, other, seen = a.receive_json(), c.receive_json(), watcher.receive_json()
        # The person's move and the bot's answer, together: the next seat to act is a
        # person's, so the answers stop there.
        assert mine["move"] == other["move"] == seen["move"] == 2
        assert mine["table"]["to_act"] == 2 and other["legal"] and not mine["legal"]
        assert [m for m in kinds(mine) if m[0] == "acted"] == [("acted", 0), ("acted", 1)]
        assert [e["move"] for e in mine["events"]][-1] == 2
        # Each seat still sees only its own secrets: seat 0 its draw, not the bot's.
        drew = [s for k, s in kinds(mine) if k == "drew"]
        assert drew == [0]
        assert all(s != 0 for k, s in kinds(other) if k == "drew")
        assert all(k != "drew" for k, _ in kinds(seen))
        assert mine["view"]["hands"][1] is None and seen["view"]["hands"][0] is None
        c.send_json({"move": 2, "action": "keep"})
        end = a.receive_json()
        assert end["move"] == 4 and end["summary"] and end["table"]["status"] == "over"
    record = client.get(f"/api/tables/{table}/record").json()
    replay = Replay.from_json(record)
    assert len(replay.actions) == 4
    state = replay.initial_state(get_game("highcard"))
    for action in replay.actions:
        state.apply(action)
    assert state.is_over


def test_the_answers_are_the_moves_the_bot_loop_makes(tmp_path: Path) -> None:
    """The same seed gives the same game whether the bots answer within the move or on
    their own turn (bot delay above 0: each move its own commit and message)."""
    logs = []
    for delay, name in ((0.0, "at-once.db"), (0.01, "own-turn.db")):
        with serve(tmp_path / name, bot_delay=delay) as client:
            table, tokens = table_of(client, {1: "random", 2: "random", 3: "random"})
            hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
            hub.tables[table].record.seed = 7
            hub.tables[table].start_play()
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                hello(ws, 0, tokens[0])
                ws.send_json({"move": 0, "action": "swap"})
                moves = []
                while (message := ws.receive_json())["summary"] is None:
                    moves.append(message["move"])
                moves.append(message["move"])
            logs.append((moves, hub.tables[table].record.actions))
    (at_once, actions), (own_turn, same) = logs
    assert at_once == [4] and own_turn == [1, 2, 3, 4]
    assert actions == same


def test_a_bot_that_thinks_keeps_its_own_turn(client: TestClient) -> None:
    table, tokens = table_of(client, {1: "ismcts:20", 3: "random"})
    with client.websocket_connect(f"/ws/tables/{table}") as a:
        hello(a, 0, tokens[0])
        a.send_json({"move": 0, "action": "swap"})
        assert a.receive_json()["move"] == 1  # the person's move alone
        assert a.receive_json()["move"] == 2  # then the bot's, on its own


class FailingBot(RandomBot):
    """A planted fault: a bot whose pick fails."""

    def act(self, observation: Any, rng: Any) -> Any:
        raise RuntimeError("planted")


class FailingAnswers(BotPlay):
    """Bots that answer at once, with a pick that fails."""

    def at_once(self, table: LiveTable, seat: int | None) -> Bot | None:
        return None if super().at_once(table, seat) is None else FailingBot()


def test_a_failed_answer_leaves_the_persons_move_alone_and_the_bot_loop_plays(
    client: TestClient,
) -> None:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.bot_play = FailingAnswers(hub)
    table, tokens = table_of(client, {1: "random", 3: "random"})
    with client.websocket_connect(f"/ws/tables/{table}") as a:
        hello(a, 0, tokens[0])
        a.send_json({"move": 0, "action": "swap"})
        first = a.receive_json()
        assert first["move"] == 1 and [m for m in kinds(first) if m[0] == "acted"] == [("acted", 0)]
        assert a.receive_json()["move"] == 2  # the real bot's move, by the bot loop
    live = hub.tables[table]
    assert len(live.record.actions) == 2
    state: State | None = live.state
    assert state is not None and state.to_act == 2
