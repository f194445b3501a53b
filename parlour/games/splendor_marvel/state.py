"""One position of a Splendor Marvel game: its fields, declared once, and the questions they answer.

The state is mutable and private behind the engine's protocol: random simulations run tens
of thousands of decisions a second, so cards, colours and location faces are indices (into
:data:`~parlour.games.splendor_marvel.cards.CARDS` and friends) and saved states name them
by id. ``FIELDS`` gives the engine what it needs to derive ``clone``, ``to_json`` and
``from_json``; bonuses, card points and Avengers tags are sums over the recruited cards, kept
up to date by the rules, rebuilt when a save is read and copied by ``clone``.

The protocol's moving parts (legal moves, transitions, views) live in their own modules and
are attached to this class by :mod:`~parlour.games.splendor_marvel.game`, so no module of
the package imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from parlour.engine.actions import Action
from parlour.engine.codec import Field, integer, integer_lists, integers
from parlour.engine.integrity import corrupt, fresh_census
from parlour.engine.prompts import PromptKind
from parlour.engine.rng import Rng
from parlour.engine.state import Game, Result, State
from parlour.games.splendor_marvel.actions import SPACE
from parlour.games.splendor_marvel.cards import (
    AVENGERS_POINTS,
    CARD_BY_ID,
    CARDS,
    DISPLAY_SLOTS,
    FACE_BY_ID,
    GREEN,
    LOCATION_FACES,
    RESERVE_LIMIT,
    TIERS,
    TOKEN_KINDS,
    WIN_POINTS,
)

GAME_ID: Final = "splendor-marvel"


class Phase(PromptKind):
    """The prompt a state waits on; its value is the prompt's name in views and saves."""

    PLAY = "play"
    """The player whose turn it is takes tokens, reserves or recruits (SM-ACT-*)."""
    RETURN_TOKENS = "return_tokens"
    """Over ten tokens: give one back (SM-END-LIMIT)."""
    CHOOSE_LOCATION = "choose_location"
    """Several locations qualify: take one (SM-END-LOCATION)."""
    OVER = "over"
    """The game has ended."""


# Module constants: reading an enum member through its class is slow on hot paths.
PLAY: Final[Phase] = Phase.PLAY
RETURN_TOKENS: Final[Phase] = Phase.RETURN_TOKENS
CHOOSE_LOCATION: Final[Phase] = Phase.CHOOSE_LOCATION
OVER: Final[Phase] = Phase.OVER

PHASES: tuple[Phase, ...] = tuple(Phase)
"""The phases in the order saved states number them (a save stores the position)."""
_PHASE_NUMBER: dict[Phase, int] = {p: i for i, p in enumerate(PHASES)}


def _load_phase(st: Any, value: Any) -> Phase:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(PHASES):
        raise ValueError("phase")
    return PHASES[value]


def card_id(index: int) -> str | None:
    """A card's string id (None for an empty slot)."""
    return CARDS[index].id if index >= 0 else None


def card_index(card: str | None) -> int:
    """A card's index from its id (-1 for None); raises KeyError when unknown."""
    return -1 if card is None else CARD_BY_ID[card].index


def face_index(face: str) -> int:
    """A location face's index from its id; raises KeyError when unknown."""
    return FACE_BY_ID[face].index


def _cards(rows: Any) -> list[list[int]]:
    return [[CARD_BY_ID[c].index for c in row] for row in rows]


def _card_ids(st: Any, rows: list[list[int]]) -> list[list[str]]:
    return [[CARDS[c].id for c in row] for row in rows]


def _load_tableau(st: SplendorMarvelState, rows: Any) -> list[list[int]]:
    """The recruited cards, and the sums the rules keep beside them (bonuses, points, tags)."""
    tableau = _cards(rows)
    for p, row in enumerate(tableau):
        for c in row:
            card = CARDS[c]
            st.bonus[p][card.bonus] += 1
            st.card_points[p] += card.points
            st.tags[p] += card.avengers
    return tableau


def _flags(st: Any, rows: Any) -> list[list[bool]]:
    return [[bool(v) for v in row] for row in rows]


def _faces(st: Any, faces: Any) -> list[int]:
    return [FACE_BY_ID[f].index for f in faces]


def _face_ids(st: Any, faces: list[int]) -> list[str]:
    return [LOCATION_FACES[f].id for f in faces]


def _result(st: Any, data: Any) -> Result | None:
    if data is None:
        return None
    return Result(
        tuple(int(w) for w in data["winners"]),
        tuple(float(s) for s in data["scores"]),
        str(data["reason"]),
        dict(data["details"]),
    )


