"""Hints over HTTP: on at the host's word only, for the seat to act only, off the loop,
bounded, kept per turn, and from the seat's knowledge only."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.bots.ismcts import Budget
from parlour.bots.levels import hard_budget
from parlour.engine import Observation, Rng
from parlour.learn.hints import Hint, HintPool, HintSearch, hint_rng
from parlour.server import ServerConfig, create_app
from parlour.server.routes.learn import HINT_MILLIS, hint_search_of
from tests.learn.test_hints import RealCards
from tests.server.conftest import sit, start


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app on a fresh database (no per-client limits: one address asks all)."""
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config)) as c:
        yield c


def table_of(
    client: TestClient, hints: bool, game: str = "highcard", options: dict[str, Any] | None = None
) -> tuple[str, list[str]]:
    """A started table of two people (hints on or off); its id and the seats' tokens."""
    body = {"game": game, "players": 2, "options": options or {}, "hints": hints}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    assert made.json()["table"]["hints"] is hints
    table, host = made.json()["table"]["id"], made.json()["host_token"]
    tokens = [sit(client, table, s, f"P{s + 1}") for s in range(2)]
    start(client, table, host)
    return table, tokens


def ask(client: TestClient, table: str, **body: Any) -> Any:
    """Ask for a hint (the body as given: seat and token, or less)."""
    return client.post(f"/api/tables/{table}/hint", json=body)


def refused(answer: Any, status: int, key: str) -> None:
    """The answer is a clear refusal: its status, catalog key and translated text."""
    assert (answer.status_code, answer.json()["error"]) == (status, key), answer.text
    assert answer.json()["message"] and answer.json()["message"] != key


def hub_state(client: TestClient, table: str) -> Any:
    """The live state of a table (the test looks behind the server's back)."""
    return client.app.state.hub.tables[table].state  # type: ignore[attr-defined]


def test_hints_are_off_unless_the_host_turns_them_on(client: TestClient) -> None:
    """Off by default, stored with the table and shown in its summary; with them off even the
    seat to act is refused."""
    made = client.post("/api/tables", json={"game": "highcard", "players": 2})
    assert made.json()["table"]["hints"] is False
    table, tokens = table_of(client, hints=False)
    refused(ask(client, table, seat=0, token=tokens[0]), 403, "web.error.hints_off")
    on, _ = table_of(client, hints=True)
    assert client.get(f"/api/tables/{on}").json()["hints"] is True
    assert client.get(f"/api/tables/{table}").json()["hints"] is False
    bad = client.post("/api/tables", json={"game": "highcard", "players": 2, "hints": "yes"})
    refused(bad, 400, "web.error.bad_request")


def test_only_the_seat_to_act_gets_a_hint(client: TestClient) -> None:
    """Spectators, a wrong token and the seat not to act are refused; the seat to act gets
    the hard bot's move and its top options, written out in the reader's language."""
    table, tokens = table_of(client, hints=True)
    refused(ask(client, table), 403, "web.error.hint_spectator")
    refused(ask(client, table, seat=0), 403, "web.error.hint_spectator")
    refused(ask(client, table, seat=0, token=tokens[1]), 403, "web.error.bad_token")
    refused(ask(client, table, seat=1, token=tokens[1]), 409, "web.error.hint_turn")
    refused(ask(client, table, seat=5, token=tokens[0]), 404, "web.error.no_seat")
    answer = client.post(f"/api/tables/{table}/hint?lang=vi", json={"seat": 0, "token": tokens[0]})
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert (hint["seat"], hint["move"], hint["legal"]) == (0, 0, 2)
    assert {o["action"] for o in hint["options"]} == {"swap", "keep"}
    assert hint["options"][0]["action"] == hint["best"] and hint["best_text"]
    assert all(o["text"] and 0 <= o["win"] <= 1 and o["visits"] > 0 for o in hint["options"])
    # The seat's own card decides: a 6 is kept, a 1 swapped (the search sees its own card).
    card = hub_state(client, table).view(0)["hands"][0]
    if card in (1, 6):
        assert hint["best"] == ("keep" if card == 6 else "swap")
    move = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=move).status_code == 200
    refused(ask(client, table, seat=0, token=tokens[0]), 409, "web.error.hint_turn")
    assert ask(client, table, seat=1, token=tokens[1]).status_code == 200
    move = {"seat": 1, "token": tokens[1], "move": 1, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=move).status_code == 200
    refused(ask(client, table, seat=1, token=tokens[1]), 409, "web.error.hint_turn")  # over


