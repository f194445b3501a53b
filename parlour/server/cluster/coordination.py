"""Several server processes on one database: table locks and change notices over Redis.

One process needs none of this (:class:`Alone`). Behind a load balancer, processes share
the database (the truth) and a Redis server (:class:`RedisCluster`) for four things:

- a lock per table, held while a process checks and commits a change to it, so two
  processes never both accept move ``n``;
- a notice on one channel after every change, so the other processes bring the table up to
  date (a move's notice carries the move; anything else is read back from the database) and
  push the change to their own clients;
- a claim per bot move, so one process thinks for a bot while the others wait;
- news that lives outside the database's tables' log (who is at a table, a chat line, the
  host's chat rules), said on a second channel as JSON (:meth:`RedisCluster.say`) to the
  parts that listen for its kind (:meth:`RedisCluster.listen`).

The database's primary key on (table, move) still refuses a doubled move if a lock is ever
lost (a process paused past the lock's lifetime).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from parlour.server.errors import ServerError

log = logging.getLogger("parlour.server")

Notice = Callable[[str, int | None, str | None], Awaitable[None]]
"""What a process does when another one says a table changed: given the table's id and,
for a move, its number and action (else None, None)."""
Resync = Callable[[], Awaitable[None]]
"""What a process does after notices may have been missed (Redis was away): read back
every table it serves."""
Heard = Callable[[dict[str, Any]], Awaitable[None]]
"""What a part of a process does with news of its kind another process said."""

LOCK_LIFETIME = 30.0
"""Seconds a table lock lasts if its holder dies without releasing it."""
LOCK_WAIT = 10.0
"""Seconds a change waits for a table's lock before the caller is asked to try again."""
KEEP_COUNT = 7 * 24 * 3600
"""Seconds Redis keeps a table's move count after its last move."""
REDIS_CONNECTIONS = 64
"""Connections a process keeps to Redis at most."""
RETRY_PAUSE = 1.0
"""Seconds between attempts to resubscribe after Redis went away."""
FLUSH_WAIT = 1.0
"""Seconds a closing process waits for its last news to be said."""
LATE_TRIES = 10
"""Times a notice whose lock's release failed is published again (a second apart, then
two, ...)."""


# Take a table's lock and read its move count in one round trip.
_ACQUIRE = """
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  local n = redis.call('get', KEYS[2])
  if n then return {1, n} end
  return {1, ''}
end
return {0, ''}
"""
# Release a table's lock (if still ours) and publish the change's notice in one round trip.
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
if ARGV[2] ~= '' then redis.call('publish', KEYS[2], ARGV[2]) end
return 1
"""


@dataclass
class Held:
    """A table's lock while a change holds it."""

    moves: int | None = None
    """The table's move count in Redis when the lock was taken (None: not known)."""
    notice: str | None = None
    """What to tell the other processes as the lock is released (None: nothing)."""


class Alone:
    """A single server process: the in-process table lock is enough, nobody to tell."""

    shared = False
    """Whether other processes may change the same tables."""

    async def start(self, notice: Notice, resync: Resync) -> None:
        """Nothing to connect to."""

    async def close(self) -> None:
        """Nothing to release."""

    @contextlib.asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[Held]:
        """No lock beyond the process's own."""
        yield Held()

    def notice(self, table_id: str, move: int | None = None, action: str | None = None) -> str:
        """Nobody to tell: an empty notice."""
        return ""

    async def changed(
        self, table_id: str, move: int | None = None, action: str | None = None
    ) -> None:
        """Nobody else to tell."""

    async def moving(self, table_id: str, count: int) -> None:
        """Nobody else to tell."""

    async def claim(self, key: str, seconds: float) -> bool:
        """Every bot move is this process's."""
        return True

    def listen(self, kind: str, heard: Heard, lost: Resync | None = None) -> None:
        """Nobody else says anything."""

    def say(self, kind: str, body: dict[str, Any]) -> None:
        """Nobody else to tell."""


