"""Clocks stored in batches: each row of a batch stored, refused or inserted as one row
stored alone would be (over an older turn only, when the batch says so), on SQLite and
PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

import pytest

from parlour.server.store.clock_rows import (
    Running,
    Settings,
    TableClock,
    load_clock,
    load_clocks,
    row,
    running_dict,
    save_clock,
    save_clocks,
    settings_dict,
)
from parlour.server.store.storage import Store

CHUNK = 500
"""As many table ids as one query once asked for (a batch past it stays whole)."""

SETTINGS = Settings("realtime", 60.0, 30.0)


def clock(move: int, bank: float = 30.0) -> TableClock:
    """A two-seat clock at ``move``, seat 0's bank at ``bank``."""
    return TableClock(SETTINGS, Running(move, move % 2, 1000.0 + move, [bank, 30.0], [0, 0]))


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store on a SQLite file, and on a throwaway PostgreSQL database."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'clocks.db'}"
    else:
        url = request.getfixturevalue("pg_url")
    s = Store(url)
    try:
        yield s
    finally:
        s.close()


def test_batch_stores_each_row_as_alone(store: Store) -> None:
    """A batch holding a new clock, a newer turn, a turn another process stored a newer one
    of first, the same turn again and a clock stored whatever is stored: each answered and
    stored as it would have been alone."""
    for table_id, move in (("older", 3), ("newer", 9), ("same", 5), ("any", 9)):
        assert save_clock(store, table_id, clock(move), None)
    batch = [
        row("fresh", clock(0), 0),
        row("older", clock(4, bank=12.5), 4),  # stored over move 3
        row("newer", clock(7), 7),  # another process stored move 9 first: kept
        row("same", clock(5, bank=1.0), 5),  # the same turn again: stored
        row("any", clock(2), None),  # no condition: stored over move 9
    ]
    assert save_clocks(store, batch) == [True, True, False, True, True]
    stored = load_clocks(store)
    assert {t: c.running.move for t, c in stored.items()} == {
        "fresh": 0,
        "older": 4,
        "newer": 9,
        "same": 5,
        "any": 2,
    }
    assert stored["older"].running.banks == [12.5, 30.0]
    assert stored["same"].running.banks == [1.0, 30.0]
    assert stored["newer"] == clock(9)
    assert save_clocks(store, []) == []


def test_batch_larger_than_a_query(store: Store) -> None:
    """More clocks than one query asks for: every one stored and answered."""
    count = CHUNK + 7
    first = [row(f"t{i}", clock(1), None) for i in range(count)]
    assert save_clocks(store, first) == [True] * count
    moves = [2 if i % 2 == 0 else 0 for i in range(count)]  # a newer turn, an older one
    again = [row(f"t{i}", clock(move), move) for i, move in enumerate(moves)]
    assert save_clocks(store, again) == [i % 2 == 0 for i in range(count)]
    assert load_clock(store, f"t{CHUNK + 1}") == clock(1)
    assert load_clock(store, f"t{CHUNK + 2}") == clock(2)


def test_a_clock_as_stored_and_sent_holds_every_field() -> None:
    """The dicts written by hand for speed hold what ``asdict`` would (a field added later
    and left out of them fails here)."""
    running = Running(4, 1, 12.5, [3.0, 30.0], [0, 2], 3, [1], [0])
    assert running_dict(running) == asdict(running)
    assert settings_dict(SETTINGS) == asdict(SETTINGS)
