"""A load test: many tables at once, each with one websocket client and bots for the rest.

Each client plays random legal moves for its seat; the latency of a move is the time from
sending it to receiving the client's next view (the server has committed the move by then).
Every finished table's stored log is then checked against the moves its client made: none
lost, none applied twice.

Given several server processes (sharing a database and Redis), table ``i`` is set up on
process ``i mod n`` and its client plays through the next one, so every move crosses
processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

from parlour.engine import Replay, Rng
from parlour.games import get_game
from parlour.tools.process import serve_process

RESENDS = 3
"""Times a client sends a refused move again before it leaves its table."""


UNLIMITED = {
    "PARLOUR_CREATE_RATE": "",
    "PARLOUR_SEAT_RATE": "",
    "PARLOUR_MAX_OPEN_TABLES": "100000",
}
"""The per-client limits of the local servers a load test starts, off: every table comes
from the one load client."""


@dataclass
class LoadReport:
    """What a load test measured."""

    tables: int
    finished: int
    moves: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    """Seconds from a client's move to its view update, one per client move."""
    verified: int = 0
    """Finished tables whose stored log was checked against their client's moves."""
    lost: int = 0
    """Client moves the server acknowledged that its log does not hold."""
    doubled: int = 0
    """Moves of the client's seat in a log that the client did not make (or made once)."""
    refused: int = 0
    """Client moves the server answered with an error (each is sent again, up to 3 times)."""

    @property
    def moves_per_second(self) -> float:
        """Accepted moves (bots' included) per second."""
        return self.moves / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, p: float) -> float:
        """A latency percentile in milliseconds (0 when nothing was measured)."""
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        rank = math.ceil(p / 100 * len(ordered))  # nearest-rank percentile
        return ordered[min(len(ordered), max(1, rank)) - 1] * 1000


async def _setup(
    http: httpx.AsyncClient, game: str, players: int, options: dict[str, Any], bot: str
) -> tuple[str, str]:
    r = await http.post("/api/tables", json={"game": game, "players": players, "options": options})
    r.raise_for_status()
    table, host = r.json()["table"]["id"], r.json()["host_token"]
    r = await http.post(f"/api/tables/{table}/seats/0", json={"name": "load"})
    r.raise_for_status()
    token = r.json()["token"]
    for seat in range(1, players):
        body = {"bot": bot, "host_token": host}
        (await http.post(f"/api/tables/{table}/bots/{seat}", json=body)).raise_for_status()
    (await http.post(f"/api/tables/{table}/start", json={"host_token": host})).raise_for_status()
    return table, token


async def _client(
    ws_base: str,
    table: str,
    token: str,
    rng: Rng,
    deadline: float,
    latencies: list[float],
    think: float,
    acked: list[tuple[int, str]],
    refusals: list[str],
) -> tuple[int, bool]:
    from websockets.asyncio.client import connect

    async with connect(f"{ws_base}/ws/tables/{table}", max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token, "lang": "en"}))
        pending: tuple[int, float, str] | None = None
        tries = 0
        move = 0
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.0, deadline - time.monotonic()) + 5)
            except TimeoutError:  # nothing more came: the table is stuck, or time is up
                return move, False
            msg = json.loads(raw)
            if msg.get("type") == "error" and pending is not None:
                # Refused (busy, say): nothing changed, so the same move is sent again.
                refusals.append(str(msg.get("error")))
                tries += 1
                if tries > RESENDS:
                    return move, False
                await asyncio.sleep(0.05 * tries)
                await ws.send(json.dumps({"move": pending[0], "action": pending[2]}))
                continue
            if msg.get("type") != "state":
                continue
            move = msg["move"] or 0
            if pending is not None and move > pending[0]:
                latencies.append(time.perf_counter() - pending[1])
                acked.append((pending[0], pending[2]))
                pending, tries = None, 0
            if msg["summary"] is not None:
                return move, True
            if time.monotonic() > deadline:
                return move, False
            if msg["legal"] and pending is None:
                action = rng.choice(msg["legal"])["action"]
                if think > 0:  # a person takes a moment (uniform, mean ``think``)
                    await asyncio.sleep(rng.random() * 2 * think)
                pending = (move, time.perf_counter(), action)
                await ws.send(json.dumps({"move": move, "action": action}))


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
) -> LoadReport:
    """Start ``tables`` tables on running servers and play them until they end or time is up."""
    bases = [base_url] if isinstance(base_url, str) else list(base_url)
    limits = httpx.Limits(max_connections=50)
    async with contextlib.AsyncExitStack() as stack:
        https = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=base, timeout=60, limits=limits)
            )
            for base in bases
        ]
        made = await asyncio.gather(
            *(
                _setup(https[i % len(https)], game, players, options or {}, bot)
                for i in range(tables)
            )
        )
    ws_bases = ["ws" + base[len("http") :] for base in bases]
    latencies: list[float] = []
    start = time.perf_counter()
    deadline = time.monotonic() + duration
    rng = Rng(seed)
    acked: list[list[tuple[int, str]]] = [[] for _ in made]
    refusals: list[str] = []
    outcomes = await asyncio.gather(
        *(
            _client(
                ws_bases[(i + 1) % len(ws_bases)],
                t,
                tok,
                rng.spawn(),
                deadline,
                latencies,
                think,
                acked[i],
                refusals,
            )
            for i, (t, tok) in enumerate(made)
        )
    )
    seconds = time.perf_counter() - start
    report = LoadReport(
        tables=tables,
        finished=sum(1 for _, over in outcomes if over),
        moves=sum(m for m, _ in outcomes),
        seconds=seconds,
        latencies=latencies,
        refused=len(refusals),
    )
    async with httpx.AsyncClient(base_url=bases[0], timeout=60, limits=limits) as http:
        for (table, _), (_, over), sent in zip(made, outcomes, acked, strict=True):
            if over:
                record = (await http.get(f"/api/tables/{table}/record")).json()
                lost, doubled = check_log(record, sent)
                report.verified += 1
                report.lost += lost
                report.doubled += doubled
    return report


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
) -> Iterator[list[str]]:
    """``count`` ``parlour serve`` processes on one database (a throwaway SQLite unless
    ``database``), sharing the Redis server at ``redis`` when there are several."""
    if count > 1 and not redis:
        raise ValueError("several server processes need a Redis URL")
    extra = ["--redis", redis] if redis else []
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as folder, ExitStack() as stack:
        url = database or f"sqlite:///{os.path.join(folder, 'load.db')}"
        yield [
            stack.enter_context(
                serve_process(url, bot_delay=bot_delay, extra=extra, env=UNLIMITED)
            )[0]
            for _ in range(count)
        ]
