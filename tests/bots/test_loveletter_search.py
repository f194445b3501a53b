"""Love Letter's search hints: one round ahead, tokens valued as chances to win."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pytest

from parlour.bots.base import Observation
from parlour.bots.ismcts import Budget, IsmctsBot, SearchHints, hints_for
from parlour.bots.levels import make_level
from parlour.bots.registry import make_bot
from parlour.engine import OptionError, Rng, State
from parlour.engine.playout import observe
from parlour.games.loveletter import GAME
from parlour.games.loveletter.actions import Play
from parlour.games.loveletter.bot import HeuristicBot
from parlour.games.loveletter.search import (
    _LIKELIHOODS,
    SEARCH_HINTS,
    game_chances,
    heuristic_action,
    win_chances,
)
from parlour.games.loveletter.state import KEPT, LoveLetterState
from parlour.games.loveletter.views import info_key, known_hands
from tests.games.loveletter.helpers import play_all, start


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
    assert values == pytest.approx(game_chances(tuple(tokens), state.target))


def test_values_are_chances_to_win_the_game_from_every_token() -> None:
    """LL-GAME-1, LL-GAME-3: a token counts whatever won it; a rival's round win does not make
    a Bishop's token worth nothing (5 players to 3: 0.148 without it, 0.331 with it)."""
    five = GAME.new(5, {"edition": "premium", "tokens_to_win": 3}, 0)
    five.tokens = [0, 1, 0, 0, 0]
    five.last_round = (1, (1,), ())
    without = SEARCH_HINTS.value(five, 0)
    five.tokens = [1, 1, 0, 0, 0]  # seat 0's Bishop guessed right in the round seat 1 won
    assert without == pytest.approx(0.148, abs=0.001)
    assert SEARCH_HINTS.value(five, 0) == pytest.approx(0.331, abs=0.001)
    two = GAME.new(2, {}, 0)
    two.tokens = [2, 3]
    assert SEARCH_HINTS.values(two) == pytest.approx(game_chances((2, 3), two.target))
    assert sum(SEARCH_HINTS.values(two)) == pytest.approx(1.0)
    two.tokens = [2, two.target]
    assert SEARCH_HINTS.values(two) == (0.0, 1.0)


def test_search_explores_on_the_scale_one_round_can_move_the_chance() -> None:
    """The reward scale is the spread between the seat's best and worst next round."""
    state = GAME.new(2, {}, 0)
    scale = SEARCH_HINTS.reward_scale(state, 0)
    needed = state.target
    best = win_chances((needed - 1, needed))[0]
    assert scale == pytest.approx(best - (1 - best))
    state.tokens = [0, state.target - 1]
    assert SEARCH_HINTS.reward_scale(state, 0) == pytest.approx(
        win_chances((needed - 1, 1))[0] - 0.0
    )


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
    action = bot.act(observe(bot, state, seat, Rng(0)), Rng(1))
    assert action in state.legal_actions()
    assert bot.stats.iterations == 200


def _looked_at_table() -> LoveLetterState:
    """Three players: seat 0's Priest saw seat 1's Baron, seat 1's Priest saw seat 2's King."""
    state = start(
        3, ["princess", "guard", "baron", "king", "priest", "priest", "countess", "guard"]
    )
    play_all(state, ["priest>p1", "priest>p2", "countess"])
    return state


def test_sampled_worlds_keep_who_looked_at_whom_while_the_hand_is_untouched() -> None:
    """LL-CARD-PRIEST, LL-TURN-6: a look is public, which card was played next is not.

    Seat 2 cannot see seat 1's hand: seat 1 has played a card since seat 0 looked, so
    whether seat 0 still knows it depends on which card that was, and seat 2's worlds
    do not keep it (the real state does: seat 1 played the Priest it drew). Seat 1's look
    at seat 2's King is untouched since: it holds, in every world.
    """
    state = _looked_at_table()
    assert known_hands(state, 0) == {1: state.hand[1]}
    seen: set[int] = set()
    for r in range(12):
        world = state.determinize(2, Rng(r))
        assert world.view(2) == state.view(2)
        assert known_hands(world, 0) == {}
        assert known_hands(world, 1) == {2: state.hand[2]}
        seen.add(world.hand[1])
    assert len(seen) > 1


