"""Strangers at the JSON doors: every route of the API, read from the app's own OpenAPI
description, is sent generated paths, queries, headers and bodies (wild JSON, fields of the
right names with wrong values, bytes that are no JSON at all). Whatever comes in, the answer
is a success or a refusal with a catalog key present in all four languages and a written
message: never a 500, never a bare English text. Bounded (a fixed number of examples a
route, derandomized) and in process; the checker is shown to catch a planted bad door.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
from httpx import Response
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.engine.i18n import LANGUAGES, has
from parlour.server import ServerConfig, create_app

CONFIG = ServerConfig(bot_delay=0, create_rate="", seat_rate="")


@dataclass(frozen=True)
class Door:
    """One route: its method, path template, parameters and body's field names."""

    method: str
    path: str
    params: tuple[tuple[str, str], ...]
    fields: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


def doors(app: FastAPI) -> list[Door]:
    """Every JSON route the app describes."""
    spec = app.openapi()
    schemas = spec["components"]["schemas"]
    found = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            params = tuple((p["name"], p["in"]) for p in op.get("parameters", ()))
            ref = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            name = ref.get("schema", {}).get("$ref", "").rsplit("/", 1)[-1]
            fields = tuple(schemas[name]["properties"]) if name else ()
            found.append(Door(method.upper(), path, params, fields))
    return found


DOORS = doors(create_app(CONFIG))


@dataclass
class World:
    """A client and the real names a stranger might know or guess."""

    client: TestClient
    tables: list[str]
    tokens: list[str]


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    """A running app with an open table and a started one (their tokens known)."""
    with TestClient(create_app(CONFIG), raise_server_exceptions=False) as client:
        tables, tokens = [], []
        for start in (False, True):
            made = client.post("/api/tables", json={"game": "highcard", "players": 2})
            table, host = made.json()["table"]["id"], made.json()["host_token"]
            tables.append(table)
            tokens.append(host)
            for seat in range(2):
                name = f"Ana {seat + 1}"  # two names alike are one name at a table
                sat = client.post(f"/api/tables/{table}/seats/{seat}", json={"name": name})
                tokens.append(sat.json()["token"])
            if start:
                client.post(f"/api/tables/{table}/start", json={"host_token": host})
        yield World(client, tables, tokens)


ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "A\ud800B",
        "\u3164",
        "\u2028",
        "\x00",
        "../../etc/passwd",
        "%2e%2e",
        "null",
        "🂡" * 40,
    ]
)
NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 1, -1, 2**63, 2**64, 10**30]),
    st.floats(allow_nan=False, allow_infinity=False),
)
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(max_size=40), ODD_TEXT)
WILD = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def named(world: World) -> st.SearchStrategy[Any]:
    """A value a stranger might send: the world's real names, or anything."""
    real = st.sampled_from(
        [*world.tables, *world.tokens, 0, 1, "highcard", "loveletter", "random", "keep", "en"]
    )
    return st.one_of(real, real, WILD)


@st.composite
def requests(draw: st.DrawFn, door: Door, world: World) -> tuple[str, str, dict[str, Any]]:
    """A request to ``door``: its method, address and httpx keywords."""
    value = named(world)
    path = door.path
    query: dict[str, str] = {}
    headers: dict[str, str] = {}
    for name, where in door.params:
        text = draw(value.map(lambda v: v if isinstance(v, str) else json.dumps(v)))
        if where == "path":
            path = path.replace("{" + name + "}", quote(text, safe="") or "x")
        elif where == "query" and draw(st.booleans()):
            query[name] = text
        elif where == "header" and draw(st.booleans()):
            headers[name] = text.encode("latin-1", "replace").decode("latin-1")[:200]
    if draw(st.booleans()):
        query["lang"] = draw(st.sampled_from([*LANGUAGES, "xx"]))
    kwargs: dict[str, Any] = {"params": query, "headers": headers}
    if door.method != "GET":
        shape = draw(st.integers(0, 3))
        if shape == 0:
            kwargs["content"] = draw(st.binary(max_size=60))
            headers["content-type"] = "application/json"
        elif shape == 1:
            kwargs["content"] = json.dumps(draw(WILD))
            headers["content-type"] = "application/json"
        else:
            chosen = (
                draw(st.lists(st.sampled_from(door.fields), unique=True)) if door.fields else []
            )
            body = {field: draw(value) for field in chosen}
            if shape == 3:
                body.update(draw(st.dictionaries(st.text(max_size=8), WILD, max_size=2)))
            kwargs["content"] = json.dumps(body)
            headers["content-type"] = "application/json"
    return door.method, path, kwargs


