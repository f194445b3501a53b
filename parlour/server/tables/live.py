"""A live table: its stored record, the state rebuilt from the log, seats and listeners."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.bots.base import Bot
from parlour.bots.registry import make_bot
from parlour.engine import Event, Game, State
from parlour.engine.i18n import bot_label, t
from parlour.engine.playout import replay_actions
from parlour.server.store.storage import SeatRecord, TableRecord

OPEN, PLAYING, OVER = "open", "playing", "over"

MAX_OUTBOX = 500
"""Messages queued for one client before it counts as gone."""

_bot_name = functools.lru_cache(maxsize=1024)(bot_label)
"""A bot seat's name in a language, rendered once (every state message names the seats)."""


def new_token() -> str:
    """A fresh secret token (a seat's or a host's)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, so the database never holds a usable one."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: object, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored`` (constant-time)."""
    if stored is None or not isinstance(token, str) or len(token) > 200:
        return False
    return hmac.compare_digest(token_hash(token), stored)


@dataclass(eq=False)
class Connection:
    """One client watching a table: a seat (or a spectator) with its own outbox."""

    seat: int | None
    lang: str
    holder: str | None = None
    """The hash of the token this connection showed for its seat (None for a spectator):
    the seat is its only while the seat still holds that token."""
    cursor: int = 0
    """How many entries of the table's event log this client has been sent."""
    outbox: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=asyncio.Queue)
    write: Callable[[dict[str, Any] | str], bool] | None = None
    """Writes a message to the client at once, when its connection can take it now (True),
    or not (False); None: every message goes through the outbox."""
    sending: bool = False
    """Whether a message taken from the outbox is being sent (the connection's sender)."""
    heard: float = field(default_factory=time.monotonic)
    """When the client last sent a message (``time.monotonic``)."""
    close_code: int = 1000
    client: str = ""
    """The client's address (what a spectator's chat identity is bound to)."""
    """The websocket close code sent when the connection is closed from this side."""

    def send(self, message: dict[str, Any] | str | None) -> None:
        """Send a message to the client: a JSON object, or one already encoded (shared by
        every client of the same audience); None closes the connection.

        Written at once when nothing waits in the outbox or is being sent (so messages keep
        their order) and the connection takes it; queued otherwise. A client that stops
        reading is cut off rather than buffered without end; it gets everything again when
        it reconnects.
        """
        outbox = self.outbox
        if outbox.qsize() >= MAX_OUTBOX:
            message = None
        elif (
            message is not None
            and self.write is not None
            and not self.sending
            and outbox.empty()
            and self.write(message)
        ):
            return
        outbox.put_nowait(message)