def test_rollouts_guard_a_hand_their_player_knows() -> None:
    """LL-CARD-GUARD: a player holding a Guard names the card it saw, as the heuristic does."""
    state = _looked_at_table()
    assert state.to_act == 0
    for r in range(5):
        assert str(SEARCH_HINTS.rollout_action(state, Rng(r))) == "guard>p1=3"


def test_player_model_plays_as_the_heuristic_bot_does() -> None:
    """The model of other players is the heuristic bot, read off the state, not a view.

    Over random games of every edition, at every prompt (plays, a Bishop's target deciding,
    a Chancellor returning, a Cardinal looking), both choose the same with the same generator.
    """
    bot = HeuristicBot()
    prompts: set[str] = set()
    for edition, players in (("classic", 4), ("premium", 6), ("2019", 5)):
        for seed in range(6):
            state = GAME.new(players, {"edition": edition}, seed)
            walk = Rng(seed)
            while (seat := state.to_act) is not None:
                obs = Observation(state, seat)
                expected = bot.act(obs, Rng(state.move_number))
                assert heuristic_action(state, Rng(state.move_number)) == expected
                prompts.add(state.prompt())
                state.apply(expected if walk.below(3) else walk.choice(obs.legal))
    assert {"play", "bishop", "chancellor", "cardinal"} <= prompts


def _after_a_prince() -> LoveLetterState:
    """Three players: seat 1 kept its hand while playing a Prince; seat 0 is to play.

    Seat 0 cannot see seat 1's Baron, and has seen no Countess: by the cards alone seat 1
    could hold her, but nobody holding the Countess may play a Prince (LL-CARD-COUNTESS).
    """
    state = start(
        3, ["guard", "handmaid", "baron", "priest", "guard", "prince", "guard", "guard", "king"]
    )
    play_all(state, ["handmaid", "prince>p2", "guard>p1=2"])
    assert state.to_act == 0
    return state


def _with_hand(state: LoveLetterState, seat: int, card: str) -> LoveLetterState:
    """A copy where ``seat`` holds ``card`` in place of a copy of it from the pile."""
    world = state.clone()
    kind = world.ed.ids.index(card)
    where = world.pile.index(kind)
    world.pile[where], world.hand[seat] = world.hand[seat], kind
    return world


def test_kept_hands_are_recorded_but_do_not_bind_sampled_worlds() -> None:
    """A hand kept while a card was played is a public fact search may weigh, not a rule.

    ``determinize`` still deals seat 1 a Countess in some worlds; the plausibility of those
    worlds is zero (LL-CARD-COUNTESS), and of the real one positive.
    """
    state = _after_a_prince()
    kept = [f for f in state.facts if f[0] == KEPT and f[1] == 1]
    assert kept == [(KEPT, 1, state.hv[1], state.ed.ids.index("prince"), 0)]
    countess = state.ed.ids.index("countess")
    dealt = {state.determinize(0, Rng(r)).hand[1] for r in range(200)}
    assert countess in dealt
    assert SEARCH_HINTS.plausibility(_with_hand(state, 1, "countess"), 0) == 0.0
    assert 0.0 < SEARCH_HINTS.plausibility(state, 0) <= 1.0
    # Seat 1's own play tells seat 1 nothing new: its weighing ignores it.
    assert SEARCH_HINTS.plausibility(_with_hand(state, 1, "countess"), 1) == (
        SEARCH_HINTS.plausibility(state, 1)
    )


