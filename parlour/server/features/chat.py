"""Chat at a table: one channel for the seated players, a separate one for spectators.

The people seated write in the players' channel, which only they read; spectators write in
the spectators' channel, which everyone at the table reads (a spectator sees no more of
the game than its public side, so nothing hidden can pass that way to a player). A line is
text (``MAX_CHAT`` characters at most, no control or text-direction characters) or one of
the quick phrases (``PHRASES``), which each reader sees in their own language. A
connection may send ``chat_burst`` lines at once, then ``chat_rate`` a second; past that a
line is refused (``friends.error.chat_too_fast``) and nothing else is lost; the
spectators of a table together may send ``spectator_chat_burst`` lines at once, then
``spectator_chat_rate`` a second (so many spectators cannot flood the table). The host may
turn either channel off and mute a seat or a spectator (a spectator is known by the
address it watches from, hashed with the table's secret: a new connection or key from
the same address is still muted; only the hash is stored and shown).

Lines and the host's choices are stored with the table (``parlour_chat``,
``parlour_chat_rules``) and read back on first use after a restart. A line is sent to
anyone only once it is stored; lines posted together at many tables are stored in one
transaction (:class:`LineWriter`), numbered as their table's next when they are stored
(no lock is held meanwhile: the lines of one table wait for one batch together, not each
for the one before). A connection's lines are posted beside its other messages (see
:mod:`parlour.server.tables.session`): a move sent after a line never waits for it to be stored.
Clients that beat (see
:mod:`parlour.server.features.presence`) are sent the chat: the last ``KEEP`` lines of each channel
they read on their first beat, then each new line and each change of the host's choices, as
``{"type": "chat", "lines": [...], "rules": {"off": [...], "muted": [...]}, "reset": bool}``.

With several processes (see :mod:`parlour.server.cluster.coordination`) a line is numbered and
stored by the process it was posted on (the number is the table's next in the database, so two
processes posting at once never store one number twice), then said to the others, which send it to
their own readers; the host's choices are changed under a lock of the table's chat across the
processes, from the stored ones, and said the same way.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from parlour.server.edge.limits import Bucket
from parlour.server.errors import ServerError
from parlour.server.store.direct_sql import Cursor
from parlour.server.store.storage import Store, chat_rules_t, chat_t
from parlour.server.tables.live import Connection, LiveTable, token_matches
from parlour.server.tables.names import INVISIBLE, SHOWS_NOTHING, check_unique, clean_name
from parlour.server.tables.protocol import encode

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub

PLAYERS, SPECTATORS = "players", "spectators"
CHANNELS = (PLAYERS, SPECTATORS)
PHRASES = ("gg", "wp", "your_turn", "hello", "thanks")
"""Quick phrases, each ``friends.phrase.<id>`` in the reader's language."""
MAX_CHAT = 300
"""Characters in one line of chat."""
KEEP = 100
"""Lines of each channel a client is sent when it comes (and kept in memory)."""
MAX_KEY = 64
"""The longest spectator key a browser may show."""
GATHER = 0.05
"""Seconds the lines posted meanwhile gather before they are stored together."""
NUMBER_TRIES = 5
"""Times a batch of lines is numbered again when another process stored one of those
numbers first."""

BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks and overrides that change the direction of the text around them."""
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, surrogate, private, unassigned, line and paragraph separators."""


def clean_text(text: str) -> str:
    """A line of chat as written (NFC, trimmed), or a refusal: empty, too long, or holding
    characters that do not show or that turn the text around."""
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise ServerError("friends.error.chat_bad_text")
    text = unicodedata.normalize("NFC", text.strip())
    if not 1 <= len(text) <= MAX_CHAT:
        raise ServerError("friends.error.chat_length", limit=MAX_CHAT)
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES or ch in BIDI:
            raise ServerError("friends.error.chat_bad_text")
    if all(unicodedata.category(ch) in SHOWS_NOTHING or ch in INVISIBLE for ch in text):
        raise ServerError("friends.error.chat_bad_text")  # joiners, tags, marks: shows nothing
    return text


def spectator_id(key: str) -> str:
    """What is stored and shown of a spectator's key (its hash, shortened)."""
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:12]


@dataclass
class Rules:
    """What the host set: channels turned off, and who is muted (``seat:N``,
    ``watcher:<id>``)."""

    off: set[str] = field(default_factory=set)
    muted: set[str] = field(default_factory=set)

    def to_json(self) -> dict[str, list[str]]:
        """As sent to clients (sorted)."""
        return {"off": sorted(self.off), "muted": sorted(self.muted)}


