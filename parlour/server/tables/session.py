"""The table websocket: one session per connection, its messages validated by pydantic.

A client says hello first (which seat, with its token, or none to watch), then sends moves,
language switches and pings (see :mod:`parlour.server.tables.protocol` for what it is sent). Each
message is one of the models below; anything else is refused with a catalog-keyed error
and changes nothing. A new kind of message (chat, say) adds a model, a line in
:func:`parse_message` and a branch in :meth:`Session.handle`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Literal

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, StrictStr, ValidationError

from parlour.engine import IllegalActionError, ParlourError
from parlour.engine.i18n import LANGUAGES
from parlour.server.edge.limits import Bucket
from parlour.server.edge.scope import RAW_SEND, WRITE_TEXT, client_of, lang_of
from parlour.server.edge.surrogates import check_json
from parlour.server.errors import ServerError
from parlour.server.tables.hub import MAX_ACTION, Hub, hub_of
from parlour.server.tables.live import Connection, LiveTable, token_hash
from parlour.server.tables.protocol import (
    encode,
    error_message,
    pick_language,
    state_message,
    warm_history,
)
from parlour.server.tables.sockets import SocketRefused, Ticket

router = APIRouter()

log = logging.getLogger("parlour.server")

MAX_POSTING = 8
"""Chat lines one connection may have waiting to be stored at once."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(_Message):
    """The first message: a seat and its token, or ``seat: null`` to watch."""

    type: Literal["hello"]
    seat: StrictInt | None = None
    token: StrictStr | None = None
    lang: Any = None
    """The client's language (an unknown one falls back to English)."""


class MoveMessage(_Message):
    """A move: the move number it answers and the action's text."""

    move: StrictInt
    action: StrictStr


class LangMessage(_Message):
    """Switch the connection's language; the log is sent again in it."""

    type: Literal["lang"]
    lang: StrictStr


class Ping(_Message):
    """Keep-alive; answered with ``{"type": "pong"}``."""

    type: Literal["ping"]


class Beat(_Message):
    """A live client's heartbeat (its first makes it hear presence); ``away`` while its
    page is hidden. Not answered."""

    type: Literal["beat"]
    away: StrictBool = False


class ChatMessage(_Message):
    """A line of chat: ``text``, or a quick ``phrase``; a spectator gives its ``name`` and
    the ``key`` its browser keeps (see :mod:`parlour.server.features.chat`)."""

    type: Literal["chat"]
    text: StrictStr | None = None
    phrase: StrictStr | None = None
    name: StrictStr | None = None
    key: StrictStr | None = None


Message = MoveMessage | LangMessage | Ping | Beat | ChatMessage


def _unknown_fields(exc: ValidationError) -> ServerError | None:
    extra = sorted(str(e["loc"][-1]) for e in exc.errors() if e["type"] == "extra_forbidden")
    if not extra:
        return None
    return ServerError("web.error.unknown_fields", fields=", ".join(extra)[:80])


def parse_hello(data: Any) -> Hello:
    """The hello, or the error that answers it."""
    if not isinstance(data, dict) or data.get("type") != "hello":
        raise ServerError("web.error.no_hello")
    try:
        return Hello.model_validate(data)
    except ValidationError as exc:
        unknown = _unknown_fields(exc)
        if unknown is not None:
            raise unknown from None
        fields = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
        if "seat" in fields:
            raise ServerError("web.error.no_seat", seat=str(data.get("seat"))[:20]) from None
        raise ServerError("web.error.bad_token") from None


def parse_message(data: Any) -> Message:
    """A message after the hello, or the error that answers it."""
    if not isinstance(data, dict):
        raise ServerError("web.error.bad_message")
    model: type[Message]
    if "move" in data or "action" in data:
        model = MoveMessage
    elif data.get("type") == "lang":
        model = LangMessage
    elif data.get("type") == "ping":
        model = Ping
    elif data.get("type") == "beat":
        model = Beat
    elif data.get("type") == "chat":
        model = ChatMessage
    else:
        raise ServerError("web.error.bad_message")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        unknown = _unknown_fields(exc)
        if unknown is not None:
            raise unknown from None
        if model is not LangMessage and model is not MoveMessage:
            raise ServerError("web.error.bad_message") from None
        fields = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
        if "move" in fields:
            move = str(data.get("move"))[:20]
            raise ServerError("web.error.bad_move_number", move=move) from None
        if "action" in fields:
            action = repr(data.get("action"))[:80]
            raise IllegalActionError("core.error.malformed_action", action=action) from None
        raise ServerError("web.error.bad_language", lang=str(data.get("lang"))[:10]) from None


Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
PLAIN = (str, int, bool, type(None))
"""The values of a message orjson reads as :func:`json.loads` does (see :func:`loads`)."""


