"""What a seat may know (``view_of``) and its twin for search bots (``determinize``), only."""

from __future__ import annotations

from parlour.engine import Place, Rng
from parlour.games.gauntlet.cards import CARDS, NUMBER
from parlour.games.gauntlet.contracts import GauntletTable, Known, Pending
from parlour.games.gauntlet.state import (
    BOTTOM,
    COPY,
    DEFEAT,
    ORDER,
    SPACE,
    THANOS,
    WITH,
    GauntletState,
)


def _ids(cards: list[int]) -> list[str]:
    return [CARDS[c].id for c in cards]


def seat_knows(st: GauntletState, seat: int) -> set[int]:
    """Every hidden card whose place ``seat`` knows: its own, its looks, what it has seen."""
    known = set(st.known[seat]) | set(st.hands[seat])
    if st.phase is ORDER and st.active == seat:
        known.update(st.looking)
    return known


def _pending(st: GauntletState) -> Pending:
    """The public facts of the current prompt."""
    phase = st.phase
    if phase is DEFEAT:
        return {"guess": st.pending.guess}
    if phase is WITH:
        return {"target": st.pending.target}
    if phase is SPACE:
        return {"fights_left": st.pending.left, "first": st.pending.first}
    if phase is COPY:
        return {"kind": st.pending.kind}
    if phase is BOTTOM:
        return {"count": st.pending.left}
    if phase is ORDER:
        return {"count": len(st.looking)}
    return {}


def view_of(st: GauntletState, seat: int | None) -> GauntletTable:
    """The game-specific part of ``seat``'s view (IG-INFO-1)."""
    # clause: IG-INFO-1
    known: Known = {"thanos_hand": [], "hands": {}, "hero_deck": [], "thanos_deck": []}
    hand: list[str] = []
    if seat is not None:
        hand = _ids(st.hands[seat])
        mine = st.known[seat]
        if seat != THANOS:
            known["thanos_hand"] = [CARDS[c].id for c in st.hands[THANOS] if c in mine]
        for s in range(1, st.players):
            if s != seat:
                cards = [CARDS[c].id for c in st.hands[s] if c in mine]
                if cards:
                    known["hands"][str(s)] = cards
        deck = st.hero_deck
        top = len(deck) - 1
        known["hero_deck"] = [(top - i, CARDS[c].id) for i, c in enumerate(deck) if c in mine]
        known["thanos_deck"] = [(i, CARDS[c].id) for i, c in enumerate(st.thanos_deck) if c in mine]
    looker = seat is not None and st.phase is ORDER and st.active == seat
    return {
        "role": None if seat is None else ("thanos" if seat == THANOS else "hero"),
        "active": st.active,
        "turns": st.turns,
        "hero_turns": st.hero_turns,
        "hero_health": st.hero_health,
        "thanos_health": st.thanos_health,
        "tokens": list(st.tokens),
        "hero_deck": len(st.hero_deck),
        "thanos_deck": len(st.thanos_deck),
        "hand": hand,
        "hand_sizes": [len(h) for h in st.hands],
        "faceup": [_ids(f) for f in st.faceup],
        "thanos_defeated": _ids(st.defeated),
        "known": known,
        "looking": _ids(st.looking) if looker else [],
        "looking_count": len(st.looking),
        "pending": _pending(st),
        "snap_ready": st.snap_ready() if seat == THANOS else None,
    }


def hidden(st: GauntletState, seat: int | None) -> list[list[Place]]:
    """The places ``seat`` may not see: hero cards (other heroes' hands, looked-at cards, the
    hero deck) and Thanos cards (his hand to the heroes, his deck), less the cards it knows."""
    fixed = set() if seat is None else seat_knows(st, seat)

    def unknown(key: str, cards: list[int], *at: int) -> list[Place]:
        return [(key, *at, i) for i, c in enumerate(cards) if c not in fixed]

    heroes = [
        p for s in range(1, st.players) if s != seat for p in unknown("hands", st.hands[s], s)
    ]
    heroes += unknown("looking", st.looking) + unknown("hero_deck", st.hero_deck)
    thanos = [] if seat == THANOS else unknown("hands", st.hands[THANOS], THANOS)
    return [heroes, thanos + unknown("thanos_deck", st.thanos_deck)]


def determinize(st: GauntletState, seat: int, rng: Rng) -> GauntletState:
    """A world consistent with ``seat``'s knowledge; hidden cards resampled canonically."""
    out = st.clone()
    out.rng = rng.spawn()
    fixed = seat_knows(st, seat)
    for s in range(st.players):
        if s != seat:
            out.known[s] = set()
    # Hero cards: other heroes' hands, the looked-at cards, the hero deck.
    hero_zones = [out.hands[s] for s in range(1, st.players) if s != seat]
    hero_zones += [out.looking, out.hero_deck]
    _refill(hero_zones, fixed, rng)
    thanos_zones = [out.thanos_deck] if seat == THANOS else [out.hands[THANOS], out.thanos_deck]
    _refill(thanos_zones, fixed, rng)
    if seat != THANOS and st.phase is DEFEAT:
        _ensure_number(out, fixed, st.pending.guess)
    out.hands[THANOS].sort()
    return out


def _refill(zones: list[list[int]], fixed: set[int], rng: Rng) -> None:
    """Shuffle the unknown cards of ``zones`` among their unknown places, in place."""
    pool = sorted(c for z in zones for c in z if c not in fixed)
    rng.shuffle(pool)
    for z in zones:
        for i, c in enumerate(z):
            if c not in fixed:
                z[i] = pool.pop()


def _ensure_number(st: GauntletState, fixed: set[int], number: int) -> None:
    """A hero-"1" hit is pending: Thanos's hand must hold that number (public fact)."""
    hand = st.hands[THANOS]
    if any(NUMBER[c] == number for c in hand):
        return
    slots = [i for i, c in enumerate(hand) if c not in fixed]
    for j, c in enumerate(st.thanos_deck):
        if slots and NUMBER[c] == number and c not in fixed:
            i = slots[0]
            hand[i], st.thanos_deck[j] = c, hand[i]
            return
