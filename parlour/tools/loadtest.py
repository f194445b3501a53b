"""A load test: many tables at once, each with one websocket client and bots for the rest.

Each client plays random legal moves for its seat; the latency of a move is the time from
sending it to receiving the client's next view (the server has committed the move by then).
The load holds for the whole run: a client whose game ends asks its table to play again
(the rematch, same seats and bots) and plays on there. At the run's end every client
finishes its game at full speed; a game that does not end counts as stuck. Every game's
stored log is then checked against the moves its client saw accepted: none lost, none
applied twice.

Given several server processes (sharing a database and Redis), table ``i`` is set up on
process ``i mod n`` and its client plays through the next one, so every move crosses
processes.

Optionally every table gets a clock (set before each game's start, so the server keeps a
deadline for every turn) and its client chats: it sends a line now and then (one at a time,
each naming its game and number), and a second connection of the same seat, opened on the
process the table was set up on, reads the players' chat beside it. Every line the server
took must reach both connections once; a line refused (too fast) must reach neither.
Clients then beat, as a table page does, so they are sent presence, clock and chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

from parlour.engine import Replay, Rng
from parlour.games import get_game
from parlour.tools.process import serve_process

RESENDS = 3
"""Times a client sends a refused move again before it leaves its table."""

STALL = 10.0
"""Seconds a client waits for any message before it calls its table stuck."""
RECORD_WAIT = 10.0
"""Seconds the final check waits for some server to give a finished game's log."""

FINISH_WAIT = 60.0
"""Seconds past the run's end within which every game must reach its end."""

OPEN_WAIT = 60.0
"""Seconds a websocket may take to open: when every table's clients connect at once, a
busy server answers the handshakes in turn (the library's 10 s let a whole run fail)."""

BEAT_EVERY = 15.0
"""Seconds between a live client's heartbeats (as a table page beats)."""

ECHO_WAIT = 5.0
"""Seconds a game's second connection may take to read the last lines after its end."""

UNLIMITED = {
    "PARLOUR_CREATE_RATE": "",
    "PARLOUR_SEAT_RATE": "",
    "PARLOUR_MAX_OPEN_TABLES": "100000",
    "PARLOUR_MAX_CLIENT_OPEN_TABLES": "100000",
    "PARLOUR_MAX_CLIENT_BOT_TABLES": "100000",
    "PARLOUR_MAX_CLIENT_SOCKETS": "100000",
}
"""The per-client limits of the local servers a load test starts, off: every table and
websocket comes from the one load client."""


@dataclass
class LoadReport:
    """What a load test measured."""

    tables: int
    finished: int
    """Games that reached their end (every game, when nothing is stuck)."""
    moves: int
    """Moves (bots' included) accepted during the run."""
    seconds: float
    latencies: list[float] = field(default_factory=list)
    """Seconds from a client's move to its view update, one per move sent during the run."""
    games: int = 0
    """Games played: each table's first, and every rematch played after one ended."""
    stuck: int = 0
    """Games that did not reach their end (a table that stopped answering)."""
    verified: int = 0
    """Finished games whose stored log was checked against their client's moves."""
    lost: int = 0
    """Client moves the server acknowledged that its log does not hold."""
    doubled: int = 0
    """Moves of the client's seat in a log that the client did not make (or made once)."""
    refused: int = 0
    """Client moves the server answered with an error (each is sent again, up to 3 times),
    and connections that failed or dropped (each opened again, up to 3 times)."""
    chat_sent: int = 0
    """Chat lines the clients sent."""
    chat_refused: int = 0
    """Lines the server refused (too fast): they must reach nobody."""
    chat_lost: int = 0
    """Lines taken that did not reach the sender or the seat's second connection."""
    chat_doubled: int = 0
    """Lines a connection was sent twice (or a refused line sent at all)."""

    @property
    def moves_per_second(self) -> float:
        """Accepted moves (bots' included) per second of the run."""
        return self.moves / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, p: float) -> float:
        """A latency percentile in milliseconds (0 when nothing was measured)."""
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        rank = math.ceil(p / 100 * len(ordered))  # nearest-rank percentile
        return ordered[min(len(ordered), max(1, rank)) - 1] * 1000


