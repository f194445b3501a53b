"""The ISMCTS bot: budgets, known decisions of the toy game, determinism, search hints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from parlour.bots.base import Observation, RandomBot
from parlour.bots.ismcts import (
    BY_ID_SLACK,
    Budget,
    IsmctsBot,
    SearchHints,
    hints_for,
    measure_iterations,
    view_key,
)
from parlour.bots.registry import make_bot, split_specs
from parlour.engine import Action, OptionError, Rng, State
from parlour.engine.playout import observe
from parlour.sim.play import play_game
from tests.support.highcard import GAME as HIGHCARD
from tests.support.highcard import KEEP, SWAP, Choice, HighCardState

LOW_HAND = [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1, 1]
"""A stacked toy deck dealing a 1 to seats 0 and 1 (the last card goes to seat 0)."""
HIGH_HAND = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
"""A stacked toy deck dealing a 6 to seats 0 and 1."""


def _decide(bot: IsmctsBot, state: State, seed: int = 0) -> Action:
    seat = state.to_act
    assert seat is not None
    return bot.act(observe(bot, state, seat, Rng(seed)), Rng(seed + 1))


@pytest.mark.parametrize(
    ("arg", "iterations", "millis"),
    [
        (None, 1000, None),
        ("500", 500, None),
        ("200ms", None, 200.0),
        ("2s", None, 2000.0),
        ("2000,900ms", 2000, 900.0),
    ],
)
def test_budget_specs(arg: str | None, iterations: int | None, millis: float | None) -> None:
    """``ismcts:500`` counts iterations, ``ismcts:200ms`` milliseconds, both combine."""
    assert Budget.parse(arg) == Budget(iterations, millis)


@pytest.mark.parametrize("arg", ["0", "-5", "fast", "10xs", "0ms"])
def test_bad_budget_specs_are_refused(arg: str) -> None:
    """A budget that is not a positive count or duration is an option error."""
    with pytest.raises(OptionError):
        make_bot(f"ismcts:{arg}", "highcard")


def test_registered_by_name_with_its_budget() -> None:
    """``make_bot("ismcts:300", game)`` is the search bot with 300 iterations."""
    bot = make_bot("ismcts:300", "highcard")
    assert isinstance(bot, IsmctsBot)
    assert bot.samples
    assert bot.budget == Budget(300, None)


@pytest.mark.parametrize("seat_to_decide", [0, 1])
def test_swaps_the_lowest_card_and_keeps_the_highest(seat_to_decide: int) -> None:
    """Known values of the toy game: swapping a 1 never loses, swapping a 6 never wins."""
    bot = IsmctsBot(Budget(300))
    low = HIGHCARD.new(2, {}, 1, stack=LOW_HAND)
    high = HIGHCARD.new(2, {}, 1, stack=HIGH_HAND)
    if seat_to_decide == 1:
        low.apply(KEEP)
        high.apply(KEEP)
    assert _decide(bot, low) == SWAP
    assert _decide(bot, high) == KEEP


def test_same_generator_same_decisions_when_budgeted_in_iterations() -> None:
    """Two searches with equal generators visit the same tree and answer the same."""
    state = HIGHCARD.new(4, {"copies": 3}, 11)
    bot = IsmctsBot(Budget(200))
    first = [_decide(bot, state, seed) for seed in range(6)]
    stats = bot.stats
    again = [_decide(bot, state, seed) for seed in range(6)]
    assert first == again
    assert (bot.stats.iterations, bot.stats.nodes) == (stats.iterations, stats.nodes)
    assert stats.iterations == 200


def test_a_forced_move_needs_no_search() -> None:
    """With one legal action the bot answers at once."""
    state = HIGHCARD.new(2, {}, 2)
    state.deck.clear()  # nothing left to draw: only "keep"
    bot = IsmctsBot(Budget(50))
    assert _decide(bot, state) == KEEP
    assert bot.stats.iterations == 0


def test_beats_random_on_the_toy_game() -> None:
    """Over seeded games with seats alternating, search wins clearly more than chance.

    It wins about 62% over thousands of games; 200 keep the bound two standard errors away.
    """
    games, share = 200, 0.0
    for seed in range(games):
        bots = [make_bot("ismcts:60", "highcard"), make_bot("random", "highcard")]
        me = seed % 2
        if me:
            bots.reverse()
        share += play_game(HIGHCARD, 2, {}, seed, bots).result.scores[me]
    assert share / games > 0.55


class _Hints:
    """Hints that cut every rollout at once and reward seat 0 for keeping its card."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {"stop": 0, "value": 0, "rollout": 0, "key": 0}

    def stop(self, state: State) -> bool:
        self.calls["stop"] += 1
        return True

    def value(self, state: State, seat: int) -> float:
        self.calls["value"] += 1
        assert isinstance(state, HighCardState)
        kept = not state.discards
        return float(kept) if seat == 0 else float(not kept)

    def rollout_action(self, state: State, rng: Rng) -> Action:
        self.calls["rollout"] += 1
        return state.legal_actions()[0]

    def infoset_key(self, state: State, seat: int) -> Any:
        self.calls["key"] += 1
        return view_key(state, seat)


