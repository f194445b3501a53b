"""The Splendor Marvel game: options, stack parsing, ``new``; the state with its rules attached."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Self, cast

from mypy_extensions import mypyc_attr

from parlour.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    OptionSpec,
    Place,
    Rng,
)
from parlour.engine.integrity import rebuild
from parlour.games.splendor_marvel import legal, rules, views
from parlour.games.splendor_marvel.actions import SPACE
from parlour.games.splendor_marvel.cards import (
    CARD_BY_ID,
    CARDS,
    DISPLAY_SLOTS,
    FACE_OF,
    GREY_TOKENS,
    LOCATION_FACES,
    TIERS,
    TILES,
)
from parlour.games.splendor_marvel.contracts import SplendorMarvelTable
from parlour.games.splendor_marvel.state import (
    GAME_ID,
    SplendorMarvelState,
    check_counts,
    expected_census,
)
from parlour.games.splendor_marvel.text import action_steps, describe_event

TIER_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c.index for c in CARDS if c.tier == t) for t in TIERS
)
"""Each tier's cards in index order (the order a new game shuffles them from)."""
SUPPLY_BY_PLAYERS: Final[dict[int, tuple[int, int]]] = {2: (4, 2), 3: (5, 3), 4: (7, 4)}
"""Stone tokens per colour and green tokens in the supply (SM-SETUP-3)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class PlayedState(SplendorMarvelState):
    """A Splendor Marvel state that plays: legal moves, transitions and views attached.

    Methods that call the module functions rather than the functions themselves: a compiled
    function does not bind to an instance as a method."""

    __slots__ = ()

    def clone(self) -> Self:
        """An independent copy, written out so the compiled build copies at C speed (the
        derived copy is Python code); a subclass gets the class's copy of its own."""
        if type(self) is not PlayedState:
            return cast(Self, SplendorMarvelState.clone(self))
        new = PlayedState.__new__(PlayedState)
        self._clone_fields(new)
        return cast(Self, new)

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the current prompt."""
        return legal.legal_actions(self)

    def _is_legal(self, action: Action) -> bool:
        return legal.is_legal(self, action)

    def _illegal(self, action: Action) -> IllegalActionError:
        return legal.illegal(self, action)

    def _transition(self, action: Action) -> None:
        rules.transition(self, action)

    def _view(self, seat: int | None) -> SplendorMarvelTable:
        return views.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> SplendorMarvelState:
        """A copy with what ``seat`` cannot see dealt again at random."""
        return views.determinize(self, seat, rng)

    def hidden(self, seat: int | None) -> list[list[Place]]:
        """Where the cards ``seat`` cannot see lie."""
        return views.hidden(self, seat)

    def apply(self, action: object) -> list[Event]:
        """Check and apply one action (the protocol's contract, with ``legal.check``'s test)."""
        return self._apply(legal.check(self, action))

    def _apply(self, action: Action) -> list[Event]:
        """The engine's ``_apply`` with ``EventLog.take`` written out: count the move, run the
        rules, hand back the log. Random simulations apply tens of thousands of moves a
        second, and the calls this saves are about 1% of them."""
        self.move_number += 1
        rules.transition(self, action)
        log = self.log
        events = log.events
        if events:
            log.events = []
            return events
        return []


class SplendorMarvel(Game):
    """Splendor Marvel for 2 to 4 players."""

    id = GAME_ID
    min_players = 2
    max_players = 4

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """``first_player`` (seat, default random) and ``max_rounds`` (the safety end)."""
        return (
            OptionSpec(
                "first_player", "int", None, minimum=0, maximum=3,
                help_key=f"{GAME_ID}.option.first_player",
            ),
            OptionSpec(
                "max_rounds", "int", 100, minimum=1, maximum=10_000,
                help_key=f"{GAME_ID}.option.max_rounds",
            ),
        )  # fmt: skip

    def complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults; the first player must be one of the seats."""
        options = super().complete_options(players, options)
        first = options["first_player"]
        if first is not None and first >= players:
            raise OptionError(f"{GAME_ID}.error.first_player", first=first, players=players)
        return options

    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        """The same space for every configuration."""
        return SPACE

    def action_steps(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str]:
        """Menu labels for an action (see ``text.py``); no label names a player."""
        return action_steps(action, lang)

    def describe(
        self,
        event: Event,
        lang: str = "en",
        names: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        """One log line (see ``text.py``): what a recruit cost, in words."""
        return describe_event(event, lang, names)

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack: Any = None,
    ) -> SplendorMarvelState:
        """The opening: shuffled (or stacked) tiers, a display of 4 per tier, locations."""
        opts = self.resolve_options(players, options)
        seed = self.fresh_seed(seed)
        rng = Rng(seed)
        tiers, faces = parse_stack(stack, players)
        st = PlayedState(self, players, opts, seed, rng)
        for t in TIERS:
            given = tiers.get(t, [])
            rest = [c for c in TIER_CARDS[t - 1] if c not in given]
            rng.shuffle(rest)
            top_first = given + rest
            st.decks[t - 1] = top_first[::-1]  # the top is the list's end: pop() draws
            # clause: SM-SETUP-1
            st.display[t - 1] = [st.decks[t - 1].pop() for _ in range(DISPLAY_SLOTS)]
        if faces is None:
            tiles = list(TILES)
            rng.shuffle(tiles)
            # clause: SM-SETUP-2
            faces = [FACE_OF[tile, "AB"[rng.below(2)]].index for tile in tiles[:players]]
        st.locations = faces
        first = opts["first_player"]
        # clause: SM-SETUP-4
        st.first = st.turn = rng.below(players) if first is None else first
        stones, green = SUPPLY_BY_PLAYERS[players]
        # clause: SM-COMP-1, SM-SETUP-3
        st.supply = [stones] * 5 + [green, GREY_TOKENS]
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> SplendorMarvelState:
        """Rebuild a state from its ``to_json``, refused when corrupt (the integrity checks)."""
        st = rebuild(self, lambda: PlayedState.from_json(self, data), data, expected_census)
        check_counts(st)
        return st

    def sample_configs(self) -> list[tuple[int, dict[str, Any]]]:
        """Two to four players, plus a short game to reach the safety end."""
        return [(2, {}), (3, {}), (4, {}), (2, {"max_rounds": 3, "first_player": 1})]


