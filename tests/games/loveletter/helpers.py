"""Building scripted Love Letter positions for the tests: stacked decks and arranged tables."""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.engine import Event
from parlour.games.loveletter import GAME, LoveLetterState
from parlour.games.loveletter.cards import TABLES


def full_stack(edition: str, top: list[str]) -> list[str]:
    """``top`` followed by the rest of the edition's deck (table order) at the bottom."""
    ed = TABLES[edition]
    left = Counter({cid: n for cid, n in zip(ed.ids, ed.counts, strict=True)})
    for card in top:
        left[card] -= 1
        assert left[card] >= 0, f"too many {card}"
    return top + [cid for cid in ed.ids for _ in range(left[cid])]


def start(
    players: int, top: list[str], edition: str = "classic", first: int = 0, **options: Any
) -> LoveLetterState:
    """A game whose first round deals ``top`` (set-aside, [face-up], hands from ``first``, pile)."""
    stack = {"rounds": [full_stack(edition, top)], "first_player": first}
    return GAME.new(players, {"edition": edition, **options}, 7, stack)


def arrange(
    state: LoveLetterState,
    *,
    hands: dict[int, str],
    drawn: str,
    pile: list[str],
    aside: str | None = None,
    discards: dict[int, list[str]] | None = None,
    spare: int | None = None,
) -> LoveLetterState:
    """Put the current round's cards where a test wants them (the actor keeps its turn).

    Cards not placed go to the bottom of seat ``spare``'s discard pile (default: none may be
    left over), so no card appears or vanishes.
    """
    ed = state.ed
    k = ed.ids.index
    left = Counter({cid: n for cid, n in zip(ed.ids, ed.counts, strict=True)})
    placed = [*hands.values(), drawn, *pile, *(c for d in (discards or {}).values() for c in d)]
    placed += [aside] if aside else []
    placed += [ed.ids[c] for c in state.face_up]
    for card in placed:
        left[card] -= 1
        assert left[card] >= 0, f"too many {card}"
    rest = [cid for cid in ed.ids for _ in range(left[cid])]
    assert spare is not None or not rest, f"cards not placed: {rest}"
    state.hand = [k(hands[s]) if s in hands else -1 for s in range(state.players)]
    state.drawn = k(drawn)
    state.pile = [k(c) for c in reversed(pile)]
    state.aside = k(aside) if aside else -1
    state.discards = [[k(c) for c in (discards or {}).get(s, [])] for s in range(state.players)]
    if spare is not None:
        state.discards[spare][0:0] = [k(c) for c in rest]
    state.alive = sum(1 << s for s in hands)
    state._legal = None
    return state


def kinds(events: list[Event]) -> list[str]:
    """The kinds of a list of events, in order."""
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> Event:
    """The first event of a kind (fails the test when absent)."""
    for e in events:
        if e.kind == kind:
            return e
    raise AssertionError(f"no {kind} event in {kinds(events)}")


def texts(state: LoveLetterState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


def play_all(state: LoveLetterState, moves: list[str]) -> list[Event]:
    """Apply moves in order; return every event."""
    out: list[Event] = []
    for move in moves:
        out += state.apply(move)
    return out
