"""Hints: the hard bot's advice from the seat's knowledge only; known answers; fair play."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.bots.ismcts import Budget
from parlour.engine import Observation, Replay, Rng, State
from parlour.games import get_game
from parlour.learn.analysis import OptionEstimate
from parlour.learn.hints import Hint, HintSearch, hint_rng
from tests.games.loveletter.helpers import full_stack

BUDGET = Budget(300, None)
"""Iterations only: the same observation and generator give the same hint."""

# Set aside a Guard; seat 0 holds a Priest, seat 1 a Prince; seat 0 draws a Guard, seat 1
# the Countess, seat 0 a Handmaid (as in the analysis tests).
PRIEST_THEN_GUARD = ["guard", "priest", "prince", "guard", "countess", "handmaid"]


def stacked(actions: list[str]) -> State:
    """A two-player classic round (one token wins) on the stacked deck, after ``actions``."""
    stack = {"rounds": [full_stack("classic", PRIEST_THEN_GUARD)], "first_player": 0}
    record = Replay("loveletter", 2, {"edition": "classic", "tokens_to_win": 1}, 7, stack, actions)
    return record.final_state(get_game("loveletter"))


def test_a_guard_naming_the_card_the_seat_saw_is_the_hint() -> None:
    """Seat 0 saw the Prince with its Priest: the hint is the Guard naming a Prince, a sure
    win, shown first among at most three options with their chances."""
    state = stacked(["priest>p1", "countess"])
    assert state.to_act == 0
    hint = HintSearch(BUDGET).hint(state, 0, Rng(3))
    assert hint.best == "guard>p1=5" and hint.options[0].action == hint.best
    assert hint.options[0].win == pytest.approx(1.0)
    assert 1 < len(hint.options) <= 3 < hint.legal == len(state.legal_actions())
    assert [o.visits for o in hint.options] == sorted(
        (o.visits for o in hint.options), reverse=True
    )
    assert all(0.0 <= o.win <= 1.0 for o in hint.options)
    assert (hint.seat, hint.move) == (0, state.move_number)
    assert hint.to_json()["options"][0] == {
        "action": "guard>p1=5",
        "win": 1.0,
        "visits": hint.options[0].visits,
    }


def test_a_hint_is_the_same_when_asked_again_and_its_seed_is_public() -> None:
    """The generator comes from the table, the move and the seat (nothing hidden)."""
    state = stacked(["priest>p1", "countess"])
    search = HintSearch(BUDGET)
    assert search.hint(state, 0, hint_rng("t1", 4, 0)) == search.hint(
        state, 0, hint_rng("t1", 4, 0)
    )
    assert hint_rng("t1", 4, 0).random() != hint_rng("t1", 5, 0).random()


class RealCards(HintSearch):
    """Planted fault: the hint is worked out by playing each option out on the real state
    (every card known), not on what the seat knows."""

    PLAYOUTS = 4
    """Random games played out from each option (a few: the fault shows at once)."""

    def observe(self, state: State, seat: int, rng: Rng) -> Observation:
        """Keeps the real state beside the honest observation."""
        self.real = state.clone()
        return super().observe(state, seat, rng)

    def search(self, obs: Observation, rng: Rng) -> Hint:
        """Random play-outs of each option from the real state."""
        found = []
        for action in obs.legal:
            wins = 0
            for _ in range(self.PLAYOUTS):
                world = self.real.clone()
                world.apply(action)
                while world.result is None and world.to_act is not None:
                    world.apply(rng.choice(world.legal_actions()))
                wins += world.result is not None and obs.seat in world.result.winners
            found.append(OptionEstimate(str(action), wins / self.PLAYOUTS, self.PLAYOUTS))
        found.sort(key=lambda o: -o.win)
        return Hint(obs.seat, obs.move_number, found[0].action, tuple(found[:3]), len(obs.legal))


GAMES = [("loveletter", 3, {"edition": "classic"}), ("gauntlet", 2, {}), ("splendor-marvel", 2, {})]
"""Each game's hidden information: hands and the pile; Thanos's hand and the decks; the
decks' order and cards reserved blind."""


def unfair_hints(search: HintSearch, game_id: str, players: int, options: dict[str, Any]) -> int:
    """Decisions where a world the seat cannot tell apart (the same view, other hidden
    cards) changes the hint."""
    game = get_game(game_id)
    checked = differed = unfair = 0
    for seed in range(3):
        state = game.new(players, options, seed)
        rng = Rng(seed)
        while (seat := state.to_act) is not None and checked < 4 * (seed + 1):
            legal = state.legal_actions()
            if len(legal) > 1:
                real = search.hint(state, seat, Rng(99))
                for world in range(2):
                    other = state.determinize(seat, Rng(1000 + world))
                    assert other.view(seat) == state.view(seat)
                    differed += other.to_json() != state.to_json()
                    unfair += search.hint(other, seat, Rng(99)) != real
                if unfair:
                    return unfair  # one is enough (and only a differing world can show it)
                checked += 1
            state.apply(rng.choice(legal))
    assert checked >= 4
    assert differed > 0  # the worlds did hide something from the seat
    return unfair


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_a_hint_never_reads_what_the_seat_could_not_know(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Worlds the seat cannot tell apart give the very same hint."""
    assert unfair_hints(HintSearch(Budget(60, None)), game, players, options) == 0


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_the_fair_play_check_catches_a_hint_from_the_real_cards(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Planted fault: a hint worked out on the real state is caught by the check above."""
    assert unfair_hints(RealCards(Budget(60, None)), game, players, options) > 0
