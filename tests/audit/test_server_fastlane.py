"""The fast lane (start and rematch answered past the framework's layers) answers every
request exactly as the framework does: status, headers and body, refusals included, in
the reader's language; a request it does not take goes through the framework untouched."""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient
from starlette.middleware import Middleware

from parlour.server import ServerConfig, create_app
from parlour.server.edge.guard import Guard, Send
from tests.server.conftest import add_bot, new_table, sit

Answer = tuple[int, list[tuple[str, str]], Any]


class SlowGuard(Guard):
    """Every request through the framework (as before the fast lane)."""

    fast = False


class CountingGuard(Guard):
    """The fast lane, counting the requests it answered."""

    taken: ClassVar[list[str]] = []

    async def fast_answer(self, scope: MutableMapping[str, Any], body: bytes, send: Send) -> bool:
        done = await super().fast_answer(scope, body, send)
        if done:
            CountingGuard.taken.append(scope["path"])
        return done


class LeakyGuard(Guard):
    """A planted fault: the fast lane's answers lose their content type."""

    async def fast_answer(self, scope: MutableMapping[str, Any], body: bytes, send: Send) -> bool:
        async def bare(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = message["headers"][:1]
            await send(message)

        return await super().fast_answer(scope, body, bare)


class ShiftyGuard(Guard):
    """A planted fault: a refusal in the fast lane is answered in English."""

    async def fast_answer(self, scope: MutableMapping[str, Any], body: bytes, send: Send) -> bool:
        scope["headers"] = [(k, v) for k, v in scope["headers"] if k != b"accept-language"]
        scope["query_string"] = b""
        return await super().fast_answer(scope, body, send)


def client_with(guard: type[Guard], path: Path) -> TestClient:
    """An app on a fresh database whose guard is ``guard``."""
    config = ServerConfig(  # the fast lane on, whatever PARLOUR_FAST_PATHS says
        database_url=f"sqlite:///{path}",
        bot_delay=0,
        create_rate="",
        seat_rate="",
        fast_paths=True,
    )
    app = create_app(config)
    app.user_middleware = [
        Middleware(guard, config=config) if getattr(m, "cls", None) is Guard else m
        for m in app.user_middleware
    ]
    return TestClient(app, follow_redirects=False)


class Ids:
    """Tables' ids and creation times made alike across two servers (they are random)."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def name(self, table: str) -> str:
        return self.names.setdefault(table, f"T{len(self.names)}")

    def text(self, text: str) -> str:
        for table, name in self.names.items():
            text = text.replace(table, name)
        return text

    def alike(self, body: Any) -> Any:
        if isinstance(body, dict):
            out = {k: self.alike(v) for k, v in body.items()}
            for key in ("id", "rematch"):
                if isinstance(out.get(key), str):
                    out[key] = self.name(body[key])
            if "created" in out:
                out["created"] = 0
            return out
        if isinstance(body, list):
            return [self.alike(v) for v in body]
        return body


def answer(r: Any, ids: Ids) -> Answer:
    """A response as compared: status, headers (the length checked, then left out: a
    creation time's digits vary), body."""
    assert int(r.headers["content-length"]) == len(r.content)
    headers = [(k, ids.text(v)) for k, v in r.headers.multi_items() if k != "content-length"]
    json = r.headers.get("content-type") == "application/json"
    return r.status_code, headers, ids.alike(r.json()) if json else r.text


def script(c: TestClient) -> list[Answer]:
    """Starts and rematches, refused and accepted, and requests the lane leaves alone."""
    ids = Ids()
    out: list[Answer] = []

    def post(path: str, body: Any = None, **kw: Any) -> None:
        r = c.post(path, json=body, **kw) if "content" not in kw else c.post(path, **kw)
        out.append(answer(r, ids))

    table, host = new_table(c, players=2)
    ids.name(table)
    token = sit(c, table, 0, "Ánh")
    start, again = f"/api/tables/{table}/start", f"/api/tables/{table}/rematch"
    post(start, {"host_token": host})  # a seat is free
    add_bot(c, table, host, 1)
    post(start, {"host_token": "x" * 32})  # not the host
    post(start, {"host_token": "x"}, params={"lang": "vi"})
    post(start, {"host_token": "x"}, params={"lang": "zz"}, headers={"accept-language": "zh"})
    post(start, {"host_token": "x"}, params=[("lang", "es"), ("lang", "vi")])
    post(start, {"host_token": "x"}, headers={"accept-language": "fr, es;q=0.8"})
    post("/api/tables/nope/start", {"host_token": host})
    post(f"/api/tables/{'x' * 40}/start", {"host_token": host})
    post(again, {"token": token})  # not over
    # Not taken by the lane: the framework answers them, on both servers.
    post(start, {"host_token": host, "extra": 1})
    post(start, {"host_token": 5})
    post(start, [host])
    post(start, content=b"{not json", headers={"content-type": "application/json"})
    post(start, content=b'{"host_token": "x"}', headers={"content-type": "text/plain"})
    post(start + "/", {"host_token": host})
    post(f"/api/tables/{table}/start/now", {"host_token": host})
    out.append(answer(c.get(start), ids))
    post(start, {"host_token": host})  # started
    post(start, {"host_token": host})  # not open any more
    r = c.post(
        f"/api/tables/{table}/move", json={"seat": 0, "token": token, "move": 0, "action": "keep"}
    )
    assert r.status_code == 200, r.text  # the bot answers within the move: the game ends
    post(again, {"token": "stranger"})
    post(again, {"token": token})
    post(again, {"token": host})  # the same rematch
    post(again, {"token": token}, headers={"accept-language": "es"})
    made = c.get(f"/api/tables/{table}").json()["rematch"]
    post(f"/api/tables/{made}/start", {"host_token": host})
    post(f"/api/tables/{made}/start", {"host_token": host}, headers={"accept-language": "vi"})
    return out


LANE_REQUESTS = 17
"""The requests of :func:`script` the lane answers."""


@pytest.fixture
def slow(tmp_path: Path) -> Iterator[list[Answer]]:
    with client_with(SlowGuard, tmp_path / "slow.db") as c:
        yield script(c)


def test_fast_lane_answers_as_the_framework(slow: list[Answer], tmp_path: Path) -> None:
    CountingGuard.taken = []
    with client_with(CountingGuard, tmp_path / "fast.db") as c:
        fast = script(c)
    assert len(CountingGuard.taken) == LANE_REQUESTS
    assert all(p.endswith(("/start", "/rematch")) for p in CountingGuard.taken)
    assert len(fast) == len(slow)
    for got, want in zip(fast, slow, strict=True):
        assert got == want
    statuses = {status for status, _, _ in slow}
    assert {200, 201, 307, 400, 403, 404, 405, 409} <= statuses  # the script reaches each kind
    assert any(("content-security-policy" in dict(h)) for _, h, _ in fast)


@pytest.mark.parametrize("planted", [LeakyGuard, ShiftyGuard])
def test_fast_lane_check_catches_planted_faults(
    planted: type[Guard], slow: list[Answer], tmp_path: Path
) -> None:
    with client_with(planted, tmp_path / "planted.db") as c:
        fast = script(c)
    assert fast != slow
