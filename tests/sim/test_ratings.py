"""Ratings: winners gain, losers lose, order of the games is the only order that matters."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.sim.ratings import MU, SIGMA, rate


def test_unplayed_bots_keep_the_default_rating() -> None:
    ratings = rate(["a", "b"], [])
    assert {(r.label, r.mu, r.sigma, r.games) for r in ratings} == {
        ("a", MU, SIGMA, 0),
        ("b", MU, SIGMA, 0),
    }


def test_a_bot_that_always_wins_ranks_first_with_less_uncertainty() -> None:
    games = [(("a", "b"), (0,)), (("b", "a"), (1,))] * 10
    best, worst = rate(["b", "a"], games)
    assert best.label == "a"
    assert best.mu > MU > worst.mu
    assert best.sigma < SIGMA
    assert best.games == worst.games == 20
    assert best.ordinal == pytest.approx(best.mu - 3 * best.sigma)


def test_a_shared_win_is_a_tie_for_the_winners() -> None:
    """Team wins (every hero of a Gauntlet game, say) rank the winners equal."""
    ratings = {r.label: r for r in rate(["a", "b", "c"], [(("a", "b", "c"), (0, 1))])}
    assert ratings["a"].mu == pytest.approx(ratings["b"].mu)
    assert ratings["a"].mu > MU > ratings["c"].mu


def test_a_bot_in_several_seats_takes_the_mean_of_its_updates() -> None:
    ratings = {r.label: r for r in rate(["a", "b"], [(("a", "b", "a"), (0,))])}
    assert ratings["a"].games == 1
    # One seat of "a" won and one lost against "b": the mean lies between the two.
    alone = {r.label: r for r in rate(["a", "b", "c"], [(("a", "b", "c"), (0,))])}
    assert MU < ratings["a"].mu < alone["a"].mu


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.permutations([0, 1, 2]), st.integers(0, 2)), max_size=12))
def test_the_winner_gains_more_than_anyone_else(games: list[tuple[list[int], int]]) -> None:
    labels = ["a", "b", "c"]
    history: list[tuple[tuple[str, ...], tuple[int, ...]]] = []
    for order, winner in games:
        before = {r.label: r.mu for r in rate(labels, history)}
        lineup = tuple(labels[i] for i in order)
        history.append((lineup, (winner,)))
        after = {r.label: r.mu for r in rate(labels, history)}
        gain = {who: after[who] - before[who] for who in labels}
        assert gain[lineup[winner]] > 0
        # A loser tied with a stronger loser may even gain a little, never as much.
        assert all(gain[who] < gain[lineup[winner]] for who in labels if who != lineup[winner])
        assert sum(gain.values()) < gain[lineup[winner]]
