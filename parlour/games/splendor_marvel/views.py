"""What each seat may know (SM-INFO-1), its twin ``determinize``, and the JSON form.

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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.engine import Place, ReplayError, Result, Rng
from parlour.games.splendor_marvel.cards import (
    CARD_BY_ID,
    CARDS,
    COLOURS,
    FACE_BY_ID,
    LOCATION_FACES,
    TOKEN_KINDS,
    TOKEN_LIMIT,
)

if TYPE_CHECKING:
    from parlour.games.splendor_marvel.rules import SplendorMarvel, SplendorMarvelState


def _id(card: int) -> str | None:
    return CARDS[card].id if card >= 0 else None


def view(state: SplendorMarvelState, seat: int | None) -> dict[str, Any]:
    """The game-specific part of ``seat``'s view."""
    seats = []
    for p in range(state.players):
        reserved = [
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
    prompt = state.prompt()
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
            sum(state.tokens[state.turn]) - TOKEN_LIMIT if prompt == "return_tokens" else 0
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


def to_json(state: SplendorMarvelState) -> dict[str, Any]:
    """The whole state as JSON-ready data (decks listed top first)."""
    result = state.result
    return {
        "players": state.players,
        "options": dict(state.options),
        "seed": state.seed,
        "rng": state.rng.state,
        "move": state.move_number,
        "supply": list(state.supply),
        "tokens": [list(t) for t in state.tokens],
        "tableau": [[CARDS[c].id for c in row] for row in state.tableau],
        "reserved": [[CARDS[c].id for c in row] for row in state.reserved],
        "reserved_blind": [list(row) for row in state.reserved_blind],
        "time_claimed": list(state.time_claimed),
        "decks": [[CARDS[c].id for c in reversed(d)] for d in state.decks],
        "display": [[_id(c) for c in row] for row in state.display],
        "locations": [LOCATION_FACES[f].id for f in state.locations],
        "owned_locations": [[LOCATION_FACES[f].id for f in row] for row in state.owned_locations],
        "location_choices": [LOCATION_FACES[f].id for f in state.location_choices],
        "avengers": state.avengers,
        "first": state.first,
        "turn": state.turn,
        "phase": state.phase,
        "final": state.final,
        "rounds": state.rounds,
        "turns": state.turns,
        "result": None if result is None else result.to_json(),
    }


def state_from_json(game: SplendorMarvel, data: Mapping[str, Any]) -> SplendorMarvelState:
    """Rebuild a state from :func:`to_json` output (raises ReplayError if corrupt)."""
    from parlour.games.splendor_marvel.rules import SplendorMarvelState

    try:
        players = int(data["players"])
        st = SplendorMarvelState(
            game, players, dict(data["options"]), int(data["seed"]), Rng(int(data["rng"]))
        )
        st.move_number = int(data["move"])
        st.supply = [int(v) for v in data["supply"]]
        st.tokens = [[int(v) for v in row] for row in data["tokens"]]
        st.tableau = [[CARD_BY_ID[c].index for c in row] for row in data["tableau"]]
        for p, row in enumerate(st.tableau):
            for c in row:
                card = CARDS[c]
                st.bonus[p][card.bonus] += 1
                st.card_points[p] += card.points
                st.tags[p] += card.avengers
        st.reserved = [[CARD_BY_ID[c].index for c in row] for row in data["reserved"]]
        st.reserved_blind = [[bool(v) for v in row] for row in data["reserved_blind"]]
        st.time_claimed = [bool(v) for v in data["time_claimed"]]
        st.decks = [[CARD_BY_ID[c].index for c in reversed(d)] for d in data["decks"]]
        st.display = [
            [-1 if c is None else CARD_BY_ID[c].index for c in row] for row in data["display"]
        ]
        st.locations = [FACE_BY_ID[f].index for f in data["locations"]]
        st.owned_locations = [[FACE_BY_ID[f].index for f in row] for row in data["owned_locations"]]
        st.location_choices = [FACE_BY_ID[f].index for f in data["location_choices"]]
        st.avengers = int(data["avengers"])
        st.first = int(data["first"])
        st.turn = int(data["turn"])
        st.phase = int(data["phase"])
        st.final = bool(data["final"])
        st.rounds = int(data["rounds"])
        st.turns = int(data["turns"])
        res = data["result"]
        if res is not None:
            st._result = Result(
                tuple(int(w) for w in res["winners"]),
                tuple(float(s) for s in res["scores"]),
                str(res["reason"]),
                dict(res["details"]),
            )
        if len(st.tokens) != players or len(st.tableau) != players:
            raise ValueError("per-seat lists do not match the player count")
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ReplayError("core.error.corrupt_state", reason=str(exc)[:80]) from None
    return st


def expected_census(state: SplendorMarvelState) -> dict[str, int]:
    """The census a saved state must have: a new game's cards and tokens, its own locations.

    Locations are drawn at random, so their faces come from the state; their number and
    distinctness are checked by :func:`check_counts`.
    """
    from parlour.engine.integrity import fresh_census

    out = {k: v for k, v in fresh_census(state).items() if not k.startswith("location:")}
    for face in [*state.locations, *(f for owned in state.owned_locations for f in owned)]:
        out[f"location:{LOCATION_FACES[face].id}"] = 1
    return out


def check_counts(state: SplendorMarvelState) -> None:
    """Refuse per-seat lists of the wrong length, negative tokens or repeated locations."""
    from parlour.engine.integrity import corrupt, fresh_census

    n = state.players
    kinds = len(TOKEN_KINDS)
    seats = (
        len(state.tokens),
        len(state.tableau),
        len(state.reserved),
        len(state.reserved_blind),
        len(state.owned_locations),
        len(state.time_claimed),
    )
    if any(length != n for length in seats):
        raise corrupt("per-seat lists")
    if len(state.supply) != kinds or any(len(row) != kinds for row in state.tokens):
        raise corrupt("token kinds")
    if min(state.supply) < 0 or any(v < 0 for row in state.tokens for v in row):
        raise corrupt("negative tokens")
    if any(
        len(r) != len(b) or len(r) > 3
        for r, b in zip(state.reserved, state.reserved_blind, strict=True)
    ):
        raise corrupt("reserved cards")
    faces = [*state.locations, *(f for owned in state.owned_locations for f in owned)]
    want = sum(1 for k in fresh_census(state) if k.startswith("location:"))
    if len(faces) != want or len({LOCATION_FACES[f].id for f in faces}) != want:
        raise corrupt("locations")
    if not set(state.location_choices) <= set(state.locations):
        raise corrupt("location choices")