def _stack_error(reason: str, **params: Any) -> OptionError:
    return OptionError(f"{GAME_ID}.error.stack_{reason}", **params)


def parse_stack(stack: Any, players: int) -> tuple[dict[int, list[int]], list[int] | None]:
    """Read a stacked opening: ``{"tiers": {"1": [ids top first]}, "locations": [[tile, side]]}``.

    Tiers may list only their top cards (the rest is shuffled below); locations, when given,
    list one ``[tile, side]`` per player.
    """
    if stack is None:
        return {}, None
    if not isinstance(stack, Mapping) or set(stack) - {"tiers", "locations"}:
        raise _stack_error("shape")
    tiers: dict[int, list[int]] = {}
    raw_tiers = stack.get("tiers", {})
    if not isinstance(raw_tiers, Mapping):
        raise _stack_error("shape")
    for key, ids in raw_tiers.items():
        if str(key) not in ("1", "2", "3") or not isinstance(ids, list):
            raise _stack_error("shape")
        tier = int(key)
        indices = []
        for card_id in ids:
            card = CARD_BY_ID.get(card_id) if isinstance(card_id, str) else None
            if card is None or card.tier != tier:
                raise _stack_error("card", card=str(card_id)[:40], tier=tier)
            indices.append(card.index)
        if len(set(indices)) != len(indices):
            raise _stack_error("duplicate", tier=tier)
        tiers[tier] = indices
    raw_locs = stack.get("locations")
    if raw_locs is None:
        return tiers, None
    faces: list[int] = []
    if not isinstance(raw_locs, list) or len(raw_locs) != players:
        raise _stack_error("locations", players=players)
    for item in raw_locs:
        key = tuple(item) if isinstance(item, list | tuple) else ()
        face = FACE_OF.get((str(key[0]), str(key[1]))) if len(key) == 2 else None
        if face is None or any(LOCATION_FACES[f].tile == face.tile for f in faces):
            raise _stack_error("locations", players=players)
        faces.append(face.index)
    return tiers, faces
