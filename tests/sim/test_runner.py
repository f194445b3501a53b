"""Batch simulation: reproducible whatever the worker count, with correct figures."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.engine import OptionError, Replay, seed_from
from parlour.games import get_game, replay_state
from parlour.sim.runner import GameSummary, SimulationReport, _summarise, save_replays, simulate
from parlour.sim.stats import wilson

BUILTIN = ("loveletter", "gauntlet", "splendor-marvel")


def _comparable(report: SimulationReport) -> dict[str, Any]:
    """The report without the figures that depend on timing and the pool."""
    data = report.to_json()
    for key in ("elapsed", "games_per_second", "workers"):
        data.pop(key)
    return data


def test_same_report_with_one_or_two_workers() -> None:
    one = simulate("highcard", [2, 3], 40, "random", {"copies": 3}, seed=11, workers=1)
    two = simulate("highcard", [2, 3], 40, "random", {"copies": 3}, seed=11, workers=2)
    assert one.workers == 1
    assert two.workers == 2
    assert _comparable(one) == _comparable(two)


@pytest.mark.parametrize("game_id", BUILTIN)
def test_same_report_with_one_or_two_workers_on_real_games(game_id: str) -> None:
    game = get_game(game_id)
    players = game.min_players
    one = simulate(game_id, players, 6, "random", {}, seed=3, workers=1)
    two = simulate(game_id, players, 6, "random", {}, seed=3, workers=2)
    assert _comparable(one) == _comparable(two)
    assert one.groups[0].mean_decisions > 0


def test_game_seeds_follow_seed_from_so_replays_reproduce_results() -> None:
    report = simulate("highcard", 3, 12, "random", {}, seed=5, workers=1, keep_replays=True)
    assert len(report.replays) == 12
    for index, data in enumerate(report.replays):
        replay = Replay.from_json(data)
        assert replay.seed == seed_from(5, index)
        assert replay.names == ["random"] * 3
    group = report.groups[0]
    wins = [0, 0, 0]
    for data in report.replays:
        result = replay_state(Replay.from_json(data)).result
        assert result is not None
        for seat in result.winners:
            wins[seat] += 1
    assert [r.wins for r in group.seats] == wins


def test_win_rates_carry_wilson_intervals_and_shared_wins_count_for_each_winner() -> None:
    report = simulate("highcard", 4, 60, "random", {}, seed=2, workers=1)
    group = report.groups[0]
    assert group.games == 60
    assert group.reasons == {"showdown": 60}
    assert group.mean_decisions == 4.0  # every seat acts once
    assert sum(r.wins for r in group.seats) >= 60  # ties share a win
    for rate in group.seats:
        assert rate.trials == 60
        assert rate.rate == pytest.approx(rate.wins / 60)
        assert (rate.low, rate.high) == wilson(rate.wins, 60)
    assert group.by_bot == []


def test_different_bots_get_a_row_each_over_all_their_seats() -> None:
    report = simulate("highcard", 3, 20, ["random", "random:x", "random"], {}, seed=1, workers=1)
    group = report.groups[0]
    assert group.bots == ["random", "random:x", "random"]
    by_bot = {r.label: r for r in group.by_bot}
    assert by_bot["random"].trials == 40
    assert by_bot["random"].wins == group.seats[0].wins + group.seats[2].wins
    assert by_bot["random:x"].trials == 20


def test_bots_from_a_function_of_the_player_count() -> None:
    report = simulate("highcard", [2, 4], 4, lambda n: ["random"] * n, {}, seed=1, workers=1)
    assert [g.players for g in report.groups] == [2, 4]
    assert [len(g.bots) for g in report.groups] == [2, 4]


def test_progress_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        "highcard",
        [2, 3],
        10,
        "random",
        {},
        seed=1,
        workers=1,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (20, 20)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize(
    ("bots", "players", "key"),
    [
        ("random,random", 3, "cli.error.bot_count"),
        ("nobody", 2, "core.error.unknown_bot"),
    ],
)
def test_bad_bot_specs_fail_before_any_game(bots: str, players: int, key: str) -> None:
    with pytest.raises(OptionError) as caught:
        simulate("highcard", players, 5, bots, {}, workers=1)
    assert caught.value.key == key


def test_bad_options_and_counts_fail_before_any_game() -> None:
    with pytest.raises(OptionError) as caught:
        simulate("highcard", 2, 5, "random", {"copies": 9}, workers=1)
    assert caught.value.key == "core.error.option_bad_value"
    with pytest.raises(OptionError) as caught:
        simulate("highcard", 7, 5, "random", {}, workers=1)
    assert caught.value.key == "core.error.player_count"
    with pytest.raises(OptionError):
        simulate("highcard", 2, 0, "random", {}, workers=1)


def test_summary_means_details_over_the_games_that_report_them() -> None:
    games = [
        GameSummary(0, 1, (0,), "tokens", 10, {"rounds": 3.0, "tokens": 7.0}),
        GameSummary(1, 2, (1,), "tokens", 20, {"rounds": 5.0}),
        GameSummary(2, 3, (0, 1), "deck", 30, {}),
    ]
    group = _summarise(2, ["a", "b"], {}, games)
    assert group.details == {"rounds": 4.0, "tokens": 7.0}
    assert group.reasons == {"tokens": 2, "deck": 1}
    assert group.mean_decisions == 20.0
    assert [r.wins for r in group.seats] == [2, 2]
    assert [r.label for r in group.by_bot] == ["a", "b"]


def test_report_json_is_plain_json(tmp_path: Any) -> None:
    report = simulate("highcard", [2, 3], 8, "random", {}, seed=4, workers=1, keep_replays=True)
    data = json.loads(json.dumps(report.to_json()))
    assert data["game"] == "highcard"
    assert data["games"] == 16
    assert "replays" not in data
    group = data["groups"][0]
    assert set(group) == {
        "players",
        "games",
        "bots",
        "options",
        "seats",
        "by_bot",
        "reasons",
        "mean_decisions",
        "details",
    }
    assert set(group["seats"][0]) == {"label", "trials", "wins", "rate", "low", "high"}
    assert group["options"] == {"copies": 2}
    paths = save_replays(report, tmp_path / "replays")
    assert sorted(p.name for p in paths)[:2] == ["highcard-2p-00000.json", "highcard-2p-00001.json"]
    assert len(paths) == 16
    assert Replay.load(paths[0]).players == 2
