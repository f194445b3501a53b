"""Events: what an action caused, each with the audience allowed to see it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour.engine.i18n import DEFAULT_LANGUAGE, render_params, t


class Event:
    """One thing that happened.

    ``kind`` names the event (its text is the catalog key ``<game>.event.<kind>``);
    ``data`` holds JSON-ready parameters; ``audience`` is the set of seats that may see it,
    or ``None`` when it is public (spectators included). An event is a value: nothing
    changes it once made.
    """

    # A plain slotted class, not a frozen dataclass: a frozen one sets each field through
    # ``object.__setattr__``, and making events was a third of a game with events on.
    __slots__ = ("audience", "data", "kind")

    kind: str
    data: Mapping[str, Any]
    audience: frozenset[int] | None

    def __init__(
        self,
        kind: str,
        data: Mapping[str, Any] | None = None,
        audience: frozenset[int] | None = None,
    ) -> None:
        self.kind = kind
        self.data = {} if data is None else data
        self.audience = audience

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.kind == other.kind and self.data == other.data and self.audience == other.audience
        )

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r}, audience={self.audience!r})"

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form (the audience is kept: it is part of the record)."""
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.audience is not None:
            out["audience"] = sorted(self.audience)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """Rebuild an event from :meth:`to_json` output."""
        aud = data.get("audience")
        return cls(
            str(data["kind"]),
            dict(data.get("data", {})),
            None if aud is None else frozenset(int(s) for s in aud),
        )


class EventLog:
    """The events of the move being applied, collected the same way by every game.

    A state owns one log (``state.log``). Rules call :meth:`emit`; the engine's ``apply``
    hands the collected events back and empties the log. When ``record`` is false (fast
    simulation) nothing is kept; rules that build costly event data test ``record`` first.
    """

    __slots__ = ("events", "record")

    def __init__(self, record: bool = True) -> None:
        self.record = record
        """Whether events are kept (``State.record_events`` switches it)."""
        self.events: list[Event] = []
        """The events of the current move so far."""

    # The odd names: compiled, a keyword of ``data`` may not share a positional's name
    # (Splendor Marvel's events carry a ``kind``).
    def emit(self, _kind: str, _audience: frozenset[int] | None = None, /, **data: Any) -> None:
        """Record one event (the audience: the seats that may see it, None for everyone)."""
        if self.record:
            self.events.append(Event(_kind, data, _audience))

    def take(self) -> list[Event]:
        """The events collected since the last call, leaving the log empty."""
        out = self.events
        if not out:
            return []
        self.events = []
        return out


def events_for(seat: int | None, events: Iterable[Event]) -> list[Event]:
    """The events ``seat`` may see, in order."""
    return [e for e in events if e.visible_to(seat)]


def describe(
    game: str,
    event: Event,
    lang: str = DEFAULT_LANGUAGE,
    names: Sequence[str] | None = None,
) -> str:
    """One log line for an event, in ``lang``, with seats shown as ``names``."""
    return t(f"{game}.event.{event.kind}", lang, **render_params(game, event.data, lang, names))
