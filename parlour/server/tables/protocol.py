"""What the server sends a client: each seat its own view, visible events and legal moves.

Messages (JSON objects, ``type`` first):

- ``state``: ``table`` (summary), ``seat``, ``names``, ``move``, ``view`` (``view(seat)``;
  null before the start), ``events`` (new events this seat may see, each with ``text``
  rendered in the client's language; one message may follow several moves: a person's
  move and the bots' answers made within it), ``reset`` (true when ``events`` is the
  whole log),
  ``legal`` (``[{action, steps, self_out}]`` when this seat is to act; ``self_out``: the move
  surely knocks its player out), ``summary`` (end-of-game text); after a move at a
  table with a clock, ``clock`` (the ``clock`` message below, of the turn it starts).
- ``error``: ``error`` (catalog key), ``params``, ``message`` (translated), ``move``.
- ``presence`` (to clients that beat): each seat's status, spectators, arrivals and
  departures (see :mod:`parlour.server.features.presence`).
- ``chat`` (to clients that beat): lines of the channels the client reads and the host's
  rules (see :mod:`parlour.server.features.chat`).
- ``clock`` (to clients that beat, at tables with a clock or a seat a bot plays for): see
  :mod:`parlour.server.features.clocks`.

A client sends ``{"type": "hello", "seat": n | null, "token": "...", "lang": "en"}`` first,
then moves as ``{"move": n, "action": "<text>"}``, ``{"type": "lang", "lang": "vi"}`` or
``{"type": "ping"}``; a live page also beats (``{"type": "beat", "away": false}``) and
chats (``{"type": "chat", "text": "..."}``).
"""

from __future__ import annotations

import asyncio
import bisect
import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from parlour.engine import Event, Game, ParlourError, Result
from parlour.engine.i18n import LANGUAGES, render_params, t
from parlour.server.tables.live import Connection, History, LiveTable

WARM_FROM = 200
"""Log entries above which a new audience's history is rendered off the event loop."""


def pick_language(lang: object) -> str:
    """A supported language (English when ``lang`` is not one)."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else "en"


def describe(
    game: Game,
    event: Event,
    lang: str,
    names: Sequence[str],
    options: Mapping[str, Any] | None = None,
) -> str:
    """One event's text in ``lang`` (every rendered log line goes through here)."""
    return game.describe(event, lang, names, options)