@dataclass
class Game:
    """One game a client played: its table and the moves it saw accepted."""

    table: str
    acked: list[tuple[int, str]] = field(default_factory=list)
    over: bool = False
    said: list[str] = field(default_factory=list)
    """Chat lines sent."""
    refused: set[str] = field(default_factory=set)
    """Lines the server refused."""
    heard: Counter[str] = field(default_factory=Counter)
    """Lines of this game sent to its client as news (its own, as they are taken)."""
    echoed: Counter[str] = field(default_factory=Counter)
    """The same, sent to the seat's second connection."""
    pending: str | None = None
    """The line sent and not yet seen taken or refused."""

    def chat_check(self) -> tuple[int, int]:
        """(lost, doubled) lines of chat: taken but not sent to both connections, and
        sent to one twice or refused yet sent."""
        taken = [line for line in self.said if line not in self.refused]
        lost = sum(1 for line in taken if not self.heard[line] or not self.echoed[line])
        doubled = sum(1 for n in (*self.heard.values(), *self.echoed.values()) if n > 1)
        doubled += sum(1 for line in self.refused if self.heard[line] or self.echoed[line])
        return lost, doubled


@dataclass
class Seat:
    """One client's seat: its tokens and the games it played, in order."""

    token: str
    host: str
    games: list[Game]
    counted: int = 0
    """Moves (bots' included) its games accepted before the run's end."""


@dataclass
class Run:
    """What every client shares: the clock, the pace and what was measured."""

    deadline: float
    """``time.perf_counter()`` at the run's end."""
    think: float
    setup: tuple[str, int, dict[str, Any], str, dict[str, Any] | None]
    """How a table is set up: game, players, options, the bots' kind, its clock."""
    chat: float = 0.0
    """Mean seconds between a client's chat lines (0: no chat)."""
    latencies: list[float] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)


async def _setup(
    http: httpx.AsyncClient,
    game: str,
    players: int,
    options: dict[str, Any],
    bot: str,
    clock: dict[str, Any] | None = None,
    begin: bool = True,
) -> Seat:
    """A table with the client's seat and bots, its clock set, started if ``begin``."""
    r = await http.post("/api/tables", json={"game": game, "players": players, "options": options})
    r.raise_for_status()
    table, host = r.json()["table"]["id"], r.json()["host_token"]
    r = await http.post(f"/api/tables/{table}/seats/0", json={"name": "load"})
    r.raise_for_status()
    token = r.json()["token"]
    for seat in range(1, players):
        body = {"bot": bot, "host_token": host}
        (await http.post(f"/api/tables/{table}/bots/{seat}", json=body)).raise_for_status()
    await _clock(http, table, host, clock)
    if begin:
        await _begin(http, table, host)
    return Seat(token, host, [Game(table)])


async def _clock(
    http: httpx.AsyncClient, table: str, host: str, clock: dict[str, Any] | None
) -> None:
    """Set an open table's clock, when there is one."""
    if clock is not None:
        body = {"host_token": host, **clock}
        (await http.post(f"/api/tables/{table}/clock", json=body)).raise_for_status()


async def _begin(http: httpx.AsyncClient, table: str, host: str) -> None:
    """Start a full table."""
    (await http.post(f"/api/tables/{table}/start", json={"host_token": host})).raise_for_status()


