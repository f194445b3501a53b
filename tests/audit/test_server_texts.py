"""Event texts rendered once are reused only where they read the same: same event, game,
language, names and options."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine import Event
from parlour.games import get_game
from parlour.server.tables import protocol
from parlour.server.tables.protocol import render_log

GUESS = Event("played_guess", {"seat": 1, "card": "guard", "target": 0, "guess": 7})


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every text actually rendered (not reused), as its arguments."""
    calls: list[tuple[Any, ...]] = []
    describe = protocol.describe

    def counting(*args: Any) -> str:
        calls.append(args)
        return describe(*args)

    monkeypatch.setattr(protocol, "describe", counting)
    monkeypatch.setattr(protocol, "_texts", {})
    monkeypatch.setattr(protocol, "_commons", {})
    return calls


def texts(names: list[str], lang: str = "en", edition: str = "classic") -> list[str]:
    """The guess's text as a table with these names, language and edition renders it."""
    game = get_game("loveletter")
    log = [(3, GUESS), (4, Event("turn", {"seat": 0}))]
    _, events = render_log(game, log, 0, lang, None, names, {"edition": edition})
    return [e["text"] for e in events]


def test_a_text_is_rendered_once_for_the_same_event_names_language_and_options(
    counted: list[tuple[Any, ...]],
) -> None:
    first = texts(["Ann", "Bob"])
    assert len(counted) == 2
    assert texts(["Ann", "Bob"]) == first  # another audience, another alike table
    assert len(counted) == 2


def test_other_names_languages_or_editions_are_rendered_again(
    counted: list[tuple[Any, ...]],
) -> None:
    ann = texts(["Ann", "Bob"])
    cleo = texts(["Cleo", "Dan"])
    assert "Bob" in ann[0] and "Dan" in cleo[0] and "Bob" not in cleo[0]
    assert texts(["Ann", "Bob"], "vi") != ann
    classic, premium = ann[0], texts(["Ann", "Bob"], edition="premium")[0]
    # Premium has two cards of value 7: the named value reads as both.
    assert premium != classic and "Dowager" in premium and "Dowager" not in classic
    assert len(counted) == 2 * 4


def test_the_kept_texts_are_bounded(
    counted: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "TEXTS_KEPT", 3)
    for n in range(10):
        texts([f"A{n}", "B"])
        assert len(protocol._texts) <= 3
        assert len(protocol._commons) <= 3  # (the names, language and options seen)
    assert len(counted) == 20
