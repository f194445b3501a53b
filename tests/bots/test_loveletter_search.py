"""Love Letter's search hints: one round ahead, tokens valued as chances to win."""

from __future__ import annotations

import pytest

from parlour.bots.ismcts import Budget, IsmctsBot, SearchHints, hints_for
from parlour.engine import Rng
from parlour.games import get_game
from parlour.games.loveletter.actions import Play
from parlour.games.loveletter.rules import LoveLetterState
from parlour.games.loveletter.search import SEARCH_HINTS, win_chances
from parlour.games.loveletter.views import known_hands
from tests.games.loveletter.helpers import play_all, start

GAME = get_game("loveletter")


def test_hints_are_found_for_the_game() -> None:
    """The search bot finds Love Letter's hints without being told."""
    assert isinstance(SEARCH_HINTS, SearchHints)
    assert hints_for(GAME.new(2, {}, 0)) is SEARCH_HINTS


@pytest.mark.parametrize(
    ("needed", "chances"),
    [
        ((1, 1), (0.5, 0.5)),
        ((1, 2), (0.75, 0.25)),
        ((2, 2, 2, 2), (0.25, 0.25, 0.25, 0.25)),
        ((1, 3), (0.875, 0.125)),
    ],
)
def test_win_chances_known_values(needed: tuple[int, ...], chances: tuple[float, ...]) -> None:
    """LL-GAME-1: first to the target wins; with uniform rounds the chances are exact."""
    assert win_chances(needed) == pytest.approx(chances)


def test_rollouts_stop_when_a_new_round_is_dealt() -> None:
    """LL-SETUP-3: the first position of a round (no discards) ends a rollout."""
    state = GAME.new(4, {}, 3)
    assert SEARCH_HINTS.stop(state)
    rng = Rng(1)
    state.apply(state.legal_actions()[0])
    assert not SEARCH_HINTS.stop(state)
    round_before = state.view(0)["round"]
    while state.to_act is not None and state.view(0)["round"] == round_before:
        state.apply(SEARCH_HINTS.rollout_action(state, rng))
    assert state.to_act is None or SEARCH_HINTS.stop(state)
    values = [SEARCH_HINTS.value(state, s) for s in range(4)]
    assert all(0.0 <= v <= 1.0 for v in values)
    tokens = state.view(0)["tokens"]
    assert values.index(max(values)) == tokens.index(max(tokens))
    if state.to_act is not None:
        winners = state.view(0)["last_round"]["winners"]
        assert all(values[w] == pytest.approx(1.0) for w in winners)


def test_values_span_the_round_just_played() -> None:
    """LL-GAME-1: winning the round is worth 1, the rival's most harmful win 0, order kept."""
    state = GAME.new(2, {}, 0)
    state.tokens = [2, 3]
    state.last_round = (1, (1,), ())
    assert SEARCH_HINTS.value(state, 1) == pytest.approx(1.0)
    assert SEARCH_HINTS.value(state, 0) == pytest.approx(0.0)
    four = GAME.new(4, {}, 0)
    four.tokens = [1, 0, 0, 0]
    four.last_round = (1, (0,), ())
    values = [SEARCH_HINTS.value(four, s) for s in range(4)]
    assert values[0] == pytest.approx(1.0)
    # For each other seat, seat 0's win was as bad as any other rival's.
    assert all(v == pytest.approx(0.0) for v in values[1:])


def test_rollouts_never_play_the_princess_by_choice() -> None:
    """LL-CARD-PRINCESS: playing her knocks her player out, so rollouts keep her."""
    rng = Rng(5)
    chosen = 0
    for seed in range(40):
        state = GAME.new(2, {}, seed)
        while state.to_act is not None and state.move_number < 60:
            legal = state.legal_actions()
            action = SEARCH_HINTS.rollout_action(state, rng)
            if any(isinstance(a, Play) and a.effect == "princess" for a in legal):
                chosen += 1
                assert not (isinstance(action, Play) and action.effect == "princess")
            state.apply(action)
    assert chosen > 0


def test_search_uses_the_hints_and_answers_legally() -> None:
    """A short search on a 4-player game ends every walk by a round's end or the game's."""
    state = GAME.new(4, {}, 8)
    seat = state.to_act
    assert seat is not None
    bot = IsmctsBot(Budget(200))
    action = bot.act(bot.observe(state, seat, Rng(0)), Rng(1))
    assert action in state.legal_actions()
    assert bot.stats.iterations == 200


def _looked_at_table() -> LoveLetterState:
    """Three players: seat 0's Priest saw seat 1's Baron, seat 1's Priest saw seat 2's King."""
    state = start(
        3, ["princess", "guard", "baron", "king", "priest", "priest", "countess", "guard"]
    )
    play_all(state, ["priest>p1", "priest>p2", "countess"])
    return state


def test_sampled_worlds_keep_who_looked_at_whom() -> None:
    """LL-CARD-PRIEST: a look is public, so in a sampled world the looker knows that hand.

    Seat 2 cannot see seat 1's hand: in its worlds seat 0 knows whatever seat 1 was dealt
    there, and seat 1 knows seat 2's real King.
    """
    state = _looked_at_table()
    seen: set[int] = set()
    for r in range(12):
        world = state.determinize(2, Rng(r))
        assert world.view(2) == state.view(2)
        assert known_hands(world, 0) == {1: world.hand[1]}
        assert known_hands(world, 1) == {2: state.hand[2]}
        seen.add(world.hand[1])
    assert len(seen) > 1


def test_rollouts_guard_a_hand_their_player_knows() -> None:
    """LL-CARD-GUARD: a player holding a Guard names the card it saw, as the heuristic does."""
    state = _looked_at_table()
    assert state.to_act == 0
    for r in range(5):
        assert str(SEARCH_HINTS.rollout_action(state, Rng(r))) == "guard>p1=3"
