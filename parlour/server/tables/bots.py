"""Bots at tables: each table's bot loop, deciding in a thread pool off the event loop."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from parlour.bots.base import Bot
from parlour.bots.ismcts import stop_when
from parlour.engine import Action, Event, IllegalActionError, Rng, State, playout, seed_from
from parlour.engine.players import RandomBot
from parlour.server.errors import ServerError
from parlour.server.store.storage import ActionRow
from parlour.server.tables.live import LiveTable

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub

log = logging.getLogger("parlour.server")

GRACE = 0.5
"""Seconds past the think limit a stopped search has to hand in its move."""
CLAIM_MARGIN = 30.0
"""Seconds a bot move's claim outlasts the bot's think limit (a dead claimer's lapses)."""


def decide(bot: Bot, state: State, seat: int, stop: Callable[[], bool]) -> Action:
    """A bot's decision by the engine's seeding rule (runs in a worker thread, on a private
    copy of the state); a search ends as soon as ``stop()`` says its time is up."""
    if type(bot) is RandomBot:  # no search to stop, no observation to read: its pick
        return playout.random_move(state, seat)
    with stop_when(stop):
        return playout.decide(bot, state, seat)


def budget_millis(spec: str) -> float | None:
    """The time budget a bot spec asks for (``ismcts:2s``, ``hard:1500,900ms``), in
    milliseconds, or None when it names none."""
    _, _, arg = spec.partition(":")
    most = None
    for part in arg.replace(" ", "").split(","):
        try:
            if part.endswith("ms"):
                millis = float(part[:-2])
            elif part.endswith("s"):
                millis = float(part[:-1]) * 1000.0
            else:
                continue
        except ValueError:
            continue  # the bot's own parser refuses it with a clear error
        most = millis if most is None else max(most, millis)
    return most


def fallback_rng(table: LiveTable, seat: int, move: int) -> Rng:
    """The generator of a move chosen at random for a bot that could not make it in time
    (seeded, but not by the bots' rule: the bot's own generator may still be in its
    thread)."""
    return Rng(seed_from(table.record.seed, "fallback", seat, move))


def searches(bot: Bot) -> bool:
    """Whether a bot searches (and so may take up to the think limit for a move)."""
    return bool(getattr(bot, "samples", False))


class BotPlay:
    """Plays the bots' turns at a hub's tables, through the same path as people's moves.

    Bots that search think on a bounded pool of ``bot_threads`` threads; each table has at
    most one decision there at a time, taken in turn, so one table's bots cannot starve
    another's. Bots that do not search (random, heuristic) answer on a pool of their own,
    never queued behind a search. Every search stops at the think limit, or at shutdown.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        threads = hub.config.bot_threads
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="parlour-bot")
        self.quick = ThreadPoolExecutor(2, thread_name_prefix="parlour-bot-quick")
        self.stopping = threading.Event()

    def answers_at_once(self, table: LiveTable, seat: int) -> bool:
        """Whether bots may answer the move of ``seat`` within it: a person's move, at a
        server whose bots do not wait (bot delay 0)."""
        rec = table.record.seats.get(seat)
        return self.hub.config.bot_delay <= 0 and rec is not None and rec.kind == "human"

    def at_once(self, table: LiveTable, seat: int | None) -> Bot | None:
        """The bot at ``seat`` if it answers at once: a random bot in a bot's seat (its
        pick takes microseconds; a bot that thinks keeps its own turn and pace)."""
        if seat is None:
            return None
        bot = table.bots.get(seat)
        rec = table.record.seats.get(seat)
        if type(bot) is not RandomBot or rec is None or rec.kind != "bot":
            return None
        return bot

    def answer(
        self,
        table: LiveTable,
        before: State,
        trial: State,
        rows: list[ActionRow],
        logged: list[tuple[int, Event]],
    ) -> State:
        """Play, on ``trial`` (a person's move just applied to a copy of ``before``), the
        moves of the bots that answer at once, up to a round of them; each adds its row
        and its events. They are the moves the bot loop would make (the same seeding rule,
        on the same state), committed and announced with the person's move: one commit and
        one state message instead of one for each move. Returns the state to commit."""
        for _ in range(table.players - 1):
            seat = trial.to_act
            bot = self.at_once(table, seat)
            if bot is None or seat is None:
                break
            move = trial.move_number
            try:
                # The random bot's pick as playout.decide makes it, without the observation
                # it does not read (a random bot does not search: no stop signal to set).
                if type(bot) is RandomBot:
                    action = playout.random_move(trial, seat)
                else:
                    action = playout.decide(bot, trial, seat)
                events = trial.apply(action)
            except Exception:  # the bot loop makes the move (or its fallback) instead
                log.exception("bot at table %s seat %s failed to answer", table.id, seat)
                return self._redo(table, before, rows, logged)
            rows.append(ActionRow(table.id, move, seat, str(action), trial.is_over))
            after = trial.move_number
            logged += [(after, e) for e in events]
        return trial

    @staticmethod
    def _redo(
        table: LiveTable,
        before: State,
        rows: list[ActionRow],
        logged: list[tuple[int, Event]],
    ) -> State:
        """The person's move alone, applied again to a fresh copy (a failed answer may have
        left the other copy half changed)."""
        trial = before.clone()
        events = trial.apply(rows[0].action)
        del rows[1:]
        logged[:] = [(trial.move_number, e) for e in events]
        return trial

    def check_budget(self, spec: str) -> None:
        """Refuse a bot whose time budget is above the server's think limit."""
        millis = budget_millis(spec)
        limit = self.hub.config.bot_think_limit
        if millis is not None and millis > limit * 1000.0:
            raise ServerError("web.error.bot_budget", bot=spec[:40], limit=f"{limit:g}")

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running."""
        st = table.state
        if st is None or st.to_act is None or st.to_act not in table.bots:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._loop(table))

    async def close(self) -> None:
        """Stop every table's bot loop and every search (a move under way is still
        committed)."""
        self.stopping.set()
        tasks = [tb.bot_task for tb in self.hub.tables.values() if tb.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def shutdown(self) -> None:
        """Release the threads."""
        self.stopping.set()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.quick.shutdown(wait=False, cancel_futures=True)

    def _stop_at(self, deadline: float) -> Callable[[], bool]:
        """A search's stop signal: its think limit is over, or the server is stopping."""
        stopping = self.stopping
        return lambda: stopping.is_set() or time.monotonic() >= deadline

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
            bot = table.bots[seat]
            on_loop = isinstance(bot, RandomBot)
            # A table's state is never changed in place (a move is applied to a copy, then
            # swapped in), so a decision made here on the loop reads it as it is; a thread
            # gets a copy of its own.
            snapshot = st if on_loop else st.clone()
            rng: Rng | None = None  # made only when a fallback move is needed
            stop = self._stop_at(time.monotonic() + config.bot_think_limit)
            pool = self.pool if searches(bot) else self.quick
            try:
                if on_loop:
                    # A random pick takes microseconds: handing it to a thread and back
                    # cost more than the pick (the busiest part of a table of random bots).
                    action = str(decide(bot, snapshot, seat, stop))
                else:
                    future = loop.run_in_executor(pool, decide, bot, snapshot, seat, stop)
                    # A little past the limit: a search stopped by it still answers with
                    # its best move so far, which beats a random one.
                    limit = config.bot_think_limit + GRACE
                    action = str(await asyncio.wait_for(future, limit))
            except TimeoutError:
                log.warning("bot at table %s seat %s ran out of time", table.id, seat)
                rng = fallback_rng(table, seat, move)
                action = str(rng.choice(snapshot.legal_actions()))
            except Exception:
                log.exception("bot at table %s seat %s failed", table.id, seat)
                rng = fallback_rng(table, seat, move)
                action = str(rng.choice(snapshot.legal_actions()))
            try:
                await hub.play(table, seat, move, action)
            except ServerError as exc:
                if exc.key == "web.error.storage":
                    await asyncio.sleep(1.0)  # storage trouble: try again later
                    continue
                if exc.key == "web.error.stale_move":
                    continue  # the table moved on meanwhile: look at it as it is now
                return
            except IllegalActionError as exc:
                if _moved_on(table, move):
                    # Not the bot's fault: with several processes, the change read back
                    # the moves another process made meanwhile (the game may have ended:
                    # refused as over before its move number was compared).
                    continue
                # The refusal's key and the move numbers tell a bad bot from a stale state
                # (a refusal seen only with several processes on a loaded machine).
                now = table.state
                log.error(
                    "bot at table %s seat %s chose an illegal %r at move %s (%s; the table "
                    "is now at move %s, seat %s to act)",
                    table.id,
                    seat,
                    action,
                    move,
                    exc.key,
                    None if now is None else now.move_number,
                    None if now is None else now.to_act,
                )
                rng = rng or fallback_rng(table, seat, move)
                fallback = str(rng.choice(snapshot.legal_actions()))
                await hub.play(table, seat, move, fallback)


def _moved_on(table: LiveTable, move: int) -> bool:
    """Whether ``table`` is past move number ``move`` now."""
    st = table.state
    return st is None or st.move_number != move
