"""Several server processes on one database: table locks and change notices over Redis.

One process needs none of this (:class:`Alone`). Behind a load balancer, processes share
the database (the truth) and a Redis server (:class:`RedisCluster`) for three things:

- a lock per table, held while a process checks and commits a change to it, so two
  processes never both accept move ``n``;
- a notice on one channel after every change, so the other processes read the table back
  from the database and push the change to their own clients;
- a claim per bot move, so one process thinks for a bot while the others wait.

The database's primary key on (table, move) still refuses a doubled move if a lock is ever
lost (a process paused past the lock's lifetime).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from parlour.server.errors import ServerError

log = logging.getLogger("parlour.server")

Notice = Callable[[str], Awaitable[None]]
"""What a process does when another one says a table changed (given the table's id)."""

LOCK_LIFETIME = 30.0
"""Seconds a table lock lasts if its holder dies without releasing it."""
LOCK_WAIT = 10.0
"""Seconds a change waits for a table's lock before the caller is asked to try again."""
RETRY_PAUSE = 1.0
"""Seconds between attempts to resubscribe after Redis went away."""


class Alone:
    """A single server process: the in-process table lock is enough, nobody to tell."""

    shared = False
    """Whether other processes may change the same tables."""

    async def start(self, notice: Notice) -> None:
        """Nothing to connect to."""

    async def close(self) -> None:
        """Nothing to release."""

    @contextlib.asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[None]:
        """No lock beyond the process's own."""
        yield

    async def changed(self, table_id: str) -> None:
        """Nobody else to tell."""

    async def claim(self, key: str, seconds: float) -> bool:
        """Every bot move is this process's."""
        return True


class RedisCluster:
    """Processes that share tables through a Redis server at ``url``."""

    shared = True

    def __init__(self, url: str, prefix: str = "parlour") -> None:
        from redis import asyncio as aioredis

        self.url = url
        self.prefix = prefix
        self.me = secrets.token_hex(8)
        """This process's name in notices (its own are ignored)."""
        self.redis: Any = aioredis.from_url(url)
        self.channel = f"{prefix}:changes"
        self._listener: asyncio.Task[None] | None = None

    async def start(self, notice: Notice) -> None:
        """Check that Redis answers, then listen for other processes' notices."""
        try:
            await self.redis.ping()
        except Exception as exc:
            await self.redis.aclose()
            raise RuntimeError(f"Redis at {self.url} does not answer: {exc}") from exc
        ready = asyncio.Event()
        self._listener = asyncio.get_running_loop().create_task(self._listen(notice, ready))
        await ready.wait()

    async def close(self) -> None:
        """Stop listening and disconnect."""
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.redis.aclose()

    async def _listen(self, notice: Notice, ready: asyncio.Event) -> None:
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(self.channel)
                ready.set()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    sender, _, table_id = bytes(message["data"]).decode().partition(" ")
                    if sender != self.me and table_id:
                        try:
                            await notice(table_id)
                        except Exception:
                            log.exception("reading back table %s failed", table_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: subscribe again when it is back
                log.warning("lost the Redis channel (%s); retrying", exc)
                await asyncio.sleep(RETRY_PAUSE)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    @contextlib.asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[None]:
        """Hold the table's lock across all processes (``web.error.busy`` if it stays taken)."""
        from redis.exceptions import LockError, RedisError

        lock = self.redis.lock(
            f"{self.prefix}:lock:{table_id}", timeout=LOCK_LIFETIME, blocking_timeout=LOCK_WAIT
        )
        try:
            acquired = await lock.acquire()
        except RedisError as exc:
            raise ServerError("web.error.busy") from exc
        if not acquired:
            raise ServerError("web.error.busy")
        try:
            yield
        finally:
            with contextlib.suppress(LockError, RedisError):
                await lock.release()

    async def changed(self, table_id: str) -> None:
        """Tell the other processes that a table changed (they read it back)."""
        try:
            await self.redis.publish(self.channel, f"{self.me} {table_id}")
        except Exception as exc:  # the change is stored; the others catch up on next use
            log.warning("could not announce a change of table %s: %s", table_id, exc)

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
