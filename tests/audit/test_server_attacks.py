"""The server under attack: forged seats, bad frames, bad moves, lobby injection, peeking."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import human_table, new_table, sit


def _hello(client: TestClient, table: str, hello: Any) -> dict[str, Any]:
    """The first answer to a hello (an error closes the socket)."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        if isinstance(hello, bytes):
            ws.send_bytes(hello)
        elif isinstance(hello, str):
            ws.send_text(hello)
        else:
            ws.send_json(hello)
        answer: dict[str, Any] = ws.receive_json()
        return answer


@pytest.mark.parametrize(
    "hello",
    [
        {"type": "hello", "seat": 1},
        {"type": "hello", "seat": 1, "token": ""},
        {"type": "hello", "seat": 1, "token": "x" * 32},
        {"type": "hello", "seat": 1, "token": None},
        {"type": "hello", "seat": "1", "token": "T0"},
        {"type": "hello", "seat": True, "token": "T0"},
        {"type": "hello", "seat": 10**30, "token": "T0"},
        {"type": "hello", "seat": -1, "token": "T0"},
        {"type": "hello", "seat": 1, "token": "T0"},  # seat 0's token for seat 1
        {"type": "hello", "seat": 0, "token": "T0", "admin": True},
        {"type": "hi"},
        [],
        "not json",
        b"\xff\xfe",
        "x" * 10_000,
        "[" * 5000,
    ],
)
def test_a_forged_hello_gets_an_error_and_no_view(client: TestClient, hello: Any) -> None:
    table, tokens = human_table(client, 2)
    if isinstance(hello, dict) and hello.get("token") == "T0":
        hello = {**hello, "token": tokens[0]}
    answer = _hello(client, table, hello)
    assert answer["type"] == "error" and "view" not in answer
    assert tokens[0] not in json.dumps(answer) and tokens[1] not in json.dumps(answer)


def test_tokens_are_long_random_and_never_shown(client: TestClient) -> None:
    table, host = new_table(client, "highcard", 3)
    tokens = [sit(client, table, s, f"P{s}") for s in range(3)]
    assert len({*tokens, host}) == 4
    assert all(len(tok) >= 32 for tok in tokens)
    public = json.dumps(client.get(f"/api/tables/{table}").json())
    public += json.dumps(client.get("/api/tables").json())
    for secret in [host, *tokens]:
        assert secret not in public
    assert not re.search(r"[0-9a-f]{64}", public)  # nor a stored hash


def _move(ws: Any, move: Any, action: Any) -> dict[str, Any]:
    ws.send_json({"move": move, "action": action})
    answer: dict[str, Any] = ws.receive_json()
    return answer


@pytest.mark.parametrize(
    ("move", "action"),
    [
        ("0", None),
        (-1, None),
        (10**30, None),
        (True, None),
        (None, None),
        (0, 3),
        (0, ["keep"]),
        (0, "x" * 100_000),
        (0, "no-such-action"),
        (0, ""),
        (0, "keep\x00"),
    ],
)
def test_bad_moves_are_refused_to_the_sender_alone(
    client: TestClient, move: Any, action: Any
) -> None:
    table, tokens = human_table(client, 2)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as ws0,
        client.websocket_connect(f"/ws/tables/{table}") as ws1,
    ):
        ws0.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        ws1.send_json({"type": "hello", "seat": 1, "token": tokens[1]})
        first = [ws0.receive_json(), ws1.receive_json()]
        mover = first[0]["view"]["to_act"]
        wss = [ws0, ws1]
        legal = first[mover]["legal"]
        for ws in (ws0, ws1):  # whoever sends it, it is refused and answered to them only
            if action is None:
                answer = _move(ws, move, legal[0]["action"])
            else:
                answer = _move(ws, move, action)
            assert answer["type"] == "error", answer
            assert len(json.dumps(answer)) < 2000
        # The other socket's next message is the state after a real move, not an error.
        ok = _move(wss[mover], 0, legal[0]["action"])
        assert ok["type"] == "state" and ok["move"] == 1
        other = wss[1 - mover].receive_json()
        assert other["type"] == "state" and other["move"] == 1


def test_frames_after_the_hello_are_checked_and_the_socket_lives_on(client: TestClient) -> None:
    table, tokens = human_table(client, 2)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        ws.receive_json()
        frames: list[str | bytes] = [
            b"\x00\xff",
            "{",
            "x" * 10_000,
            "[]",
            '{"type": "rm -rf"}',
            '{"type": "ping", "x": 1}',
            '{"type": "lang", "lang": "xx"}',
            '{"move": 0, "action": "keep", "seat": 1}',
        ]
        for frame in frames:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_a_spectator_cannot_move(client: TestClient) -> None:
    table, _ = human_table(client, 2)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": None})
        state = ws.receive_json()
        assert state["view"]["seat"] is None and state["legal"] == []
        assert _move(ws, 0, "keep")["type"] == "error"


