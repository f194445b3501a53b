"""What each seat may know (SM-INFO-1), what it may not see, and the twin ``determinize``.

Everything is public except the order of the decks and the identity of a card reserved
blind from a deck top, which only its owner sees (the others see its tier).

View format (``state.view(seat)`` adds the engine's common keys):

- ``first``, ``turn``, ``round`` (1-based), ``max_rounds``, ``final_round`` (someone met
  the Gauntlet condition: the round is being finished)
- ``supply``: tokens by kind (``yellow`` .. ``purple``, ``green``, ``grey``)
- ``display``: three lists (tier 1, 2, 3) of four card ids or ``null`` (empty slot)
- ``decks``: cards left in each tier's deck
- ``locations``: location face ids still on the table
- ``avengers``: the seat holding Avengers Assemble, or ``null``
- ``seats``: per seat ``tokens``, ``bonuses``, ``points``, ``tags``, ``cards`` (recruited
  ids), ``reserved`` (``{"tier", "card", "blind"}``; ``card`` is ``null`` for another
  seat's blind reserve), ``locations``, ``gauntlet`` (meets the condition now)
- ``location_choices``: faces to choose from (``choose_location`` prompt)
- ``to_return``: tokens over the limit (``return_tokens`` prompt)
"""

from __future__ import annotations

from parlour.engine import Place, Rng
from parlour.games.splendor_marvel.cards import (
    CARDS,
    COLOURS,
    LOCATION_FACES,
    TOKEN_KINDS,
    TOKEN_LIMIT,
)
from parlour.games.splendor_marvel.contracts import Reserved, SeatView, SplendorMarvelTable
from parlour.games.splendor_marvel.state import Phase, SplendorMarvelState


def _id(card: int) -> str | None:
    return CARDS[card].id if card >= 0 else None


def view(state: SplendorMarvelState, seat: int | None) -> SplendorMarvelTable:
    """The game-specific part of ``seat``'s view."""
    seats: list[SeatView] = []
    for p in range(state.players):
        # clause: SM-INFO-1
        reserved: list[Reserved] = [
            {
                "tier": CARDS[card].tier,
                "card": None if (blind and p != seat) else CARDS[card].id,
                "blind": blind,
            }
            for card, blind in zip(state.reserved[p], state.reserved_blind[p], strict=True)
        ]
        seats.append(
            {
                "tokens": dict(zip(TOKEN_KINDS, state.tokens[p], strict=True)),
                "bonuses": dict(zip(COLOURS, state.bonus[p], strict=True)),
                "points": state.points(p),
                "tags": state.tags[p],
                "cards": [CARDS[c].id for c in state.tableau[p]],
                "reserved": reserved,
                "locations": [LOCATION_FACES[f].id for f in state.owned_locations[p]],
                "gauntlet": state.meets_gauntlet(p),
            }
        )
    return {
        "first": state.first,
        "turn": state.turn,
        "round": state.rounds + 1,
        "max_rounds": state.options["max_rounds"],
        "final_round": state.final,
        "supply": dict(zip(TOKEN_KINDS, state.supply, strict=True)),
        "display": [[_id(c) for c in row] for row in state.display],
        "decks": [len(d) for d in state.decks],
        "locations": [LOCATION_FACES[f].id for f in state.locations],
        "avengers": state.avengers if state.avengers >= 0 else None,
        "seats": seats,
        "location_choices": [LOCATION_FACES[f].id for f in state.location_choices],
        "to_return": (
            sum(state.tokens[state.turn]) - TOKEN_LIMIT if state.phase is Phase.RETURN_TOKENS else 0
        ),
    }


def hidden(state: SplendorMarvelState, seat: int | None) -> list[list[Place]]:
    """The places ``seat`` may not see, one group per tier: that tier's deck and the other
    seats' blind reserves of that tier."""
    groups: list[list[Place]] = []
    for t, deck in enumerate(state.decks):
        places: list[Place] = [("decks", t, i) for i in range(len(deck))]
        for p in range(state.players):
            if p != seat:
                row = zip(state.reserved[p], state.reserved_blind[p], strict=True)
                places += [
                    ("reserved", p, i)
                    for i, (card, blind) in enumerate(row)
                    if blind and CARDS[card].tier == t + 1
                ]
        groups.append(places)
    return groups


def determinize(state: SplendorMarvelState, seat: int, rng: Rng) -> SplendorMarvelState:
    """A state ``seat`` cannot tell from this one: decks and others' blind reserves redealt.

    Per tier, the unknown cards are gathered in card order, shuffled with ``rng``, and dealt
    back to the same places; the state's own generator is replaced by one from ``rng``.
    """
    st = state.clone()
    st.rng = rng.spawn()
    for t in range(3):
        tier = t + 1
        places = [
            (p, i)
            for p in range(state.players)
            if p != seat
            for i, (card, blind) in enumerate(
                zip(state.reserved[p], state.reserved_blind[p], strict=True)
            )
            if blind and CARDS[card].tier == tier
        ]
        unknown = sorted(state.decks[t] + [state.reserved[p][i] for p, i in places])
        rng.shuffle(unknown)
        for p, i in places:
            st.reserved[p][i] = unknown.pop()
        st.decks[t] = unknown
    return st
