"""Whatever clients send, in whatever order, the stored log replays to the live state."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.engine import ParlourError, Replay
from parlour.games import get_game
from parlour.server.config import ServerConfig
from parlour.server.store.storage import Store
from parlour.server.tables.hub import Hub
from tests.server.conftest import human_table, run_async

ATTEMPTS = st.lists(
    st.tuples(
        st.integers(0, 3),  # seat
        st.integers(-1, 5),  # move number claimed
        st.sampled_from(["keep", "swap", "fold", "", "KEEP"]),
        st.booleans(),  # with the right token
    ),
    max_size=14,
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(attempts=ATTEMPTS)
def test_random_attempts_apply_each_move_once_and_in_order(
    client: TestClient, attempts: list[tuple[int, int, str, bool]]
) -> None:
    table, tokens = human_table(client, players=4)
    accepted: list[str] = []
    for seat, move, action, good in attempts:
        token = tokens[seat] if good else tokens[(seat + 1) % 4]
        body = {"seat": seat, "token": token, "move": move, "action": action}
        r = client.post(f"/api/tables/{table}/move", json=body)
        if r.status_code == 200:
            assert good and move == len(accepted) and seat == len(accepted)
            accepted.append(action.strip())
        else:
            assert r.json()["error"] and r.json()["message"]
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["move"] == len(accepted)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.tables[table]
    rec = live.record
    assert rec.actions == accepted
    replayed = Replay(rec.game, rec.players, rec.options, rec.seed, None, list(rec.actions))
    assert live.state is not None
    assert replayed.final_state(get_game(rec.game)).to_json() == live.state.to_json()


def test_the_same_move_sent_twice_at_once_is_applied_once() -> None:
    async def scenario() -> tuple[list[Any], int]:
        hub = Hub(Store("sqlite://"), ServerConfig(bot_delay=0))
        table, host = await hub.create("highcard", 2, {})
        await hub.take_seat(table, 0, "Ana")
        await hub.take_seat(table, 1, "Bo")
        await hub.start(table, host)
        results = await asyncio.gather(
            hub.play(table, 0, 0, "keep"),
            hub.play(table, 0, 0, "swap"),
            hub.play(table, 0, 0, "keep"),
            return_exceptions=True,
        )
        moves = len(hub.store.load_all()[0].actions)
        await hub.close()
        return list(results), moves

    results, stored = run_async(scenario())
    refused = [r for r in results if isinstance(r, ParlourError)]
    assert results.count(None) == 1 and len(refused) == 2
    assert {e.key for e in refused} == {"web.error.stale_move"}
    assert stored == 1
