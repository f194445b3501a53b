"""Open websockets within limits: per client address, and across the server.

Every table socket takes a ticket when it is accepted and gives it back when it ends. One
address holds at most ``max_client_sockets`` of them (past it a new one is refused,
``web.error.too_many_sockets``, closed with 1008). The server holds at most
:func:`socket_cap` in all, which stays under the HTTP server's own connection cap
(``max_connections``) by a quarter of it, so the lobby and pages are still answered when
websockets are at their cap. At the cap, a spectator's socket that has sent nothing for
``away_after`` seconds (the idlest first) is closed to make room (``web.error.closed_idle``,
1013); with none such the new socket is refused (``web.error.server_full``, 1013). A
seated person's socket is never closed for another.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass

from parlour.server.config import ServerConfig
from parlour.server.errors import ServerError
from parlour.server.tables.live import Connection
from parlour.server.tables.protocol import error_message

POLICY = 1008
"""The websocket close code for a socket refused by a per-client limit."""
TRY_LATER = 1013
"""The websocket close code for a socket refused or closed because the server is full."""


class SocketRefused(ServerError):
    """A new socket refused by a limit: its error, and the close code it is closed with."""

    def __init__(self, close_code: int, key: str, /, **params: object) -> None:
        super().__init__(key, **params)
        self.close_code = close_code


def socket_cap(config: ServerConfig) -> int:
    """The most websockets open at once: ``max_sockets``, and never more than three
    quarters of ``max_connections`` (HTTP keeps the rest)."""
    return max(1, min(config.max_sockets, config.max_connections * 3 // 4))


@dataclass(eq=False)
class Ticket:
    """One open socket's place: its address and, after its hello, its connection."""

    client: str
    conn: Connection | None = None
    held: bool = True


class Sockets:
    """The open table sockets, counted per address and in all."""

    def __init__(self, config: ServerConfig) -> None:
        self.per_client = config.max_client_sockets
        self.cap = socket_cap(config)
        self.idle_after = config.away_after
        self.by_client: Counter[str] = Counter()
        self.open: set[Ticket] = set()

    def take(self, client: str) -> Ticket:
        """A place for a new socket from ``client``, closing an idle spectator's socket
        when the server is at its cap; raises :class:`SocketRefused` when there is none."""
        if self.by_client[client] >= self.per_client:
            raise SocketRefused(POLICY, "web.error.too_many_sockets", limit=self.per_client)
        if len(self.open) >= self.cap:
            idlest = self._idlest_spectator()
            if idlest is None:
                raise SocketRefused(TRY_LATER, "web.error.server_full")
            self.close_idle(idlest)
        ticket = Ticket(client)
        self.open.add(ticket)
        self.by_client[client] += 1
        return ticket

    def give_back(self, ticket: Ticket) -> None:
        """The socket ended (or was closed to make room): its place is free."""
        if not ticket.held:
            return
        ticket.held = False
        self.open.discard(ticket)
        self.by_client[ticket.client] -= 1
        if self.by_client[ticket.client] <= 0:
            del self.by_client[ticket.client]

    def close_idle(self, ticket: Ticket) -> None:
        """Close an idle spectator's socket, telling it why, and free its place now."""
        conn = ticket.conn
        assert conn is not None
        conn.send(error_message(ServerError("web.error.closed_idle"), conn.lang))
        conn.close_code = TRY_LATER
        conn.send(None)
        self.give_back(ticket)

    def _idlest_spectator(self) -> Ticket | None:
        quiet_since = time.monotonic() - self.idle_after
        best: Ticket | None = None
        for ticket in self.open:
            conn = ticket.conn
            if conn is None or conn.seat is not None or conn.heard > quiet_since:
                continue
            if best is None or best.conn is None or conn.heard < best.conn.heard:
                best = ticket
        return best