async def _again(http: httpx.AsyncClient, seat: Seat, run: Run) -> None:
    """Play again after a game's end: the table's rematch (same seats and bots), started;
    a server without rematches gets a new table set up as the first was."""
    r = await http.post(f"/api/tables/{seat.games[-1].table}/rematch", json={"token": seat.host})
    if r.status_code in (404, 405):
        fresh = await _setup(http, *run.setup)
        seat.token, seat.host = fresh.token, fresh.host
        seat.games += fresh.games
        return
    r.raise_for_status()
    table = r.json()["id"]
    await _clock(http, table, seat.host, run.setup[4])
    await _begin(http, table, seat.host)
    seat.games.append(Game(table))


async def _client(
    http: httpx.AsyncClient, ws_base: str, echo_base: str, seat: Seat, rng: Rng, run: Run
) -> None:
    """Play the seat's games until the run's end, then finish the last one."""
    while True:
        if run.chat > 0:
            await _echoed(echo_base, seat, _play(ws_base, seat, rng, run))
        else:
            await _play(ws_base, seat, rng, run)
        if not seat.games[-1].over or time.perf_counter() >= run.deadline:
            return
        try:
            await _again(http, seat, run)
        except httpx.HTTPError as exc:  # no rematch: this client's load ends here
            run.refusals.append(f"rematch: {exc}")
            return


@dataclass
class Progress:
    """Where a client is in its game, kept across reconnections."""

    move: int = 0
    pending: tuple[int, float, str] | None = None
    """The move sent and not yet seen accepted: its number, when it was sent, its action."""
    tries: int = 0
    resend: bool = False
    """Whether the pending move, sent on a connection that was lost, is to be sent again."""


async def _play(ws_base: str, seat: Seat, rng: Rng, run: Run) -> None:
    """Play the seat's latest game to its end, or until its table stops answering; a
    dropped connection is opened again (as a browser would) up to ``RESENDS`` times."""
    from websockets.exceptions import WebSocketException

    at = Progress()
    for attempt in range(RESENDS + 1):
        try:
            await _connection(ws_base, seat, rng, run, at)
            return
        except (OSError, WebSocketException) as exc:
            run.refusals.append(f"connection: {exc}")
            await asyncio.sleep(0.2 * (attempt + 1))


async def _connection(ws_base: str, seat: Seat, rng: Rng, run: Run, at: Progress) -> None:
    """One websocket at the seat's latest game, until the game ends or stalls."""
    from websockets.asyncio.client import connect

    game = seat.games[-1]
    url = f"{ws_base}/ws/tables/{game.table}"
    async with connect(url, max_size=None, compression=None, open_timeout=OPEN_WAIT) as ws:
        hello = {"type": "hello", "seat": 0, "token": seat.token, "lang": "en"}
        await ws.send(json.dumps(hello))
        live = run.chat > 0 or run.setup[4] is not None
        beat = time.perf_counter()
        if live:
            await ws.send(json.dumps({"type": "beat"}))
        chatter = None
        if run.chat > 0:
            chatter = asyncio.create_task(_chatter(ws, game, rng.spawn(), run))
        at.resend = at.pending is not None  # a move sent on a lost connection
        try:
            while True:
                now = time.perf_counter()
                if now > run.deadline + FINISH_WAIT:
                    return
                if live and now - beat >= BEAT_EVERY:
                    beat = now
                    await ws.send(json.dumps({"type": "beat"}))
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.0, run.deadline - now) + STALL)
                except TimeoutError:  # nothing came for too long: the table is stuck
                    return
                msg = json.loads(raw)
                if _heard_chat(msg, game, game.heard):
                    continue
                if not await _answer(ws, msg, seat, rng, run, at):
                    break
            if chatter is not None:  # the last line sent is taken or refused before leaving
                chatter.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await chatter
                stop = time.perf_counter() + ECHO_WAIT
                while game.pending is not None and time.perf_counter() < stop:
                    with contextlib.suppress(TimeoutError):
                        raw = await asyncio.wait_for(ws.recv(), stop - time.perf_counter())
                        _heard_chat(json.loads(raw), game, game.heard)
        finally:
            if chatter is not None:
                chatter.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await chatter


