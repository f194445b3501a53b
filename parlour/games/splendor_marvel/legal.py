"""Splendor Marvel's legal moves (SM-ACT-*, SM-END-LIMIT, SM-END-LOCATION) and their caches.

Hot paths use prebuilt interned actions (see ``actions.py``), one list of take actions per
mask of available colours, and packed costs: six bits per colour (five of value, one
guard), so "can this player pay this card without grey?" is a single subtraction. The
legal list is cached on the state until the next change (``rules.transition`` clears it).
"""

from __future__ import annotations

from itertools import product
from typing import Final

from parlour.engine import Action, IllegalActionError
from parlour.games.splendor_marvel.actions import (
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
    Take,
    TakeTwo,
)
from parlour.games.splendor_marvel.cards import (
    CARDS,
    DISPLAY_SLOTS,
    GREY,
    LOCATION_FACES,
    RESERVE_LIMIT,
    TOKEN_LIMIT,
)
from parlour.games.splendor_marvel.state import (
    CHOOSE_LOCATION,
    GAME_ID,
    OVER,
    PLAY,
    RETURN_TOKENS,
    SplendorMarvelState,
)

# Packed costs: six bits per colour (five of value, one guard), so "can this player pay
# this card without grey?" is a single subtraction (no borrow reaches a guard bit).
GUARD: Final[int] = sum(1 << (6 * c + 5) for c in range(5))
PACKED_COST: Final[tuple[int, ...]] = tuple(
    sum(v << (6 * c) for c, v in enumerate(card.cost)) for card in CARDS
)
PACKED_REQUIRES: Final[tuple[int, ...]] = tuple(
    sum(v << (6 * c) for c, v in enumerate(face.requires)) for face in LOCATION_FACES
)
_payments_cache: Final[dict[int, tuple[int, ...]]] = {}
"""Grey payments by need, shortfall and grey held, packed five bits a figure (all below 32)."""
COSTS: Final[tuple[tuple[int, int, int, int, int], ...]] = tuple(card.cost for card in CARDS)
RECRUIT_PLAIN: Final[tuple[tuple[Recruit, ...], ...]] = tuple(
    tuple(row[0] for row in tier) for tier in RECRUIT_DISPLAY
)
"""The no-grey recruit of each display slot, ``[tier - 1][slot]``."""


def pack(values: list[int] | tuple[int, ...]) -> int:
    """Pack five small counts (0-31) into the guarded six-bit fields."""
    return values[0] | values[1] << 6 | values[2] << 12 | values[3] << 18 | values[4] << 24 | GUARD


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
    key = (
        n0 | n1 << 5 | n2 << 10 | n3 << 15 | n4 << 20
        | l0 << 25 | l1 << 30 | l2 << 35 | l3 << 40 | l4 << 45 | grey << 50
    )  # fmt: skip
    found = _payments_cache.get(key)
    if found is None:
        low = (l0, l1, l2, l3, l4)
        ranges = [range(low[c], min((n0, n1, n2, n3, n4)[c], grey) + 1) for c in range(5)]
        found = tuple(sorted(GREY_INDEX[g] for g in product(*ranges) if sum(g) <= grey))
        _payments_cache[key] = found
    return found


def legal_actions(st: SplendorMarvelState) -> list[Action]:
    """Every legal answer to the current prompt (cached until the next change)."""
    legal = st._legal
    if legal is None:
        legal = st._legal = _compute(st)
    return legal


def _compute(st: SplendorMarvelState) -> list[Action]:
    phase = st.phase
    seat = st.turn
    if phase is PLAY:
        sup = st.supply
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
        # clause: SM-ACT-TAKE3, SM-ACT-TAKE2
        legal: list[Action] = TAKE_BY_MASK[avail] + TAKE2_BY_MASK[four]
        reserved = st.reserved[seat]
        display = st.display
        if len(reserved) < RESERVE_LIMIT:
            decks = st.decks
            for t in range(3):
                row = RESERVE[t]
                disp = display[t]
                for slot in range(DISPLAY_SLOTS):
                    if disp[slot] >= 0:
                        legal.append(row[slot])
                if decks[t]:
                    legal.append(row[4])
        tok = st.tokens[seat]
        bon = st.bonus[seat]
        grey = tok[GREY]
        packed = PACKED_COST
        if grey == 0:
            have = (
                (bon[0] + tok[0])
                | (bon[1] + tok[1]) << 6
                | (bon[2] + tok[2]) << 12
                | (bon[3] + tok[3]) << 18
                | (bon[4] + tok[4]) << 24
                | GUARD
            )
            for t in range(3):
                disp = display[t]
                plain = RECRUIT_PLAIN[t]
                for slot in range(DISPLAY_SLOTS):
                    card = disp[slot]
                    if card >= 0 and (have - packed[card]) & GUARD == GUARD:
                        legal.append(plain[slot])
            for pos, card in enumerate(reserved):
                if (have - packed[card]) & GUARD == GUARD:
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
                            for i in found:
                                legal.append(options[i])
            for pos, card in enumerate(reserved):
                found = payments(COSTS[card], bon, tok, grey)
                if found:
                    options = RECRUIT_RESERVED[pos]
                    for i in found:
                        legal.append(options[i])
        if not legal:
            # clause: SM-ACT-NONE
            legal.append(PASS)
        return legal
    if phase is RETURN_TOKENS:
        tok = st.tokens[seat]
        return [a for k, a in enumerate(RETURN) if a is not None and tok[k] > 0]
    if phase is CHOOSE_LOCATION:
        return [LOCATION[f] for f in st.location_choices]
    return []


def check(st: SplendorMarvelState, action: object) -> Action:
    """The interned action, if legal now; else the error saying why.

    The legal list holds interned actions, so one given by the list is found by identity
    (no hashing, no set of codes); anything else (an equal copy, a text, a code) is
    interned first, which also refuses what the action space does not know."""
    if st.phase is OVER:
        raise IllegalActionError("core.error.game_over")
    legal = st._legal
    if legal is None:
        legal = st._legal = _compute(st)
    for a in legal:
        if a is action:
            return a
    act = SPACE.coerce(action)
    for a in legal:
        if a is act:
            return a
    raise illegal(st, act)


def is_legal(st: SplendorMarvelState, action: Action) -> bool:
    """Whether an interned action is legal now."""
    return action in legal_actions(st)


def illegal(st: SplendorMarvelState, action: Action) -> IllegalActionError:
    """Say why an action is refused, in the player's terms."""
    seat = st.turn
    if st.phase is RETURN_TOKENS:
        over = sum(st.tokens[seat]) - TOKEN_LIMIT
        return IllegalActionError(f"{GAME_ID}.error.must_return", seat=seat, count=over)
    if st.phase is CHOOSE_LOCATION:
        return IllegalActionError(f"{GAME_ID}.error.must_choose_location", seat=seat)
    kind = {
        Take: "take",
        TakeTwo: "take_two",
        Reserve: "reserve",
        Recruit: "recruit",
    }.get(type(action), "not_now")
    return IllegalActionError(f"{GAME_ID}.error.{kind}", action=str(action))
