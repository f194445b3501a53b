"""Whole games on stacked decks, move by move, with the log each move must produce.

The expected events are written from the rules (``rules/loveletter.md``), not recorded from
the engine: each step names the clause it follows. Each entry is ``(kind, data, audience)``
with ``audience`` the seats that may see the event (``None``: everyone).
"""

from __future__ import annotations

from typing import Any

from parlour.engine import Event
from parlour.games.loveletter import GAME
from tests.games.loveletter.helpers import full_stack

Logged = tuple[str, dict[str, Any], frozenset[int] | None]
ANA, BEN = 0, 1
ONLY_ANA, ONLY_BEN = frozenset({ANA}), frozenset({BEN})


def _log(events: list[Event]) -> list[Logged]:
    return [(e.kind, dict(e.data), e.audience) for e in events]


def test_two_scripted_classic_rounds_LL_GAME_1_LL_GAME_2_LL_TURN_4() -> None:
    """Two players, two tokens to win. Round 1: a Guard names the Priest Ben holds (LL-CARD-
    GUARD, LL-END-1). Round 2, started by its winner (LL-GAME-2): a Handmaid leaves Ben's
    Baron without effect (LL-TURN-4), a Priest's look, a King's trade, a Prince's discard, a
    missed Guard, and Ana's Guard ends the game (LL-GAME-1)."""
    first = ["king", "guard", "priest", "baron"]  # set aside, Ana, Ben, then the pile
    second = ["guard", "handmaid", "baron", "priest", "king", "guard", "prince", "princess"]
    second += ["countess", "guard", "guard"]
    stack = {"rounds": [full_stack("classic", first), full_stack("classic", second)]}
    state = GAME.new(2, {"edition": "classic", "tokens_to_win": 2, "first_player": ANA}, 3, stack)
    assert state.view(ANA)["hand"] == ["guard", "baron"]
    assert state.view(BEN)["hand"] == ["priest"]

    def move(action: str, expected: list[Logged]) -> None:
        got = _log(state.apply(action))
        assert got == expected, f"{action}:\n{got}\n!=\n{expected}"

    # Round 1. LL-CARD-GUARD: Ben holds the Priest (2), named: he is out, revealing it
    # (LL-TURN-5); Ana is the last one in (LL-END-1) and gains a token; she starts round 2.
    move(
        "guard>p1=2",
        [
            ("played_guess", {"seat": ANA, "card": "guard", "target": BEN, "guess": 2}, None),
            ("knocked_out", {"seat": BEN, "card": "priest", "by": "guard"}, None),
            ("round_won", {"winner": [ANA]}, None),
            ("token", {"seat": ANA, "reason": "round", "tokens": 1}, None),
            ("round_start", {"round": 2, "first": ANA}, None),
            ("dealt", {"seat": ANA, "card": "handmaid"}, ONLY_ANA),
            ("dealt", {"seat": BEN, "card": "baron"}, ONLY_BEN),
            ("turn", {"seat": ANA}, None),
            ("drew", {"seat": ANA, "card": "priest"}, ONLY_ANA),
        ],
    )
    # Round 2. LL-CARD-HANDMAID: Ana is protected until her next turn.
    move(
        "handmaid",
        [
            ("played", {"seat": ANA, "card": "handmaid"}, None),
            ("protected", {"seat": ANA}, None),
            ("turn", {"seat": BEN}, None),
            ("drew", {"seat": BEN, "card": "king"}, ONLY_BEN),
        ],
    )
    # LL-TURN-4: nobody Ben may choose, so his Baron is played without effect.
    assert sorted(str(a) for a in state.legal_actions()) == ["baron", "king"]
    move(
        "baron",
        [
            ("played", {"seat": BEN, "card": "baron"}, None),
            ("no_effect", {"seat": BEN, "card": "baron"}, None),
            ("turn", {"seat": ANA}, None),
            ("drew", {"seat": ANA, "card": "guard"}, ONLY_ANA),
        ],
    )
    # LL-CARD-PRIEST: only Ana sees Ben's King.
    move(
        "priest>p1",
        [
            ("played_on", {"seat": ANA, "card": "priest", "target": BEN}, None),
            ("saw", {"seat": ANA, "target": BEN, "card": "king"}, ONLY_ANA),
            ("turn", {"seat": BEN}, None),
            ("drew", {"seat": BEN, "card": "prince"}, ONLY_BEN),
        ],
    )
    # LL-CARD-KING: Ben keeps the Prince and trades it for Ana's Guard; each sees only the
    # card they receive (LL-TURN-6).
    move(
        "king>p0",
        [
            ("played_on", {"seat": BEN, "card": "king", "target": ANA}, None),
            ("traded", {"seat": BEN, "target": ANA}, None),
            ("received", {"seat": BEN, "other": ANA, "card": "guard"}, ONLY_BEN),
            ("received", {"seat": ANA, "other": BEN, "card": "prince"}, ONLY_ANA),
            ("turn", {"seat": ANA}, None),
            ("drew", {"seat": ANA, "card": "princess"}, ONLY_ANA),
        ],
    )
    # LL-CARD-PRINCE: Ben discards his Guard without effect (LL-TURN-3) and draws.
    move(
        "prince>p1",
        [
            ("played_on", {"seat": ANA, "card": "prince", "target": BEN}, None),
            ("discarded", {"seat": BEN, "card": "guard", "by": "prince"}, None),
            ("drew", {"seat": BEN, "card": "countess"}, ONLY_BEN),
            ("turn", {"seat": BEN}, None),
            ("drew", {"seat": BEN, "card": "guard"}, ONLY_BEN),
        ],
    )
    # LL-CARD-GUARD: Ana holds the Princess, not the Countess named: everyone stays in.
    move(
        "guard>p0=7",
        [
            ("played_guess", {"seat": BEN, "card": "guard", "target": ANA, "guess": 7}, None),
            ("guard_miss", {"seat": BEN, "target": ANA, "guess": 7}, None),
            ("turn", {"seat": ANA}, None),
            ("drew", {"seat": ANA, "card": "guard"}, ONLY_ANA),
        ],
    )
    # Ben holds the Countess: named, he is out; Ana's second token wins (LL-GAME-1).
    move(
        "guard>p1=7",
        [
            ("played_guess", {"seat": ANA, "card": "guard", "target": BEN, "guess": 7}, None),
            ("knocked_out", {"seat": BEN, "card": "countess", "by": "guard"}, None),
            ("round_won", {"winner": [ANA]}, None),
            ("token", {"seat": ANA, "reason": "round", "tokens": 2}, None),
            ("game_won", {"winner": [ANA]}, None),
        ],
    )
    assert state.to_act is None
    result = state.result
    assert result is not None and result.winners == (ANA,)
    assert state.view(None)["tokens"] == [2, 0]
    assert state.view(None)["discards"] == [
        ["handmaid", "priest", "prince", "guard"],
        ["baron", "king", "guard", "guard", "countess"],
    ]


