"""A seat that times out with its person here: the table waits, its clock stopped.

With "a bot takes the seat until the person is back", a person who kept the page open and
never moved stalled the table for ever: the bot standing in gave the seat back at once,
the deadline (long passed) came up again at once, and the server sent 174,289 clock
messages in 30 s. Now the clock stops at zero with one message naming the seat waited
for, nothing runs while it waits, and the others may hand the seat to a bot or agree to
end the game. An honest player who walks away from an open page meets the same.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.test_clocks import Clock, clock_of, hub_of, summary, timed_table, wait_for

SEAT_WAITS = {"mode": "realtime", "per_move": 5, "bank": 0, "on_timeout": "seat"}


def live(ws: WebSocketTestSession, seat: int, token: str) -> None:
    """Say hello and beat: the seat's person is here."""
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": "en"})
    ws.receive_json()
    ws.send_json({"type": "beat"})
    settle(ws)


def settle(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message the server sent this client before it answers a ping."""
    ws.send_json({"type": "ping"})
    seen = []
    while (message := ws.receive_json())["type"] != "pong":
        seen.append(message)
    return seen


def test_a_present_person_who_never_moves_stops_the_clock_with_one_message(
    client: TestClient,
) -> None:
    clock = Clock(client)
    table, _, tokens = timed_table(client, SEAT_WAITS, players=2)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as idle, client.websocket_connect(url) as other:
        live(idle, 0, tokens[0])
        live(other, 1, tokens[1])
        clock.tick()
        settle(other)
        clock.tick(6)  # seat 0's time is up while its page is open
        for _ in range(5):
            clock.tick()  # the timer comes round again and again: nothing more happens
        told = [m for m in settle(other) if m["type"] == "clock"]
        assert hub_of(client).clocks.acted == 1  # one timeout, not one per timer round
        assert [(m.get("waiting"), m["deadline"]) for m in told] == [(0, None)]
        assert summary(client, table)["move"] == 0  # the seat waits: nobody moved for it
        assert clock_of(client, table)["bots_play"] == []
        # The person may still move; the clock runs again from the next turn.
        body = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
        assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200
        after = clock_of(client, table)
        assert (after["waiting"], after["seat"]) == (None, 1) and after["deadline"] is not None


def test_while_the_table_waits_another_person_hands_the_seat_to_a_bot(
    client: TestClient,
) -> None:
    clock = Clock(client)
    table, _, tokens = timed_table(client, SEAT_WAITS, players=2)
    with client.websocket_connect(f"/ws/tables/{table}") as idle:
        live(idle, 0, tokens[0])
        url = f"/api/tables/{table}/waiting/bot"
        early = client.post(url, json={"seat": 1, "token": tokens[1]})
        assert (early.status_code, early.json()["error"]) == (400, "friends.error.not_waiting")
        clock.tick()
        clock.tick(6)
        own = client.post(url, json={"seat": 0, "token": tokens[0]})
        assert own.json()["error"] == "friends.error.own_seat"
        forged = client.post(url, json={"seat": 1, "token": tokens[0]})
        assert forged.status_code == 403
        handed = client.post(url, json={"seat": 1, "token": tokens[1]})
        assert handed.status_code == 200 and handed.json()["handed"] == [0]
        wait_for(lambda: summary(client, table)["move"] >= 1, "the bot plays seat 0")


def test_the_others_end_the_game_by_agreement(client: TestClient) -> None:
    clock = Clock(client)
    table, _, tokens = timed_table(client, SEAT_WAITS, players=3)
    with client.websocket_connect(f"/ws/tables/{table}") as idle:
        live(idle, 0, tokens[0])
        clock.tick()
        clock.tick(6)
        url = f"/api/tables/{table}/waiting/end"
        first = client.post(url, json={"seat": 1, "token": tokens[1]}).json()
        assert (first["ended"], first["clock"]["ending"]) == (False, [1])
        assert not summary(client, table)["archived"]
        second = client.post(url, json={"seat": 2, "token": tokens[2]}).json()
        assert second["ended"] and summary(client, table)["archived"]
        body = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
        late = client.post(f"/api/tables/{table}/move", json=body)
        assert late.json()["error"] == "web.error.archived"


def test_a_person_away_when_time_is_up_still_gets_a_bot_standing_in(client: TestClient) -> None:
    # The walk-away with the page closed: a bot stands in, as before.
    clock = Clock(client)
    table, _, _ = timed_table(client, SEAT_WAITS, players=2)
    clock.tick()
    clock.tick(6)
    wait_for(lambda: summary(client, table)["move"] >= 1, "the bot standing in moves")
    assert clock_of(client, table)["waiting"] is None