def test_plausibility_prefers_hands_the_heuristic_would_keep() -> None:
    """LL-CARD-HANDMAID: a player who kept a Handmaid over a Prince is less likely than one
    who kept a Princess (which the model never plays, LL-CARD-PRINCESS)."""
    state = _after_a_prince()
    princess = SEARCH_HINTS.plausibility(_with_hand(state, 1, "princess"), 0)
    handmaid = SEARCH_HINTS.plausibility(_with_hand(state, 1, "handmaid"), 0)
    assert princess > handmaid > 0.0


def test_cached_likelihoods_equal_fresh_ones() -> None:
    """The likelihood cache answers what a fresh computation would, whatever it holds."""
    state = _after_a_prince()
    obs = Observation(state, 0, sampling=True, rng=Rng(3))
    worlds = [obs.sample(Rng(r)) for r in range(60)]
    cached = [SEARCH_HINTS.plausibility(w, 0) for w in worlds]
    for world, weight in zip(worlds, cached, strict=True):
        _LIKELIHOODS.clear()
        assert SEARCH_HINTS.plausibility(world, 0) == weight


def test_weighted_draws_skip_impossible_worlds() -> None:
    """With the player model, search never samples a world the rules rule out."""
    state = _after_a_prince()
    obs = Observation(state, 0, sampling=True, rng=Rng(3))
    countess = state.ed.ids.index("countess")
    rng = Rng(11)
    scale = [0.0]
    drawn = [
        _hand(IsmctsBot._draw(obs, rng, SEARCH_HINTS.plausibility, None, scale))[1]
        for _ in range(300)
    ]
    plain = [_hand(obs.sample(rng))[1] for _ in range(300)]
    assert countess not in drawn
    assert plain.count(countess) > 5


def test_modelled_players_get_no_nodes_of_their_own() -> None:
    """With ``model_players`` only the deciding seat's information sets enter the tree."""

    class Recording(type(SEARCH_HINTS)):  # type: ignore[misc]
        def __init__(self) -> None:
            self.seats: set[int] = set()

        def infoset_key(self, state: State, seat: int) -> object:
            self.seats.add(seat)
            return repr(state.view(seat))

    state = GAME.new(4, {}, 5)
    seat = state.to_act
    assert seat is not None
    for model, others_seen in ((True, False), (False, True)):
        hints = Recording()
        bot = IsmctsBot(Budget(300), hints=hints, model_players=model)
        action = bot.act(observe(bot, state, seat, Rng(0)), Rng(1))
        assert action in state.legal_actions()
        assert (hints.seats != {seat}) is others_seen


def test_model_flag_in_the_spec_and_the_hard_level() -> None:
    """``ismcts:1500,model`` searches against the player model; ``hard`` always does."""
    bot = make_bot("ismcts:1500,model", "loveletter")
    assert isinstance(bot, IsmctsBot)
    assert bot.model_players and bot.budget == Budget(1500)
    plain = make_bot("ismcts:model", "loveletter")
    assert isinstance(plain, IsmctsBot) and plain.budget == Budget()
    assert not make_bot("ismcts:300", "loveletter").model_players  # type: ignore[attr-defined]
    hard = make_level("hard", "loveletter")
    assert isinstance(hard, IsmctsBot) and hard.model_players
    with pytest.raises(OptionError):
        make_bot("ismcts:300,models", "loveletter")


def _hand(state: State) -> list[int]:
    """A sampled Love Letter world's hands."""
    assert isinstance(state, LoveLetterState)
    return state.hand


KeyFunction = Callable[[LoveLetterState, int], Hashable]