def test_a_scripted_classic_round_to_the_showdown_LL_END_2_LL_CARD_COUNTESS_LL_CARD_BARON() -> None:
    """Four players, one token to win. Handmaids shield (LL-CARD-HANDMAID), Guards miss and
    hit, a Baron knocks out the lower hand (LL-CARD-BARON), a Countess held with a Prince must
    be played (LL-CARD-COUNTESS), a Prince on an empty pile hands over the set-aside card
    (LL-CARD-PRINCE), and the empty pile ends the round in a showdown (LL-END-2)."""
    a, b, c, d = 0, 1, 2, 3
    deal = ["princess", "guard", "guard", "priest", "handmaid"]  # set aside, then a, b, c, d
    pile = ["priest", "guard", "handmaid", "baron", "guard", "prince", "king", "baron"]
    pile += ["countess", "guard", "prince"]
    stack = {"rounds": [deal + pile]}
    state = GAME.new(4, {"edition": "classic", "tokens_to_win": 1, "first_player": a}, 5, stack)

    def only(seat: int) -> frozenset[int]:
        return frozenset({seat})

    def move(action: str, expected: list[Logged]) -> None:
        got = _log(state.apply(action))
        assert got == expected, f"{action}:\n{got}\n!=\n{expected}"

    def next_turn(seat: int, card: str) -> list[Logged]:
        return [("turn", {"seat": seat}, None), ("drew", {"seat": seat, "card": card}, only(seat))]

    move(  # LL-CARD-PRIEST: a sees b's Guard, alone.
        "priest>p1",
        [
            ("played_on", {"seat": a, "card": "priest", "target": b}, None),
            ("saw", {"seat": a, "target": b, "card": "guard"}, only(a)),
            *next_turn(b, "guard"),
        ],
    )
    move(  # LL-CARD-GUARD: a holds a Guard, not a Baron.
        "guard>p0=3",
        [
            ("played_guess", {"seat": b, "card": "guard", "target": a, "guess": 3}, None),
            ("guard_miss", {"seat": b, "target": a, "guess": 3}, None),
            *next_turn(c, "handmaid"),
        ],
    )
    move(
        "handmaid",
        [
            ("played", {"seat": c, "card": "handmaid"}, None),
            ("protected", {"seat": c}, None),
            *next_turn(d, "baron"),
        ],
    )
    move(
        "handmaid",
        [
            ("played", {"seat": d, "card": "handmaid"}, None),
            ("protected", {"seat": d}, None),
            *next_turn(a, "guard"),
        ],
    )
    # LL-CARD-HANDMAID: c and d cannot be chosen; b is the only target.
    assert {str(x).split("=")[0] for x in state.legal_actions()} == {"guard>p1"}
    move(
        "guard>p1=2",
        [
            ("played_guess", {"seat": a, "card": "guard", "target": b, "guess": 2}, None),
            ("guard_miss", {"seat": a, "target": b, "guess": 2}, None),
            *next_turn(b, "prince"),
        ],
    )
    move(
        "guard>p0=5",
        [
            ("played_guess", {"seat": b, "card": "guard", "target": a, "guess": 5}, None),
            ("guard_miss", {"seat": b, "target": a, "guess": 5}, None),
            *next_turn(c, "king"),
        ],
    )
    move(  # c's protection ended with its turn (LL-TURN-2).
        "priest>p1",
        [
            ("played_on", {"seat": c, "card": "priest", "target": b}, None),
            ("saw", {"seat": c, "target": b, "card": "prince"}, only(c)),
            *next_turn(d, "baron"),
        ],
    )
    move(  # LL-CARD-BARON: Baron (3) against Guard (1), told to both; a is out (LL-TURN-5).
        "baron>p0",
        [
            ("played_on", {"seat": d, "card": "baron", "target": a}, None),
            (
                "compared",
                {"seat": d, "target": a, "card": "baron", "other_card": "guard"},
                frozenset({a, d}),
            ),
            ("knocked_out", {"seat": a, "card": "guard", "by": "baron"}, None),
            *next_turn(b, "countess"),
        ],
    )
    # LL-CARD-COUNTESS: with the Prince in hand, the Countess is the only play.
    assert [str(x) for x in state.legal_actions()] == ["countess"]
    move("countess", [("played", {"seat": b, "card": "countess"}, None), *next_turn(c, "guard")])
    move(
        "guard>p1=5",
        [
            ("played_guess", {"seat": c, "card": "guard", "target": b, "guess": 5}, None),
            ("knocked_out", {"seat": b, "card": "prince", "by": "guard"}, None),
            *next_turn(d, "prince"),
        ],
    )
    # LL-CARD-PRINCE on an empty pile: c discards the King without effect and takes the
    # set-aside Princess; the pile is empty, so the round ends: the Princess (8) beats the
    # Baron (3) (LL-END-2) and c's token wins the game (LL-GAME-1).
    move(
        "prince>p2",
        [
            ("played_on", {"seat": d, "card": "prince", "target": c}, None),
            ("discarded", {"seat": c, "card": "king", "by": "prince"}, None),
            ("took_aside", {"seat": c}, None),
            ("drew", {"seat": c, "card": "princess"}, only(c)),
            ("reveal", {"seat": c, "card": "princess", "value": 8}, None),
            ("reveal", {"seat": d, "card": "baron", "value": 3}, None),
            ("round_won", {"winner": [c]}, None),
            ("token", {"seat": c, "reason": "round", "tokens": 1}, None),
            ("game_won", {"winner": [c]}, None),
        ],
    )
    result = state.result
    assert result is not None and result.winners == (c,)


