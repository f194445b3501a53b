"""The server's settings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """How a server instance behaves."""

    database_url: str = "sqlite://"
    """A SQLAlchemy URL; ``sqlite://`` keeps everything in memory (tests)."""
    redis_url: str | None = None
    """A Redis URL shared by several server processes on one database (none: this process
    is the only one; see :mod:`parlour.server.cluster`)."""
    bot_delay: float = 0.6
    """Seconds a bot waits before it acts, so people can follow (0 in tests)."""
    bot_think_limit: float = 10.0
    """Seconds a bot may think; past that it plays a random legal action instead."""
    bot_threads: int = 8
    """Threads that run bot decisions, off the event loop."""
    max_message_bytes: int = 4096
    """The largest websocket message a client may send."""
    hello_timeout: float = 30.0
    """Seconds a new websocket has to say which seat it is."""
    gc_every: float = 0.0
    """When positive, the process's full garbage collections run only every this many
    seconds (then the survivors are frozen), instead of pausing play at random; 0 leaves
    Python's collector alone (tests)."""
