"""The generic hidden-information checks catch what they claim to: each fault planted here
(in the toy game, or patched into a real game) must make them fail.

The first fault, a view holding the whole state with a ``determinize`` that returns a copy,
passes the older check (a view must survive ``determinize``) at every decision: that check
alone proved nothing, which is why each game now declares its hidden places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from parlour.engine import Action, Event, Game, Place, Rng, State
from parlour.games import all_games
from tests.support.highcard import HighCard, HighCardState
from tests.support.protocol_checks import check_random_game, check_views
from tests.support.secrecy import (
    Tally,
    check_hidden_events,
    check_hidden_views,
    tally_determinize,
)


class WholeStateView(HighCardState):
    """Shows every seat the whole state; its determinize changes nothing, so they agree."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self.to_json()

    def determinize(self, seat: int, rng: Rng) -> HighCardState:
        return self.clone()


class LazyDeterminize(HighCardState):
    """Views are right, but ``determinize`` hands the real deal to search bots."""

    def determinize(self, seat: int, rng: Rng) -> HighCardState:
        world = self.clone()
        world.rng = rng.spawn()
        return world


class TellingEvents(HighCardState):
    """The drawn card's event goes to everyone, though the view shows it to its owner only."""

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        return [Event(e.kind, e.data) if e.kind == "drew" else e for e in events]


class TellingOwnCard(HighCardState):
    """Keeping tells everyone the card kept: the actor's own card, which the actor may
    see, so an older check that varied only what the actor cannot see never changed it."""

    def _apply(self, action: Action) -> list[Event]:
        kept = self.hands[self.to_act] if self.to_act is not None else None
        events = super()._apply(action)
        if str(action) == "keep" and not self.is_over:
            events.append(Event("kept", {"value": kept}))
        return events


class PinsOneOpponent(HighCardState):
    """``determinize`` redeals every hidden card but the next opponent's, kept as it really
    is: at three players half the hands vary, which the older average per kind let pass."""

    def determinize(self, seat: int, rng: Rng) -> HighCardState:
        world = super().determinize(seat, rng)
        pinned = (seat + 1) % self.players
        real = self.hands[pinned]
        if world.hands[pinned] != real:
            swap = world.deck.index(real) if real in world.deck else None
            if swap is not None:
                world.deck[swap] = world.hands[pinned]
            else:
                other = next(
                    s
                    for s in range(self.players)
                    if s not in (seat, pinned) and world.hands[s] == real
                )
                world.hands[other] = world.hands[pinned]
            world.hands[pinned] = real
        return world


class NothingHidden(HighCardState):
    """Declares that no seat misses anything: every check over hidden places is vacuous."""

    def hidden(self, seat: int | None) -> list[list[Place]]:
        return []


class NoSuchPlace(HighCardState):
    """Declares a place its JSON form does not have."""

    def hidden(self, seat: int | None) -> list[list[Place]]:
        return [[("hand", 0), *super().hidden(seat)[0]]] if super().hidden(seat) else []


def _game(state_class: type[HighCardState]) -> Game:
    class Planted(HighCard):
        """The toy game with one fault planted."""

    Planted.state_class = state_class
    return Planted()


def _play(game: Game, seeds: int = 6) -> None:
    """The every-game suite's checks over a few seeds, as test_every_game runs them."""
    tally = Tally()
    for players, options in game.sample_configs():
        for seed in range(seeds):
            check_random_game(game, players, options, seed, deep_every=1, tally=tally)
    tally.check()


def test_the_toy_game_as_it_is_passes() -> None:
    """Without a planted fault the same checks pass (so the failures below are the faults')."""
    _play(_game(HighCardState))


def test_a_view_of_the_whole_state_passed_the_older_check_and_fails_now() -> None:
    game = _game(WholeStateView)
    for seed in range(6):  # the older check: a view must survive determinize
        state = game.new(3, {}, seed)
        rng = Rng(seed)
        while state.to_act is not None:
            check_views(state, rng)
            state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(AssertionError, match=r"view\(\w+\) shows hidden places"):
        _play(game)


