"""Bots see only their seat's view and the legal actions: every bot name, every game."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from parlour.bots.base import Bot, Observation
from parlour.bots.ismcts import Budget
from parlour.bots.registry import bot_names, make_bot
from parlour.engine import Action, Game, Rng, State
from parlour.engine.playout import observe
from parlour.games import all_games, game_record
from parlour.games.loveletter import GAME as LOVE_LETTER
from parlour.games.loveletter.game import LoveLetterPlay
from parlour.games.loveletter.state import KEPT, LoveLetterState
from parlour.learn.analysis import estimate_options
from parlour.learn.hints import HintSearch
from tests.bots import fairness
from tests.bots.fairness import (
    LeakCheck,
    Loader,
    Twins,
    bot_output,
    decision,
    leaks,
    outputs_differ,
    twin_points,
    worlds_differ,
)
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


def twins_of(game: Game, load: Loader | None = None, seeds: int = 2) -> list[Twins]:
    """Twin decisions of a few seeded games of a 2-player and a 4-player configuration."""
    configs = [c for c in game.sample_configs() if c[0] in (2, 4)][:2] or game.sample_configs()[:1]
    points: list[Twins] = []
    for players, options in configs:
        for seed in range(seeds):
            found = twin_points(game, players, options, seed, load=load)
            points += found[:: max(1, len(found) // 4)][:4]  # spread along the game
    return points


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_sampled_worlds_are_the_same_in_twins_a_seat_cannot_tell_apart(game: Game) -> None:
    """Two stacked decks that differ only in cards the seat never saw: the same worlds."""
    points = twins_of(game)
    assert len(points) >= 4
    problems = worlds_differ(points)
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_bot_decides_the_same_in_twins_a_seat_cannot_tell_apart(game: Game) -> None:
    """Every bot, the same seed, twins from stacked decks: the same decision."""
    points = twins_of(game)
    makers = bot_makers(game)
    assert {"random", "ismcts", "easy", "normal", "hard"} <= set(makers)
    problems = []
    for name, make in makers.items():
        problems += [f"{name}: {p}" for p in outputs_differ(points, bot_output(make))]
    assert not problems, "\n".join(problems[:20])


def _hint(state: State, seat: int, seed: int) -> object:
    return HintSearch(Budget(24)).hint(state, seat, Rng(seed)).to_json()


def _analysis(state: State, seat: int, seed: int) -> object:
    return estimate_options(state, seat, Budget(24), Rng(seed))


@pytest.mark.parametrize("game", GAMES[1:], ids=[g.id for g in GAMES[1:]])
def test_hints_and_analysis_are_the_same_in_twins_a_seat_cannot_tell_apart(game: Game) -> None:
    """A hint and an analysis of a decision see only the seat's knowledge: the same output."""
    points = twins_of(game)
    problems = outputs_differ(points, _hint) + outputs_differ(points, _analysis)
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
        text = str(self.state.to_json()).encode()
        return obs.legal[int(hashlib.sha256(text).hexdigest(), 16) % len(obs.legal)]


def test_a_bot_that_reads_the_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin check tells a cheat from an honest bot on the toy game.

    Planted fault: the runner hands each bot the state along with its observation.
    """

    def leaky(bot: Bot, state: State, seat: int, rng: Rng | None = None) -> Observation:
        bot.state = state  # type: ignore[attr-defined]
        return observe(bot, state, seat, rng)

    monkeypatch.setattr(fairness, "observe", leaky)
    points = [p for seed in range(4) for p in twin_points(HIGHCARD, 3, {}, seed)]
    assert outputs_differ(points, bot_output(_PeekingBot))
    honest = partial(make_bot, "ismcts:12", "highcard")
    assert not outputs_differ(points, bot_output(honest))


class _PeekingWorlds(LoveLetterPlay):
    """A planted fault: sampled worlds keep the real hands."""

    def determinize(self, seat: int, rng: Rng) -> LoveLetterState:
        world = super().determinize(seat, rng)
        world.hand = list(self.hand)
        return world


class _HiddenVersions(LoveLetterPlay):
    """A planted fault: a hand version unchanged when its player kept it, a fact only that
    player knows, copied into every sampled world and weighing facts and plausibility."""

    def _played_beside(self, seat: int, kind: int, kept: bool) -> None:
        if not kept:
            super()._played_beside(seat, kind, kept)
            return
        self.facts.append((KEPT, seat, self.hv[seat], kind, 0))


@pytest.mark.parametrize("fault", [_PeekingWorlds, _HiddenVersions])
def test_a_leaky_determinize_is_caught(fault: type[LoveLetterPlay]) -> None:
    """Twins from stacked decks catch sampled worlds that depend on hidden data (the hidden
    hand versions only there: what they change, the search reads rarely); the honest game
    passes the same points."""
    points = twins_of(LOVE_LETTER, load=partial(fault.from_json, LOVE_LETTER))
    assert worlds_differ(points)
    if fault is _PeekingWorlds:
        hard = bot_output(partial(make_bot, "hard:12", LOVE_LETTER.id))
        assert outputs_differ(points, hard)
        assert outputs_differ(points, _hint)
    assert not worlds_differ(twins_of(LOVE_LETTER))


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