def _heard_chat(msg: dict[str, Any], game: Game, into: Counter[str]) -> bool:
    """Count the lines of ``game`` a chat message brings (or a refused line); True if the
    message was about chat."""
    kind = msg.get("type")
    if kind == "error" and str(msg.get("error", "")).startswith("friends."):
        if game.pending is not None:
            game.refused.add(game.pending)
            game.pending = None
        return True
    if kind != "chat":
        return False
    for line in msg.get("lines", ()):
        text = line.get("text") or ""
        if text.startswith(f"{game.table} "):
            if not msg.get("reset"):
                into[text] += 1
            elif not into[text]:  # sent again on coming back: not news, but not lost
                into[text] = 1
            if text == game.pending and into is game.heard:
                game.pending = None
    return True


async def _chatter(ws: Any, game: Game, rng: Rng, run: Run) -> None:
    """Send a line of chat now and then (the next once the last was taken or refused),
    until the run's end."""
    while True:
        await asyncio.sleep(rng.random() * 2 * run.chat)
        if time.perf_counter() >= run.deadline:
            return
        if game.pending is None:
            game.pending = f"{game.table} {len(game.said)}"
            game.said.append(game.pending)
            # Shielded: a line sent as the game ends is sent whole (its answer awaited).
            await asyncio.shield(ws.send(json.dumps({"type": "chat", "text": game.pending})))


async def _echoed(echo_base: str, seat: Seat, playing: Any) -> None:
    """Run ``playing`` with a second connection of the seat reading the chat beside it;
    after the game it waits (briefly) for the lines still on their way."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    game = seat.games[-1]
    url = f"{echo_base}/ws/tables/{game.table}"
    try:
        async with connect(url, max_size=None, compression=None, open_timeout=OPEN_WAIT) as ws:
            hello = {"type": "hello", "seat": 0, "token": seat.token, "lang": "en"}
            await ws.send(json.dumps(hello))
            await ws.send(json.dumps({"type": "beat"}))
            reader = asyncio.create_task(_read_echo(ws, game))
            try:
                await playing
                stop = time.perf_counter() + ECHO_WAIT
                while time.perf_counter() < stop and any(
                    game.heard[line] and not game.echoed[line] for line in game.said
                ):
                    await asyncio.sleep(0.05)
            finally:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader
    except (OSError, WebSocketException):  # the second connection failed: lines count lost
        return


async def _read_echo(ws: Any, game: Game) -> None:
    """Count the lines the seat's second connection is sent."""
    while True:
        _heard_chat(json.loads(await ws.recv()), game, game.echoed)


async def _answer(
    ws: Any, msg: dict[str, Any], seat: Seat, rng: Rng, run: Run, at: Progress
) -> bool:
    """Act on one message of the seat's game (a refusal, a new state); False when the
    client leaves the table (the game ended, or a move was refused too often)."""
    game, pending = seat.games[-1], at.pending
    if msg.get("type") == "error" and pending is not None:
        # Refused (busy, say): nothing changed, so the same move is sent again.
        run.refusals.append(str(msg.get("error")))
        at.tries += 1
        if at.tries > RESENDS:
            return False
        await asyncio.sleep(0.05 * at.tries)
        await ws.send(json.dumps({"move": pending[0], "action": pending[2]}))
        return True
    if msg.get("type") != "state":
        return True
    reached = msg["move"] or 0
    now = time.perf_counter()
    if now <= run.deadline:
        seat.counted += max(0, reached - at.move)
    at.move = max(at.move, reached)
    if pending is not None and at.move > pending[0]:
        if pending[1] <= run.deadline:
            run.latencies.append(now - pending[1])
        game.acked.append((pending[0], pending[2]))
        at.pending, at.tries = None, 0
    elif pending is not None and at.resend:
        await ws.send(json.dumps({"move": pending[0], "action": pending[2]}))
    at.resend = False
    if msg["summary"] is not None:
        game.over = True
        return False
    if msg["legal"] and at.pending is None:
        action = rng.choice(msg["legal"])["action"]
        if run.think > 0 and now < run.deadline:  # a person takes a moment
            await asyncio.sleep(rng.random() * 2 * run.think)  # (uniform, mean think)
        at.pending = (at.move, time.perf_counter(), action)
        await ws.send(json.dumps({"move": at.move, "action": action}))
    return True


