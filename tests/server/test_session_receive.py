"""A received message's size is counted in UTF-8 bytes, whatever its characters: at the
limit it is read, one byte past it is refused (``web.error.too_large``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.server.errors import ServerError
from parlour.server.tables.session import receive_json
from tests.server.conftest import run_async

LIMIT = 4096


def _read(text: str) -> Any:
    async def receive() -> dict[str, Any]:
        return {"type": "websocket.receive", "text": text}

    return run_async(receive_json(receive, LIMIT))


def _message(fill: str, size: int) -> str:
    """A JSON object of exactly ``size`` UTF-8 bytes: its text as much ``fill`` as fits,
    then ASCII up to the size."""
    head = json.dumps({"type": "chat", "text": ""}, ensure_ascii=False)
    room = size - len(head.encode("utf-8"))
    width = len(fill.encode("utf-8"))
    body = fill * (room // width) + "a" * (room % width)
    text = head[:-2] + body + head[-2:]
    assert len(text.encode("utf-8")) == size
    return text


@pytest.mark.parametrize("fill", ["a", "ễ", "蘭", "😀"])
def test_the_limit_is_in_bytes(fill: str) -> None:
    assert _read(_message(fill, LIMIT))["type"] == "chat"
    with pytest.raises(ServerError) as refused:
        _read(_message(fill, LIMIT + 1))
    assert refused.value.key == "web.error.too_large"