@dataclass
class TableChat:
    """One table's chat in memory: the last lines of each channel and the host's choices."""

    rules: Rules
    next: int
    """The number the next line takes."""
    lines: dict[str, deque[dict[str, Any]]] = field(
        default_factory=lambda: {c: deque(maxlen=KEEP) for c in CHANNELS}
    )
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    spectators: Bucket | None = None
    """The allowance of lines of all the table's spectators together."""


# -- storage (run on the storage thread) ---------------------------------------------------


def load_chat(store: Store, table_id: str) -> tuple[list[dict[str, Any]], Rules, int]:
    """A table's last ``KEEP`` lines of each channel (oldest first), its rules, and the
    number its next line takes."""
    with store.engine.connect() as conn:
        top = conn.execute(select(func.max(chat_t.c.n)).where(chat_t.c.table_id == table_id))
        last = top.scalar()
        lines: list[dict[str, Any]] = []
        for channel in CHANNELS:
            found = conn.execute(
                select(chat_t)
                .where(chat_t.c.table_id == table_id, chat_t.c.channel == channel)
                .order_by(chat_t.c.n.desc())
                .limit(KEEP)
            )
            lines.extend(_line(row) for row in found)
        rules = Rules()
        row = conn.execute(select(chat_rules_t).where(chat_rules_t.c.table_id == table_id)).first()
        if row is not None:
            rules = Rules(set(json.loads(row.off)), set(json.loads(row.muted)))
    lines.sort(key=lambda line: int(line["n"]))
    return lines, rules, 0 if last is None else int(last) + 1


def _line(row: Any) -> dict[str, Any]:
    return {
        "n": row.n,
        "channel": row.channel,
        "seat": row.seat,
        "author": row.author,
        "name": row.name,
        "text": row.text,
        "phrase": row.phrase,
        "at": row.at,
    }


def store_lines(store: Store, lines: list[tuple[str, dict[str, Any]]]) -> bool:
    """Store lines of several tables in one transaction, each numbered as its table's next
    (at least the number it holds), the number set in its dict; False, and nothing stored,
    if another process stored one of those numbers first."""
    try:
        store.writes.run(partial(_write_lines, store, lines))
    except IntegrityError:
        return False
    return True


LINE_FIELDS = ("n", "channel", "seat", "author", "name", "text", "phrase", "at")


def _write_lines(store: Store, lines: list[tuple[str, dict[str, Any]]], cur: Cursor) -> None:
    found = store.statements.get("chat")
    if found is None:
        fields = ("table_id", *LINE_FIELDS)
        add = insert(chat_t).values({f: bindparam(f) for f in fields})
        top = select(func.max(chat_t.c.n)).where(chat_t.c.table_id == bindparam("t"))
        found = store.statements["chat"] = (
            store.writes.statement(add, fields),
            store.writes.statement(top, ("t",)),
        )
    add_line, last_of = found
    # Each table's last number, by a statement compiled once (a query built for the
    # batch's tables, with its cache key, cost more than storing the lines).
    last: dict[str, int] = {}
    for table_id, _ in lines:
        if table_id not in last:
            top = cur.rows(last_of, (table_id,))[0][0]
            last[table_id] = -1 if top is None else int(top)
    for table_id, line in lines:
        line["n"] = last[table_id] = max(int(line["n"]), last[table_id] + 1)
    cur.many(add_line, [(t, *(line.get(f) for f in LINE_FIELDS)) for t, line in lines])


class LineWriter:
    """Stores chat lines in batches (group commit, as the moves' writer does): lines posted
    together at many tables share one transaction, each poster still waiting until its own
    line is stored."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.pending: list[tuple[str, dict[str, Any], asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def store(self, table_id: str, line: dict[str, Any]) -> None:
        """Store one line as its table's next (its ``n`` set); raises ``web.error.busy``
        when other processes kept taking its number, ``web.error.storage`` on a fault."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending.append((table_id, line, future))
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._drain())
        await future

    async def write(self, lines: list[tuple[str, dict[str, Any]]]) -> bool:
        """One transaction of lines (see :func:`store_lines`)."""
        return await self.hub.write(store_lines, self.hub.store, lines)

    async def _drain(self) -> None:
        while self.pending:
            # The lines of a moment share a transaction: stored as soon as the database
            # was free, each batch was a line or two, and the storage thread that commits
            # the moves ran a transaction for each.
            await asyncio.sleep(GATHER)
            batch, self.pending = self.pending, []
            error: ServerError | None = ServerError("web.error.busy")
            try:
                for _ in range(NUMBER_TRIES):
                    if await self.write([(table_id, line) for table_id, line, _ in batch]):
                        error = None
                        break
            except ServerError as exc:
                error = exc
            for _, _, future in batch:
                if future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)


