"""Helpers for scripted Splendor Marvel games on stacked decks."""

from __future__ import annotations

from typing import Any

from parlour.engine import Event
from parlour.games.splendor_marvel import GAME, SplendorMarvelState
from parlour.games.splendor_marvel.cards import CARD_BY_ID, TOKEN_KINDS

TIER1 = ["t1-baron-zemo", "t1-rocket", "t1-moon-knight", "t1-elektra", "t1-vulture"]
TIER2 = ["t2-maria-hill", "t2-shuri", "t2-venom", "t2-ronan", "t2-punisher"]
TIER3 = ["t3-iron-man", "t3-black-bolt", "t3-doctor-strange", "t3-drax", "t3-hulk"]


def new(
    players: int = 2,
    *,
    tiers: dict[str, list[str]] | None = None,
    locations: list[list[str]] | None = None,
    first: int = 0,
    seed: int = 1,
    **options: Any,
) -> SplendorMarvelState:
    """A stacked opening: the tier lists above (top first) unless replaced, tiles 1A, 2A..."""
    stack: dict[str, Any] = {"tiers": {"1": TIER1, "2": TIER2, "3": TIER3, **(tiers or {})}}
    stack["locations"] = locations or [[str(i + 1), "A"] for i in range(players)]
    return GAME.new(players, {"first_player": first, **options}, seed, stack)


def play(state: SplendorMarvelState, *actions: str) -> list[Event]:
    """Apply actions by text; return every event they caused."""
    events: list[Event] = []
    for action in actions:
        events += state.apply(action)
    return events


def kinds(events: list[Event]) -> list[str]:
    """The events' kinds, in order."""
    return [e.kind for e in events]


def give_tokens(state: SplendorMarvelState, seat: int, **amounts: int) -> None:
    """Move tokens from the supply to a seat (``red=2, grey=1``)."""
    for kind, n in amounts.items():
        k = TOKEN_KINDS.index(kind)
        assert state.supply[k] >= n, f"the supply lacks {kind}"
        state.supply[k] -= n
        state.tokens[seat][k] += n
    state._legal = None


def give_cards(state: SplendorMarvelState, seat: int, *ids: str) -> None:
    """Move cards from their deck into a seat's recruited cards (bonuses, points, tags)."""
    for card_id in ids:
        card = CARD_BY_ID[card_id]
        deck = state.decks[card.tier - 1]
        deck.remove(card.index)
        state.tableau[seat].append(card.index)
        state.bonus[seat][card.bonus] += 1
        state.card_points[seat] += card.points
        state.tags[seat] += card.avengers
    state._legal = None


def legal_texts(state: SplendorMarvelState) -> list[str]:
    """The legal actions as texts."""
    return [str(a) for a in state.legal_actions()]
