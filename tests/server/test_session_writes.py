"""A connection's messages are written at once only when none waits before them (nothing in
the outbox, nothing being sent) and the connection takes them; else they queue, in order."""

from __future__ import annotations

from typing import Any

from parlour.server.tables.live import MAX_OUTBOX, Connection
from tests.server.conftest import run_async


def drain(conn: Connection) -> list[Any]:
    """What waits in the outbox, taken out."""
    return [conn.outbox.get_nowait() for _ in range(conn.outbox.qsize())]


def scenario(conn: Connection, taking: list[bool]) -> tuple[list[Any], list[Any]]:
    """Messages written at once, and queued, as the connection's sender meets them."""
    written: list[Any] = []

    def write(message: dict[str, Any] | str) -> bool:
        if taking[0]:
            written.append(message)
        return taking[0]

    conn.write = write
    conn.send("a")  # written
    conn.send({"type": "pong"})  # written (an object too)
    conn.sending = True
    conn.send("b")  # one is being sent: queued
    conn.sending = False
    conn.send("c")  # b waits: queued after it
    queued = drain(conn)
    taking[0] = False
    conn.send("d")  # the connection does not take it now: queued
    taking[0] = True
    conn.send("e")  # d waits: queued
    conn.send(None)  # closing always queues
    return written, queued + drain(conn)


async def in_loop(conn_class: type[Connection]) -> tuple[list[Any], list[Any]]:
    return scenario(conn_class(0, "en"), [True])


def test_messages_are_written_at_once_only_when_none_waits() -> None:
    written, queued = run_async(in_loop(Connection))
    assert written == ["a", {"type": "pong"}]
    assert queued == ["b", "c", "d", "e", None]


class Overtaking(Connection):
    """A planted fault: a message is written at once even while one is being sent."""

    def send(self, message: dict[str, Any] | str | None) -> None:
        sending, self.sending = self.sending, False
        super().send(message)
        self.sending = sending


def test_the_check_catches_a_message_overtaking_another() -> None:
    written, queued = run_async(in_loop(Overtaking))
    assert (written, queued) != (["a", {"type": "pong"}], ["b", "c", "d", "e", None])


def test_a_client_that_stops_reading_is_still_cut_off() -> None:
    async def flood() -> list[Any]:
        conn = Connection(0, "en")
        conn.write = lambda message: False  # its transport takes nothing more
        for n in range(MAX_OUTBOX + 5):
            conn.send(str(n))
        return drain(conn)

    queued = run_async(flood())
    assert queued[:MAX_OUTBOX] == [str(n) for n in range(MAX_OUTBOX)]
    assert set(queued[MAX_OUTBOX:]) == {None}
