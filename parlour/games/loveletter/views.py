"""What each seat may know: views, determinization, and the state's JSON form.

The one place hidden information is computed. A seat sees its own hand, the public table
(discards in order, protections, tokens, pile size, face-up set-aside cards, who is still
in the round) and its own still-valid private knowledge: a hand it looked at or was told
(Priest, Baron/Dowager tie, Baroness, Cardinal, King) stays known until that hand changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.engine import Place, Rng

if TYPE_CHECKING:
    from parlour.games.loveletter.game import LoveLetter
    from parlour.games.loveletter.rules import LoveLetterState

_PHASES = ("play", "bishop", "chancellor", "cardinal", "over")


def held_cards(state: LoveLetterState, seat: int) -> list[int]:
    """The cards ``seat`` holds now (two or three during its own turn)."""
    if seat == state.actor and state.phase != 4:
        if state.phase == 2:
            return list(state.pending)
        if state.drawn >= 0:
            return [state.hand[seat], state.drawn]
    return [state.hand[seat]] if state.hand[seat] >= 0 else []


def known_hands(state: LoveLetterState, seat: int) -> dict[int, int]:
    """The other seats' hands ``seat`` knows for sure (kinds), while still valid."""
    n = state.players
    row = state.known[seat * n : seat * n + n]
    return {
        t: state.hand[t]
        for t in range(n)
        if t != seat and row[t] >= 0 and row[t] == state.hv[t] and state.hand[t] >= 0
    }


def view(state: LoveLetterState, seat: int | None) -> dict[str, Any]:
    """The game-specific part of ``seat``'s view."""
    ids = state.ed.ids
    n = state.players
    pending: dict[str, Any] | None = None
    if state.phase == 1:
        pending = {
            "bishop": state.pending[0],
            "target": state.pending[1],
            "guess": state.pending[2],
        }
    elif state.phase == 3:
        pending = {"pair": list(state.pending)}
    elif state.phase == 2:
        pending = {"chancellor": state.actor, "drawn": len(state.pending) - 1}
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
        "phase": _PHASES[state.phase],
    }


def last_round(state: LoveLetterState) -> dict[str, Any] | None:
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
    for t in range(state.players):
        if t == seat:
            continue
        if t == state.actor and state.phase == 2:
            cards += [("pending", i) for i in range(len(state.pending))]
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
    n = state.players
    known = known_hands(state, seat)
    slots: list[tuple[str, int]] = []
    unknown: list[int] = []
    for t in range(n):
        if t == seat:
            continue
        if t == state.actor and state.phase == 2:
            slots += [("pending", i) for i in range(len(state.pending))]
            unknown += state.pending
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
    live = [f for f in state.facts if f[0] != 3 and _valid(state, f)]  # 3: KEPT, a hint only
    # Rejection sampling keeps the public facts (a missed guess, a Bishop's hit, a tie);
    # the real deal satisfies them, so a consistent world exists.
    for _ in range(64):
        cards = list(unknown)
        rng.shuffle(cards)
        for zone, i in slots:
            card = cards.pop()
            if zone == "hand":
                st.hand[i] = card
            elif zone == "drawn":
                st.drawn = card
            else:
                st.pending[i] = card
        if all(_holds(st, f) for f in live):
            break
    if state.aside >= 0:
        st.aside = cards.pop()
    st.pile = cards
    # Who looked at whose hand is public (a Priest's target, a Baron tie, a King's trade), so
    # the other seats keep their knowledge, now of the sampled cards: an opponent who saw a
    # hand still plays as if it knew it (a Guard aimed at a known card).
    return st


def _valid(state: LoveLetterState, fact: tuple[int, int, int, int, int]) -> bool:
    """Whether a public fact still describes the hands (no hand it names has changed)."""
    kind, seat, version, other, other_version = fact
    if state.hv[seat] != version or state.hand[seat] < 0:
        return False
    return kind != 2 or (state.hv[other] == other_version and state.hand[other] >= 0)


def _holds(state: LoveLetterState, fact: tuple[int, int, int, int, int]) -> bool:
    """Whether a (valid) fact is true of a state's hands."""
    kind, seat, _, other, _ = fact
    value = state.values[state.hand[seat]]
    if kind == 0:
        return value == other
    if kind == 1:
        return value != other
    return value == state.values[state.hand[other]]