def test_replay_and_record_of_a_running_game_need_the_seat_token(client: TestClient) -> None:
    table, tokens = human_table(client, 2)
    for query, token in [
        ("?seat=0", None),
        ("?seat=0", "nope"),
        ("?seat=0", tokens[1]),
        ("?seat=5", None),
        (f"?seat=0&token={tokens[0]}", None),  # a token in the address is not read
    ]:
        headers = {} if token is None else {"X-Seat-Token": token}
        r = client.get(f"/api/tables/{table}/replay/0{query}", headers=headers)
        assert r.status_code >= 400 and "view" not in r.json(), query
    r = client.get(f"/api/tables/{table}/replay/0")
    assert r.status_code == 200 and r.json()["view"]["seat"] is None
    assert all(h is None for h in r.json()["view"]["hands"])
    assert client.get(f"/api/tables/{table}/record").status_code >= 400
    own = {"X-Seat-Token": tokens[0]}
    mine = client.get(f"/api/tables/{table}/replay/0?seat=0", headers=own).json()
    assert mine["view"]["hands"][1] is None


@pytest.mark.parametrize(
    "body",
    [
        {"game": "highcard", "players": 2, "options": {"nope": 1}},
        {"game": "loveletter", "players": 2, "options": {"edition": "chess"}},
        {"game": "loveletter", "players": 2, "options": {"tokens_to_win": 10**30}},
        {"game": "loveletter", "players": 2, "options": {"tokens_to_win": "5; drop"}},
        {"game": "loveletter", "players": 2, "options": {"edition": ["classic"]}},
        {"game": "loveletter", "players": 99},
        {"game": "loveletter", "players": -1},
        {"game": "loveletter", "players": 10**30},
        {"game": "gauntlet", "players": 1},
        {"game": "splendor-marvel", "players": 5},
        {"game": "../etc/passwd", "players": 2},
        {"game": "highcard", "players": 2, "seed": 1},
        {"game": "highcard"},
        [],
    ],
)
def test_lobby_option_injection_is_a_clear_error(client: TestClient, body: Any) -> None:
    r = client.post("/api/tables", json=body)
    assert 400 <= r.status_code < 500, r.text
    assert "error" in r.json() or "detail" in r.json()


def test_tables_that_do_not_exist_are_clear_errors(client: TestClient) -> None:
    for path in ["/api/tables/nope", "/api/tables/nope/replay/0", "/api/tables/nope/record"]:
        r = client.get(path)
        assert r.status_code == 404, path
    r = client.post("/api/tables/nope/seats/0", json={"name": "A"})
    assert r.status_code == 404
    answer = _hello(client, "nope", {"type": "hello", "seat": None})
    assert answer["type"] == "error"


def test_display_names_with_markup_come_back_as_plain_text(client: TestClient) -> None:
    table, _ = new_table(client, "highcard", 2)
    name = '<img src=x onerror="alert(1)">'
    r = client.post(f"/api/tables/{table}/seats/0", json={"name": name})
    assert r.status_code in (201, 400)
    if r.status_code == 201:
        seats = client.get(f"/api/tables/{table}").json()["seats"]
        assert seats[0]["name"] == name


def test_the_browser_client_never_parses_text_as_html() -> None:
    """Untrusted text (names, messages) reaches the page through textContent only."""
    static = Path(__file__).parents[2] / "parlour" / "web" / "static"
    sinks = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(")
    found = [
        f"{path.name}:{n}"
        for path in static.rglob("*.js")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if sinks.search(line)
    ]
    assert found == []


def test_a_duplicate_move_is_refused_as_stale(client: TestClient) -> None:
    table, tokens = human_table(client, 2)
    mover = client.get(f"/api/tables/{table}").json()["to_act"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": mover, "token": tokens[mover]})
        first = ws.receive_json()
        action = first["legal"][0]["action"]
        ws.send_json({"move": 0, "action": action})
        ws.send_json({"move": 0, "action": action})
        answers = [ws.receive_json(), ws.receive_json()]
        assert [a["type"] for a in answers] == ["state", "error"]
        assert answers[1]["error"] == "web.error.stale_move"
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["move"] == 1


def test_a_move_over_http_needs_the_movers_own_token(client: TestClient) -> None:
    table, tokens = human_table(client, 2)
    mover = client.get(f"/api/tables/{table}").json()["to_act"]
    for seat, token in [(mover, tokens[1 - mover]), (mover, ""), (1 - mover, tokens[1 - mover])]:
        r = client.post(
            f"/api/tables/{table}/move",
            json={"seat": seat, "token": token, "move": 0, "action": "keep"},
        )
        assert 400 <= r.status_code < 500
        assert tokens[mover] not in r.text
    assert client.get(f"/api/tables/{table}").json()["move"] == 0


@pytest.mark.parametrize("name", ["../../engine/state.py", "..%2F..%2Fpyproject.toml", "x.py"])
def test_game_data_files_cannot_be_escaped(client: TestClient, name: str) -> None:
    r = client.get(f"/api/games/loveletter/data/{name}")
    assert r.status_code >= 400 and "import" not in r.text


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "move", "action", "lang", "seat"]), inner)
    ),
    max_leaves=8,
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(messages=st.lists(_JSON, min_size=1, max_size=5))
def test_fuzzed_messages_get_an_answer_and_never_a_move(
    client: TestClient, messages: list[Any]
) -> None:
    table, tokens = human_table(client, 2)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        ws.receive_json()
        for message in messages:
            if isinstance(message, dict) and ("move" in message or "action" in message):
                message = {**message, "move": -1}  # never a real move: nothing may change
            ws.send_json(message)
            answer = ws.receive_json()
            assert answer["type"] in ("error", "state", "pong")
            assert tokens[1] not in json.dumps(answer)
    assert client.get(f"/api/tables/{table}").json()["move"] == 0


