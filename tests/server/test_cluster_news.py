"""News between processes (chat lines, presence) never waits behind a table's notice that
is still being acted on (reading a table back, waiting for its lock)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from parlour.server.cluster.coordination import RedisCluster


def test_news_is_heard_while_a_notice_is_still_acted_on(redis_url: str) -> None:
    async def scenario() -> None:
        prefix = f"t{secrets.token_hex(4)}"
        hearing, saying = RedisCluster(redis_url, prefix), RedisCluster(redis_url, prefix)
        release = asyncio.Event()
        noticed: list[str] = []
        heard: list[dict[str, Any]] = []
        got_news = asyncio.Event()

        async def notice(table_id: str, move: int | None, action: str | None) -> None:
            noticed.append(table_id)
            await release.wait()  # a table's read-back that takes long

        async def news(body: dict[str, Any]) -> None:
            heard.append(body)
            got_news.set()

        async def nothing() -> None:
            return None

        hearing.listen("chat", news)
        await hearing.start(notice, nothing)
        await saying.start(notice, nothing)
        try:
            await saying.changed("slow", 3, "keep")
            saying.say("chat", {"table": "slow", "line": "hello"})
            await asyncio.wait_for(got_news.wait(), 5)
            assert noticed == ["slow"] and not release.is_set()
            assert heard[0]["line"] == "hello"
            await saying.changed("next")
            release.set()
            for _ in range(100):
                if noticed == ["slow", "next"]:
                    break
                await asyncio.sleep(0.02)
            assert noticed == ["slow", "next"]  # notices still in order
        finally:
            release.set()
            await saying.close()
            await hearing.close()

    asyncio.run(scenario())


class ReleaseFails(RedisCluster):
    """A process whose table locks cannot be released (Redis out of connections)."""

    def __init__(self, url: str, prefix: str) -> None:
        super().__init__(url, prefix)

        async def failing(**kwargs: Any) -> None:
            from redis.exceptions import ConnectionError as RedisConnectionError

            raise RedisConnectionError("No connection available.")

        self._release = failing  # type: ignore[assignment]


def test_a_change_whose_lock_is_not_released_is_still_announced(redis_url: str) -> None:
    async def scenario() -> None:
        prefix = f"t{secrets.token_hex(4)}"
        hearing, saying = RedisCluster(redis_url, prefix), ReleaseFails(redis_url, prefix)
        noticed: list[tuple[str, int | None, str | None]] = []
        got = asyncio.Event()

        async def notice(table_id: str, move: int | None, action: str | None) -> None:
            noticed.append((table_id, move, action))
            got.set()

        async def nothing() -> None:
            return None

        await hearing.start(notice, nothing)
        await saying.start(notice, nothing)
        try:
            async with saying.lock("moved") as held:
                held.notice = saying.notice("moved", 3, "keep")
            await asyncio.wait_for(got.wait(), 5)  # the notice came all the same
            assert noticed == [("moved", 3, "keep")]
        finally:
            await saying.close()
            await hearing.close()

    asyncio.run(scenario())
