"""What the server sends a client: each seat its own view, visible events and legal moves.

Messages (JSON objects, ``type`` first):

- ``state``: ``table`` (summary), ``seat``, ``names``, ``move``, ``view`` (``view(seat)``;
  null before the start), ``events`` (new events this seat may see, each with ``text``
  rendered in the client's language), ``reset`` (true when ``events`` is the whole log),
  ``legal`` (``[{action, steps, self_out}]`` when this seat is to act; ``self_out``: the move
  surely knocks its player out), ``summary`` (end-of-game text).
- ``error``: ``error`` (catalog key), ``params``, ``message`` (translated), ``move``.

A client sends ``{"type": "hello", "seat": n | null, "token": "...", "lang": "en"}`` first,
then moves as ``{"move": n, "action": "<text>"}``, ``{"type": "lang", "lang": "vi"}`` or
``{"type": "ping"}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.engine import Event, ParlourError, Result, describe
from parlour.engine.i18n import LANGUAGES, render_params, t
from parlour.server.tables import Connection, LiveTable


def pick_language(lang: object) -> str:
    """A supported language (English when ``lang`` is not one)."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else "en"


def event_json(
    game: str, move: int, event: Event, lang: str, names: Sequence[str]
) -> dict[str, Any]:
    """One event for a client: kind, data, the move it followed and its text."""
    return {
        "move": move,
        "kind": event.kind,
        "data": dict(event.data),
        "text": describe(game, event, lang, names),
    }


def result_text(game: str, result: Result, lang: str, names: Sequence[str]) -> str:
    """The end-of-game summary line."""
    reason = t(f"{game}.name.{result.reason}", lang)
    if reason == f"{game}.name.{result.reason}":
        reason = result.reason
    winners = render_params(game, {"winner": list(result.winners)}, lang, names)["winner"]
    if not result.winners:
        return t("web.result.nobody", lang, reason=reason)
    return t("web.result.winners", lang, winners=winners, reason=reason)


def state_message(table: LiveTable, conn: Connection, *, reset: bool = False) -> dict[str, Any]:
    """The next ``state`` message for a connection (advances its event cursor)."""
    lang, seat, st = conn.lang, conn.seat, table.state
    names = table.names(lang)
    game = table.game
    if reset:
        conn.cursor = 0
    events = [
        event_json(game.id, m, e, lang, names)
        for m, e in table.log[conn.cursor :]
        if e.visible_to(seat)
    ]
    conn.cursor = len(table.log)
    legal: list[dict[str, Any]] = []
    summary = None
    if st is not None:
        if seat is not None and st.to_act == seat:
            mine = st.view(seat)  # a move that surely knocks its player out is asked about
            legal = [
                {
                    "action": str(a),
                    "steps": game.action_steps(a, lang, names),
                    "self_out": game.knocks_out_self(mine, a),
                }
                for a in st.legal_actions()
            ]
        if st.result is not None:
            summary = result_text(game.id, st.result, lang, names)
    return {
        "type": "state",
        "table": table.summary(),
        "seat": seat,
        "names": names,
        "move": None if st is None else st.move_number,
        "view": None if st is None else st.view(seat),
        "events": events,
        "reset": reset,
        "legal": legal,
        "summary": summary,
    }


def error_message(error: ParlourError, lang: str, move: int | None = None) -> dict[str, Any]:
    """An ``error`` message in the client's language."""
    out: dict[str, Any] = {"type": "error", **error.to_json(lang)}
    out["move"] = move
    return out
