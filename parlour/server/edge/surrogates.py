"""Lone surrogates refused where text comes in, once for every field.

JSON may escape a UTF-16 surrogate that has no partner (``"\\ud800"``): Python reads it
as a string no encoder can write, so a field holding one failed later, wherever the text
was first encoded (a 500, or a websocket closed by an unhandled error). Valid UTF-8 cannot
carry one, and addresses and query strings are decoded with replacement, so JSON's
escapes are the only way in: every request body (in :mod:`parlour.server.edge.guard`) and
every websocket message (in :mod:`parlour.server.tables.session`) is checked here, before any
route or handler sees it, and refused with ``web.error.bad_text`` (the connection kept).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from parlour.server.errors import ServerError


def _holds_lone(value: Any) -> bool:
    if isinstance(value, str):
        return any("\ud800" <= ch <= "\udfff" for ch in value)
    if isinstance(value, dict):
        return any(_holds_lone(k) or _holds_lone(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_lone(v) for v in value)
    return False


def check_json(text: str | bytes) -> None:
    """Refuse JSON text that escapes a lone surrogate anywhere (``web.error.bad_text``);
    text that is not JSON is left to its reader's own error."""
    escaped = b"\\u" in text if isinstance(text, bytes) else "\\u" in text
    if not escaped:
        return  # the usual case: no escape, no surrogate
    try:
        orjson.loads(text)  # refuses lone surrogates: read it, nothing to refuse
        return
    except orjson.JSONDecodeError:
        pass
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return
    if _holds_lone(data):
        raise ServerError("web.error.bad_text")