def event_json(
    game: Game,
    move: int,
    event: Event,
    lang: str,
    names: Sequence[str],
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One event for a client: kind, data, the move it followed and its text (``options``:
    the table's, for texts that depend on them)."""
    return {
        "move": move,
        "kind": event.kind,
        "data": dict(event.data),
        "text": describe(game, event, lang, names, options),
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


TEXTS_KEPT = 20_000
"""Event texts kept for reuse (see :func:`render_log`); all are dropped past this many."""
_texts: dict[tuple[Any, ...], str] = {}
_commons: dict[tuple[Any, ...], int] = {}
_numbers = itertools.count()
"""A number for each (game, language, names, options) the texts were rendered for: a
text's key holds it rather than the tuple (hashed again at every event)."""


def text_number(
    game: Game, lang: str, names: Sequence[str], options: Mapping[str, Any] | None
) -> int | None:
    """The number the kept event texts of this game, language, names and options are
    filed under (None: options orjson cannot write, whose texts are rendered every time)."""
    try:
        common = (game, lang, tuple(names), orjson.dumps(options, option=orjson.OPT_SORT_KEYS))
    except TypeError:
        return None
    number = _commons.get(common)
    if number is None:
        if len(_commons) >= TEXTS_KEPT:
            _commons.clear()
        number = _commons[common] = next(_numbers)  # never reused: no text mistaken
    return number


ASK = -1
"""``render_log``'s ``number`` when the caller has not taken it (numbers start at 0)."""


def render_log(
    game: Game,
    log: Sequence[tuple[int, Event]],
    start: int,
    lang: str,
    seat: int | None,
    names: Sequence[str],
    options: Mapping[str, Any] | None = None,
    number: int | None = ASK,
) -> tuple[list[int], list[dict[str, Any]]]:
    """The events of ``log`` (whose first entry is entry ``start`` of the table's log) that
    ``seat`` may see, rendered: their indices in the table's log, and their JSON.

    An event's text depends on the event, the game, the language, the names and the
    options only: one already rendered for the same (every audience of a table that may see
    an event, and many tables' alike events) is reused rather than rendered again (the
    event texts were a fifth of a busy server's work). ``number``: :func:`text_number` of
    the game, language, names and options, when the caller keeps it."""
    index: list[int] = []
    events: list[dict[str, Any]] = []
    texts = _texts
    dumps = orjson.dumps
    if number == ASK:
        number = text_number(game, lang, names, options)
    for i, (m, e) in enumerate(log, start):
        if not e.visible_to(seat):
            continue
        index.append(i)
        kind = e.kind
        # An event is a value (nothing changes it once made): its own dict is sent as it
        # is rather than copied for every audience (the copies were half the dicts a
        # table's histories made, and freed, every game).
        data = e.data if type(e.data) is dict else dict(e.data)
        key = None
        if number is not None:
            try:
                key = (number, kind, dumps(data))
            except TypeError:
                key = None
        text = None if key is None else texts.get(key)
        if text is None:
            text = describe(game, e, lang, names, options)
            if key is not None:
                if len(texts) >= TEXTS_KEPT:
                    texts.clear()
                texts[key] = text
        events.append({"move": m, "kind": kind, "data": data, "text": text})
    return index, events


def history(
    table: LiveTable, lang: str, seat: int | None, names: list[str] | None = None
) -> History:
    """The table's log as ``seat`` sees it in ``lang``, rendered once and kept: every
    client of the same audience and language shares it, and a new event is rendered once
    for each audience rather than once for each client (``names``: the table's, in
    ``lang``, when the caller has them)."""
    names = table.names(lang) if names is None else names
    return _history(table, lang, seat, names, tuple(names))


def _history(
    table: LiveTable, lang: str, seat: int | None, names: list[str], named: tuple[str, ...]
) -> History:
    key = (lang, seat, named)
    found = table.histories.get(key)
    if found is None:
        found = table.histories[key] = History()
    if found.upto < len(table.log):
        # A table's options are the same object from its start on (each move's state
        # shares them): their number is taken once for the history, not at every move.
        options = table.options
        if found.options is not options:
            found.number = text_number(table.game, lang, names, options)
            found.options = options
        index, events = render_log(
            table.game,
            table.log[found.upto :],
            found.upto,
            lang,
            seat,
            names,
            options,
            found.number,
        )
        found.add(len(table.log), index, events)
    return found


async def warm_history(table: LiveTable, lang: str, seat: int | None) -> None:
    """Render a long history for a new audience or language on a worker thread, so the
    event loop (every other table) does not wait for it."""
    names = table.names(lang)
    key = (lang, seat, tuple(names))
    found = table.histories.get(key)
    start = 0 if found is None else found.upto
    end = len(table.log)
    if end - start < WARM_FROM:
        return
    part = table.log[start:end]  # the log only grows: this slice stays as it is
    index, events = await asyncio.to_thread(
        render_log, table.game, part, start, lang, seat, names, table.options
    )
    found = table.histories.get(key)
    if found is None:
        found = table.histories[key] = History()
    if found.upto == start:  # nobody rendered the same part meanwhile
        found.add(end, index, events)


STEPS_KEPT = 200
"""Sets of action labels kept for reuse across tables (see :func:`shared_steps`)."""
_steps: dict[int, dict[str, list[str]]] = {}


def shared_steps(table: LiveTable, lang: str, names: list[str]) -> dict[str, list[str]]:
    """The labels of actions' steps, by action, for tables of this game and options in this
    language with these names: shared by every such table (each new game of a rematch
    labelled its actions afresh), at most ``STEPS_KEPT`` sets kept; filed under the
    :func:`text_number` of the game, language, names and options."""
    key = text_number(table.game, lang, names, table.options)
    if key is None:  # options orjson cannot write: the table's own
        return {}
    found = _steps.get(key)
    if found is None:
        if len(_steps) >= STEPS_KEPT:
            _steps.clear()
        found = _steps[key] = {}
    return found


def state_message(table: LiveTable, conn: Connection, *, reset: bool = False) -> dict[str, Any]:
    """The next ``state`` message for a connection (advances its event cursor)."""
    lang, seat, st = conn.lang, conn.seat, table.state
    names = table.names(lang)
    named = tuple(names)
    game = table.game
    seen = _history(table, lang, seat, names, named)
    # A slice is a copy: the history grows, a message already queued must not.
    start = 0 if reset else bisect.bisect_left(seen.index, conn.cursor)
    events = seen.events[start:]
    conn.cursor = len(table.log)
    legal: list[dict[str, Any]] = []
    summary = None
    view = None
    if st is not None:
        view = mine = st.view(seat)  # built once: the message and the questions share it
        if seat is not None and st.to_act == seat:
            # An action's steps depend on it, the language and the names only: labelled
            # once for the table. A move that surely knocks its player out is asked about.
            steps = table.steps.get((lang, named))
            if steps is None:
                steps = table.steps[(lang, named)] = shared_steps(table, lang, names)
            for a in st.legal_actions():
                text = str(a)
                labels = steps.get(text)
                if labels is None:
                    labels = steps[text] = game.action_steps(a, lang, names)
                legal.append(
                    {"action": text, "steps": labels, "self_out": game.knocks_out_self(mine, a)}
                )
        if st.result is not None:
            summary = result_text(game.id, st.result, lang, names)
    return {
        "type": "state",
        "table": table.summary(),
        "seat": seat,
        "names": names,
        "move": None if st is None else st.move_number,
        "view": view,
        "events": events,
        "reset": reset,
        "legal": legal,
        "summary": summary,
    }


def encode(message: dict[str, Any]) -> str:
    """A message as sent on the websocket (compact JSON, text as it is).

    orjson writes the same JSON as ``json.dumps`` with these settings in a tenth of the
    time (encoding was a tenth of a busy server's work); what it refuses (an integer past
    64 bits) goes the slow way. A message whose keys are all strings, as nearly all are,
    is written without ``OPT_NON_STR_KEYS``, which makes orjson take its general path
    for every object (two and a half times the time); the same text either way.
    """
    try:
        return orjson.dumps(message).decode()
    except TypeError:  # a key that is not a string (or what the next lines refuse)
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def error_message(error: ParlourError, lang: str, move: int | None = None) -> dict[str, Any]:
    """An ``error`` message in the client's language."""
    out: dict[str, Any] = {"type": "error", **error.to_json(lang)}
    out["move"] = move
    return out
