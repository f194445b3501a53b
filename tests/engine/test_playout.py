"""The play-out helper: the seeding rule, the loop, observations, replaying action lists."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from parlour.engine import (
    Action,
    Bot,
    LegalBot,
    Observation,
    RandomBot,
    ReplayError,
    Rng,
    State,
    seed_from,
)
from parlour.engine.playout import (
    bot_moves_differ,
    bot_rng,
    decide,
    observe,
    picker,
    play_out,
    random_move,
    replay_actions,
)
from parlour.games import get_game
from tests.support.highcard import GAME as HIGHCARD


def _reference(seed: int, seat: int, move: int) -> Rng:
    """The documented rule, written plainly: the seat's stream moved on by the move's step."""
    return Rng((seed_from(seed, "bot", seat) + move * 0xD1B54A32D192ED03) % 2**64)


@pytest.mark.parametrize(("seed", "seat", "move"), [(0, 0, 0), (7, 2, 1), (2**62, 5, 301)])
def test_the_seeding_rule_is_the_documented_one(seed: int, seat: int, move: int) -> None:
    """A bot's generator starts at seed_from(seed, "bot", seat) + move * MOVE_STEP."""
    assert bot_rng(seed, seat, move).state == _reference(seed, seat, move).state


def test_generators_differ_by_seat_and_move() -> None:
    """Neighbouring moves and seats draw different numbers."""
    firsts = {bot_rng(3, seat, move).next64() for seat in range(4) for move in range(50)}
    assert len(firsts) == 200


class _Recorder(Bot):
    """Plays the first legal action and remembers what it was handed."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[object] = []

    def act(self, obs: Observation, rng: Rng) -> Action:
        self.seen.append(obs)
        return obs.legal[0]


def test_play_out_stops_at_a_seat_without_a_bot_and_counts_decisions() -> None:
    """The loop plays the bots' seats only, and hands each bot an observation."""
    state = HIGHCARD.new(3, {}, 4)
    first = state.to_act
    assert first is not None
    bots = {seat: _Recorder() for seat in range(3) if seat != (first + 1) % 3}
    counts = [0, 0, 0]
    actions = play_out(state, bots, counts=counts)
    assert state.to_act == (first + 1) % 3
    assert len(actions) == sum(counts) == 1
    assert all(isinstance(o, Observation) for b in bots.values() for o in b.seen)


def test_play_out_gives_the_moves_decide_gives() -> None:
    """The loop and the single decision follow the same rule."""
    state = HIGHCARD.new(4, {}, 8)
    start = state.clone()
    actions = play_out(state, [RandomBot() for _ in range(4)])
    assert state.is_over
    assert bot_moves_differ(start.clone(), actions, {s: RandomBot() for s in range(4)}) == []
    seat = start.to_act
    assert seat is not None
    assert decide(RandomBot(), start, seat) == actions[0]


def test_a_changed_move_is_found() -> None:
    """The bot-moves check can fail: a move the rule would not make is reported."""
    state = HIGHCARD.new(2, {}, 1)
    start = state.clone()
    actions = [str(a) for a in play_out(state, [RandomBot(), RandomBot()])]
    legal = [str(a) for a in start.legal_actions()]
    other = next(a for a in legal if a != actions[0])
    assert bot_moves_differ(start.clone(), [other], {s: RandomBot() for s in range(2)}) == [1]


GAMES = ("loveletter", "gauntlet", "splendor-marvel")


def _unskipped(state: State, seat: int) -> Action:
    """A planted random move that forgets the spawn's draw decide passes over."""
    return bot_rng(state.seed, seat, state.move_number).choice(state.legal_actions())


@pytest.mark.parametrize("game_id", GAMES)
def test_random_move_is_the_random_bots_decision(game_id: str) -> None:
    """The random bot's move made without an observation is decide's, at every move of
    random games of every game (a planted pick that forgets the skipped draw is caught)."""
    game = get_game(game_id)
    players, options = game.sample_configs()[-1]
    planted_differs = False
    for seed in range(4):
        state = game.new(players, options, seed=seed)
        while (seat := state.to_act) is not None and state.move_number < 300:
            mine = random_move(state, seat)
            assert mine == decide(RandomBot(), state, seat), (seed, state.move_number)
            assert mine in state.legal_actions()
            planted_differs |= _unskipped(state, seat) != mine
            state.apply_unchecked(mine)
    assert planted_differs


def test_max_moves_stops_a_game_that_goes_on() -> None:
    """A game still going at the move limit is an error, not an endless loop."""
    state = HIGHCARD.new(2, {}, 1)
    with pytest.raises(RuntimeError):
        play_out(state, [RandomBot(), RandomBot()], max_moves=1)


def test_observe_builds_only_what_the_bot_uses() -> None:
    """A bot that reads no view and does not sample gets neither."""
    state = HIGHCARD.new(2, {}, 1)
    seat = state.to_act
    assert seat is not None
    obs = observe(RandomBot(), state, seat)
    with pytest.raises(RuntimeError):
        _ = obs.view
    with pytest.raises(RuntimeError):
        obs.sample(Rng(0))
    assert obs.legal == tuple(state.legal_actions())