def load_rules(store: Store, table_id: str) -> Rules:
    """What the host set, as stored."""
    with store.engine.connect() as conn:
        row = conn.execute(select(chat_rules_t).where(chat_rules_t.c.table_id == table_id)).first()
    return Rules() if row is None else Rules(set(json.loads(row.off)), set(json.loads(row.muted)))


def store_rules(store: Store, table_id: str, rules: Rules) -> None:
    """Store what the host set."""
    with store.engine.begin() as conn:
        conn.execute(delete(chat_rules_t).where(chat_rules_t.c.table_id == table_id))
        conn.execute(
            insert(chat_rules_t).values(
                table_id=table_id,
                off=json.dumps(sorted(rules.off)),
                muted=json.dumps(sorted(rules.muted)),
            )
        )


# -- the chat of every table ----------------------------------------------------------------


class Chat:
    """Every table's chat in this process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tables: dict[str, TableChat] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.writer = LineWriter(hub)
        """Lines reach the database in batches through it."""
        hub.cluster.listen("chat", self._hear, self._reload)

    def bucket(self) -> Bucket:
        """A new connection's allowance of lines."""
        cfg = self.hub.config
        return Bucket(cfg.chat_rate, cfg.chat_burst)

    def _spectators(self, chat: TableChat) -> Bucket:
        """The table's spectators' allowance of lines (made on first use)."""
        if chat.spectators is None:
            cfg = self.hub.config
            chat.spectators = Bucket(cfg.spectator_chat_rate, cfg.spectator_chat_burst)
        return chat.spectators

    def made(self, table_id: str) -> None:
        """A table this process just made: its chat is empty (not read from storage when
        first used; lines posted on other processes are heard)."""
        self.tables.setdefault(table_id, TableChat(Rules(), 0))

    async def of(self, table: LiveTable) -> TableChat:
        """The table's chat, read from storage on first use."""
        found = self.tables.get(table.id)
        if found is not None:
            return found
        lock = self._loading.setdefault(table.id, asyncio.Lock())
        async with lock:
            found = self.tables.get(table.id)
            if found is None:
                lines, rules, nxt = await self.hub.read(load_chat, self.hub.store, table.id)
                found = TableChat(rules, nxt)
                for line in lines:
                    found.lines[line["channel"]].append(line)
                self.tables[table.id] = found
        self._loading.pop(table.id, None)
        return found

    @staticmethod
    def reads(table: LiveTable, conn: Connection) -> tuple[str, ...]:
        """The channels a connection reads: a seated person both, a spectator its own."""
        if conn.seat is not None and table.holds(conn.seat, conn.holder):
            return CHANNELS
        return (SPECTATORS,)

    async def welcome(self, table: LiveTable, conn: Connection) -> None:
        """Send a client that just became live the chat it may read."""
        chat = await self.of(table)
        channels = self.reads(table, conn)
        lines = sorted(
            (line for c in channels for line in chat.lines[c]), key=lambda line: int(line["n"])
        )
        conn.send({"type": "chat", "lines": lines, "rules": chat.rules.to_json(), "reset": True})

    def _push(self, table: LiveTable, message: dict[str, Any], channel: str | None) -> None:
        """Send ``message`` to the live clients reading ``channel`` (None: every one),
        encoded once for all of them."""
        text = None
        for conn in self.hub.presence.live(table):
            if channel is None or channel in self.reads(table, conn):
                if text is None:
                    text = encode(message)
                conn.send(text)

    async def post(
        self,
        table: LiveTable,
        conn: Connection,
        bucket: Bucket,
        *,
        text: str | None,
        phrase: str | None,
        name: str | None,
        key: str | None,
    ) -> None:
        """One line from a client: checked, stored, then sent to its channel's readers."""
        seated = conn.seat is not None and table.holds(conn.seat, conn.holder)
        channel = PLAYERS if seated else SPECTATORS
        if (text is None) == (phrase is None):
            raise ServerError("web.error.bad_message")
        if phrase is not None and phrase not in PHRASES:
            raise ServerError("friends.error.bad_phrase", phrase=phrase[:20])
        body = "" if text is None else clean_text(text)
        if seated:
            assert conn.seat is not None
            who, author, shown = f"seat:{conn.seat}", None, table.names("en")[conn.seat]
            seat: int | None = conn.seat
        else:
            if not isinstance(key, str) or not 8 <= len(key) <= MAX_KEY:
                raise ServerError("friends.error.chat_no_key")
            # Known by the address it watches from, not by its key (a new key would dodge
            # a mute), salted with the table's secret host hash (the id shows no address).
            author = spectator_id(f"{table.record.host_hash}:{conn.client}")
            who, shown, seat = f"watcher:{author}", clean_name(name), None
            # A spectator may not take the name of someone seated at the table.
            check_unique(shown, [rec.name for rec in table.record.seats.values()])
        chat = await self.of(table)
        if channel in chat.rules.off:
            raise ServerError("friends.error.chat_off")
        if who in chat.rules.muted:
            raise ServerError("friends.error.muted")
        if not bucket.take() or (channel == SPECTATORS and not self._spectators(chat).take()):
            raise ServerError("friends.error.chat_too_fast")
        line: dict[str, Any] = {
            "n": chat.next,
            "channel": channel,
            "seat": seat,
            "author": author,
            "name": shown,
            "text": body,
            "phrase": phrase,
            "at": time.time(),
        }
        await self.writer.store(table.id, line)  # numbered as the table's next there
        chat.next = max(chat.next, int(line["n"]) + 1)
        chat.lines[channel].append(line)
        self.hub.cluster.say("chat", {"table": table.id, "line": line})
        message = {"type": "chat", "lines": [line], "rules": chat.rules.to_json(), "reset": False}
        self._push(table, message, channel)

    async def set_rules(
        self,
        table: LiveTable,
        host_token: object,
        *,
        off: list[str] | None = None,
        mute: str | None = None,
        unmute: str | None = None,
    ) -> Rules:
        """The host turns channels off or on (``off``: the channels to have off) or mutes
        or unmutes one person (``seat:N`` or ``watcher:<id>``)."""
        if not token_matches(host_token, table.record.host_hash):
            raise ServerError("web.error.not_host")
        if off is not None and not set(off) <= set(CHANNELS):
            raise ServerError("friends.error.bad_channel", channel=",".join(off)[:40])
        for who in (mute, unmute):
            if who is not None and not _is_person(who, table.players):
                raise ServerError("friends.error.bad_person", who=who[:40])
        chat = await self.of(table)
        hub = self.hub
        async with chat.lock, hub.cluster.lock(f"chat:{table.id}"):
            was = chat.rules
            if hub.cluster.shared:  # another process may have changed them just now
                was = await hub.read(load_rules, hub.store, table.id)
            rules = Rules(set(was.off), set(was.muted))
            if off is not None:
                rules.off = set(off)
            if mute is not None:
                rules.muted.add(mute)
            if unmute is not None:
                rules.muted.discard(unmute)
            await hub.write(store_rules, hub.store, table.id, rules)
            chat.rules = rules
        hub.cluster.say("chat", {"table": table.id, "rules": rules.to_json()})
        self._push(
            table, {"type": "chat", "lines": [], "rules": rules.to_json(), "reset": False}, None
        )
        return rules

    # -- several processes ------------------------------------------------------------------

    async def _hear(self, body: dict[str, Any]) -> None:
        """Another process stored a line or changed the host's choices: this process's
        readers are told (a table whose chat nobody read here yet reads it when asked)."""
        table = self.hub.tables.get(str(body["table"]))
        if table is None or (table.id not in self.tables and table.id not in self._loading):
            return
        chat = await self.of(table)
        if "rules" in body:
            rules = body["rules"]
            chat.rules = Rules(set(rules["off"]), set(rules["muted"]))
            message = {"type": "chat", "lines": [], "rules": rules, "reset": False}
            self._push(table, message, None)
            return
        line = dict(body["line"])
        channel = line["channel"]
        if channel not in CHANNELS:
            return
        async with chat.lock:
            if any(kept["n"] == line["n"] for kept in chat.lines[channel]):
                return  # read from storage already
            chat.lines[channel].append(line)
            chat.next = max(chat.next, int(line["n"]) + 1)
        message = {"type": "chat", "lines": [line], "rules": chat.rules.to_json(), "reset": False}
        self._push(table, message, channel)

    async def _reload(self) -> None:
        """Read every table's chat back after news may have been lost, and send it again."""
        for table_id in list(self.tables):
            table = self.hub.tables.get(table_id)
            self.tables.pop(table_id, None)
            if table is not None:
                for conn in self.hub.presence.live(table):
                    await self.welcome(table, conn)


def _is_person(who: str, players: int) -> bool:
    kind, _, rest = who.partition(":")
    if kind == "seat":
        return rest.isdigit() and int(rest) < players
    return kind == "watcher" and len(rest) == 12 and all(c in "0123456789abcdef" for c in rest)
