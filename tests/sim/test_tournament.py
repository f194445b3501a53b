"""Tournaments: the schedule shares seats fairly, the figures add up, results repeat."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import OptionError, Replay, seed_from
from parlour.games import get_game, replay_state
from parlour.sim.runner import simulate
from parlour.sim.tournament import TournamentReport, schedule, tournament

BOTS = ["random", "random:a", "random:b", "random:c", "random:d"]


def _comparable(report: TournamentReport) -> dict[str, Any]:
    """The report without the figures that depend on timing and the pool."""
    data = report.to_json()
    for key in ("elapsed", "workers", "backend"):
        data.pop(key)
    return data


@settings(max_examples=40, deadline=None)
@given(bots=st.integers(2, 5), players=st.integers(2, 4))
def test_every_bot_sits_in_every_seat_equally_often_over_a_cycle(bots: int, players: int) -> None:
    specs = BOTS[:bots]
    cycle = schedule(specs, players)
    assert all(len(lineup) == players for lineup in cycle)
    seats = Counter((spec, seat) for lineup in cycle for seat, spec in enumerate(lineup))
    for spec in specs:
        counts = {seats[(spec, seat)] for seat in range(players)}
        assert len(counts) == 1 and counts != {0}, (spec, counts)
    if bots > players:
        # Round-robin: every subset of bots forms a lineup once, in each rotation.
        lineups = Counter(frozenset(lineup) for lineup in cycle)
        assert all(n == players for n in lineups.values())
        assert all(len(lineup) == players for lineup in lineups)


def test_fewer_bots_than_seats_take_the_seats_in_turn() -> None:
    assert schedule(["a", "b"], 4) == [
        ("a", "b", "a", "b"),
        ("b", "a", "b", "a"),
        ("a", "b", "a", "b"),
        ("b", "a", "b", "a"),
    ]
    assert schedule(["a", "b", "c"], 3, "round-robin") == schedule(["a", "b", "c"], 3)


@pytest.mark.parametrize(
    ("bots", "players", "mode", "key"),
    [
        (["random"], 2, None, "cli.error.tournament_bots"),
        (["random", "random"], 2, None, "cli.error.tournament_bots"),
        (["a", "b", "c"], 2, "rotate", "cli.error.tournament_seats"),
        (["a", "b"], 2, "swiss", "cli.error.tournament_mode"),
    ],
)
def test_unfit_schedules_are_refused(
    bots: list[str], players: int, mode: str | None, key: str
) -> None:
    with pytest.raises(OptionError) as caught:
        schedule(bots, players, mode)
    assert caught.value.key == key


def test_bad_bots_options_and_counts_fail_before_any_game() -> None:
    with pytest.raises(OptionError) as caught:
        tournament("highcard", 2, ["random", "nobody"], 4, workers=1)
    assert caught.value.key == "core.error.unknown_bot"
    with pytest.raises(OptionError) as caught:
        tournament("highcard", 2, ["random", "random:x"], 0, workers=1)
    assert caught.value.key == "cli.error.bad_games"
    with pytest.raises(OptionError) as caught:
        tournament("highcard", 2, ["random", "random:x"], 4, {"copies": 9}, workers=1)
    assert caught.value.key == "core.error.option_bad_value"


def test_same_report_with_one_or_two_workers() -> None:
    one = tournament("highcard", 3, BOTS[:4], 24, {"copies": 3}, seed=7, workers=1)
    two = tournament("highcard", 3, BOTS[:4], 24, {"copies": 3}, seed=7, workers=2)
    assert one.workers == 1
    assert two.workers == 2
    assert _comparable(one) == _comparable(two)
    assert one.mode == "round-robin"
    assert one.cycle == 12 and one.balanced


def test_figures_match_the_games_replayed_from_their_seeds() -> None:
    """Game i plays lineup i mod cycle from seed_from(seed, i): its replay gives its winners."""
    report = tournament("highcard", 3, ["random", "random:x"], 18, seed=4, workers=1)
    cycle = schedule(["random", "random:x"], 3)
    for index, lineup in enumerate(report.lineups):
        assert tuple(lineup) == cycle[index % len(cycle)]
    # Random bots ignore the spec's argument, so the same seeds give the same games.
    replayed = simulate("highcard", 3, 18, "random", {}, seed=4, workers=1, keep_replays=True)
    for index, raw in enumerate(replayed.replays):
        replay = Replay.from_json(raw)
        assert replay.seed == seed_from(4, index)
        result = replay_state(replay).result
        assert result is not None
        assert report.winners[index] == list(result.winners)


def test_win_rates_head_to_head_and_ratings_add_up() -> None:
    report = tournament("highcard", 2, ["random", "random:x", "random:y"], 30, seed=2, workers=1)
    assert report.mode == "round-robin"
    assert report.cycle == 6
    by_label = {s.label: s for s in report.standings}
    for spec, standing in by_label.items():
        seat_games = [
            (i, seat)
            for i, lineup in enumerate(report.lineups)
            for seat, who in enumerate(lineup)
            if who == spec
        ]
        wins = sum(1 for i, seat in seat_games if seat in report.winners[i])
        assert standing.wins.trials == len(seat_games) == 20
        assert standing.wins.wins == wins
        assert sum(r.trials for r in standing.seats) == 20
        assert [r.trials for r in standing.seats] == [10, 10]
        assert standing.rating["ordinal"] == pytest.approx(
            standing.rating["mu"] - 3 * standing.rating["sigma"]
        )
    assert [s.rating["ordinal"] for s in report.standings] == sorted(
        (s.rating["ordinal"] for s in report.standings), reverse=True
    )
    assert len(report.head_to_head) == 3
    for h in report.head_to_head:
        assert h.games == 10
        met = [
            i for i, lineup in enumerate(report.lineups) if h.first in lineup and h.second in lineup
        ]
        won = [{report.lineups[i][seat] for seat in report.winners[i]} for i in met]
        assert h.first_wins == sum(1 for w in won if h.first in w and h.second not in w)
        assert h.second_wins == sum(1 for w in won if h.second in w and h.first not in w)
        assert h.first_wins + h.second_wins <= h.games
    data = json.loads(json.dumps(report.to_json()))
    assert data["rating_model"] == "openskill.PlackettLuce"
    assert len(data["results"]) == 30


def test_a_stronger_bot_ranks_first_in_a_real_game() -> None:
    game = get_game("loveletter")
    report = tournament(game.id, 2, ["random", "heuristic"], 16, seed=1, workers=1)
    assert report.standings[0].label == "heuristic"
    best = report.standings[0]
    assert best.wins.rate > 0.5
    assert report.head_to_head[0].first == "random"
    assert report.head_to_head[0].share < 0.5