def test_a_hint_before_the_start_is_refused(client: TestClient) -> None:
    """Seats taken, not started: not yet."""
    made = client.post("/api/tables", json={"game": "highcard", "players": 2, "hints": True})
    table = made.json()["table"]["id"]
    token = sit(client, table, 0, "P1")
    refused(ask(client, table, seat=0, token=token), 409, "web.error.not_started")


def test_the_budget_is_the_hard_bots_within_a_time_cap() -> None:
    """Each hint searches the hard bot's iterations, at most HINT_MILLIS."""
    app = create_app(ServerConfig(database_url="sqlite://"))
    search = hint_search_of(app, "loveletter")
    assert search.budget == Budget(hard_budget("loveletter").iterations, HINT_MILLIS)
    assert HINT_MILLIS <= 1000


class Held(HintSearch):
    """A search that waits for the test's word before searching (a slow hint)."""

    def __init__(self) -> None:
        super().__init__(Budget(50, None))
        self.release = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def search(self, obs: Observation, rng: Rng) -> Hint:
        """Counts the search, waits, then searches."""
        self.calls += 1
        self.started.set()
        assert self.release.wait(30)
        return super().search(obs, rng)


def in_thread(fn: Any) -> tuple[threading.Thread, list[Any]]:
    """Run ``fn`` on a thread; its answer lands in the list."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(fn()))
    thread.start()
    return thread, out


def test_a_busy_pool_refuses_politely_and_a_hint_is_kept_for_its_turn(
    client: TestClient,
) -> None:
    """One hint worker busy: the same address's hint at another table is refused at once
    (429: one request of an address at a time, nothing queued); the first one's answer is
    kept, so asking again at the same turn searches no more."""
    held = Held()
    client.app.state.hint_search = held  # type: ignore[attr-defined]
    client.app.state.hints = HintPool(1, 8)  # type: ignore[attr-defined]
    one, tokens1 = table_of(client, hints=True)
    two, tokens2 = table_of(client, hints=True)
    thread, out = in_thread(lambda: ask(client, one, seat=0, token=tokens1[0]))
    assert held.started.wait(30)
    busy = client.post(f"/api/tables/{two}/hint?lang=zh", json={"seat": 0, "token": tokens2[0]})
    refused(busy, 429, "web.error.too_fast")
    assert "请求" in busy.json()["message"]
    held.release.set()
    thread.join(30)
    assert out[0].status_code == 200, out[0].text
    again = ask(client, one, seat=0, token=tokens1[0])
    assert again.json() == out[0].json() and held.calls == 1
    assert ask(client, two, seat=0, token=tokens2[0]).status_code == 200
    assert held.calls == 2  # the refused request left nothing behind


def test_a_hint_whose_turn_moved_on_is_dropped(client: TestClient) -> None:
    """The seat plays before its hint is ready: the search stops, nothing is kept, and the
    answer says the turn is gone."""
    held = Held()
    client.app.state.hint_search = held  # type: ignore[attr-defined]
    table, tokens = table_of(client, hints=True)
    thread, out = in_thread(lambda: ask(client, table, seat=0, token=tokens[0]))
    assert held.started.wait(30)
    move = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=move).status_code == 200
    held.release.set()
    thread.join(30)
    refused(out[0], 409, "web.error.hint_turn")
    pool: HintPool = client.app.state.hints  # type: ignore[attr-defined]
    assert pool.kept((table, 0, 0)) is None


def served_and_apart(client: TestClient, search: HintSearch) -> tuple[Any, list[Hint]]:
    """The hint the server gives the seat to act at a Love Letter table, and the hints the
    same search makes on worlds that seat cannot tell apart from the real one."""
    client.app.state.hint_search = search  # type: ignore[attr-defined]
    table, tokens = table_of(client, hints=True, game="loveletter", options={"edition": "classic"})
    state = hub_state(client, table)
    seat = state.to_act
    served = ask(client, table, seat=seat, token=tokens[seat]).json()
    for option in served["options"]:
        assert option.pop("text")
    worlds = [state.determinize(seat, Rng(50 + n)) for n in range(4)]
    assert any(w.to_json() != state.to_json() for w in worlds)
    move = state.move_number
    return served, [search.hint(w, seat, hint_rng(table, move, seat)) for w in worlds]


def test_the_server_hints_from_the_seats_knowledge_only(client: TestClient) -> None:
    """The hint served equals the one made on any world the seat cannot tell apart; the same
    check catches a planted search of the real cards."""
    served, apart = served_and_apart(client, HintSearch(Budget(200, None)))
    assert all(h.to_json() == {k: served[k] for k in h.to_json()} for h in apart)
    served, apart = served_and_apart(client, RealCards(Budget(200, None)))
    assert any(h.to_json() != {k: served[k] for k in h.to_json()} for h in apart)
