"""Splendor Marvel's rules: the game (options, setup) and the state (turns, end of game).

The state is mutable and private behind the engine's protocol: random simulations run
tens of thousands of decisions a second, so hot paths use index lists, packed costs and
prebuilt interned actions (see ``actions.py``). Views and determinization are in
``views.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from operator import attrgetter
from typing import Any

from parlour.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    OptionSpec,
    Place,
    ReplayError,
    Result,
    Rng,
    State,
)
from parlour.engine.integrity import rebuild
from parlour.games.splendor_marvel import views
from parlour.games.splendor_marvel.actions import (
    ALL_ACTIONS,
    GREY_INDEX,
    LOCATION,
    PASS,
    RECRUIT_DISPLAY,
    RECRUIT_RESERVED,
    RESERVE,
    RETURN,
    SPACE,
    TAKE2_BY_MASK,
    TAKE_BY_MASK,
    Recruit,
    Reserve,
    Return,
    Take,
    TakeLocation,
    TakeTwo,
)
from parlour.games.splendor_marvel.cards import (
    AVENGERS_POINTS,
    AVENGERS_TAGS,
    CARD_BY_ID,
    CARDS,
    COLOURS,
    DISPLAY_SLOTS,
    FACE_BY_ID,
    FACE_OF,
    GREEN,
    GREY,
    GREY_TOKENS,
    LOCATION_FACES,
    RESERVE_LIMIT,
    TIERS,
    TILES,
    TOKEN_KINDS,
    TOKEN_LIMIT,
    WIN_POINTS,
)

GAME_ID = "splendor-marvel"

PLAY, RETURN_TOKENS, CHOOSE_LOCATION, OVER = 0, 1, 2, 3
"""The prompts (phases) of a turn."""
PROMPTS = ("play", "return_tokens", "choose_location", "over")

SUPPLY_BY_PLAYERS: dict[int, tuple[int, int]] = {2: (4, 2), 3: (5, 3), 4: (7, 4)}
"""Stone tokens per colour and green tokens in the supply (SM-SETUP-3)."""

# Packed costs: six bits per colour (five of value, one guard), so "can this player pay
# this card without grey?" is a single subtraction (no borrow reaches a guard bit).
_GUARD = sum(1 << (6 * c + 5) for c in range(5))
PACKED_COST: tuple[int, ...] = tuple(
    sum(v << (6 * c) for c, v in enumerate(card.cost)) for card in CARDS
)
PACKED_REQUIRES: tuple[int, ...] = tuple(
    sum(v << (6 * c) for c, v in enumerate(face.requires)) for face in LOCATION_FACES
)
_ACTION_CLASSES = frozenset({Take, TakeTwo, Reserve, Recruit, Return, TakeLocation, type(PASS)})
_code = attrgetter("code")
_INTERNED: dict[int, Action] = dict(enumerate(ALL_ACTIONS))
"""Interned actions by code: ``apply`` skips parsing for them."""
_payments_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
COSTS: tuple[tuple[int, int, int, int, int], ...] = tuple(card.cost for card in CARDS)
RECRUIT_PLAIN: tuple[tuple[Recruit, ...], ...] = tuple(
    tuple(row[0] for row in tier) for tier in RECRUIT_DISPLAY
)
"""The no-grey recruit of each display slot, ``[tier - 1][slot]``."""


def pack(values: list[int] | tuple[int, ...]) -> int:
    """Pack five small counts (0-31) into the guarded six-bit fields."""
    return values[0] | values[1] << 6 | values[2] << 12 | values[3] << 18 | values[4] << 24 | _GUARD


def payments(
    cost: tuple[int, int, int, int, int], bon: list[int], tok: list[int], grey: int
) -> tuple[int, ...]:
    """Every possible grey payment of ``cost`` (grey vector indices; empty: cannot pay).

    Per colour the need is the cost minus bonuses; grey pays at least what the colour's
    tokens cannot and at most the need, and no more grey than held is used in all.
    """
    c0, c1, c2, c3, c4 = cost
    n0 = c0 - bon[0] if c0 > bon[0] else 0
    n1 = c1 - bon[1] if c1 > bon[1] else 0
    n2 = c2 - bon[2] if c2 > bon[2] else 0
    n3 = c3 - bon[3] if c3 > bon[3] else 0
    n4 = c4 - bon[4] if c4 > bon[4] else 0
    l0 = n0 - tok[0] if n0 > tok[0] else 0
    l1 = n1 - tok[1] if n1 > tok[1] else 0
    l2 = n2 - tok[2] if n2 > tok[2] else 0
    l3 = n3 - tok[3] if n3 > tok[3] else 0
    l4 = n4 - tok[4] if n4 > tok[4] else 0
    if l0 + l1 + l2 + l3 + l4 > grey:
        return ()
    key = (n0, n1, n2, n3, n4, l0, l1, l2, l3, l4, grey)
    found = _payments_cache.get(key)
    if found is None:
        ranges = [range(key[5 + c], min(key[c], grey) + 1) for c in range(5)]
        found = tuple(sorted(GREY_INDEX[g] for g in product(*ranges) if sum(g) <= grey))
        _payments_cache[key] = found
    return found


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
        from parlour.games.splendor_marvel.text import action_steps

        return action_steps(action, lang)

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
        st = SplendorMarvelState(self, players, opts, seed, rng)
        for t in TIERS:
            given = tiers.get(t, [])
            rest = sorted(set(c.index for c in CARDS if c.tier == t) - set(given))
            rng.shuffle(rest)
            top_first = given + rest
            st.decks[t - 1] = top_first[::-1]  # the top is the list's end: pop() draws
            st.display[t - 1] = [st.decks[t - 1].pop() for _ in range(DISPLAY_SLOTS)]
        if faces is None:
            tiles = list(TILES)
            rng.shuffle(tiles)
            faces = [FACE_OF[tile, "AB"[rng.below(2)]].index for tile in tiles[:players]]
        st.locations = faces
        first = opts["first_player"]
        st.first = st.turn = rng.below(players) if first is None else first
        stones, green = SUPPLY_BY_PLAYERS[players]
        st.supply = [stones] * 5 + [green, GREY_TOKENS]
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> SplendorMarvelState:
        """Rebuild a state from :meth:`SplendorMarvelState.to_json`."""
        st = rebuild(self, lambda: views.state_from_json(self, data), data, views.expected_census)
        views.check_counts(st)
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


class SplendorMarvelState(State):
    """One position of a Splendor Marvel game (mutable; ``clone`` copies it)."""

    __slots__ = (
        "_action_space",
        "_codes",
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
        "rng",
        "rounds",
        "supply",
        "tableau",
        "tags",
        "time_claimed",
        "tokens",
        "turn",
        "turns",
    )

    def __init__(
        self, game: SplendorMarvel, players: int, options: dict[str, Any], seed: int, rng: Rng
    ) -> None:
        super().__init__(game, players, options, seed, rng)
        self._action_space = SPACE
        self._legal: list[Action] | None = None
        self._codes: set[int] | None = None
        self._result: Result | None = None
        self.supply: list[int] = [0] * len(TOKEN_KINDS)
        """Tokens in the supply, by kind index."""
        self.tokens: list[list[int]] = [[0] * len(TOKEN_KINDS) for _ in range(players)]
        self.bonus: list[list[int]] = [[0] * 5 for _ in range(players)]
        self.tableau: list[list[int]] = [[] for _ in range(players)]
        """Recruited cards per seat, in order."""
        self.reserved: list[list[int]] = [[] for _ in range(players)]
        self.reserved_blind: list[list[bool]] = [[] for _ in range(players)]
        """Whether each reserved card was taken blind from a deck (SM-INFO-1)."""
        self.card_points: list[int] = [0] * players
        self.tags: list[int] = [0] * players
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

    # -- questions ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to decide (the player whose turn it is), or None at the end."""
        return None if self.phase == OVER else self.turn

    @property
    def result(self) -> Result | None:
        """How the game ended."""
        return self._result

    def prompt(self) -> str:
        """``play``, ``return_tokens`` or ``choose_location``."""
        return PROMPTS[self.phase]

    def points(self, seat: int) -> int:
        """Infinity points: cards, locations and Avengers Assemble."""
        return (
            self.card_points[seat]
            + 3 * len(self.owned_locations[seat])
            + (AVENGERS_POINTS if self.avengers == seat else 0)
        )

    def meets_gauntlet(self, seat: int) -> bool:
        """The Infinity Gauntlet condition (SM-WIN-1)."""
        return (
            self.tokens[seat][GREEN] > 0
            and self.points(seat) >= WIN_POINTS
            and min(self.bonus[seat]) > 0
        )

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the current prompt (cached until the next change)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        seat = self.turn
        if phase == PLAY:
            sup = self.supply
            avail = (
                (sup[0] > 0)
                | (sup[1] > 0) << 1
                | (sup[2] > 0) << 2
                | (sup[3] > 0) << 3
                | (sup[4] > 0) << 4
            )
            four = (
                (sup[0] >= 4)
                | (sup[1] >= 4) << 1
                | (sup[2] >= 4) << 2
                | (sup[3] >= 4) << 3
                | (sup[4] >= 4) << 4
            )
            legal: list[Action] = TAKE_BY_MASK[avail] + TAKE2_BY_MASK[four]
            reserved = self.reserved[seat]
            display = self.display
            if len(reserved) < RESERVE_LIMIT:
                decks = self.decks
                for t in range(3):
                    row = RESERVE[t]
                    disp = display[t]
                    for slot in range(DISPLAY_SLOTS):
                        if disp[slot] >= 0:
                            legal.append(row[slot])
                    if decks[t]:
                        legal.append(row[4])
            tok = self.tokens[seat]
            bon = self.bonus[seat]
            grey = tok[GREY]
            packed = PACKED_COST
            if grey == 0:
                have = (
                    (bon[0] + tok[0])
                    | (bon[1] + tok[1]) << 6
                    | (bon[2] + tok[2]) << 12
                    | (bon[3] + tok[3]) << 18
                    | (bon[4] + tok[4]) << 24
                    | _GUARD
                )
                for t in range(3):
                    disp = display[t]
                    plain = RECRUIT_PLAIN[t]
                    for slot in range(DISPLAY_SLOTS):
                        card = disp[slot]
                        if card >= 0 and (have - packed[card]) & _GUARD == _GUARD:
                            legal.append(plain[slot])
                for pos, card in enumerate(reserved):
                    if (have - packed[card]) & _GUARD == _GUARD:
                        legal.append(RECRUIT_RESERVED[pos][0])
            else:
                for t in range(3):
                    disp = display[t]
                    for slot in range(DISPLAY_SLOTS):
                        card = disp[slot]
                        if card >= 0:
                            found = payments(COSTS[card], bon, tok, grey)
                            if found:
                                options = RECRUIT_DISPLAY[t][slot]
                                legal += [options[i] for i in found]
                for pos, card in enumerate(reserved):
                    found = payments(COSTS[card], bon, tok, grey)
                    if found:
                        options = RECRUIT_RESERVED[pos]
                        legal += [options[i] for i in found]
            if not legal:
                legal.append(PASS)
            return legal
        if phase == RETURN_TOKENS:
            tok = self.tokens[seat]
            return [a for k, a in enumerate(RETURN) if a is not None and tok[k] > 0]
        if phase == CHOOSE_LOCATION:
            return [LOCATION[f] for f in self.location_choices]
        return []

    # -- changing the state ---------------------------------------------------------------

    def apply(self, action: Action | str | int) -> list[Event]:
        """Check and apply one action (fast path for interned actions; same contract)."""
        if self.phase == OVER:
            raise IllegalActionError("core.error.game_over")
        cls = action.__class__
        if cls in _ACTION_CLASSES and _INTERNED.get(action.code) is action:  # type: ignore[union-attr]
            act: Action = action
        else:
            act = SPACE.coerce(action)
        codes = self._codes
        if codes is None:
            codes = self._codes = set(map(_code, self.legal_actions()))
        if act.code not in codes:  # type: ignore[attr-defined]
            raise self._illegal(act)
        return self._apply(act)

    def _is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def _illegal(self, action: Action) -> IllegalActionError:
        """Say why an action is refused, in the player's terms."""
        seat = self.turn
        if self.phase == RETURN_TOKENS:
            over = sum(self.tokens[seat]) - TOKEN_LIMIT
            return IllegalActionError(f"{GAME_ID}.error.must_return", seat=seat, count=over)
        if self.phase == CHOOSE_LOCATION:
            return IllegalActionError(f"{GAME_ID}.error.must_choose_location", seat=seat)
        kind = {
            Take: "take",
            TakeTwo: "take_two",
            Reserve: "reserve",
            Recruit: "recruit",
        }.get(type(action), "not_now")
        return IllegalActionError(f"{GAME_ID}.error.{kind}", action=str(action))

    def _apply(self, action: Action) -> list[Event]:
        self.move_number += 1
        self._legal = None
        self._codes = None
        seat = self.turn
        events: list[Event] | None = [] if self.record_events else None
        cls = action.__class__
        if self.phase == PLAY:
            if cls is Take:
                self._take(seat, action.colours, events)  # type: ignore[attr-defined]
            elif cls is Recruit:
                self._recruit(seat, action, events)  # type: ignore[arg-type]
            elif cls is TakeTwo:
                self._take_two(seat, action.colour, events)  # type: ignore[attr-defined]
            elif cls is Reserve:
                self._reserve(seat, action, events)  # type: ignore[arg-type]
            elif events is not None:
                events.append(Event("passed", {"seat": seat}))
            self._after_action(seat, events)
        elif self.phase == RETURN_TOKENS:
            kind = action.kind  # type: ignore[attr-defined]
            self.tokens[seat][kind] -= 1
            self.supply[kind] += 1
            if events is not None:
                events.append(Event("returned", {"seat": seat, "kind": TOKEN_KINDS[kind]}))
            if sum(self.tokens[seat]) <= TOKEN_LIMIT:
                self._after_limit(seat, events)
        else:
            self._take_location(seat, action.face, events)  # type: ignore[attr-defined]
            self._end_turn(seat, events)
        return [] if events is None else events

    def _take(self, seat: int, colours: tuple[int, ...], events: list[Event] | None) -> None:
        tok = self.tokens[seat]
        sup = self.supply
        for c in colours:
            sup[c] -= 1
            tok[c] += 1
        if events is not None:
            events.append(Event("took", {"seat": seat, "colours": [COLOURS[c] for c in colours]}))

    def _take_two(self, seat: int, colour: int, events: list[Event] | None) -> None:
        self.supply[colour] -= 2
        self.tokens[seat][colour] += 2
        if events is not None:
            events.append(Event("took_two", {"seat": seat, "colour": COLOURS[colour]}))

    def _refill(self, tier: int, slot: int, events: list[Event] | None) -> None:
        """SM-ACT-REFILL: replace a taken display card from its deck, if any."""
        deck = self.decks[tier - 1]
        # clause: SM-ACT-REFILL
        card = deck.pop() if deck else -1
        self.display[tier - 1][slot] = card
        if events is not None and card >= 0:
            events.append(Event("refilled", {"tier": tier, "card": CARDS[card].id}))

    def _reserve(self, seat: int, action: Reserve, events: list[Event] | None) -> None:
        tier = action.tier
        blind = action.slot is None
        if action.slot is None:
            card = self.decks[tier - 1].pop()
        else:
            card = self.display[tier - 1][action.slot]
        self.reserved[seat].append(card)
        self.reserved_blind[seat].append(blind)
        if events is not None:
            if blind:
                events.append(Event("reserved_blind", {"seat": seat, "tier": tier}))
                events.append(
                    Event(
                        "reserved_secret", {"seat": seat, "card": CARDS[card].id}, frozenset({seat})
                    )
                )
            else:
                events.append(Event("reserved", {"seat": seat, "card": CARDS[card].id}))
        if action.slot is not None:
            self._refill(tier, action.slot, events)
        if self.supply[GREY] > 0:
            self.supply[GREY] -= 1
            self.tokens[seat][GREY] += 1
            if events is not None:
                events.append(Event("took_grey", {"seat": seat}))

    def _recruit(self, seat: int, action: Recruit, events: list[Event] | None) -> None:
        if action.tier == 0:
            card = self.reserved[seat].pop(action.slot)
            self.reserved_blind[seat].pop(action.slot)
        else:
            card = self.display[action.tier - 1][action.slot]
        info = CARDS[card]
        tok = self.tokens[seat]
        bon = self.bonus[seat]
        sup = self.supply
        grey = action.grey
        spent = 0
        for c in range(5):
            need = info.cost[c] - bon[c]
            if need > 0:
                pay = need - grey[c]
                tok[c] -= pay
                sup[c] += pay
                spent += need
        grey_used = sum(grey)
        tok[GREY] -= grey_used
        sup[GREY] += grey_used
        bon[info.bonus] += 1
        self.tableau[seat].append(card)
        self.card_points[seat] += info.points
        self.tags[seat] += info.avengers
        if events is not None:
            events.append(
                Event(
                    "recruited", {"seat": seat, "card": info.id, "tokens": spent, "grey": grey_used}
                )
            )
        if action.tier:
            self._refill(action.tier, action.slot, events)
        if info.time_stone and not self.time_claimed[seat]:
            # SM-END-TIME: only the first Time Stone card gives green, at most one each.
            # clause: SM-END-TIME
            self.time_claimed[seat] = True
            if sup[GREEN] > 0 and tok[GREEN] == 0:
                sup[GREEN] -= 1
                tok[GREEN] += 1
                if events is not None:
                    events.append(Event("time_stone", {"seat": seat}))

    def _after_action(self, seat: int, events: list[Event] | None) -> None:
        """SM-END-LIMIT first: over ten tokens, prompt the player to return some."""
        if sum(self.tokens[seat]) > TOKEN_LIMIT:
            self.phase = RETURN_TOKENS
            return
        self._after_limit(seat, events)

    def _after_limit(self, seat: int, events: list[Event] | None) -> None:
        """SM-END-AVENGERS, then SM-END-LOCATION (a prompt when several qualify)."""
        self.phase = PLAY
        tags = self.tags
        holder = self.avengers
        if (
            holder != seat
            and tags[seat] >= AVENGERS_TAGS
            and (holder < 0 or tags[seat] > tags[holder])
        ):
            self.avengers = seat
            if events is not None:
                data: dict[str, Any] = {"seat": seat}
                if holder >= 0:
                    data["loser"] = holder
                events.append(Event("avengers" if holder < 0 else "avengers_moved", data))
        if self.locations:
            b = self.bonus[seat]
            have = pack(b)
            req = PACKED_REQUIRES
            qualify = [f for f in self.locations if (have - req[f]) & _GUARD == _GUARD]
            if len(qualify) > 1:
                self.phase = CHOOSE_LOCATION
                self.location_choices = qualify
                return
            if qualify:
                self._take_location(seat, qualify[0], events)
        self._end_turn(seat, events)

    def _take_location(self, seat: int, face: int, events: list[Event] | None) -> None:
        self.locations.remove(face)
        self.owned_locations[seat].append(face)
        self.location_choices = []
        self.phase = PLAY
        if events is not None:
            events.append(Event("location", {"seat": seat, "location": LOCATION_FACES[face].id}))

    def _end_turn(self, seat: int, events: list[Event] | None) -> None:
        """SM-END-GAUNTLET and the end of the round (SM-WIN-2..4); pass the turn on."""
        self.turns += 1
        if self.meets_gauntlet(seat):
            self.final = True
            if events is not None:
                events.append(Event("gauntlet", {"seat": seat}))
        n = self.players
        if seat == (self.first - 1) % n:
            self.rounds += 1
            if self.final:
                qualified = [p for p in range(n) if self.meets_gauntlet(p)]
                if qualified:
                    self._finish(qualified, "gauntlet", events)
                    return
                self.final = False  # SM-WIN-4: nobody still meets it; play on
                if events is not None:
                    events.append(Event("gauntlet_lost", {}))
            if self.rounds >= self.options["max_rounds"]:
                self._finish(list(range(n)), "round_limit", events)
                return
        self.turn = (seat + 1) % n

    def _finish(self, candidates: list[int], reason: str, events: list[Event] | None) -> None:
        """SM-WIN-3: most points, then Avengers Assemble, then fewest cards, else shared."""
        points = [self.points(p) for p in range(self.players)]
        best = max(points[p] for p in candidates)
        tied = [p for p in candidates if points[p] == best]
        decided = "points"
        if len(tied) > 1:
            if self.avengers in tied:
                tied, decided = [self.avengers], "avengers"
            else:
                fewest = min(len(self.tableau[p]) for p in tied)
                tied = [p for p in tied if len(self.tableau[p]) == fewest]
                decided = "fewest_cards" if len(tied) == 1 else "shared"
        self._result = Result.of(
            self.players,
            tied,
            reason,
            decided_by=decided,
            points=points,
            turns=self.turns,
            rounds=self.rounds,
            qualified=sorted(candidates) if reason == "gauntlet" else [],
        )
        self.phase = OVER
        if events is not None:
            events.append(
                Event("game_over", {"winner": list(tied), "reason": reason, "decided_by": decided})
            )

    # -- knowledge ------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> SplendorMarvelState:
        """A full state consistent with ``seat``'s knowledge (see ``views.py``)."""
        return views.determinize(self, seat, rng)

    def hidden(self, seat: int | None) -> list[list[Place]]:
        """What ``seat`` may not see (see ``views.py``)."""
        return views.hidden(self, seat)

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

    def clone(self) -> SplendorMarvelState:
        """An independent copy."""
        st = SplendorMarvelState.__new__(SplendorMarvelState)
        st.game = self.game
        st.players = self.players
        st.options = self.options
        st.seed = self.seed
        st.rng = self.rng.clone()
        st.move_number = self.move_number
        st.record_events = self.record_events
        st._action_space = SPACE
        st._legal = None
        st._codes = None
        st._result = self._result
        st.supply = list(self.supply)
        st.tokens = [list(x) for x in self.tokens]
        st.bonus = [list(x) for x in self.bonus]
        st.tableau = [list(x) for x in self.tableau]
        st.reserved = [list(x) for x in self.reserved]
        st.reserved_blind = [list(x) for x in self.reserved_blind]
        st.card_points = list(self.card_points)
        st.tags = list(self.tags)
        st.time_claimed = list(self.time_claimed)
        st.decks = [list(x) for x in self.decks]
        st.display = [list(x) for x in self.display]
        st.locations = list(self.locations)
        st.owned_locations = [list(x) for x in self.owned_locations]
        st.location_choices = list(self.location_choices)
        st.avengers = self.avengers
        st.first = self.first
        st.turn = self.turn
        st.phase = self.phase
        st.final = self.final
        st.rounds = self.rounds
        st.turns = self.turns
        return st

    def to_json(self) -> dict[str, Any]:
        """The whole state, hidden cards included."""
        return views.to_json(self)


def card_id(index: int) -> str | None:
    """A card's string id (None for an empty slot)."""
    return CARDS[index].id if index >= 0 else None


def card_index(card: str | None) -> int:
    """A card's index from its id (-1 for None); raises KeyError when unknown."""
    return -1 if card is None else CARD_BY_ID[card].index


def face_index(face: str) -> int:
    """A location face's index from its id; raises KeyError when unknown."""
    return FACE_BY_ID[face].index


__all__ = [
    "GAME_ID",
    "GREY_INDEX",
    "ReplayError",
    "SplendorMarvel",
    "SplendorMarvelState",
    "card_id",
    "card_index",
    "face_index",
    "parse_stack",
]