@dataclass(eq=False)
class History:
    """A table's log rendered for one audience (a seat, or spectators) in one language."""

    upto: int = 0
    """How many entries of the table's log have been looked at."""
    index: list[int] = field(default_factory=list)
    """The log index of each rendered event."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """The rendered events this audience may see, in order."""
    options: object = None
    """The options ``number`` was taken for (None: none taken yet)."""
    number: int | None = None
    """The number of this history's (game, language, names, options) among the event
    texts kept for reuse (see :func:`parlour.server.tables.protocol.text_number`)."""

    def add(self, upto: int, index: list[int], events: list[dict[str, Any]]) -> None:
        """Append what was rendered of the log up to entry ``upto``."""
        self.index += index
        self.events += events
        self.upto = upto


class LiveTable:
    """A table in memory. Its truth is ``record`` (setup and actions); the rest is derived."""

    def __init__(self, record: TableRecord, game: Game) -> None:
        self.record = record
        self.game = game
        self.state: State | None = None
        self.log: list[tuple[int, Event]] = []
        """Every event so far with the move number it followed."""
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.histories: dict[tuple[str, int | None, tuple[str, ...]], History] = {}
        """Rendered logs by language, audience and names (kept while anyone listens)."""
        self.maker: str | None = None
        """The address that made the table (kept in memory only), for the per-address
        caps on waiting and bot-only tables."""
        self.steps: dict[tuple[str, tuple[str, ...]], dict[str, list[str]]] = {}
        """Each action's steps as labels, by language and names (kept while anyone
        listens): the seat to act is sent them with every state message."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.record.id

    @property
    def status(self) -> str:
        """open (seats being filled), playing, or over."""
        return self.record.status

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.record.players

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's options: every one resolved once the game has started."""
        return self.state.options if self.state is not None else self.record.options

    @property
    def closed(self) -> bool:
        """Over, or archived as abandoned: nothing more is played, the whole record may be
        shown."""
        return self.record.status == OVER or self.record.archived is not None

    def seat(self, seat: int) -> SeatRecord | None:
        """Who sits at ``seat`` (None when free)."""
        return self.record.seats.get(seat)

    def holds(self, seat: int, holder: str | None) -> bool:
        """Whether a person showing the token hashed ``holder`` still sits at ``seat``.

        Seats change hands (freed, given to someone else or a bot), so this is asked again
        at every change and every move, never only when a connection says hello.
        """
        rec = self.record.seats.get(seat)
        return (
            holder is not None
            and rec is not None
            and rec.kind == "human"
            and rec.token_hash is not None
            and hmac.compare_digest(rec.token_hash, holder)
        )

    def bots_only(self) -> bool:
        """Whether every seat is a bot's (a table that plays on with nobody there)."""
        seats = self.record.seats
        return len(seats) == self.players and all(r.kind == "bot" for r in seats.values())

    def names(self, lang: str) -> list[str]:
        """Every seat's display name (free seats as "Player n")."""
        out = []
        for s in range(self.players):
            rec = self.record.seats.get(s)
            if rec is None or (rec.kind == "human" and not rec.name):
                # A free seat, or one whose person's account was deleted (a former player).
                out.append(t("core.seat_name", lang, number=s + 1))
            elif rec.kind == "bot" and not rec.name:
                out.append(_bot_name(rec.bot or "", s, lang))
            else:
                out.append(rec.name)
        return out

    def start_play(self) -> None:
        """Build the opening state, replay the log and make the bots."""
        rec = self.record
        state = self.game.new(rec.players, rec.options, rec.seed)
        log: list[tuple[int, Event]] = [(0, e) for e in state.opening_events()]
        for step in replay_actions(state, rec.actions):
            log.extend((state.move_number, e) for e in step.events)
        self.state, self.log = state, log
        self.histories = {}
        self.bots = {}
        for s, seat in rec.seats.items():
            if seat.kind == "bot" and seat.bot:
                bot = make_bot(seat.bot, self.game.id)
                bot.reset(s, rec.players, state.options)
                self.bots[s] = bot

    def ensure_state(self) -> None:
        """Rebuild the state of a started table on first use (finished ones load lazily)."""
        if self.state is None and self.status != OPEN:
            self.start_play()

    def state_at(self, move: int) -> tuple[State, list[tuple[int, Event]]]:
        """The state after ``move`` actions and the events up to it (rebuilt by replay)."""
        rec = self.record
        state = self.game.new(rec.players, rec.options, rec.seed)
        log: list[tuple[int, Event]] = [(0, e) for e in state.opening_events()]
        for step in replay_actions(state, rec.actions[:move]):
            log.extend((state.move_number, e) for e in step.events)
        return state, log

    def public_seats(self) -> list[dict[str, Any]]:
        """The seats as anyone may see them (never a token)."""
        seats = self.record.seats
        return [
            {"seat": s, "kind": None, "name": None, "bot": None}
            if (rec := seats.get(s)) is None
            else {"seat": s, "kind": rec.kind, "name": rec.name, "bot": rec.bot}
            for s in range(self.record.players)
        ]

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        st, rec = self.state, self.record
        return {
            "id": rec.id,
            "game": self.game.id,
            "players": rec.players,
            "options": dict(rec.options),
            "status": rec.status,
            "seats": self.public_seats(),
            "move": len(rec.actions) if st is None else st.move_number,
            "to_act": None if st is None else st.to_act,
            "created": rec.created,
            "rematch": rec.rematch,
            "public": rec.public,
            "hints": rec.hints,
            "archived": rec.archived is not None,
        }
