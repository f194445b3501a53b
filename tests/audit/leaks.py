"""Helpers: does a hidden card show in what a seat is sent (view, events, log lines)?"""

from __future__ import annotations

import json
from collections.abc import Sequence

from parlour.engine import Event, State, describe, events_for
from parlour.engine.i18n import t

LANGS = ("en", "vi", "zh", "es")
NAMES = ["Ana", "Ben", "Cam", "Dee", "Eve", "Fay", "Gus", "Hal"]


def card_names(game: str, card: str) -> list[str]:
    """The card's id and its name in every language."""
    return [card, *(t(f"{game}.name.{card}", lang) for lang in LANGS)]


def seen_text(state: State, seat: int | None, events: Sequence[Event]) -> list[str]:
    """Everything ``seat`` is shown: its view as JSON and its events as data and log lines."""
    game = state.game.id
    out = [json.dumps(state.view(seat), ensure_ascii=False)]
    for event in events_for(seat, events):
        out.append(json.dumps(event.to_json(), ensure_ascii=False))
        out += [describe(game, event, lang, NAMES[: state.players]) for lang in LANGS]
    return out


def shows(state: State, seat: int | None, events: Sequence[Event], card: str) -> bool:
    """Whether ``card`` (by id or by name in any language) is in what ``seat`` is shown."""
    names = card_names(state.game.id, card)
    return any(name in text for text in seen_text(state, seat, events) for name in names)
