"""What each seat may know: views, determinization, and the state's JSON form.

The one place hidden information is computed. A seat sees its own hand, the public table
(discards in order, protections, tokens, pile size, face-up set-aside cards, who is still
in the round) and its own still-valid private knowledge: a hand it looked at or was told
(Priest, Baron/Dowager tie, Baroness, Cardinal, King) stays known until that hand changes.
"""

from __future__ import annotations

from parlour.engine import Place, Rng
from parlour.games.loveletter.contracts import LastRound, LoveLetterTable, PendingView
from parlour.games.loveletter.state import (
    EQUAL,
    HOLDS,
    KEPT,
    LACKS,
    OVER,
    SAW,
    BishopPending,
    CardinalPending,
    ChancellorPending,
    LoveLetterState,
)


def held_cards(state: LoveLetterState, seat: int) -> list[int]:
    """The cards ``seat`` holds now (two or three during its own turn)."""
    if seat == state.actor and state.phase != OVER:
        pending = state.pending
        if isinstance(pending, ChancellorPending):
            return list(pending.cards)
        if state.drawn >= 0:
            return [state.hand[seat], state.drawn]
    return [state.hand[seat]] if state.hand[seat] >= 0 else []


def known_hands(state: LoveLetterState, seat: int) -> dict[int, int]:
    """The other seats' hands ``seat`` knows for sure (kinds), while still valid."""
    n = state.players
    # clause: LL-TURN-6
    row = state.known[seat * n : seat * n + n]
    return {
        t: state.hand[t]
        for t in range(n)
        if t != seat and row[t] >= 0 and row[t] == state.hv[t] and state.hand[t] >= 0
    }


def view(state: LoveLetterState, seat: int | None) -> LoveLetterTable:
    """The game-specific part of ``seat``'s view."""
    ids = state.ed.ids
    n = state.players
    pending: PendingView | None = None
    p = state.pending
    if isinstance(p, BishopPending):
        pending = {"bishop": p.bishop, "target": p.target, "guess": p.guess}
    elif isinstance(p, CardinalPending):
        pending = {"pair": list(p.pair)}
    elif isinstance(p, ChancellorPending):
        pending = {"chancellor": state.actor, "drawn": len(p.cards) - 1}
    return {
        "edition": state.ed.name,
        "round": state.round,
        "first": state.first,
        "actor": state.actor,
        "tokens": list(state.tokens),
        "tokens_to_win": state.target,
        "hand": [] if seat is None else [ids[k] for k in held_cards(state, seat)],
        "hand_sizes": [len(held_cards(state, s)) for s in range(n)],
        "known": {}
        if seat is None
        else {str(t): ids[k] for t, k in sorted(known_hands(state, seat).items())},
        "in_round": [bool(state.alive >> s & 1) for s in range(n)],
        "protected": [bool(state.prot >> s & 1) for s in range(n)],
        "discards": [[ids[k] for k in d] for d in state.discards],
        "pile": len(state.pile),
        "set_aside": state.aside >= 0,
        "face_up": [ids[k] for k in state.face_up],
        "sycophant": None if state.syc < 0 else state.syc,
        "jester": [None if j < 0 else j for j in state.jester],
        "pending": pending,
        "last_round": last_round(state),
        "phase": state.phase.value,
    }


def info_key(state: LoveLetterState, seat: int) -> tuple[object, ...]:
    """``seat``'s information set as a tuple: equal exactly when ``seat``'s views are equal.

    Search keys its tree by this rather than the view's text (building and printing a view
    was a fifth of an iteration). It holds what :func:`view` and the engine's view hold, as
    kinds rather than ids, but for what a search never varies (game, edition, player count,
    tokens to win) and the result (no key is asked of a finished game).
    """
    n = state.players
    actor = state.actor
    held = held_cards(state, seat)
    hand = state.hand
    sizes = [1 if hand[s] >= 0 else 0 for s in range(n)]
    if state.phase != OVER:
        sizes[actor] = len(held_cards(state, actor)) if actor != seat else len(held)
    p = state.pending
    pending: object = None
    if isinstance(p, BishopPending):
        pending = (p.bishop, p.target, p.guess)
    elif isinstance(p, CardinalPending):
        pending = p.pair
    elif isinstance(p, ChancellorPending):
        pending = len(p.cards)
    row = state.known[seat * n : seat * n + n]
    hv = state.hv
    known = tuple(
        (t, hand[t])
        for t in range(n)
        if t != seat and row[t] >= 0 and row[t] == hv[t] and hand[t] >= 0
    )
    return (
        state.move_number,
        seat,
        state.to_act,
        state.phase,
        state.round,
        state.first,
        actor,
        tuple(state.tokens),
        tuple(held),
        tuple(sizes),
        known,
        state.alive & ((1 << n) - 1),
        state.prot & ((1 << n) - 1),
        tuple(map(tuple, state.discards)),
        len(state.pile),
        state.aside >= 0,
        tuple(state.face_up),
        state.syc,
        tuple(state.jester),
        pending,
        state.last_round,
    )


