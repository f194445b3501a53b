"""Whole games through the websocket: each seat gets exactly its own view and visible events.

Every message to a seat is compared with the engine's own ``view(seat)`` and
``events_for(seat, ...)`` of an independent replay (the engine's generic suite proves those
leak nothing); the toy game also checks the hidden cards themselves.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.engine import Rng, State
from parlour.games import game_ids, get_game
from parlour.server.store.storage import TableRecord
from parlour.server.tables.hub import Hub
from tests.server.conftest import human_table


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _seats(game_id: str) -> range:
    """The player counts 2 and 3 that a game seats (a game that fails to load fails here)."""
    game = get_game(game_id)
    return range(max(2, game.min_players), min(3, game.max_players) + 1)


CASES = [("highcard", 3), ("highcard", 2)] + [
    (g, n) for g in game_ids() if g != "highcard" for n in _seats(g)
]
"""Every registered game at each of 2 and 3 players it seats: none is left out."""


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_whole_games_send_each_seat_only_what_it_may_see(
    client: TestClient, game_id: str, players: int
) -> None:
    table_id, tokens = human_table(client, players, game_id)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    play_checking_every_message([client] * players, hub.tables[table_id].record, tokens)


def play_checking_every_message(
    clients: list[TestClient], rec: TableRecord, tokens: list[str]
) -> None:
    """Play a started table of people to its end, seat ``s`` connected through
    ``clients[s]``, checking every message against an independent replay."""
    game = get_game(rec.game)
    players = rec.players
    mine: State = game.new(rec.players, rec.options, rec.seed)
    rng = Rng(7)
    sockets = [clients[s].websocket_connect(f"/ws/tables/{rec.id}") for s in range(players)]
    wss = [s.__enter__() for s in sockets]
    try:
        for seat, ws in enumerate(wss):
            ws.send_json({"type": "hello", "seat": seat, "token": tokens[seat], "lang": "en"})
        last = [ws.receive_json() for ws in wss]
        new_events: list[Any] = mine.opening_events()  # the first deal opens the log
        for _ in range(3000):
            for seat, msg in enumerate(last):
                text = json.dumps(msg)
                assert not any(tok in text for tok in tokens)
                assert msg["move"] == mine.move_number and msg["seat"] == seat
                assert msg["view"] == _json(mine.view(seat))
                seen = [{"kind": e.kind, "data": e.data} for e in new_events if e.visible_to(seat)]
                got = [{"kind": e["kind"], "data": e["data"]} for e in msg["events"]]
                assert got == _json(seen)
                legal = [str(a) for a in mine.legal_actions()] if mine.to_act == seat else []
                assert [m["action"] for m in msg["legal"]] == legal
                if rec.game == "highcard" and not mine.is_over:
                    hands = msg["view"]["hands"]
                    assert all(hands[o] is None for o in range(players) if o != seat)
            mover = mine.to_act
            if mover is None:
                break
            action = rng.choice(last[mover]["legal"])["action"]
            wss[mover].send_json({"move": mine.move_number, "action": action})
            new_events = mine.apply(action)
            last = [ws.receive_json() for ws in wss]
        assert mine.is_over and last[0]["summary"]
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