async def run_load(
    base_url: str | Sequence[str],
    *,
    tables: int = 50,
    game: str = "loveletter",
    players: int = 2,
    options: dict[str, Any] | None = None,
    bot: str = "random",
    duration: float = 60.0,
    think: float = 0.0,
    seed: int = 1,
    clock: dict[str, Any] | None = None,
    chat: float = 0.0,
    marks: Callable[[str], None] | None = None,
) -> LoadReport:
    """Set up ``tables`` tables on running servers and keep them playing for ``duration``
    seconds (a finished game is followed by its rematch), then finish and check every game.

    ``clock`` is every game's clock (the body of ``POST /api/tables/{id}/clock`` without
    the host's token); ``chat`` the mean seconds between a client's lines (0: none);
    ``marks`` is called with ``"start"`` and ``"end"`` as the measured run starts and ends
    (the server bench reads the server's CPU time then)."""
    bases = [base_url] if isinstance(base_url, str) else list(base_url)
    # Idle connections are let go before the server lets them go (its keep-alive is 5 s):
    # a request sent on one the server was closing failed the whole setup (httpx.ReadError).
    limits = httpx.Limits(max_connections=50, keepalive_expiry=2.0)
    ws_bases = ["ws" + base[len("http") :] for base in bases]
    async with contextlib.AsyncExitStack() as stack:
        https = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=base, timeout=60, limits=limits)
            )
            for base in bases
        ]
        seats = await asyncio.gather(
            *(
                _setup(https[i % len(https)], game, players, options or {}, bot, clock, False)
                for i in range(tables)
            )
        )
        # Every table starts once all are set up: a clock set up first would otherwise run
        # out before its client comes (setting up many tables on a busy server takes long).
        await asyncio.gather(
            *(_begin(https[i % len(https)], s.games[0].table, s.host) for i, s in enumerate(seats))
        )
        start = time.perf_counter()
        if marks is not None:
            marks("start")
            asyncio.get_running_loop().call_later(duration, marks, "end")
        run = Run(start + duration, think, (game, players, options or {}, bot, clock), chat)
        rng = Rng(seed)
        n = len(bases)
        await asyncio.gather(
            *(
                _client(https[i % n], ws_bases[(i + 1) % n], ws_bases[i % n], s, rng.spawn(), run)
                for i, s in enumerate(seats)
            )
        )
        seconds = min(time.perf_counter(), run.deadline) - start
        games = [g for s in seats for g in s.games]
        report = LoadReport(
            tables=tables,
            finished=sum(1 for g in games if g.over),
            moves=sum(s.counted for s in seats),
            seconds=seconds,
            latencies=run.latencies,
            games=len(games),
            stuck=sum(1 for g in games if not g.over),
            refused=len(run.refusals),
            chat_sent=sum(len(g.said) for g in games),
            chat_refused=sum(len(g.refused) for g in games),
        )
        for g in games:
            if g.over:
                record = await fetch_record(https, g.table)
                if record is None:  # no process serves its log: counted as stuck
                    report.finished -= 1
                    report.stuck += 1
                    continue
                lost, doubled = check_log(record, g.acked)
                report.verified += 1
                report.lost += lost
                report.doubled += doubled
            lost, doubled = g.chat_check()
            report.chat_lost += lost
            report.chat_doubled += doubled
    return report


