"""Fixtures of the bot tests: the toy game registered for the length of a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import parlour.games
from tests.support.highcard import GAME as HIGHCARD


@pytest.fixture(autouse=True)
def highcard_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make the toy game known to the registries, then forget it again."""
    monkeypatch.setitem(parlour.games._LOADED, HIGHCARD.id, HIGHCARD)
    yield
