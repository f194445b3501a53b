"""Shared set-ups for the Gauntlet tests: stacked openings and short names."""

from __future__ import annotations

from typing import Any

from parlour.engine import Event
from parlour.games.gauntlet import GAME, GauntletState
from parlour.games.gauntlet.cards import BY_ID


def new(
    players: int,
    heroes: list[str] | None = None,
    thanos: list[str] | None = None,
    *,
    hero_health: int = 5,
    thanos_health: int = 3,
    seed: int = 1,
    **options: Any,
) -> GauntletState:
    """A stacked game: heroes take ``heroes`` from the top in seat order; Thanos draws 2 + 1."""
    opts = {"hero_health": hero_health, "thanos_health": [thanos_health] * 5, **options}
    stack = {"hero_deck": heroes or [], "thanos_deck": thanos or []}
    return GAME.new(players, opts, seed, stack)


def play(state: GauntletState, *actions: str) -> list[Event]:
    """Apply actions in order and return all their events."""
    out: list[Event] = []
    for a in actions:
        out += state.apply(a)
    return out


def kinds(events: list[Event]) -> list[str]:
    """The kinds of a list of events."""
    return [e.kind for e in events]


def ids(cards: list[int]) -> list[str]:
    """Card ids of internal card numbers."""
    from parlour.games.gauntlet.cards import CARDS

    return [CARDS[c].id for c in cards]


def idx(card_id: str) -> int:
    """The internal number of a card id."""
    return BY_ID[card_id].index


def legal(state: GauntletState) -> list[str]:
    """The legal actions as texts."""
    return [str(a) for a in state.legal_actions()]