def _key_disagreements(key: KeyFunction, players: int, options: dict[str, Any]) -> list[str]:
    """Where ``key`` groups positions otherwise than the views do, over sampled worlds.

    Seeded random games; at every decision, worlds sampled for the seat to act are walked a
    few random moves, as a search walks them, and every position met is keyed for the seat to
    act there. Two positions must share a key exactly when that seat's views are equal.
    """
    by_key: dict[Hashable, str] = {}
    by_view: dict[str, Hashable] = {}
    wrong: list[str] = []
    rng = Rng(5)

    def note(state: LoveLetterState) -> None:
        seat = state.to_act
        assert seat is not None
        k, v = key(state, seat), repr(state.view(seat))
        if by_key.setdefault(k, v) != v:
            wrong.append(f"one key for two views at move {state.move_number}")
        if by_view.setdefault(v, k) != k:
            wrong.append(f"two keys for one view at move {state.move_number}")

    for seed in range(4):
        state = GAME.new(players, options, seed)
        while (seat := state.to_act) is not None:
            note(state)
            for _ in range(3):
                world = state.determinize(seat, rng)
                for _ in range(4):
                    if world.to_act is None:
                        break
                    note(world)
                    legal = world.legal_actions()
                    world.apply(legal[rng.below(len(legal))])
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    return wrong


KEY_CONFIGURATIONS = [
    (4, {"edition": "classic"}),
    (2, {"edition": "classic", "ruleset": "printed"}),
    (6, {"edition": "2019"}),
    (8, {"edition": "premium"}),
]


@pytest.mark.parametrize(("players", "options"), KEY_CONFIGURATIONS)
def test_infoset_key_groups_positions_as_the_views_do(
    players: int, options: dict[str, Any]
) -> None:
    """Search keys its tree by a tuple of what the seat knows, not the view's
    text: equal keys exactly for equal views, so the tree, and every decision, is the same."""
    assert SEARCH_HINTS.infoset_key is not None
    assert _key_disagreements(info_key, players, options) == []


def test_the_key_check_catches_a_merging_and_a_splitting_key() -> None:
    """Planted faults: a key without the seat's own cards merges what the views tell
    apart; a key with another seat's hidden card splits what they do not."""

    def blind(state: LoveLetterState, seat: int) -> Hashable:
        return info_key(state, seat)[:8] + info_key(state, seat)[9:]

    def peeking(state: LoveLetterState, seat: int) -> Hashable:
        return (info_key(state, seat), state.hand[(seat + 1) % state.players])

    assert _key_disagreements(blind, 4, {"edition": "classic"})
    assert _key_disagreements(peeking, 4, {"edition": "classic"})


def test_the_keyed_positions_include_every_follow_up_prompt() -> None:
    """The configurations above reach the Bishop's, the Chancellor's and the Cardinal's
    prompts, so the key's pending part is checked too."""
    phases: set[str] = set()

    def noting(state: LoveLetterState, seat: int) -> Hashable:
        phases.add(state.phase.value)
        return info_key(state, seat)

    for players, options in KEY_CONFIGURATIONS:
        _key_disagreements(noting, players, options)
    assert {"play", "bishop", "chancellor", "cardinal"} <= phases


def test_the_hard_bot_never_makes_a_guess_that_cannot_be_right() -> None:
    """LL-CARD-GUARD: no value whose every copy is in sight; a known card is named.

    Seat 0 saw seat 1's Baron, which seat 1 kept; the only Countess is in seat 2's discards,
    both Priests in seats 0 and 1's.
    """
    state = _looked_at_table()
    play_all(state, [])
    assert state.to_act == 0 and known_hands(state, 0) == {1: state.hand[1]}
    sensible = [str(a) for a in SEARCH_HINTS.sensible(state, 0)]
    legal = [str(a) for a in state.legal_actions()]
    impossible = {"guard>p2=7", "guard>p2=2"}
    assert impossible <= set(legal) and not impossible & set(sensible)
    assert [a for a in sensible if a.startswith("guard>p1")] == ["guard>p1=3"]
    assert {a for a in legal if a.startswith("guard>p2")} - impossible <= set(sensible)
    for seed in range(3):
        bot = make_bot("hard:40", GAME.id)
        bot.reset(0, 3, state.options)
        action = bot.act(observe(bot, state, 0, Rng(seed)), Rng(seed + 1))
        assert str(action) in sensible