class RedisCluster:
    """Processes that share tables through a Redis server at ``url``."""

    shared = True

    def __init__(self, url: str, prefix: str = "parlour") -> None:
        from redis import asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff

        self.url = url
        self.prefix = prefix
        self.me = secrets.token_hex(8)
        """This process's name in notices (its own are ignored)."""
        # Changes queue for a connection rather than fail when many tables move at once.
        # A connection Redis dropped (it restarted) is replaced on the next command.
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            max_connections=REDIS_CONNECTIONS,
            timeout=LOCK_WAIT,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.02), 3),
        )
        self.redis: Any = aioredis.Redis(connection_pool=pool)
        self.channel = f"{prefix}:changes"
        self.news = f"{prefix}:news"
        """The channel of :meth:`say`."""
        self._acquire = self.redis.register_script(_ACQUIRE)
        self._release = self.redis.register_script(_RELEASE)
        self._listener: asyncio.Task[None] | None = None
        self._heard: dict[str, Heard] = {}
        self._lost: list[Resync] = []
        self._said: asyncio.Queue[str | None] = asyncio.Queue()
        self._sayer: asyncio.Task[None] | None = None
        self._inbox: asyncio.Queue[bytes] = asyncio.Queue()
        """News heard, handed on by a task of its own: never behind a table's read-back."""
        self._hearer: asyncio.Task[None] | None = None
        self._noticed: asyncio.Queue[tuple[str, int | None, str | None]] = asyncio.Queue()
        """Notices heard, handed on in order by a task of their own: a notice's read-back
        waits on its table, and the news (chat lines, presence) must not wait behind it."""
        self._noticer: asyncio.Task[None] | None = None
        self._retrying: set[asyncio.Task[None]] = set()
        """Notices published again after their lock's release failed."""

    async def start(self, notice: Notice, resync: Resync) -> None:
        """Check that Redis answers, then listen for other processes' notices (and after
        each time the channel was lost and found again, ``resync``)."""
        try:
            await self.redis.ping()
        except Exception as exc:
            await self.redis.aclose(close_connection_pool=True)
            raise RuntimeError(f"Redis at {shown_url(self.url)} does not answer: {exc}") from exc
        ready = asyncio.Event()
        loop = asyncio.get_running_loop()
        self._listener = loop.create_task(self._listen(notice, resync, ready))
        self._sayer = loop.create_task(self._say_all())
        self._hearer = loop.create_task(self._hear_all())
        self._noticer = loop.create_task(self._notice_all(notice))
        await ready.wait()

    async def close(self) -> None:
        """Say what is left to say (briefly), stop listening and disconnect."""
        if self._sayer is not None:
            self._said.put_nowait(None)
            if not self._sayer.done():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(self._sayer), FLUSH_WAIT)
            self._sayer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sayer
        for task in (self._hearer, self._noticer, *self._retrying):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.redis.aclose(close_connection_pool=True)

    async def _listen(self, notice: Notice, resync: Resync, ready: asyncio.Event) -> None:
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(self.channel, self.news)
                if ready.is_set():  # found again: what was said meanwhile is lost
                    log.warning("the Redis channel is back; reading every table back")
                    await resync()
                    for lost in self._lost:
                        await lost()
                ready.set()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    if bytes(message["channel"]).decode() == self.news:
                        self._inbox.put_nowait(bytes(message["data"]))
                        continue
                    sender, table_id, move, action = _parse(bytes(message["data"]))
                    if sender != self.me and table_id:
                        self._noticed.put_nowait((table_id, move, action))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: subscribe again when it is back
                log.warning("lost the Redis channel (%s); retrying", exc)
                await asyncio.sleep(RETRY_PAUSE)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def listen(self, kind: str, heard: Heard, lost: Resync | None = None) -> None:
        """Hand the news of ``kind`` other processes say to ``heard``; after news may have
        been missed (Redis was away), call ``lost``."""
        self._heard[kind] = heard
        if lost is not None:
            self._lost.append(lost)

    def say(self, kind: str, body: dict[str, Any]) -> None:
        """Tell the other processes ``body`` as news of ``kind``, in the order said (sent
        by one task, so a caller never waits on Redis; lost if Redis is away)."""
        self._said.put_nowait(json.dumps({"from": self.me, "kind": kind, **body}))

    async def _say_all(self) -> None:
        """Send what was said, in order, whatever has piled up in one round trip."""
        while True:
            first = await self._said.get()
            batch = [first]
            while not self._said.empty():
                batch.append(self._said.get_nowait())
            said = [text for text in batch if text is not None]
            if said:
                try:
                    pipe = self.redis.pipeline(transaction=False)
                    for text in said:
                        pipe.publish(self.news, text)
                    await pipe.execute()
                except Exception as exc:  # the news is lost; presence is said again soon
                    log.warning("could not tell the other processes (%s)", exc)
            if None in batch:
                return

    async def _notice_all(self, notice: Notice) -> None:
        """Act on the notices heard, in order (news is read on meanwhile: a chat line
        waited behind every move's notice before it, up to seconds on a busy process)."""
        while True:
            table_id, move, action = await self._noticed.get()
            try:
                await notice(table_id, move, action)
            except Exception:
                log.exception("reading back table %s failed", table_id)

    async def _hear_all(self) -> None:
        """Hand on the news heard, in order (a move's read-back may wait on its table; the
        people at the tables should not wait with it)."""
        while True:
            await self._hear(await self._inbox.get())

    async def _hear(self, data: bytes) -> None:
        """Hand one piece of news to the part listening for its kind."""
        try:
            body = json.loads(data)
            heard = self._heard.get(body.get("kind"))
            if heard is None or body.get("from") == self.me:
                return
            await heard(body)
        except Exception:
            log.exception("news from another process failed")

    @contextlib.asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[Held]:
        """Hold the table's lock across all processes (``web.error.busy`` if it stays taken).

        The lock comes with the table's move count as Redis knows it. That count is written
        before each commit, so it is never behind the stored log (unless Redis lost it, when
        it is missing): a process whose own count equals it is up to date. The held lock's
        ``notice`` is published as the lock is released.
        """
        from redis.exceptions import RedisError

        keys = [f"{self.prefix}:lock:{table_id}", f"{self.prefix}:moves:{table_id}"]
        token = secrets.token_hex(8)
        deadline, pause = time.monotonic() + LOCK_WAIT, 0.005
        while True:
            try:
                got, count = await self._acquire(keys=keys, args=[token, int(LOCK_LIFETIME * 1000)])
            except RedisError as exc:
                raise ServerError("web.error.busy") from exc
            if got:
                break
            if time.monotonic() + pause > deadline:
                raise ServerError("web.error.busy")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.05)
        held = Held(moves=int(count) if count else None)
        try:
            yield held
        finally:
            try:
                await self._release(keys=[keys[0], self.channel], args=[token, held.notice or ""])
            except RedisError as exc:  # the lock lapses by itself
                log.warning("could not release table %s: %s", table_id, exc)
                if held.notice:
                    # The change is stored: its notice must still reach the others, or a
                    # process whose client waits for that move never tells it (nothing
                    # reads that table back until its next change).
                    task = asyncio.get_running_loop().create_task(self._late(held.notice))
                    self._retrying.add(task)
                    task.add_done_callback(self._retrying.discard)

    async def _late(self, notice: str) -> None:
        """Publish a notice its lock's release could not, until Redis takes it."""
        for attempt in range(LATE_TRIES):
            try:
                await self.redis.publish(self.channel, notice)
                return
            except Exception as exc:
                log.warning("could not publish a notice (%s); retrying", exc)
                await asyncio.sleep(RETRY_PAUSE * (attempt + 1))

    def notice(self, table_id: str, move: int | None = None, action: str | None = None) -> str:
        """The notice of a change: a move (its number and action, which the others apply if
        they are at that move) or anything else (they read the table back)."""
        if move is None:
            return f"{self.me} {table_id}"
        return f"{self.me} {table_id} {move} {action}"

    async def changed(
        self, table_id: str, move: int | None = None, action: str | None = None
    ) -> None:
        """Tell the other processes at once that a table changed (outside any lock)."""
        try:
            await self.redis.publish(self.channel, self.notice(table_id, move, action))
        except Exception as exc:  # the change is stored; the others catch up on next use
            log.warning("could not announce a change of table %s: %s", table_id, exc)

    async def moving(self, table_id: str, count: int) -> None:
        """Say that the table is about to hold ``count`` moves (before committing them)."""
        await self.redis.set(f"{self.prefix}:moves:{table_id}", count, ex=KEEP_COUNT)

    async def claim(self, key: str, seconds: float) -> bool:
        """Whether this process takes the job ``key`` (first come; lapses after ``seconds``)."""
        try:
            taken = await self.redis.set(
                f"{self.prefix}:claim:{key}", self.me, nx=True, ex=max(1, math.ceil(seconds))
            )
        except Exception as exc:
            log.warning("could not claim %s: %s", key, exc)
            return False
        return bool(taken)


def make_cluster(url: str | None) -> Alone | RedisCluster:
    """The coordination for a server: alone, or with the processes sharing Redis ``url``."""
    return RedisCluster(url) if url else Alone()


def _parse(data: bytes) -> tuple[str, str, int | None, str | None]:
    """A notice's sender, table, and for a move its number and action."""
    sender, _, rest = data.decode("utf-8", "replace").partition(" ")
    table_id, _, rest = rest.partition(" ")
    number, _, action = rest.partition(" ")
    if number.isdigit():
        return sender, table_id, int(number), action
    return sender, table_id, None, None


def shown_url(url: str) -> str:
    """``url`` with any password masked, fit for a log or an error message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))