async def fetch_record(
    https: Sequence[httpx.AsyncClient], table: str, wait: float = RECORD_WAIT
) -> dict[str, Any] | None:
    """A finished table's replay file from any of the servers, or None after ``wait`` seconds.

    With several processes the one asked may not have heard yet that a game played on
    another has ended (it answers ``web.error.not_over`` until the news arrives), so each
    process is asked in turn until one gives the file.
    """
    deadline = time.perf_counter() + wait
    turn = 0
    while True:
        answer = await https[turn % len(https)].get(f"/api/tables/{table}/record")
        if answer.status_code == 200:
            body: dict[str, Any] = answer.json()
            return body
        if time.perf_counter() >= deadline:
            return None
        turn += 1
        await asyncio.sleep(0.1)


def check_log(record: dict[str, Any], sent: list[tuple[int, str]]) -> tuple[int, int]:
    """Compare a finished table's log with the moves seat 0's client saw accepted.

    Returns (lost, doubled): acknowledged moves missing from the log at their move number,
    and seat-0 moves in the log that the client never made.
    """
    replay = Replay.from_json(record)
    state = replay.initial_state(get_game(replay.game))
    mine: dict[int, str] = {}
    for index, text in enumerate(replay.actions):
        if state.to_act == 0:
            mine[index] = text
        state.apply(text)
    made = dict(sent)
    lost = sum(1 for move, text in made.items() if mine.get(move) != text)
    doubled = sum(1 for move in mine if move not in made)
    return lost, doubled


@contextmanager
def local_servers(
    count: int,
    *,
    redis: str | None = None,
    database: str | None = None,
    bot_delay: float = 0.0,
    cpus: set[int] | None = None,
    pids: list[int] | None = None,
) -> Iterator[list[str]]:
    """``count`` ``parlour serve`` processes on one database (a throwaway SQLite unless
    ``database``), sharing the Redis server at ``redis`` when there are several; each runs
    on the CPU cores ``cpus`` only when given (Linux), and its process id is added to
    ``pids``."""
    if count > 1 and not redis:
        raise ValueError("several server processes need a Redis URL")
    extra = ["--redis", redis] if redis else []
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as folder, ExitStack() as stack:
        url = database or f"sqlite:///{os.path.join(folder, 'load.db')}"
        bases = []
        for _ in range(count):
            with pinned(cpus):  # a child keeps the cores it was started on
                base, proc = stack.enter_context(
                    serve_process(url, bot_delay=bot_delay, extra=extra, env=UNLIMITED)
                )
            bases.append(base)
            if pids is not None:
                pids.append(proc.pid)
        yield bases


@contextmanager
def pinned(cpus: set[int] | None) -> Iterator[None]:
    """Run this process on the cores ``cpus`` meanwhile (nothing when None)."""
    if cpus is None:
        yield
        return
    was = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cpus)
    try:
        yield
    finally:
        os.sched_setaffinity(0, was)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, all its threads, user and system (Linux's ``/proc``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuShare:
    """The CPU the servers and the load client use during the measured run: each
    process's CPU time between the run's start and end marks, in per cent of one core."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.at: dict[str, tuple[float, list[float], float]] = {}

    def mark(self, name: str) -> None:
        """Note the time and every process's CPU time (a ``marks`` callback of
        :func:`run_load`)."""
        servers = [cpu_seconds(pid) for pid in self.pids]
        self.at[name] = (time.perf_counter(), servers, cpu_seconds(os.getpid()))

    def shares(self) -> tuple[list[float], float] | None:
        """Each server's share and the client's, in per cent (None without both marks)."""
        if "start" not in self.at or "end" not in self.at:
            return None
        (t0, s0, c0), (t1, s1, c1) = self.at["start"], self.at["end"]
        wall = max(t1 - t0, 1e-9)
        return [100 * (b - a) / wall for a, b in zip(s0, s1, strict=True)], 100 * (c1 - c0) / wall
