"""The fast paths are the ones taken where they claim, and every inner attribute of uvicorn
and websockets they read is still there (an upgrade that drops one fails here, loudly,
rather than sending every frame the slow way or breaking at the first connection)."""

from __future__ import annotations

import ast
import inspect
import os
import textwrap
from types import SimpleNamespace

import pytest
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import Protocol
from websockets.streams import StreamReader

from parlour.server.fast import http_protocol, websocket_protocol
from parlour.server.fast.websocket_protocol import FAST_MAX, FramesProtocol

SIZES = [1, 2, 125, 126, 127, 255, 256, 1000, 2048, 4095, FAST_MAX]
"""Payload sizes the frame reader claims: 7-bit lengths, and 16-bit ones up to FAST_MAX."""


def masked_text(size: int) -> tuple[bytes, str]:
    """A client's whole text frame of ``size`` bytes (masked), and its text."""
    words = ("x" * size)[:size]
    payload = words.encode()
    head = bytes([0x81])
    if size < 126:
        head += bytes([0x80 | size])
    else:
        head += bytes([0x80 | 126]) + size.to_bytes(2, "big")
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload)), words


def not_taken() -> list[int]:
    """The claimed sizes whose frames the fast reader leaves to the library."""
    reader = FramesProtocol.__new__(FramesProtocol)
    reader.conn = SimpleNamespace(max_message_size=64 * 1024)  # type: ignore[assignment]
    missed = []
    for size in SIZES:
        data, words = masked_text(size)
        if reader._text_frame(data, 0, len(data)) != (len(data), words):
            missed.append(size)
    return missed


def test_whole_text_frames_up_to_the_cap_take_the_fast_path() -> None:
    assert not_taken() == []
    data, _ = masked_text(FAST_MAX + 1)
    reader = FramesProtocol.__new__(FramesProtocol)
    reader.conn = SimpleNamespace(max_message_size=64 * 1024)  # type: ignore[assignment]
    assert reader._text_frame(data, 0, len(data)) is None  # bigger: the library's


def test_a_length_read_in_the_wrong_byte_order_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: 16-bit lengths read little-endian leave those frames to the
    library (every answer stays right, so only this shows it)."""
    monkeypatch.setattr(websocket_protocol, "LENGTH_ORDER", "little")
    assert not_taken() == [size for size in SIZES if size >= 126]


# -- the inner attributes the fast paths read --------------------------------------------


def reads(source: str, cls_name: str, on: str) -> set[str]:
    """The attributes read as ``<on>.<name>`` in one class of ``source`` (``on``: ``self``,
    a local such as ``conn``, or ``conn.reader``), less the methods the class defines."""
    tree = ast.parse(source)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls_name)
    own = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    found = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == on:
            found.add(node.attr)
    return found - own


def defined(*classes: type) -> set[str]:
    """Every attribute the classes (and their bases) define or set on ``self``."""
    names: set[str] = set()
    for cls in classes:
        for klass in cls.__mro__:
            if klass is object:
                continue
            names |= set(vars(klass))
            try:
                tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
            except (OSError, TypeError):
                continue
            for node in ast.walk(tree):
                if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Store):
                    continue
                if ast.unparse(node.value) == "self":
                    names.add(node.attr)
    return names


PINS = [
    (websocket_protocol, "FramesProtocol", "self", (WebSocketsSansIOProtocol,)),
    (websocket_protocol, "FramesProtocol", "conn", (Protocol,)),
    (websocket_protocol, "FramesProtocol", "conn.reader", (StreamReader,)),
    (http_protocol, "HeadLimitProtocol", "self", (HttpToolsProtocol,)),
]
"""Each fast path's class, what it reads attributes of, and the library classes that must
define them."""


def missing(source: str, ours: type, on: str, library: tuple[type, ...]) -> list[str]:
    """The attributes read that neither the library's classes nor ours define."""
    return sorted(reads(source, ours.__name__, on) - defined(*library) - defined(ours))


@pytest.mark.parametrize(("module", "cls_name", "on", "library"), PINS)
def test_every_inner_attribute_read_is_still_the_librarys(
    module: object, cls_name: str, on: str, library: tuple[type, ...]
) -> None:
    source = inspect.getsource(module)  # type: ignore[arg-type]
    assert reads(source, cls_name, on), "nothing found to pin: the reader is broken"
    assert missing(source, getattr(module, cls_name), on, library) == []


def test_an_attribute_the_library_dropped_is_named() -> None:
    """The check can fail: a read of an attribute websockets does not define is reported."""
    source = inspect.getsource(websocket_protocol).replace(
        "conn.current_size is None", "conn.current_frame_size is None"
    )
    assert missing(source, FramesProtocol, "conn", (Protocol,)) == ["current_frame_size"]