def last_round(state: LoveLetterState) -> LastRound | None:
    """The previous round's public summary: winners and the hands shown at its showdown."""
    if state.last_round is None:
        return None
    number, winners, hands = state.last_round
    return {
        "round": number,
        "winners": list(winners),
        "showdown": bool(hands),
        "hands": {str(s): state.ed.ids[k] for s, k in enumerate(hands) if k >= 0},
    }


def hidden(state: LoveLetterState, seat: int | None) -> list[list[Place]]:
    """The places ``seat`` may not see: the cards of the round it cannot see (other hands it
    does not know, the pile, the set-aside card), and the stacked decks of later rounds."""
    known = {} if seat is None else known_hands(state, seat)
    cards: list[Place] = []
    pending = state.pending
    for t in range(state.players):
        if t == seat:
            continue
        if t == state.actor and isinstance(pending, ChancellorPending):
            cards += [("pending", i) for i in range(len(pending.cards))]
            continue
        if state.hand[t] >= 0 and t not in known:
            cards.append(("hand", t))
        if t == state.actor and state.drawn >= 0:
            cards.append(("drawn",))
    cards += [("pile", i) for i in range(len(state.pile))]
    if state.aside >= 0:
        cards.append(("aside",))
    later: list[Place] = [
        ("stacked", r, i) for r, deck in enumerate(state.stacked) for i in range(len(deck))
    ]
    return [cards, later]


def determinize(state: LoveLetterState, seat: int, rng: Rng) -> LoveLetterState:
    """A full state consistent with what ``seat`` knows, depending only on that.

    Every card ``seat`` cannot see (other hands it does not know, the pile, the set-aside
    card, future stacked decks) is gathered in sorted order and reshuffled until the public
    facts hold; the other seats keep knowing the hands they looked at (now the sampled ones).
    """
    st = state.clone()
    st.rng = rng.spawn()
    st.stacked = []
    st._legal = None  # the legal answers name the actor's cards: the real ones until now
    n = state.players
    known = known_hands(state, seat)
    slots: list[tuple[str, int]] = []
    unknown: list[int] = []
    for t in range(n):
        if t == seat:
            continue
        if t == state.actor and isinstance(state.pending, ChancellorPending):
            slots += [("pending", i) for i in range(len(state.pending.cards))]
            unknown += state.pending.cards
            continue
        if state.hand[t] >= 0 and t not in known:
            slots.append(("hand", t))
            unknown.append(state.hand[t])
        if t == state.actor and state.drawn >= 0:
            slots.append(("drawn", t))
            unknown.append(state.drawn)
    unknown += state.pile
    if state.aside >= 0:
        unknown.append(state.aside)
    unknown.sort()
    # KEPT: a hint only; SAW: who knows what, not a fact about values.
    live = [f for f in state.facts if f[0] != KEPT and f[0] != SAW and _valid(state, f)]
    # Rejection sampling keeps the public facts (a missed guess, a Bishop's hit, a tie);
    # the real deal satisfies them, so a consistent world exists.
    for _ in range(64):
        cards = list(unknown)
        rng.shuffle(cards)
        held: list[int] = []
        for zone, i in slots:
            card = cards.pop()
            if zone == "hand":
                st.hand[i] = card
            elif zone == "drawn":
                st.drawn = card
            else:
                held.append(card)
        if held:
            st.pending = ChancellorPending(tuple(held))
        if all(_holds(st, f) for f in live):
            break
    if state.aside >= 0:
        st.aside = cards.pop()
    st.pile = cards
    _others_knowledge(state, st, seat)
    return st


def _others_knowledge(state: LoveLetterState, world: LoveLetterState, seat: int) -> None:
    """Set what the other seats know of hands not ``seat``'s in a sampled world.

    Who looked at whose hand is public (a Priest's target, a Baron tie, a King's trade), so
    an opponent who saw a hand still plays as if it knew it (a Guard aimed at a known card),
    now of the sampled card; but whether its knowledge outlived a later play of that hand
    depends on which card was played, which ``seat`` cannot see: it keeps it only while no
    play, trade or draw has touched the hand since (a SAW fact still valid).
    """
    n = state.players
    hv, hand = state.hv, state.hand
    saw = {
        (f[3], f[1]) for f in state.facts if f[0] == SAW and hv[f[1]] == f[2] and hand[f[1]] >= 0
    }
    known = world.known
    for a in range(n):
        if a == seat:
            continue
        for b in range(n):
            if b != seat and b != a:
                known[a * n + b] = hv[b] if (a, b) in saw else -1


def _valid(state: LoveLetterState, fact: tuple[int, int, int, int, int]) -> bool:
    """Whether a public fact still describes the hands (no hand it names has changed)."""
    kind, seat, version, other, other_version = fact
    if state.hv[seat] != version or state.hand[seat] < 0:
        return False
    return kind != EQUAL or (state.hv[other] == other_version and state.hand[other] >= 0)


def _holds(state: LoveLetterState, fact: tuple[int, int, int, int, int]) -> bool:
    """Whether a (valid) fact is true of a state's hands."""
    kind, seat, _, other, _ = fact
    value = state.values[state.hand[seat]]
    if kind == HOLDS:
        return value == other
    if kind == LACKS:
        return value != other
    return value == state.values[state.hand[other]]