def test_a_determinize_that_deals_the_real_cards_fails() -> None:
    with pytest.raises(AssertionError, match="determinize leaves hidden places as they are"):
        _play(_game(LazyDeterminize))


def test_an_event_telling_everyone_a_hidden_card_fails() -> None:
    with pytest.raises(AssertionError, match="in its events but not in its view"):
        _play(_game(TellingEvents))


def test_an_event_telling_everyone_the_actors_own_card_fails() -> None:
    with pytest.raises(AssertionError, match="in its events but not in its view"):
        _play(_game(TellingOwnCard))


def test_a_determinize_that_pins_one_opponents_real_hand_fails() -> None:
    tally = Tally()
    game = _game(PinsOneOpponent)
    for seed in range(6):
        check_random_game(game, 3, {}, seed, deep_every=1, tally=tally)
    assert not any(
        tally.varied[key] < 0.5 * n for key, n in tally.changeable.items()
    )  # the average per kind alone lets it pass
    with pytest.raises(AssertionError, match="determinize pins hidden places"):
        tally.check()


def test_declaring_nothing_hidden_fails() -> None:
    with pytest.raises(AssertionError, match="no hidden place could ever change"):
        _play(_game(NothingHidden))


def test_declaring_a_place_the_state_lacks_fails() -> None:
    with pytest.raises(AssertionError, match=r"names \('hand', 0\): no such place"):
        _play(_game(NoSuchPlace))


GAMES = all_games()


def _decisions(planted: type[State], game: Game, seed: int = 0) -> Iterator[tuple[State, Action]]:
    """The decisions of one random game at its fewest players, with the action taken.

    The game is played on ``planted``, a subclass of the game's state class.
    """
    state = game.new(game.min_players, {}, seed)
    if planted.codec is not None:
        state = planted.from_json(game, state.to_json())
    else:  # a state class written by hand in Python (the toy game's) can change class
        state.__class__ = planted
    rng = Rng(seed)
    while state.to_act is not None:
        action = rng.choice(state.legal_actions())
        yield state, action
        state.apply(action)


def _planted(game: Game, name: str, wrap: Callable[[Any], Any]) -> type[State]:
    """The game's state class with one method wrapped: a subclass, not a patched class, since
    the compiled build's own calls would not see a method patched into a compiled class."""
    cls = type(game.new(game.min_players, {}, 0))
    planted: type[State] = type(f"Planted{cls.__name__}", (cls,), {name: wrap(getattr(cls, name))})
    return planted


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_real_game_whose_view_shows_its_hidden_places_fails(game: Game) -> None:
    """The declaration of every built-in game names places its view really hides."""

    def wrap(view: Callable[[State, int | None], dict[str, Any]]) -> Any:
        return lambda self, seat: {**view(self, seat), "leak": self.to_json()}

    planted = _planted(game, "_view", wrap)
    with pytest.raises(AssertionError, match="shows hidden places"):
        for state, _action in _decisions(planted, game):
            check_hidden_views(state, Rng(1))


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_real_game_whose_events_tell_its_hidden_places_fails(game: Game) -> None:
    """An extra public event carrying the whole state is caught in every built-in game."""

    def wrap(apply: Callable[[State, Action], list[Event]]) -> Any:
        return lambda self, action: [*apply(self, action), Event("leak", self.to_json())]

    planted = _planted(game, "_apply", wrap)
    with pytest.raises(AssertionError, match="in its events but not in its view"):
        for state, action in _decisions(planted, game):
            check_hidden_events(state, [action], Rng(1))


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_real_game_whose_determinize_deals_the_real_cards_fails(game: Game) -> None:
    def wrap(determinize: Callable[[State, int, Rng], State]) -> Any:
        def lazy(self: State, seat: int, rng: Rng) -> State:
            world = self.clone()
            world.rng = rng.spawn()
            return world

        return lazy

    planted = _planted(game, "determinize", wrap)
    tally = Tally()
    for state, _action in _decisions(planted, game):
        tally_determinize(state, tally)
    with pytest.raises(AssertionError, match="determinize leaves hidden places as they are"):
        tally.check()