def to_json(state: LoveLetterState) -> dict[str, Any]:
    """The whole state as JSON-ready data (cards by id)."""
    ids = state.ed.ids

    def card(k: int) -> str | None:
        return ids[k] if k >= 0 else None

    return {
        "players": state.players,
        "options": dict(state.options),
        "seed": state.seed,
        "rng": state.rng.state,
        "move": state.move_number,
        "tokens": list(state.tokens),
        "round": state.round,
        "first": state.first,
        "hand": [card(k) for k in state.hand],
        "drawn": card(state.drawn),
        "alive": state.alive,
        "protected": state.prot,
        "discards": [[ids[k] for k in d] for d in state.discards],
        "pile": [ids[k] for k in state.pile],
        "aside": card(state.aside),
        "face_up": [ids[k] for k in state.face_up],
        "actor": state.actor,
        "phase": _PHASES[state.phase],
        "to_act": state.to_act,
        "sycophant": state.syc,
        "jester": list(state.jester),
        "hand_versions": list(state.hv),
        "known": list(state.known),
        "facts": [list(f) for f in state.facts],
        "pending": [card(k) for k in state.pending] if state.phase == 2 else list(state.pending),
        "stacked": [[ids[k] for k in r] for r in state.stacked],
        "winners": list(state.winners),
        "last_round": None
        if state.last_round is None
        else [state.last_round[0], list(state.last_round[1]), list(state.last_round[2])],
    }


def state_from_json(game: LoveLetter, data: Mapping[str, Any]) -> LoveLetterState:
    """Rebuild a state from :func:`to_json` output (KeyError/ValueError when corrupt)."""
    from parlour.games.loveletter.rules import LoveLetterState

    st = LoveLetterState(
        game, int(data["players"]), dict(data["options"]), int(data["seed"]), Rng(int(data["rng"]))
    )
    ids = st.ed.ids

    def kind(c: Any) -> int:
        return -1 if c is None else ids.index(str(c))

    st.move_number = int(data["move"])
    st.tokens = [int(v) for v in data["tokens"]]
    st.round = int(data["round"])
    st.first = int(data["first"])
    st.hand = [kind(c) for c in data["hand"]]
    st.drawn = kind(data["drawn"])
    st.alive = int(data["alive"])
    st.prot = int(data["protected"])
    st.discards = [[kind(c) for c in d] for d in data["discards"]]
    st.pile = [kind(c) for c in data["pile"]]
    st.aside = kind(data["aside"])
    st.face_up = [kind(c) for c in data["face_up"]]
    st.actor = int(data["actor"])
    st.phase = _PHASES.index(str(data["phase"]))
    to_act = data["to_act"]
    st._to_act = None if to_act is None else int(to_act)
    st.syc = int(data["sycophant"])
    st.jester = [int(v) for v in data["jester"]]
    st.hv = [int(v) for v in data["hand_versions"]]
    st.known = [int(v) for v in data["known"]]
    st.facts = [(int(a), int(b), int(c), int(d), int(e)) for a, b, c, d, e in data["facts"]]
    st.pending = (
        [kind(c) for c in data["pending"]] if st.phase == 2 else [int(v) for v in data["pending"]]
    )
    st.stacked = [[kind(c) for c in r] for r in data["stacked"]]
    st.winners = tuple(int(v) for v in data["winners"])
    last = data["last_round"]
    st.last_round = (
        None
        if last is None
        else (int(last[0]), tuple(int(s) for s in last[1]), tuple(int(k) for k in last[2]))
    )
    return st


def well_formed(state: LoveLetterState) -> bool:
    """Whether a rebuilt state's per-seat lists and seat numbers fit its player count."""
    n = state.players
    seats = range(n)
    per_seat = (len(state.hand), len(state.tokens), len(state.discards), len(state.jester))
    return (
        all(length == n for length in per_seat)
        and len(state.hv) == n
        and len(state.known) == n * n
        and state.actor in seats
        and state.first in seats
        and min(state.tokens) >= 0
        and state.syc in range(-1, 20)
        and all(j == -1 or j in seats for j in state.jester)
        and all(w in seats for w in state.winners)
        and all(f[1] in seats and (f[0] != 2 or f[3] in seats) for f in state.facts)
    )
