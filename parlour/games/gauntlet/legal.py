"""Legal moves: every answer to the current prompt, from prebuilt per-player-count lists.

Rules decided here: the Thanos card (7) is never playable (IG-TURN-4); a hero plays either
of the two cards in hand; a "2" targets another hero, or oneself with two players
(IG-HERO-2); the Time Stone copies only kinds face up in front of Thanos, or also his
defeated non-stone cards when ``time_stone_copies_defeated`` is on (IG-THANOS-TIME); with
three or more players the Space Stone's second fight is against another hero
(IG-THANOS-SPACE); the snap is offered whenever all six stones are Thanos's (IG-END-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from parlour.engine import Action, Event, IllegalActionError
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet.cards import COPIES, EFFECTS, KIND, NUMBER, PLAYABLE, STONES
from parlour.games.gauntlet.state import (
    ACCEPT,
    BOTTOM,
    COPY,
    DEFEAT,
    ORDER,
    PLAY,
    SNAP,
    SPACE,
    THANOS,
    WITH,
    GauntletState,
)


@dataclass(frozen=True, slots=True)
class Tables:
    """Prebuilt legal-action lists of one player count."""

    thanos: dict[str, list[Action]]
    """A Thanos kind's plays (also a Time Stone copy's answers)."""
    hero: list[list[list[Action]]]
    """The plays of a hero card's number by a seat: ``hero[seat][number]`` (Thanos's row
    and number 0 empty)."""
    orders: dict[int, list[Action]]
    """The orders of 1, 2 or 3 looked-at cards."""


def build_tables(players: int) -> Tables:
    """The legal-action lists of a player count, read from the effect table."""
    heroes = range(1, players)
    thanos: dict[str, list[Action]] = {
        k: [a for a in plays if a.target < players] for k, plays in A.THANOS_PLAYS.items()
    }
    hero: list[list[list[Action]]] = [[[] for _ in range(7)] for _ in range(players)]
    for seat in heroes:
        for n, plays in A.HERO_PLAYS.items():
            targets = EFFECTS[f"hero{n}"].targets
            if targets == "other":
                chosen = [s for s in heroes if s != seat] if players > 2 else [seat]
                hero[seat][n] = [a for a in plays if a.target in chosen]
            elif targets:
                hero[seat][n] = [a for a in plays if a.target < players]
            else:
                hero[seat][n] = list(plays)
    orders: dict[int, list[Action]] = {
        n: [o for p, o in A.ORDERS.items() if len(p) == n] for n in (1, 2, 3)
    }
    return Tables(thanos, hero, orders)


TABLES: Final[dict[int, Tables]] = {n: build_tables(n) for n in range(2, A.MAX_SEATS + 1)}
"""The tables of every player count, built once."""


def copy_kinds(st: GauntletState) -> list[str]:
    """The kinds a Time Stone may copy now (IG-THANOS-TIME)."""
    kinds = {KIND[c] for c in st.faceup[THANOS]}
    if st.options["time_stone_copies_defeated"]:
        kinds.update(KIND[c] for c in st.defeated if c not in STONES)
    return [k for k in A.COPYABLE if k in kinds]


def kinds_in_hand(st: GauntletState, number: int) -> list[str]:
    """Distinct kinds in Thanos's hand (of ``number``, or all when 0), in table order."""
    out: list[str] = []
    for c in st.hands[THANOS]:
        k = KIND[c]
        if (number == 0 or NUMBER[c] == number) and k not in out:
            out.append(k)
    return out


def legal_actions(st: GauntletState) -> list[Action]:
    """Every legal answer to the current prompt (computed once per position)."""
    legal = st._legal
    if legal is None:
        legal = st._legal = _compute(st)
    return list(legal)


def checked_apply(st: GauntletState, action: object) -> list[Event]:
    """The protocol's ``apply``: the same checks, an interned legal action found by identity
    (no coercion, no hashing), anything else interned first."""
    if st.over:
        raise IllegalActionError("core.error.game_over")
    legal = st._legal
    if legal is None:
        legal = st._legal = _compute(st)
    for a in legal:
        if a is action:
            return st._apply(a)
    act = st.action_space.coerce(action)
    for a in legal:
        if a is act:
            return st._apply(a)
    raise illegal(st, act)


def _compute(st: GauntletState) -> list[Action]:
    if st.over:
        return []
    phase = st.phase
    tab = TABLES[st.players]
    if phase is PLAY:
        return _plays(st, tab)
    if phase is DEFEAT:
        return [A.DEFEAT[k] for k in kinds_in_hand(st, st.pending.guess)]
    if phase is WITH:
        return [A.WITH[k] for k in kinds_in_hand(st, 0)]
    if phase is SPACE:
        first = st.pending.first if st.players > 2 else -1
        return [*(A.FIGHT[s] for s in range(1, st.players) if s != first), A.FIGHT_PASS]
    if phase is ACCEPT:
        return [A.ACCEPT, A.DECLINE]
    if phase is ORDER:
        return list(tab.orders[len(st.looking)])
    if phase is BOTTOM:
        return _bottoms(st)
    if phase is COPY:
        return list(tab.thanos[st.pending.kind])
    if phase is SNAP:
        return [A.SNAP, A.END]
    raise AssertionError(phase)


def _plays(st: GauntletState, tab: Tables) -> list[Action]:
    """The active player's card plays (and Thanos's snap)."""
    out: list[Action] = []
    hand = st.hands[st.active]
    if st.active == THANOS:
        if st.snap_ready():
            out.append(A.SNAP)
        seen: list[str] = []  # a few kinds: a list is searched faster than a set is made
        for c in hand:
            if not PLAYABLE[c]:
                # clause: IG-TURN-4, IG-THANOS-THANOS
                continue
            k = KIND[c]
            if k in seen:
                continue
            seen.append(k)
            if COPIES[c]:
                kinds = copy_kinds(st)
                if kinds:
                    for x in kinds:
                        out.append(A.TIME_COPY[x])
                else:
                    out.append(A.TIME_NOTHING)
            else:
                out += tab.thanos[k]
        return out
    a, b = NUMBER[hand[0]], NUMBER[hand[1]]
    if a > b:
        a, b = b, a
    row = tab.hero[st.active]
    out += row[a]
    if a != b:
        out += row[b]
    return out


def _bottoms(st: GauntletState) -> list[Action]:
    """Which of his kinds Thanos may put under his deck (one or two cards)."""
    kinds = kinds_in_hand(st, 0)
    if st.pending.left == 1:
        return [A.BOTTOMS[(k,)] for k in kinds]
    hand = [KIND[c] for c in st.hands[THANOS]]
    return [A.BOTTOMS[(a, b)] for a in kinds for b in kinds if a != b or hand.count(a) >= 2]


def is_legal(st: GauntletState, action: Action) -> bool:
    """Whether an interned action is legal now."""
    # Actions are interned by the base class: identity is enough and much faster.
    legal = st._legal
    if legal is None:
        legal = st._legal = _compute(st)
    return any(a is action for a in legal)


def illegal(st: GauntletState, action: Action) -> IllegalActionError:
    """The error for an action that is not legal now."""
    return IllegalActionError(
        "gauntlet.error.illegal", action=str(action), seat=st.prompt_seat, prompt=st.phase.value
    )
