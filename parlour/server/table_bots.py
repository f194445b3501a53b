"""Bots at tables: each table's bot loop, deciding in a thread pool off the event loop."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from parlour.bots.base import Bot
from parlour.engine import Action, IllegalActionError, Rng, State, seed_from
from parlour.server.errors import ServerError
from parlour.server.tables import LiveTable

if TYPE_CHECKING:
    from parlour.server.hub import Hub

log = logging.getLogger("parlour.server")

CLAIM_MARGIN = 30.0
"""Seconds a bot move's claim outlasts the bot's think limit (a dead claimer's lapses)."""


def decide(bot: Bot, state: State, seat: int, rng: Rng) -> Action:
    """A bot's decision (runs in a worker thread, on a private copy of the state)."""
    obs = bot.observe(state, seat, rng.spawn())
    return bot.act(obs, rng)


class BotPlay:
    """Plays the bots' turns at a hub's tables, through the same path as people's moves."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.pool = ThreadPoolExecutor(hub.config.bot_threads, thread_name_prefix="parlour-bot")

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running."""
        st = table.state
        if st is None or st.to_act is None or st.to_act not in table.bots:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._loop(table))

    async def close(self) -> None:
        """Stop every table's bot loop (a move under way is still committed)."""
        tasks = [tb.bot_task for tb in self.hub.tables.values() if tb.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def shutdown(self) -> None:
        """Release the threads."""
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def _loop(self, table: LiveTable) -> None:
        hub, config = self.hub, self.hub.config
        loop = asyncio.get_running_loop()
        while True:
            st = table.state
            if st is None or (seat := st.to_act) is None or seat not in table.bots:
                return
            if config.bot_delay > 0:
                await asyncio.sleep(config.bot_delay)
            move = st.move_number
            if hub.cluster.shared and not await hub.cluster.claim(
                f"bot:{table.id}:{move}",
                config.bot_think_limit + CLAIM_MARGIN,
            ):
                return  # another process thinks for this bot; its notice brings the move
            snapshot = st.clone()
            rng = Rng(seed_from(table.record.seed, "bot", seat, move))
            future = loop.run_in_executor(self.pool, decide, table.bots[seat], snapshot, seat, rng)
            try:
                action = str(await asyncio.wait_for(future, config.bot_think_limit))
            except TimeoutError:
                log.warning("bot at table %s seat %s ran out of time", table.id, seat)
                action = str(rng.choice(snapshot.legal_actions()))
            except Exception:
                log.exception("bot at table %s seat %s failed", table.id, seat)
                action = str(rng.choice(snapshot.legal_actions()))
            try:
                await hub.play(table, seat, move, action)
            except ServerError as exc:
                if exc.key == "web.error.storage":
                    await asyncio.sleep(1.0)  # storage trouble: try again later
                    continue
                return
            except IllegalActionError:
                log.error("bot at table %s seat %s chose an illegal %r", table.id, seat, action)
                fallback = str(rng.choice(snapshot.legal_actions()))
                await hub.play(table, seat, move, fallback)
