"""Limits a stranger meets: per-connection message buckets and per-client request limits.

A connection's buckets live and die with it (no shared store). Requests that make things
(tables, seats) are limited per client address with the ``limits`` library's sliding
windows, in memory: each process counts its own clients.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import limits
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from parlour.server.errors import ServerError


@dataclass
class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def spend(self) -> None:
        """Spend one token, or refuse the request with ``web.error.too_fast``."""
        if not self.take():
            raise ServerError("web.error.too_fast")


class ClientLimits:
    """Per-client request limits, each a ``limits`` rate string like ``"20/minute"``."""

    def __init__(self, rates: dict[str, str]) -> None:
        self.items = {name: limits.parse(rate) for name, rate in rates.items() if rate}
        self.limiter = SlidingWindowCounterRateLimiter(MemoryStorage())

    def hit(self, name: str, client: str) -> None:
        """Count one ``name`` request from ``client``; refuse it when over its limit."""
        item = self.items.get(name)
        if item is not None and not self.limiter.hit(item, name, client):
            raise ServerError("web.error.too_fast")