def _faces_field(name: str, copy: Any) -> Field:
    load: Callable[[Any, Any], Any] = _faces
    dump: Callable[[Any, Any], Any] = _face_ids
    if copy == "lists":
        load = lambda st, rows: [_faces(st, row) for row in rows]  # noqa: E731
        dump = lambda st, rows: [_face_ids(st, row) for row in rows]  # noqa: E731
    return Field(name, load, copy, dump=dump)


@mypyc_attr(allow_interpreted_subclasses=True)
class SplendorMarvelState(State):
    """One position of a Splendor Marvel game (its rules are attached in ``game.py``)."""

    __slots__ = (  # the protocol's own (the action space too) are in State's
        "_legal",
        "_result",
        "avengers",
        "bonus",
        "card_points",
        "decks",
        "display",
        "final",
        "first",
        "location_choices",
        "locations",
        "owned_locations",
        "phase",
        "reserved",
        "reserved_blind",
        "rounds",
        "supply",
        "tableau",
        "tags",
        "time_claimed",
        "tokens",
        "turn",
        "turns",
    )

    FIELDS = (
        integers("supply"),
        integer_lists("tokens"),
        Field("tableau", _load_tableau, "lists", dump=_card_ids),
        Field("reserved", lambda st, v: _cards(v), "lists", dump=_card_ids),
        Field("reserved_blind", _flags, "lists"),
        Field("time_claimed", lambda st, v: [bool(x) for x in v], "list"),
        Field(
            "decks",
            lambda st, v: [[CARD_BY_ID[c].index for c in reversed(d)] for d in v],
            "lists",
            dump=lambda st, v: [[CARDS[c].id for c in reversed(d)] for d in v],
        ),
        Field(
            "display",
            lambda st, v: [[card_index(c) for c in row] for row in v],
            "lists",
            dump=lambda st, v: [[card_id(c) for c in row] for row in v],
        ),
        _faces_field("locations", "list"),
        _faces_field("owned_locations", "lists"),
        _faces_field("location_choices", "list"),
        integer("avengers"),
        integer("first"),
        integer("turn"),
        Field("phase", _load_phase, dump=lambda st, v: _PHASE_NUMBER[v]),
        Field("final", lambda st, v: bool(v)),
        integer("rounds"),
        integer("turns"),
        Field("_result", _result, key="result", dump=lambda st, v: v if v is None else v.to_json()),
    )
    TRANSIENT: ClassVar[Mapping[str, Any]] = {"_legal": None}

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self._action_space = SPACE
        self._legal: list[Action] | None = None
        """The legal actions, until the next change."""
        self._result: Result | None = None
        self.supply: list[int] = [0] * len(TOKEN_KINDS)
        """Tokens in the supply, by kind index."""
        self.tokens: list[list[int]] = [[0] * len(TOKEN_KINDS) for _ in range(players)]
        self.bonus: list[list[int]] = [[0] * 5 for _ in range(players)]
        """Bonuses per seat and colour (a sum over ``tableau``)."""
        self.tableau: list[list[int]] = [[] for _ in range(players)]
        """Recruited cards per seat, in order."""
        self.reserved: list[list[int]] = [[] for _ in range(players)]
        self.reserved_blind: list[list[bool]] = [[] for _ in range(players)]
        """Whether each reserved card was taken blind from a deck (SM-INFO-1)."""
        self.card_points: list[int] = [0] * players
        """Infinity points of the recruited cards per seat (a sum over ``tableau``)."""
        self.tags: list[int] = [0] * players
        """Avengers tags per seat (a sum over ``tableau``)."""
        self.time_claimed: list[bool] = [False] * players
        """Whether the seat has recruited a Time Stone card already (SM-END-TIME)."""
        self.decks: list[list[int]] = [[], [], []]
        """Per tier; the top card is the list's last element."""
        self.display: list[list[int]] = [[-1] * DISPLAY_SLOTS for _ in TIERS]
        """Per tier, four slots; -1 is an empty slot."""
        self.locations: list[int] = []
        """Location faces still on the table."""
        self.owned_locations: list[list[int]] = [[] for _ in range(players)]
        self.location_choices: list[int] = []
        """The faces to choose from (``choose_location``)."""
        self.avengers = -1
        """The seat holding Avengers Assemble, or -1."""
        self.first = 0
        self.turn = 0
        self.phase = PLAY
        self.final = False
        """Someone met the Gauntlet condition: the round is being finished (SM-WIN-2)."""
        self.rounds = 0
        """Completed rounds."""
        self.turns = 0
        """Completed turns."""

    def _clone_fields(self, new: SplendorMarvelState) -> None:
        """Copy this class's attributes into ``new``: lists copied, the rest shared, the
        legal answers not (the derived copy and the sums beside it; tests/engine/test_clone.py
        compares them)."""
        self._clone_protocol(new)
        new._legal = None
        new._result = self._result
        new.supply = self.supply[:]
        new.tokens = [x[:] for x in self.tokens]
        new.bonus = [x[:] for x in self.bonus]
        new.tableau = [x[:] for x in self.tableau]
        new.reserved = [x[:] for x in self.reserved]
        new.reserved_blind = [x[:] for x in self.reserved_blind]
        new.card_points = self.card_points[:]
        new.tags = self.tags[:]
        new.time_claimed = self.time_claimed[:]
        new.decks = [x[:] for x in self.decks]
        new.display = [x[:] for x in self.display]
        new.locations = self.locations[:]
        new.owned_locations = [x[:] for x in self.owned_locations]
        new.location_choices = self.location_choices[:]
        new.avengers = self.avengers
        new.first = self.first
        new.turn = self.turn
        new.phase = self.phase
        new.final = self.final
        new.rounds = self.rounds
        new.turns = self.turns

    def clone(self) -> SplendorMarvelState:
        """An independent copy: the derived one, plus the sums kept beside the fields."""
        st: SplendorMarvelState = _DERIVED_CLONE(self)
        st.bonus = [b[:] for b in self.bonus]
        st.card_points = self.card_points[:]
        st.tags = self.tags[:]
        return st

    # -- questions ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to decide (the player whose turn it is), or None at the end."""
        return None if self.phase is OVER else self.turn

    @property
    def result(self) -> Result | None:
        """How the game ended."""
        return self._result

    def prompt(self) -> str:
        """``play``, ``return_tokens`` or ``choose_location``."""
        return self.phase

    def points(self, seat: int) -> int:
        """Infinity points: cards, locations and Avengers Assemble."""
        return (
            # clause: SM-COMP-4, SM-WIN-5
            self.card_points[seat]
            + 3 * len(self.owned_locations[seat])
            + (AVENGERS_POINTS if self.avengers == seat else 0)
        )

    def meets_gauntlet(self, seat: int) -> bool:
        """The Infinity Gauntlet condition (SM-WIN-1)."""
        return (
            # clause: SM-WIN-1
            self.tokens[seat][GREEN] > 0
            and self.points(seat) >= WIN_POINTS
            and min(self.bonus[seat]) > 0
        )

    def census(self) -> dict[str, int]:
        """Every card id and token kind (and location face) across all zones."""
        counts: dict[str, int] = {}
        zones: list[list[int]] = [*self.decks, *self.display, *self.tableau, *self.reserved]
        for zone in zones:
            for card in zone:
                if card >= 0:
                    key = CARDS[card].id
                    counts[key] = counts.get(key, 0) + 1
        for k, kind in enumerate(TOKEN_KINDS):
            counts[f"token:{kind}"] = self.supply[k] + sum(t[k] for t in self.tokens)
        for face in [*self.locations, *(f for owned in self.owned_locations for f in owned)]:
            counts[f"location:{LOCATION_FACES[face].id}"] = 1
        return counts


