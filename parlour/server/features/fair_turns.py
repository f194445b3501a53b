"""Fair turns at a scarce worker: each client address waits its turn, one request at a time.

The hint search has one worker. A client cycling tables kept it busy, so another was
refused ``web.error.hint_busy`` 94 times of 94 over 31 s. Here a client asks through
:class:`FairTurns`: one request of an address runs or waits at once (a second is refused
``web.error.too_fast``, 429); while the workers are taken, requests wait in the order they
came, at most one an address, so every address is served before any address is served
twice; one that waits longer than ``wait`` seconds is refused as busy.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator

from parlour.server.errors import ServerError


class FairTurns:
    """``slots`` requests at once; the others wait their turn, one per client address."""

    def __init__(self, slots: int, wait: float, busy: str) -> None:
        self.free = slots
        self.wait = wait
        self.busy = busy
        """The catalog key of the refusal after waiting ``wait`` seconds."""
        self.running: set[str] = set()
        self.waiting: OrderedDict[str, asyncio.Future[None]] = OrderedDict()

    @contextlib.asynccontextmanager
    async def turn(self, client: str) -> AsyncIterator[None]:
        """Hold one slot for ``client`` meanwhile (after its turn came)."""
        if client in self.running or client in self.waiting:
            raise ServerError("web.error.too_fast")
        if self.free > 0 and not self.waiting:
            self.free -= 1
        else:
            ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting[client] = ready
            try:
                await asyncio.wait_for(asyncio.shield(ready), self.wait)
            except TimeoutError:
                if self.waiting.pop(client, None) is None:  # its turn came just now
                    self._next()
                raise ServerError(self.busy) from None
        self.running.add(client)
        try:
            yield
        finally:
            self.running.discard(client)
            self._next()

    def _next(self) -> None:
        """A slot came free: the first waiting client's turn, else the slot stays free."""
        while self.waiting:
            _, ready = self.waiting.popitem(last=False)
            if not ready.done():
                ready.set_result(None)
                return
        self.free += 1