def loads(text: str) -> Any:
    """JSON as :func:`json.loads` reads it, by orjson when that gives the same.

    orjson reads an object of strings, integers, booleans and nulls alike, in a fifth of
    the time; it reads an integer past 64 bits as a float and refuses what ``json``
    reads as infinity, a lone surrogate or NaN, so anything else is read by ``json``
    (raises ``ValueError`` or ``RecursionError`` as it does)."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
    if type(data) is dict and all(type(v) in PLAIN for v in data.values()):
        return data
    return json.loads(text)


async def receive_json(receive: Receive, limit: int) -> Any:
    """The next message as JSON; oversized or malformed ones raise ServerError."""
    message = await receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raw = message.get("bytes") or b""
        if len(raw) > limit:
            raise ServerError("web.error.too_large", limit=limit)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ServerError("web.error.bad_json") from None
    # A character is at most 4 bytes: a text short enough is not encoded to be measured.
    if len(text) > limit or (len(text) * 4 > limit and len(text.encode("utf-8")) > limit):
        raise ServerError("web.error.too_large", limit=limit)
    check_json(text)  # a lone surrogate anywhere: refused here, for every message
    try:
        return loads(text)
    except (ValueError, RecursionError):  # json.JSONDecodeError is a ValueError
        raise ServerError("web.error.bad_json") from None


class Session:
    """One client at one table, after its hello."""

    def __init__(self, hub: Hub, table: LiveTable, conn: Connection) -> None:
        self.hub = hub
        self.table = table
        self.conn = conn
        cfg = hub.config
        self.messages = Bucket(cfg.message_rate, cfg.message_burst)
        """Every message spends from it; an empty bucket refuses (``web.error.too_fast``)."""
        self.switches = Bucket(cfg.lang_rate, cfg.lang_burst)
        """Language switches spend from it too: each sends the whole log again."""
        self.chats = hub.chat.bucket()
        """Chat lines spend from it too (``friends.error.chat_too_fast``)."""
        self.posting: set[asyncio.Task[None]] = set()
        """Chat lines being stored, beside the connection's other messages: a move sent
        after a line is not held back until the line is stored."""

    async def handle(self, message: Message) -> None:
        """Act on one message."""
        conn = self.conn
        if isinstance(message, MoveMessage):
            if len(message.action) > MAX_ACTION:
                action = repr(message.action)[:80]
                raise IllegalActionError("core.error.malformed_action", action=action)
            if conn.seat is None:
                raise ServerError("web.error.spectator")
            await self.hub.play(self.table, conn.seat, message.move, message.action, conn.holder)
        elif isinstance(message, LangMessage):
            if message.lang not in LANGUAGES:
                raise ServerError("web.error.bad_language", lang=message.lang[:10])
            self.switches.spend()
            await warm_history(self.table, message.lang, conn.seat)
            conn.lang = message.lang
            conn.send(state_message(self.table, conn, reset=True))
        elif isinstance(message, Beat):
            if self.hub.presence.beat(self.table, conn, message.away):
                self.hub.clocks.welcome(self.table, conn)
                await self.hub.chat.welcome(self.table, conn)
        elif isinstance(message, ChatMessage):
            if len(self.posting) >= MAX_POSTING:
                raise ServerError("friends.error.chat_too_fast")
            task = asyncio.get_running_loop().create_task(self._post(message))
            self.posting.add(task)
            task.add_done_callback(self.posting.discard)
        else:
            conn.send({"type": "pong"})

    async def _post(self, message: ChatMessage) -> None:
        """Post a line of chat; a refusal is answered to this client only."""
        try:
            await self.hub.chat.post(
                self.table,
                self.conn,
                self.chats,
                text=message.text,
                phrase=message.phrase,
                name=message.name,
                key=message.key,
            )
        except ParlourError as exc:
            self.refuse(exc)
        except Exception:  # a fault posting one line must not go unseen
            log.exception("posting a chat line at table %s failed", self.table.id)
            self.refuse(ServerError("web.error.internal"))

    def refuse(self, error: ParlourError, data: Any = None) -> None:
        """Answer a refused message ``data`` (to this client only). A refused language
        switch says so and names the language the connection still speaks, so the page
        can keep its texts in the language of the log it has."""
        st = self.table.state
        move = None if st is None else st.move_number
        answer = error_message(error, self.conn.lang, move)
        if (
            isinstance(data, dict)
            and data.get("type") == "lang"
            and not {"move", "action"} & set(data)
        ):
            answer["refused"] = "lang"
            answer["lang"] = self.conn.lang
        self.conn.send(answer)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """A client at a table: hello, then its messages until it goes.

    The guard's fast lane calls :func:`serve` itself (see :mod:`parlour.server.fast.direct_routes`);
    here, when it did not, the messages are read through the framework's websocket and
    sent through the ``send`` the guard was handed (it keeps it in the scope)."""
    send = websocket.scope.get(RAW_SEND, websocket.send)
    await serve(websocket, table_id, websocket.receive, send)


async def serve(websocket: WebSocket, table_id: str, receive: Receive, send: Send) -> None:
    """The table socket's work: ``receive`` and ``send`` are the connection's own when the
    fast lane calls (past the framework's layers, which only pass a message on). A socket
    past a connection limit is told why and closed (see :mod:`parlour.server.tables.sockets`)."""
    await websocket.accept()
    hub = hub_of(websocket)
    try:
        ticket = hub.sockets.take(client_of(websocket))
    except SocketRefused as exc:
        await websocket.send_json(error_message(exc, lang_of(websocket)))
        await websocket.close(code=exc.close_code, reason=exc.key)
        return
    try:
        await _serve(websocket, hub, ticket, table_id, receive, send)
    finally:
        hub.sockets.give_back(ticket)


async def _serve(
    websocket: WebSocket, hub: Hub, ticket: Ticket, table_id: str, receive: Receive, send: Send
) -> None:
    cfg = hub.config
    lang = lang_of(websocket)
    try:
        table = await hub.find(table_id)
        # A timeout around the read rather than wait_for, which runs it as a task of its
        # own (one more task a connection, made and ended with every game).
        async with asyncio.timeout(cfg.hello_timeout):
            data = await receive_json(receive, cfg.max_message_bytes)
        hello = parse_hello(data)
        lang = pick_language(hello.lang if hello.lang is not None else lang)
        seat = None
        if hello.seat is not None:
            seat = await hub.seat_token(table, hello.seat, hello.token)
        elif sum(1 for c in table.connections if c.seat is None) >= cfg.max_spectators:
            raise ServerError("web.error.too_many_spectators")
    except (ParlourError, TimeoutError) as exc:
        err = exc if isinstance(exc, ParlourError) else ServerError("web.error.no_hello")
        await websocket.send_json(error_message(err, lang))
        await websocket.close(code=4400)
        return
    except WebSocketDisconnect:
        return
    holder = None if seat is None or hello.token is None else token_hash(hello.token)
    await warm_history(table, lang, seat)
    session = Session(hub, table, Connection(seat, lang, holder, client=ticket.client))
    ticket.conn = session.conn
    write_text = websocket.scope.get(WRITE_TEXT)
    if write_text is not None:  # parlour serve's protocol writes at once when it can

        def write(message: dict[str, Any] | str) -> bool:
            return bool(write_text(message if isinstance(message, str) else encode(message)))

        session.conn.write = write
    hub.attach(table, session.conn)
    hub.presence.arrive(table, session.conn)
    sender = asyncio.create_task(_pump(websocket, session.conn, send))
    limit = cfg.max_message_bytes
    try:
        while True:
            data = None
            try:
                data = await receive_json(receive, limit)
                session.conn.heard = time.monotonic()
                session.messages.spend()
                await session.handle(parse_message(data))
            except ParlourError as exc:
                session.refuse(exc, data)
    except WebSocketDisconnect:
        pass
    finally:
        hub.detach(table, session.conn)
        hub.presence.leave(table, session.conn)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


async def _pump(websocket: WebSocket, conn: Connection, send: Send) -> None:
    """Send the connection's queued messages in order."""
    while (message := await conn.outbox.get()) is not None:
        text = message if isinstance(message, str) else encode(message)
        conn.sending = True
        try:
            await send({"type": "websocket.send", "text": text})
        except Exception:  # the client went away; the reader notices and detaches
            return
        finally:
            conn.sending = False
    with contextlib.suppress(Exception):
        await websocket.close(code=conn.close_code)