@pytest.mark.parametrize(
    "spec", ["hard:infs", "ismcts:nanms", "hard:1e12ms", "ismcts:999999999999"]
)
def test_a_host_cannot_seat_a_bot_that_never_stops_thinking(client: TestClient, spec: str) -> None:
    """Infinite, NaN and huge search budgets are refused when the bot is seated."""
    # The table is never started: a bot seated here would never finish its first move.
    table, host = new_table(client, "loveletter", 2)
    r = client.post(f"/api/tables/{table}/bots/1", json={"bot": spec, "host_token": host})
    assert 400 <= r.status_code < 500


@pytest.mark.parametrize("name", ["Ana\u202eoB", "A\x00na", "Line\nbreak", "\u200b"])
def test_display_names_with_control_or_direction_marks_are_refused(
    client: TestClient, name: str
) -> None:
    """A name holding control or format characters is refused; the seat stays free."""
    table, _host = new_table(client, players=2)
    r = client.post(f"/api/tables/{table}/seats/0", json={"name": name})
    assert r.status_code == 400
    assert r.json()["error"] == "web.error.bad_name"
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["kind"] is None and seats[0]["name"] is None


def _until_state(ws: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The errors received before the next state message, and that message."""
    errors: list[dict[str, Any]] = []
    for _ in range(10):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "state":
            return errors, message
        errors.append(message)
    raise AssertionError(f"no state message after {errors}")


@pytest.mark.parametrize("how", ["freed by its sitter", "freed by the host", "given to a bot"])
def test_a_socket_whose_seat_changed_hands_gets_no_hand_and_no_moves(
    client: TestClient, how: str
) -> None:
    table, host = new_table(client, "highcard", 2)
    old_token = sit(client, table, 0, "Gone")
    with client.websocket_connect(f"/ws/tables/{table}") as old:
        old.send_json({"type": "hello", "seat": 0, "token": old_token})
        assert _until_state(old)[1]["seat"] == 0
        if how == "given to a bot":
            r = client.post(f"/api/tables/{table}/seats/0/free", json={"token": host})
            assert r.status_code == 200, r.text
            errors, state = _until_state(old)
            add_bot = client.post(
                f"/api/tables/{table}/bots/0", json={"bot": "random", "host_token": host}
            )
            assert add_bot.status_code == 200, add_bot.text
            new_token = None
        else:
            freer = old_token if how == "freed by its sitter" else host
            r = client.post(f"/api/tables/{table}/seats/0/free", json={"token": freer})
            assert r.status_code == 200, r.text
            errors, state = _until_state(old)
            new_token = sit(client, table, 0, "Newcomer")
        assert [e["error"] for e in errors] == ["web.error.seat_lost"]
        assert errors[0]["message"] and state["seat"] is None and state["reset"]
        other = sit(client, table, 1, "Other")
        with client.websocket_connect(f"/ws/tables/{table}") as ws1:
            ws1.send_json({"type": "hello", "seat": 1, "token": other})
            _until_state(ws1)
            r = client.post(f"/api/tables/{table}/start", json={"host_token": host})
            assert r.status_code == 200, r.text
            seen: list[dict[str, Any]] = []
            while not seen or seen[-1]["move"] is None:
                errs, message = _until_state(old)
                assert not errs
                seen.append(message)
            first = seen[-1]
            assert first["seat"] is None and first["legal"] == []
            assert first["view"]["hands"][0] is None  # the newcomer's (or bot's) card
            if first["view"]["to_act"] == 0:
                old.send_json({"move": first["move"], "action": "keep"})
                answers = [old.receive_json() for _ in range(2 if how == "given to a bot" else 1)]
                # (the bot's own move arrives too, before or after the refusal)
                assert [a.get("error") for a in answers if a["type"] == "error"] == [
                    "web.error.spectator"
                ]
            # Over HTTP the old token no longer counts either.
            r = client.post(
                f"/api/tables/{table}/move",
                json={"seat": 0, "token": old_token, "move": first["move"], "action": "keep"},
            )
            assert r.status_code == 403, r.text
            if new_token is not None:
                with client.websocket_connect(f"/ws/tables/{table}") as new:
                    new.send_json({"type": "hello", "seat": 0, "token": new_token})
                    mine = _until_state(new)[1]
                    assert mine["seat"] == 0 and mine["view"]["hands"][0] is not None