def test_hints_stop_rollouts_and_value_the_positions() -> None:
    """A game's ``stop``/``value`` replace the rollout: here they make a 1 worth keeping."""
    hints = _Hints()
    assert isinstance(hints, SearchHints)
    bot = IsmctsBot(Budget(100), hints=hints)
    assert _decide(bot, HIGHCARD.new(2, {}, 1, stack=LOW_HAND)) == KEEP
    assert hints.calls["value"] >= 100 * 2
    assert hints.calls["rollout"] == 0  # every walk was cut before a rollout move
    assert hints.calls["key"] >= 1


def test_horizon_and_rollout_policy_hints() -> None:
    """``horizon`` scores walks after that many moves; ``rollout_action`` plays the rest."""

    class Horizon(_Hints):
        horizon = 2

        def stop(self, state: State) -> bool:
            self.calls["stop"] += 1
            return False

    hints = Horizon()
    bot = IsmctsBot(Budget(40), hints=hints)
    _decide(bot, HIGHCARD.new(4, {}, 3))
    assert hints.calls["value"] > 0
    assert hints.calls["rollout"] > 0


def test_games_without_hints_have_none() -> None:
    """The toy game's package offers no ``SEARCH_HINTS``: search rolls out to the end."""
    assert hints_for(HIGHCARD.new(2, {}, 0)) is None


def test_time_budget_stops_the_search() -> None:
    """A millisecond budget ends the search (at least one iteration is always run)."""
    bot = IsmctsBot(Budget(None, 30.0))
    _decide(bot, HIGHCARD.new(3, {}, 4))
    assert bot.stats.iterations >= 1
    assert bot.stats.seconds < 5.0


def test_measure_iterations_reports_a_rate() -> None:
    """The benchmark helper returns iterations per second on seeded decision points."""
    assert measure_iterations("highcard", 3, {}, 0.2) > 0
    # The hard bot's search, with Love Letter's player model.
    assert measure_iterations("loveletter", 3, {}, 0.2, model_players=True) > 0


class _Always(RandomBot):
    """A guide that always suggests one fixed action."""

    def __init__(self, action: Action) -> None:
        self.action = action
        self.resets = 0

    def act(self, obs: Observation, rng: Rng) -> Action:
        return self.action

    def reset(self, seat: int, players: int, options: Mapping[str, Any]) -> None:
        self.resets += 1


def test_a_guide_is_followed_unless_search_is_clearly_better() -> None:
    """Keeping a 1 is clearly worse than swapping it: search overrules the guide; a huge
    margin never does, and a guide that agrees changes nothing."""
    low = HIGHCARD.new(2, {}, 1, stack=LOW_HAND)
    assert _decide(IsmctsBot(Budget(300), guide=_Always(KEEP)), low) == SWAP
    assert _decide(IsmctsBot(Budget(300), guide=_Always(KEEP), margin=2.0), low) == KEEP
    assert _decide(IsmctsBot(Budget(300), guide=_Always(SWAP), margin=2.0), low) == SWAP
    guide = _Always(KEEP)
    IsmctsBot(guide=guide).reset(0, 2, {})
    assert guide.resets == 1


def test_spec_lists_keep_commas_inside_a_budget() -> None:
    """``--bots`` lists split on commas, but a budget's own commas stay with its spec."""
    assert split_specs("heuristic, ismcts:2000,900ms,hard:300,random", "loveletter") == [
        "heuristic",
        "ismcts:2000,900ms",
        "hard:300",
        "random",
    ]
    assert split_specs("ismcts:1500,model,heuristic", "loveletter") == [
        "ismcts:1500,model",
        "heuristic",
    ]
    # A part naming no bot after a spec without an argument is its own (unknown) spec.
    assert split_specs("random,,bogus", "highcard") == ["random", "bogus"]
    with pytest.raises(OptionError):
        make_bot(split_specs("ismcts:300,bogus", "highcard")[0], "highcard")


class _FreshChoices(HighCardState):
    """The toy game answering with new (equal) action objects every time it is asked."""

    def legal_actions(self) -> list[Action]:
        return [Choice(a.swap) for a in super().legal_actions() if isinstance(a, Choice)]


def _root_figures(state: State) -> tuple[list[tuple[str, int, float, int]], int]:
    bot = IsmctsBot(Budget(400))
    seat = state.to_act
    assert seat is not None
    root = bot.search(observe(bot, state, seat, Rng(3)), Rng(4))
    figures = sorted((str(a), c.visits, c.total, c.available) for a, c in root.children.items())
    return figures, bot.stats.nodes


def test_children_are_found_by_equality_when_actions_are_new_objects() -> None:
    """A game whose legal answers are new objects each time searches exactly as one whose
    answers are the same objects: nodes look children up by identity only as a shortcut,
    and remember a bounded number of identities."""
    interned = HIGHCARD.new(4, {"copies": 3}, 5)
    fresh = _FreshChoices(HIGHCARD, 4, dict(interned.options), interned.seed, interned.rng.clone())
    assert isinstance(interned, HighCardState)
    fresh.hands, fresh.deck = list(interned.hands), list(interned.deck)
    assert fresh.legal_actions()[0] is not fresh.legal_actions()[0]
    assert _root_figures(fresh) == _root_figures(interned)
    bot = IsmctsBot(Budget(400))
    root = bot.search(observe(bot, fresh, 0, Rng(3)), Rng(4))
    assert len(root.by_id) <= len(root.children) + BY_ID_SLACK