def door_problem(answer: Response) -> str | None:
    """What is wrong with an answer at a door: a server error, or a refusal that is not a
    catalog error (its key in every language, a message written out); None when fine."""
    status = answer.status_code
    if status == 500 or status > 503:
        return f"{status}: {answer.text[:200]}"
    if status < 400:
        return None
    try:
        body = answer.json()
    except ValueError:
        return f"{status} not JSON: {answer.text[:200]}"
    key = body.get("error") if isinstance(body, dict) else None
    if not isinstance(key, str) or not all(has(key, lang) for lang in LANGUAGES):
        return f"{status} without a catalog key: {answer.text[:200]}"
    if not isinstance(body.get("message"), str) or body["message"] in ("", key):
        return f"{status} without its message: {answer.text[:200]}"
    return None


@pytest.mark.parametrize("door", DOORS, ids=str)
def test_every_door_answers_a_stranger_with_a_catalog_error(world: World, door: Door) -> None:
    @settings(
        max_examples=25,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(requests(door, world))
    def knock(request: tuple[str, str, dict[str, Any]]) -> None:
        method, path, kwargs = request
        answer = world.client.request(method, path, **kwargs)
        assert door_problem(answer) is None, f"{method} {path} {kwargs}: {door_problem(answer)}"

    knock()


@pytest.mark.parametrize(
    "path",
    ["/api/nosuch", "/api/games/loveletter/data/..%2f..%2fx", "/static/nosuch.js"],
)
def test_an_unknown_address_or_method_is_a_catalog_error(world: World, path: str) -> None:
    answer = world.client.get(path, headers={"accept-language": "zh"})
    assert door_problem(answer) is None and answer.status_code == 404
    assert answer.json()["error"] == "web.error.not_found"
    refused = world.client.request("DELETE", "/api/tables")
    assert door_problem(refused) is None and refused.status_code == 405


def test_planted_bad_doors_are_caught() -> None:
    """The checker itself: a route that breaks, one that answers English text, one whose
    key no catalog has, each caught; a route's unexpected fault answers a catalog error."""
    app = create_app(CONFIG)

    async def broken() -> None:
        raise RuntimeError("planted")

    async def english() -> JSONResponse:
        return JSONResponse({"detail": "Not Found"}, status_code=404)

    async def unknown_key() -> JSONResponse:
        body = {"error": "web.error.planted", "message": "web.error.planted"}
        return JSONResponse(body, status_code=400)

    app.add_api_route("/api/planted/broken", broken)
    app.add_api_route("/api/planted/english", english)
    app.add_api_route("/api/planted/key", unknown_key)
    with TestClient(app, raise_server_exceptions=False) as client:
        for name in ("broken", "english", "key"):
            assert door_problem(client.get(f"/api/planted/{name}")) is not None, name
        assert door_problem(client.get("/api/games")) is None
        # The fault itself is answered as a catalog error (and still caught as a 500).
        fault = client.get("/api/planted/broken?lang=zh")
        assert (fault.status_code, fault.json()["error"]) == (500, "web.error.internal")
        assert "服务器" in fault.json()["message"] and "planted" not in fault.text
