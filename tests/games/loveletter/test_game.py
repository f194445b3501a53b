"""Whole games: tokens, round starts, shared wins, replays, census."""

from __future__ import annotations

from parlour.engine import Replay, Rng
from parlour.games.loveletter import GAME
from tests.games.loveletter.helpers import arrange, find, start


def random_game(players: int, options: dict[str, object], seed: int) -> tuple[object, int]:
    """Play a random game; return the final state and the number of moves."""
    st = GAME.new(players, options, seed)
    rng = Rng(seed)
    moves = 0
    while st.to_act is not None:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
        moves += 1
    return st, moves


def test_games_end_when_someone_reaches_the_target_LL_GAME_1() -> None:
    """LL-GAME-1: the game ends the moment a player holds tokens_to_win tokens."""
    for seed in range(20):
        st, _ = random_game(4, {}, seed)
        result = st.result  # type: ignore[attr-defined]
        tokens = result.details["tokens"]
        assert max(tokens) == 4 and result.winners
        assert all(tokens[w] >= 4 for w in result.winners)
        assert result.details["rounds"] >= 4 and result.reason == "tokens"


def test_nobody_wins_and_the_next_player_starts_LL_GAME_2_LL_END_3() -> None:
    """LL-END-3 (discard-then-nobody), LL-GAME-2: the player who would draw next starts."""
    st = start(4, ["guard", "guard", "priest", "baron", "handmaid"], first=1)
    hands = {0: "guard", 1: "guard", 2: "guard"}  # seat 3 is out of the round
    piles = {0: ["prince", "guard"], 1: ["priest"], 2: ["baron", "baron"]}
    arrange(st, hands=hands, drawn="handmaid", pile=[], discards=piles, spare=3)
    events = st.apply("handmaid")  # every discard total is now 6
    assert find(events, "tie_break").data == {"tied_seat": [0, 1, 2], "best": 6}
    assert "round_nobody" in [e.kind for e in events]
    assert st.tokens == [0, 0, 0, 0] and st.round == 2 and st.first == 2


def test_shared_win_at_the_same_moment_LL_GAME_3() -> None:
    """LL-GAME-3: several players reaching the target together share the win."""
    st = start(2, ["guard", "guard", "priest"], "2019", tie_rule="all", tokens_to_win=2)
    st.tokens = [1, 1]
    arrange(
        st,
        hands={0: "guard", 1: "guard"},
        drawn="handmaid",
        pile=[],
        discards={0: ["spy"], 1: ["spy"]},
        spare=1,
    )
    st.apply("handmaid")
    assert st.result is not None and st.result.winners == (0, 1)
    assert st.result.scores == (0.5, 0.5)


def test_replay_reproduces_a_game() -> None:
    """A game replays exactly from its record (stack included)."""
    stack = {
        "rounds": [
            [
                "princess",
                "guard",
                "priest",
                "baron",
                *["guard"] * 4,
                "priest",
                "baron",
                "handmaid",
                "handmaid",
                "prince",
                "prince",
                "king",
                "countess",
            ]
        ]
    }
    st = GAME.new(3, {}, 11, stack)
    rec = Replay.start(st, stack)
    rng = Rng(3)
    while st.to_act is not None:
        legal = st.legal_actions()
        action = legal[rng.below(len(legal))]
        st.apply(action)
        rec.actions.append(str(action))
    assert rec.final_state(GAME).to_json() == st.to_json()
