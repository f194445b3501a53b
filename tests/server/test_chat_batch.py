"""Chat lines posted together at many tables share one transaction (group commit), each
numbered as its table's next and stored before its poster goes on; one line a transaction,
planted in a subclass, is caught."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from parlour.server.features.chat import LineWriter, load_chat
from parlour.server.store.storage import chat_t
from tests.server.conftest import human_table
from tests.server.test_clocks import hub_of


class Counting(LineWriter):
    """A line writer that counts its transactions."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.transactions = 0

    async def write(self, lines: list[tuple[str, dict[str, Any]]]) -> bool:
        self.transactions += 1
        return await super().write(lines)


class OneEach(Counting):
    """Planted: every line in a transaction of its own."""

    async def write(self, lines: list[tuple[str, dict[str, Any]]]) -> bool:
        for one in lines:
            if not await super().write([one]):
                return False
        return True


def line(text: str, n: int = 0) -> dict[str, Any]:
    return {
        "n": n,
        "channel": "players",
        "seat": 0,
        "author": None,
        "name": "P1",
        "text": text,
        "phrase": None,
        "at": 0.0,
    }


def lines_together(client: TestClient, kind: type[Counting], tables: int = 10) -> None:
    """Three lines at each of ``tables`` tables posted at once, one table already holding
    a line another process stored (the first and the last): few transactions, every line
    stored and numbered as its table's next."""
    hub = hub_of(client)
    writer = kind(hub)
    made = [human_table(client)[0] for _ in range(tables)]
    with hub.store.engine.begin() as conn:  # another process stored line 0 of these
        for t in (made[0], made[-1]):
            conn.execute(insert(chat_t).values(table_id=t, **line("elsewhere")))

    async def post_all() -> None:
        await asyncio.gather(*(writer.store(t, line(f"{t} {i}")) for i in range(3) for t in made))

    assert client.portal is not None
    client.portal.call(post_all)
    assert writer.transactions <= 3  # the first line, then the rest: not one a line
    for t in made:
        stored = [(x["n"], x["text"]) for x in load_chat(hub.store, t)[0]]
        mine = [(n, text) for n, text in stored if text != "elsewhere"]
        first = 1 if t in (made[0], made[-1]) else 0
        assert mine == [(first + i, f"{t} {i}") for i in range(3)]


def test_lines_at_many_tables_share_transactions(client: TestClient) -> None:
    lines_together(client, Counting)


def test_a_line_a_transaction_is_caught(client: TestClient) -> None:
    with pytest.raises(AssertionError):
        lines_together(client, OneEach)
