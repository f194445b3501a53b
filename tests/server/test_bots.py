"""Bots at the table: server-side, off the event loop, with a think-time bound."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from parlour.bots.base import Bot, Observation
from parlour.bots.registry import register_bot, unregister_bot
from parlour.engine import Action, Rng
from parlour.games import get_game
from tests.server.conftest import add_bot, new_table, sit, start


class SleepyBot(Bot):
    """Thinks far longer than allowed."""

    name = "sleepy"

    def act(self, obs: Observation, rng: Rng) -> Action:
        time.sleep(1.0)
        return obs.legal[0]


@pytest.fixture
def sleepy_bot() -> Iterator[None]:
    """Register the sleepy bot for one test only (other suites iterate every bot name)."""
    register_bot("sleepy", lambda arg: SleepyBot())
    try:
        yield
    finally:
        unregister_bot("sleepy")


def wait_for(client: TestClient, table: str, status: str, limit: float = 10.0) -> dict[str, object]:
    """Poll a table until it has ``status`` (bounded)."""
    deadline = time.monotonic() + limit
    while True:
        summary: dict[str, object] = client.get(f"/api/tables/{table}").json()
        if summary["status"] == status or time.monotonic() > deadline:
            return summary
        time.sleep(0.02)


def test_a_table_of_bots_plays_to_the_end_with_nobody_connected(client: TestClient) -> None:
    tables = []
    for players in (2, 3, 4):
        table, host = new_table(client, players=players)
        for seat in range(players):
            add_bot(client, table, host, seat)
        start(client, table, host)
        tables.append((table, players))
    for table, players in tables:
        summary = wait_for(client, table, "over")
        assert summary["status"] == "over" and summary["move"] == players
        record = client.get(f"/api/tables/{table}/record").json()
        assert len(record["actions"]) == players


def test_a_modelled_search_bot_finishes_a_love_letter_game(client: TestClient) -> None:
    """The hard bot's search (player model, weighed worlds) plays a whole served game."""
    table, host = new_table(client, game="loveletter", players=3, options={"tokens_to_win": 2})
    add_bot(client, table, host, 0, "ismcts:40,model")
    add_bot(client, table, host, 1, "hard:40")
    add_bot(client, table, host, 2, "normal")
    start(client, table, host)
    summary = wait_for(client, table, "over", limit=60.0)
    assert summary["status"] == "over"
    record = client.get(f"/api/tables/{table}/record").json()
    moves = summary["move"]
    assert isinstance(moves, int)
    assert len(record["actions"]) == moves > 0


@pytest.mark.usefixtures("sleepy_bot")
def test_a_slow_bot_is_cut_short_and_does_not_stall_other_tables(db_url: str) -> None:
    from parlour.server import ServerConfig, create_app

    app = create_app(ServerConfig(database_url=db_url, bot_delay=0, bot_think_limit=0.2))
    with TestClient(app) as client:
        slow, host = new_table(client, players=2)
        add_bot(client, slow, host, 0, "sleepy")
        sit(client, slow, 1, "Ana")
        start(client, slow, host)
        fast, fhost = new_table(client, players=2)
        add_bot(client, fast, fhost, 0)
        add_bot(client, fast, fhost, 1)
        start(client, fast, fhost)
        assert wait_for(client, fast, "over")["status"] == "over"
        # The sleepy bot ran out of time and a legal move was played for it.
        deadline = time.monotonic() + 5
        while client.get(f"/api/tables/{slow}").json()["move"] < 1:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert client.get(f"/api/tables/{slow}").json()["to_act"] == 1


class WrongBot(Bot):
    """Answers a move that is never legal."""

    name = "wrong"

    def act(self, obs: Observation, rng: Rng) -> Action:
        space = get_game(obs.game_id).new(obs.players, obs.options, 0).action_space
        return next(a for a in space.actions if a not in obs.legal)


def test_a_bot_answering_an_illegal_move_gets_a_legal_one_played_and_a_logged_reason(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """The bot loop plays a legal move instead, and the log names the refusal's key and the
    move numbers (what tells a bad bot from a stale state)."""
    register_bot("wrong", lambda arg: WrongBot())
    try:
        table, host = new_table(client, game="loveletter", options={"tokens_to_win": 1})
        add_bot(client, table, host, 0, "wrong")
        add_bot(client, table, host, 1, "wrong")
        with caplog.at_level("ERROR", logger="parlour.server.tables.bots"):
            start(client, table, host)
            summary = wait_for(client, table, "over")
            assert summary["status"] == "over"
    finally:
        unregister_bot("wrong")
    refusals = [r.getMessage() for r in caplog.records if "chose an illegal" in r.getMessage()]
    assert len(refusals) == summary["move"], refusals  # every move was played instead
    assert all("at move" in m and "core.error." in m and "now at move" in m for m in refusals)


def test_a_bot_whose_table_moved_past_its_move_meanwhile_looks_again(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The bot's move is made by someone else while it waits (with several processes,
    another process's bot; here the hub driven directly) and the game ends: the bot's own
    move is refused as over, which is not the bot's fault. Nothing is logged as illegal and
    the loop ends quietly (it tried a fallback move, refused the same way, and failed)."""
    from parlour.server import ServerConfig, create_app
    from parlour.server.tables.hub import Hub

    config = ServerConfig(database_url=db_url, bot_delay=0.5, create_rate="", seat_rate="")
    with TestClient(create_app(config)) as client:
        assert client.portal is not None
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        table, host = new_table(client, players=2)
        token = sit(client, table, 0, "Ana")
        add_bot(client, table, host, 1)
        start(client, table, host)
        with caplog.at_level("ERROR", logger="parlour.server.tables.bots"):
            body = {"seat": 0, "token": token, "move": 0, "action": "keep"}
            assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200
            live = hub.get(table)
            loop = live.bot_task
            assert loop is not None and not loop.done()  # the bot waits its delay
            client.portal.call(hub.play, live, 1, 1, "keep")  # its move, made meanwhile
            assert wait_for(client, table, "over")["status"] == "over"
            deadline = time.monotonic() + 5
            while not loop.done():
                assert time.monotonic() < deadline, "the bot loop never ended"
                time.sleep(0.02)
        assert loop.exception() is None
    assert not [r for r in caplog.records if "chose an illegal" in r.getMessage()]