def test_a_scripted_2019_round_with_the_spy_and_the_chancellor_LL_CARD_SPY_LL_END_4() -> None:
    """2019 edition, two players, two tokens to win. Ana plays a Spy; Ben's Chancellor draws
    two, keeps one and puts two under the pile (LL-CARD-CHANCELLOR); Ana's Guard knocks Ben
    out (LL-END-1); the sole survivor played a Spy, so after the round's token comes the Spy's
    (LL-CARD-SPY, LL-END-4), and the second token wins the game at once (LL-GAME-1)."""
    top = ["princess", "spy", "guard", "guard", "chancellor", "priest", "handmaid", "baron"]
    stack = {"rounds": [full_stack("2019", top)]}
    state = GAME.new(2, {"edition": "2019", "tokens_to_win": 2, "first_player": ANA}, 9, stack)

    def move(action: str, expected: list[Logged]) -> None:
        got = _log(state.apply(action))
        assert got == expected, f"{action}:\n{got}\n!=\n{expected}"

    pile = state.view(None)["pile"]
    move(
        "spy",
        [
            ("played", {"seat": ANA, "card": "spy"}, None),
            ("turn", {"seat": BEN}, None),
            ("drew", {"seat": BEN, "card": "chancellor"}, ONLY_BEN),
        ],
    )
    move(  # The Chancellor's two cards are Ben's alone to see.
        "chancellor",
        [
            ("played", {"seat": BEN, "card": "chancellor"}, None),
            ("chancellor_drew", {"seat": BEN, "count": 2}, None),
            ("chancellor_cards", {"seat": BEN, "cards": ["priest", "handmaid"]}, ONLY_BEN),
        ],
    )
    assert state.to_act == BEN and sorted(state.view(BEN)["hand"]) == [
        "guard",
        "handmaid",
        "priest",
    ]
    move(  # Two go under the pile, in the order given; which ones, Ben alone knows.
        "keep=priest;bottom=guard,handmaid",
        [
            ("returned", {"seat": BEN, "count": 2}, None),
            (
                "returned_cards",
                {"seat": BEN, "keep": "priest", "cards": ["guard", "handmaid"]},
                ONLY_BEN,
            ),
            ("turn", {"seat": ANA}, None),
            ("drew", {"seat": ANA, "card": "baron"}, ONLY_ANA),
        ],
    )
    assert state.view(None)["pile"] == pile - 2  # two turns' draws; the Chancellor's two are back
    assert state.to_json()["pile"][:2] == ["handmaid", "guard"]  # saved bottom first
    move(
        "guard>p1=2",
        [
            ("played_guess", {"seat": ANA, "card": "guard", "target": BEN, "guess": 2}, None),
            ("knocked_out", {"seat": BEN, "card": "priest", "by": "guard"}, None),
            ("round_won", {"winner": [ANA]}, None),
            ("token", {"seat": ANA, "reason": "round", "tokens": 1}, None),
            ("token", {"seat": ANA, "reason": "spy", "tokens": 2}, None),
            ("game_won", {"winner": [ANA]}, None),
        ],
    )
    result = state.result
    assert result is not None and result.winners == (ANA,)
