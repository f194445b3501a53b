"""Bots see only their seat's view and the legal actions: every bot name, every game."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from parlour.bots.base import Bot, Observation
from parlour.bots.registry import bot_names, make_bot
from parlour.engine import Action, Game, Rng, State
from parlour.engine.playout import observe
from parlour.games import all_games, game_record
from tests.bots import fairness
from tests.bots.fairness import LeakCheck, decision, disagreements, leaks
from tests.support.highcard import GAME as HIGHCARD

GAMES: list[Game] = [HIGHCARD, *all_games()]
SEARCH_SPECS = {"ismcts": "ismcts:12", "hard": "hard:12"}
"""Search bots run with a small iteration budget here: decisions must be reproducible."""


def bot_makers(game: Game) -> dict[str, Callable[[], Bot]]:
    """Every bot name of a game, registry names and the game record's own ``bots``."""
    makers: dict[str, Callable[[], Bot]] = {
        name: partial(make_bot, SEARCH_SPECS.get(name, name), game.id)
        for name in bot_names(game.id)
    }
    for name, factory in game_record(game).bots.items():
        makers.setdefault(name, partial(factory, None))
    return makers


def decision_points(game: Game, seeds: int, every: int, limit: int) -> list[tuple[State, int]]:
    """States of seeded random games at which a seat must decide (and has a choice)."""
    points: list[tuple[State, int]] = []
    for players, options in game.sample_configs():
        for seed in range(seeds):
            rng = Rng(seed)
            state = game.new(players, options, seed)
            state.record_events = False
            taken = 0
            while (seat := state.to_act) is not None and taken < limit:
                legal = state.legal_actions()
                if len(legal) > 1 and state.move_number % every == seed % every:
                    points.append((state.clone(), seat))
                    taken += 1
                state.apply(rng.choice(legal))
    return points


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart(game: Game) -> None:
    """Hidden cards of other seats replaced (determinize): the same decision, same rng."""
    points = decision_points(game, seeds=2, every=3, limit=4)
    assert points
    makers = bot_makers(game)
    assert {"random", "ismcts", "easy", "normal", "hard"} <= set(makers)
    problems = []
    for name, make in makers.items():
        for i, (state, seat) in enumerate(points):
            for bad in disagreements(make, state, seat, i):
                problems.append(f"{name}: {bad}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_no_observation_reaches_the_real_state_or_its_hidden_cards(game: Game) -> None:
    """An observation holds only the view, the legal actions and a resampled root."""
    points = decision_points(game, seeds=2, every=4, limit=3)
    problems = []
    bots = {name: make() for name, make in bot_makers(game).items()}
    for i, (state, seat) in enumerate(points):
        check = LeakCheck(state, seat)
        for name, bot in bots.items():
            obs = observe(bot, state, seat, Rng(i))
            if obs._view is not None:
                assert obs.view == state.view(seat)
            else:  # a bot that never reads the view (the random bot) is not given one
                with pytest.raises(RuntimeError):
                    _ = obs.view
            problems += [f"{name} move {state.move_number}: {p}" for p in check.leaks(obs)]
    assert not problems, "\n".join(problems[:20])


# -- the checks can fail ----------------------------------------------------------------------


class _PeekingBot(Bot):
    """A cheat: plays by the hidden cards of the state a leaky runner handed it."""

    name = "peeking"
    state: State

    def act(self, obs: Observation, rng: Rng) -> Action:
        text = str(self.state.to_json())
        return obs.legal[sum(map(ord, text)) % len(obs.legal)]


def test_a_bot_that_reads_the_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same-decision check tells a cheat from an honest bot on the toy game.

    Planted fault: the runner hands each bot the state along with its observation.
    """

    def leaky(bot: Bot, state: State, seat: int, rng: Rng | None = None) -> Observation:
        bot.state = state  # type: ignore[attr-defined]
        return observe(bot, state, seat, rng)

    monkeypatch.setattr(fairness, "observe", leaky)
    points = decision_points(HIGHCARD, seeds=4, every=1, limit=4)
    caught = [
        p for i, (s, seat) in enumerate(points) for p in disagreements(_PeekingBot, s, seat, i)
    ]
    assert caught
    honest = [
        p
        for i, (s, seat) in enumerate(points)
        for p in disagreements(lambda: make_bot("ismcts:12", "highcard"), s, seat, i)
    ]
    assert not honest


@pytest.mark.parametrize("how", ["state", "json", "list", "root"])
def test_a_leaky_observation_is_caught(how: str) -> None:
    """The reachability check finds the real state, its data, or a copy of its hidden cards."""
    state = HIGHCARD.new(3, {}, 5)
    obs = observe(make_bot("ismcts:4", "highcard"), state, 0, Rng(1))
    assert leaks(obs, state, 0) == []
    extra: Any = {
        "state": state,
        "json": state.to_json(),
        "list": state.hands,
        "root": None,
    }[how]
    if how == "root":
        obs._root = state.clone()
    else:
        obs._view = {**obs.view, "extra": extra}
    assert leaks(obs, state, 0)


def test_decision_helper_is_reproducible() -> None:
    """The same bot, state and seed give the same decision (the premise of the checks)."""
    state = HIGHCARD.new(2, {}, 3)
    bot = make_bot("ismcts:30", "highcard")
    assert decision(bot, state, 0, 9) == decision(bot, state, 0, 9)
