"""Hints: the hard bot's advice to the seat to act, from what that seat knows.

At a table whose host turned hints on, the person whose turn it is may ask which move the
hard bot would play and how the top options stand (each one's estimated chance to win). The
advice is the hard bot's own search (ISMCTS against the game's model of how players move) on
an observation of that seat: its view and a world resampled from what it knew, never the
real hidden cards. The observation is built where the state lives (the event loop); only
the observation reaches the worker thread that searches it.

A server keeps hints bounded (:class:`HintPool`): at most ``workers`` searches at once, each
within a fixed budget, a request past that refused at once rather than queued; a hint made
for a table, move and seat is kept, so asking again at the same turn costs nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from parlour.bots.ismcts import Budget, IsmctsBot, stop_when
from parlour.engine import Observation, Rng, State
from parlour.engine.playout import observe
from parlour.learn.analysis import ROOT_SHARE, OptionEstimate, search_options
from parlour.learn.jobs import PoolBusy

TOP = 3
"""Options a hint shows, the preferred one first."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The hard bot's advice for one decision of one seat."""

    seat: int
    """The seat advised."""
    move: int
    """The move number the advice answers."""
    best: str
    """The option with the highest estimate (as the analysis ranks them), as action text."""
    options: tuple[OptionEstimate, ...]
    """The top options, the preferred one first, then by estimate."""
    legal: int
    """How many options there were in all."""

    def to_json(self) -> dict[str, Any]:
        """The hint as JSON-ready data."""
        return {
            "seat": self.seat,
            "move": self.move,
            "best": self.best,
            "legal": self.legal,
            "options": [
                {"action": o.action, "win": o.win, "visits": o.visits} for o in self.options
            ],
        }


class HintSearch:
    """How a hint is made: an observation of the seat, then the hard bot's search of it.

    The two halves are apart so that a server builds the observation beside the state and
    searches it on a worker; a test plants a fault by overriding :meth:`observe`.
    """

    def __init__(self, budget: Budget, top: int = TOP) -> None:
        self.budget = budget
        self.top = top

    def bot(self) -> IsmctsBot:
        """The hard bot's search with this budget."""
        return IsmctsBot(self.budget, model_players=True, root_share=ROOT_SHARE, prune=True)

    def observe(self, state: State, seat: int, rng: Rng) -> Observation:
        """What ``seat`` knows of ``state``: the only thing the search will see."""
        return observe(self.bot(), state, seat, rng)

    def search(self, obs: Observation, rng: Rng) -> Hint:
        """Search an observation: the preferred option and the top ones."""
        options, best = search_options(self.bot(), obs, rng)
        ranked = sorted(options, key=lambda o: (o.action != best, -o.win, -o.visits))
        return Hint(obs.seat, obs.move_number, best, tuple(ranked[: self.top]), len(obs.legal))

    def hint(self, state: State, seat: int, rng: Rng) -> Hint:
        """Observe and search at once (for a caller without a worker)."""
        return self.search(self.observe(state, seat, rng.spawn()), rng)


def hint_rng(table: str, move: int, seat: int) -> Rng:
    """The generator of a hint, from what everyone at the table knows: asking again at the
    same turn gives the same advice, and nothing hidden (the deal's seed) steers it."""
    digest = hashlib.sha256(f"hint:{table}:{move}:{seat}".encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


class HintPool:
    """At most ``workers`` hint searches at once, off the event loop; the last ``keep`` kept.

    Its methods are called on the event loop only (the searches run on its threads).
    """

    def __init__(self, workers: int = 1, keep: int = 256) -> None:
        self.workers = workers
        self.keep = keep
        self._kept: OrderedDict[Hashable, Hint] = OrderedDict()
        self._running: dict[Hashable, asyncio.Future[Hint | None]] = {}
        self._closed = False
        self._threads = ThreadPoolExecutor(workers, thread_name_prefix="hint")

    def kept(self, key: Hashable) -> Hint | None:
        """The hint already made for ``key`` (None when never made or forgotten)."""
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    async def ask(
        self,
        key: Hashable,
        search: HintSearch,
        obs: Observation,
        rng: Rng,
        stop: Callable[[], bool],
    ) -> Hint | None:
        """The hint of ``key``: kept, being made, or made now (PoolBusy when every worker is
        taken). None when ``stop()`` came true first (the turn moved on): nothing is kept."""
        found = self.kept(key)
        if found is not None:
            return found
        running = self._running.get(key)
        if running is None:
            if self._closed or len(self._running) >= self.workers:
                raise PoolBusy
            loop = asyncio.get_running_loop()
            running = loop.run_in_executor(self._threads, self._search, search, obs, rng, stop)
            self._running[key] = running
            running.add_done_callback(lambda done: self._finished(key, done))
        # Shielded: a caller that goes away leaves the answer to whoever asks next.
        return await asyncio.shield(running)

    def close(self) -> None:
        """Stop the running searches at their next iteration; release the threads."""
        self._closed = True
        self._threads.shutdown(wait=False, cancel_futures=True)

    def _search(
        self, search: HintSearch, obs: Observation, rng: Rng, stop: Callable[[], bool]
    ) -> Hint | None:
        def over() -> bool:
            return self._closed or stop()

        with stop_when(over):
            hint = search.search(obs, rng)
        return None if over() else hint

    def _finished(self, key: Hashable, done: asyncio.Future[Hint | None]) -> None:
        del self._running[key]
        if done.cancelled() or done.exception() is not None:
            return
        hint = done.result()
        if hint is not None:
            self._kept[key] = hint
            while len(self._kept) > self.keep:
                self._kept.popitem(last=False)


__all__ = ["TOP", "Hint", "HintPool", "HintSearch", "hint_rng"]
