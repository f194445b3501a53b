"""Property tests: the fast legal-action generator agrees with a plain reading of the rules."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import IllegalActionError, Rng
from parlour.games.splendor_marvel import GAME, SplendorMarvelState
from parlour.games.splendor_marvel.actions import SPACE
from parlour.games.splendor_marvel.cards import CARDS, COLOURS, TOKEN_KINDS


def reference_legal(s: SplendorMarvelState) -> set[str]:
    """The legal texts of the play prompt, written straight from SM-ACT-* (slow, obvious)."""
    seat = s.turn
    out: set[str] = set()
    available = [c for c in range(5) if s.supply[c] > 0]
    for chosen in product((False, True), repeat=5):
        colours = [c for c in range(5) if chosen[c]]
        if not colours or not set(colours) <= set(available):
            continue
        if len(colours) == 3 or (len(available) < 3 and len(colours) < 3):
            out.add("take:" + ",".join(COLOURS[c] for c in colours))
    out |= {f"take2:{COLOURS[c]}" for c in range(5) if s.supply[c] >= 4}
    if len(s.reserved[seat]) < 3:
        for t in range(3):
            out |= {f"reserve:t{t + 1}-{i + 1}" for i, c in enumerate(s.display[t]) if c >= 0}
            if s.decks[t]:
                out.add(f"reserve:t{t + 1}-deck")
    sources = [
        (f"t{t + 1}-{i + 1}", c) for t in range(3) for i, c in enumerate(s.display[t]) if c >= 0
    ]
    sources += [(f"r{i + 1}", c) for i, c in enumerate(s.reserved[seat])]
    tok, bon, grey = s.tokens[seat], s.bonus[seat], s.tokens[seat][6]
    for where, card in sources:
        need = [max(0, CARDS[card].cost[c] - bon[c]) for c in range(5)]
        for g in product(*(range(min(n, grey) + 1) for n in need)):
            if sum(g) > grey or any(g[c] > need[c] or need[c] - g[c] > tok[c] for c in range(5)):
                continue
            paid = ",".join(f"{COLOURS[c]}{g[c]}" for c in range(5) if g[c])
            out.add(f"recruit:{where}" + (f"/grey={paid}" if paid else ""))
    return out or {"pass"}


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_legal_actions_match_the_rules_read_plainly(seed: int, players: int) -> None:
    """SM-ACT-TAKE3, SM-ACT-TAKE2, SM-ACT-RESERVE, SM-ACT-RECRUIT: exactly the legal moves."""
    state = GAME.new(players, {}, seed)
    rng = Rng(seed)
    while state.to_act is not None:
        legal = state.legal_actions()
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts)
        if state.prompt() == "play":
            assert set(texts) == reference_legal(state)
        elif state.prompt() == "return_tokens":
            held = {TOKEN_KINDS[k] for k in (0, 1, 2, 3, 4, 6) if state.tokens[state.turn][k]}
            assert set(texts) == {f"return:{k}" for k in held}
        state.apply(legal[rng.below(len(legal))])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, len(SPACE) - 1), max_size=40))
def test_any_action_is_either_legal_or_refused_without_change(seed: int, picks: list[int]) -> None:
    """An arbitrary action code applies only when listed; otherwise nothing changes."""
    state = GAME.new(2, {}, seed)
    for code in picks:
        if state.to_act is None:
            break
        before = state.to_json()
        if SPACE.action(code) in state.legal_actions():
            state.apply(code)
            assert sum(sum(t) for t in state.tokens) + sum(state.supply) == before_total(before)
        else:
            try:
                state.apply(code)
            except IllegalActionError:
                assert state.to_json() == before
            else:
                raise AssertionError(f"{SPACE.action(code)} was applied but not listed")


def before_total(data: dict[str, object]) -> int:
    """Tokens across the supply and the players in a JSON state."""
    supply = data["supply"]
    tokens = data["tokens"]
    assert isinstance(supply, list) and isinstance(tokens, list)
    return sum(supply) + sum(sum(t) for t in tokens)