assert SplendorMarvelState.codec is not None
_DERIVED_CLONE = SplendorMarvelState.codec.clone


def expected_census(state: SplendorMarvelState) -> dict[str, int]:
    """The census a saved state must have: a new game's cards and tokens, its own locations.

    Locations are drawn at random, so their faces come from the state; their number and
    distinctness are checked by :func:`check_counts`.
    """
    out = {k: v for k, v in fresh_census(state).items() if not k.startswith("location:")}
    for face in [*state.locations, *(f for owned in state.owned_locations for f in owned)]:
        out[f"location:{LOCATION_FACES[face].id}"] = 1
    return out


def check_counts(state: SplendorMarvelState) -> None:
    """Refuse per-seat lists of the wrong length, negative tokens or repeated locations."""
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
        len(r) != len(b) or len(r) > RESERVE_LIMIT
        for r, b in zip(state.reserved, state.reserved_blind, strict=True)
    ):
        raise corrupt("reserved cards")
    faces = [*state.locations, *(f for owned in state.owned_locations for f in owned)]
    want = sum(1 for k in fresh_census(state) if k.startswith("location:"))
    if len(faces) != want or len({LOCATION_FACES[f].id for f in faces}) != want:
        raise corrupt("locations")
    if not set(state.location_choices) <= set(state.locations):
        raise corrupt("location choices")