def test_replay_actions_names_the_refused_action_and_keeps_the_state() -> None:
    """A bad action in a list is a ReplayError at its position; earlier steps stand."""
    state = HIGHCARD.new(2, {}, 1)
    played = HIGHCARD.new(2, {}, 1)
    first = str(played.legal_actions()[0])
    steps = replay_actions(state, [first, "nonsense"])
    step = next(steps)
    assert (step.number, str(step.action)) == (1, first)
    before = state.to_json()
    with pytest.raises(ReplayError) as error:
        next(steps)
    assert error.value.key == "core.error.replay_bad_action"
    assert error.value.params["index"] == 2
    assert state.to_json() == before


class _ThroughAct(RandomBot):
    """The random bot's move, made through an observation (``act`` overridden, same pick)."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, obs: Observation, rng: Rng) -> Action:
        self.calls += 1
        return rng.choice(obs.legal)


class _FirstByAct(RandomBot):
    """A planted fault for the loop's shortcut: ``act`` overridden to play the first action."""

    def act(self, obs: Observation, rng: Rng) -> Action:
        return obs.legal[0]


class _Last(LegalBot):
    """A bot choosing from the legal actions alone: always the last one."""

    def pick(self, legal: Sequence[Action], rng: Rng) -> Action:
        return legal[-1]


def test_a_legal_only_bot_is_asked_without_an_observation_and_plays_the_same_game() -> None:
    """The random bot's shortcut (pick from the legal actions) makes the moves its act
    makes through an observation, for every seat, game after game."""
    for seed in range(20):
        fast, slow = HIGHCARD.new(3, {}, seed), HIGHCARD.new(3, {}, seed)
        through = [_ThroughAct() for _ in range(3)]
        assert picker(RandomBot()) is not None and picker(through[0]) is None
        assert play_out(fast, [RandomBot() for _ in range(3)]) == play_out(slow, through)
        assert sum(b.calls for b in through) == slow.move_number > 0


def test_a_bot_overriding_act_is_asked_through_act() -> None:
    """The shortcut is taken only when act is LegalBot's: an overriding act is honoured."""
    state = HIGHCARD.new(2, {}, 3)
    start = state.clone()
    actions = play_out(state, [_FirstByAct(), _FirstByAct()])
    replayed = start.clone()
    for action in actions:
        assert action == replayed.legal_actions()[0]
        replayed.apply(action)
    # A bot of its own pick is asked by the shortcut and through decide alike.
    state = start.clone()
    actions = play_out(state, [_Last(), _Last()])
    assert bot_moves_differ(start.clone(), actions, {0: _Last(), 1: _Last()}) == []
    assert actions[0] == start.legal_actions()[-1]


def test_a_sampling_legal_only_bot_gets_its_observation() -> None:
    """A LegalBot that samples is not short-cut (its generator must spawn first)."""
    bot = RandomBot()
    bot.samples = True
    assert picker(bot) is None


class _LastOfRandom(RandomBot):
    """A planted fault for the random bot's own draw: pick overridden (the last action)."""

    def pick(self, legal: Sequence[Action], rng: Rng) -> Action:
        return legal[-1]


def test_a_random_bot_subclass_with_its_own_pick_is_asked_its_pick() -> None:
    """The loop draws for the random bot itself only while its pick is RandomBot's."""
    state = HIGHCARD.new(3, {}, 5)
    start = state.clone()
    actions = play_out(state, [_LastOfRandom() for _ in range(3)])
    for action in actions:
        assert action == start.legal_actions()[-1]
        start.apply(action)


def test_play_out_without_keeping_the_actions_plays_the_same_game() -> None:
    """``keep=False`` only leaves the list empty: the same moves, counts and end."""
    for seed in range(10):
        kept, bare = HIGHCARD.new(3, {}, seed), HIGHCARD.new(3, {}, seed)
        counts, bare_counts = [0, 0, 0], [0, 0, 0]
        actions = play_out(kept, [RandomBot() for _ in range(3)], counts=counts)
        assert play_out(bare, [RandomBot() for _ in range(3)], counts=bare_counts, keep=False) == []
        assert actions and bare.to_json() == kept.to_json()
        assert bare_counts == counts and sum(counts) == len(actions)


def test_a_bot_class_is_read_once_and_each_class_for_itself() -> None:
    """The loop's per-class reading of a bot (act, pick, or the random bot's draw) is not
    shared between classes: the three kinds in one game each play their own way."""
    state = HIGHCARD.new(3, {}, 9)
    start = state.clone()
    bots: list[Bot] = [_FirstByAct(), _Last(), RandomBot()]
    for _ in range(2):  # the second game reads the classes from the cache
        state = start.clone()
        actions = play_out(state, bots)
        replayed = start.clone()
        for action in actions:
            seat = replayed.to_act
            legal = replayed.legal_actions()
            if seat == 0:
                assert action == legal[0]
            elif seat == 1:
                assert action == legal[-1]
            replayed.apply(action)
        assert bot_moves_differ(start.clone(), actions, dict(enumerate(bots))) == []
