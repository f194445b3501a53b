"""Post-game analysis: known answers on stacked decks, equal options unmarked, fair play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine import Replay, ReplayError, Rng, State
from parlour.learn.analysis import (
    OptionEstimate,
    analyse,
    analysis_budget,
    estimate_options,
    mark_for,
)
from tests.games.loveletter.helpers import full_stack

BUDGET = analysis_budget(600)


def replay(top: list[str], actions: list[str]) -> Replay:
    """A two-player classic game of one round (one token wins) on a stacked deck."""
    stack = {"rounds": [full_stack("classic", top)], "first_player": 0}
    return Replay("loveletter", 2, {"edition": "classic", "tokens_to_win": 1}, 7, stack, actions)


# Set aside a Guard; seat 0 holds a Priest, seat 1 a Prince; then seat 0 draws a Guard, seat 1
# the Countess, seat 0 a Handmaid.
PRIEST_THEN_GUARD = ["guard", "priest", "prince", "guard", "countess", "handmaid"]


def actions_of(record: Replay) -> list[str]:
    """The canonical texts of the legal actions after the record's moves."""
    from parlour.games import get_game

    state = record.final_state(get_game("loveletter"))
    return [str(a) for a in state.legal_actions()]


def play(record: Replay, action: str) -> None:
    """Append a move, checking that it is legal there."""
    assert action in actions_of(record), (action, actions_of(record))
    record.actions.append(action)


def test_a_guard_naming_the_card_the_seat_saw_comes_out_best() -> None:
    """Seat 0 saw the Prince with its Priest: the Guard naming a Prince wins, nothing else."""
    record = replay(PRIEST_THEN_GUARD, [])
    play(record, "priest>p1")
    assert actions_of(record) == ["countess"]  # the Countess, held with a Prince, must go
    play(record, "countess")
    assert "guard>p1=5" in actions_of(record)
    play(record, "guard>p1=6")
    d = analyse(record, 0, budget=BUDGET).decisions[-1]
    assert d.best == "guard>p1=5"
    assert d.best_win == pytest.approx(1.0)
    assert d.chosen == "guard>p1=6"
    assert d.cost > 0.2
    assert d.mark == "blunder"


def test_a_baron_against_a_card_the_seat_knows_is_lower_comes_out_best() -> None:
    """Seat 0 keeps the King, saw a Handmaid with its Priest, then draws a Baron: Baron wins."""
    record = replay(["guard", "priest", "handmaid", "king", "guard", "baron"], [])
    play(record, "priest>p1")
    play(record, "guard>p0=8")  # seat 1 names a Princess seat 0 does not hold
    assert sorted(actions_of(record)) == ["baron>p1", "king>p1"]
    play(record, "king>p1")
    d = analyse(record, 0, budget=BUDGET).decisions[-1]
    assert {o.action for o in d.options} == {"baron>p1", "king>p1"}
    assert d.best == "baron>p1"
    assert d.best_win == pytest.approx(1.0)
    assert d.chosen == "king>p1" and d.chosen_win < 0.5 and d.mark == "blunder"


def test_equal_options_are_not_marked() -> None:
    """A Prince and the Princess against a Handmaid: either way seat 0 is out; no mark."""
    record = replay(["guard", "prince", "handmaid", "guard", "guard", "princess"], [])
    play(record, "guard>p1=8")
    play(record, "handmaid")
    options = actions_of(record)
    assert len(options) == 2, options
    for played in options:
        moved = Replay(**{**vars(record), "actions": [*record.actions, played]})
        d = analyse(moved, 0, budget=BUDGET).decisions[-1]
        assert {o.win for o in d.options} == {0.0}
        assert d.chosen == played and d.cost == 0.0 and d.mark is None


def _option(win: float, visits: int, variance: float = 0.25, proven: str | None = None) -> Any:
    return OptionEstimate("x", win, visits, variance, proven)


def test_marks_need_the_threshold_at_the_low_end_of_the_interval() -> None:
    """docs/learn.md's rule: cost less two standard errors (observed variances) must reach a
    threshold; a proven option has none; equal options are never marked."""
    assert mark_for(_option(0.8, 10), _option(0.5, 10)) is None  # 2 errors: 0.45
    assert mark_for(_option(0.8, 1000), _option(0.5, 1000)) == "blunder"
    assert mark_for(_option(0.66, 1000), _option(0.5, 1000)) == "mistake"  # low end 0.115
    assert mark_for(_option(0.6, 1000), _option(0.5, 1000)) == "inaccuracy"
    assert mark_for(_option(0.56, 1000), _option(0.5, 1000)) is None  # low end 0.015
    assert mark_for(_option(0.54, 100_000), _option(0.5, 100_000)) is None
    assert mark_for(_option(0.9, 0), _option(0.5, 1000)) is None
    # Few visits, but both proven: the cost is exact.
    assert mark_for(_option(1.0, 3, 0.0, "win"), _option(0.0, 2, 0.0, "loss")) == "blunder"
    # A small observed variance narrows the interval.
    assert mark_for(_option(0.7, 40, 0.01), _option(0.45, 40, 0.01)) == "blunder"
    assert mark_for(_option(0.5, 40), _option(0.5, 40)) is None


def unfair_estimates() -> int:
    """Decisions where a world the seat cannot tell apart changes the estimates."""
    from parlour.games import get_game

    game = get_game("loveletter")
    checked = differed = unfair = 0
    for seed in range(3):
        state = game.new(3, {"edition": "classic"}, seed)
        rng = Rng(seed)
        while (seat := state.to_act) is not None and checked < 6 * (seed + 1):
            legal = state.legal_actions()
            if len(legal) > 1:
                real = estimate_options(state, seat, analysis_budget(60), Rng(99))
                for world in range(2):
                    other = state.determinize(seat, Rng(1000 + world))
                    differed += other.to_json() != state.to_json()
                    unfair += estimate_options(other, seat, analysis_budget(60), Rng(99)) != real
                checked += 1
            state.apply(rng.choice(legal))
    assert checked >= 6
    assert differed > 0  # the worlds did hide something from the seat
    return unfair


def test_analysing_never_reads_what_the_seat_could_not_know() -> None:
    """Worlds the seat cannot tell apart (determinize) give the very same estimates."""
    assert unfair_estimates() == 0


def test_the_fair_play_check_catches_a_search_of_the_real_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted fault: every sampled world is the real state; the check above must fail."""
    from parlour.bots.base import Observation

    real_observe = Observation.__init__

    def leaky(self: Observation, state: State, seat: int, **kwargs: Any) -> None:
        real_observe(self, state, seat, **kwargs)
        self._root = state.clone()

    monkeypatch.setattr(Observation, "__init__", leaky)
    monkeypatch.setattr(Observation, "sample", lambda self, rng: self._root.clone())
    assert unfair_estimates() > 0


def test_a_bad_seat_or_replay_is_a_clear_error() -> None:
    """A seat outside the table and an unknown game raise ReplayError with a catalog key."""
    record = replay(PRIEST_THEN_GUARD, [])
    with pytest.raises(ReplayError) as seat:
        analyse(record, 2)
    assert seat.value.key == "core.error.bad_seat"
    with pytest.raises(ReplayError):
        analyse(Replay("nonesuch", 2, {}, 1), 0)


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_cli_analyse_prints_the_decisions_and_draws_the_chart(tmp_path: Path, lang: str) -> None:
    """``parlour analyse`` shows a table and a summary and writes the plot file."""
    record = replay(PRIEST_THEN_GUARD, [])
    for action in ("priest>p1", "countess", "guard>p1=6"):
        play(record, action)
    path = tmp_path / "game.json"
    record.save(path)
    plot = tmp_path / "chart.png"
    out = CliRunner().invoke(
        app,
        [
            "analyse",
            str(path),
            "--seat",
            "0",
            "--iterations",
            "200",
            "--plot",
            str(plot),
            "--lang",
            lang,
        ],
    )
    assert out.exit_code == 0, out.output
    assert plot.stat().st_size > 0
    from parlour.engine.i18n import t

    summary = t("learn.analyse.summary", lang, inaccuracy=0, mistake=0, blunder=1)
    assert "".join(summary.split()) in "".join(out.output.split())  # the table may wrap lines
    bad = CliRunner().invoke(app, ["analyse", str(path), "--seat", "5", "--lang", lang])
    assert bad.exit_code == 2
    assert json.loads(path.read_text())["actions"] == record.actions


def test_sm_win_2_a_recruit_that_wins_the_game_comes_out_best() -> None:
    """SM-WIN-2, SM-WIN-3: last of the final round, only Jessica Jones (3 points) beats 16.

    Seat 1 met the condition first with 16 points and five cards. Seat 0 holds 14 points,
    every colour and a green token: Jessica Jones makes 17 and wins; Ronan makes 16, and the
    tie goes to seat 1's fewer cards; anything else leaves seat 0 on 14.
    """
    from parlour.learn.analysis import decide
    from tests.games.splendor_marvel.helpers import give_cards, give_tokens, legal_texts, new

    tier2 = ["t2-maria-hill", "t2-shuri", "t2-jessica-jones", "t2-ronan", "t2-punisher"]
    state = new(first=1, tiers={"2": tier2})
    give_cards(state, 1, "t3-vision", "t3-iron-fist", "t3-black-panther", "t3-nova")
    give_cards(state, 1, "t1-abomination")
    give_tokens(state, 1, green=1)
    give_cards(state, 0, "t3-green-goblin", "t3-gamora", "t2-groot", "t2-ghost-rider")
    give_cards(state, 0, "t1-gorgon")
    give_tokens(state, 0, green=1, yellow=4, grey=1)
    state.apply("take:blue,orange,red")  # seat 1 meets the condition: the final round
    assert state.to_act == 0 and (state.points(0), state.points(1)) == (14, 16)
    winning = []
    for text in legal_texts(state):  # the truth, by playing each option out
        after = state.clone()
        after.apply(text)
        assert after.result is not None
        winning += [text] if after.result.winners == (0,) else []
    assert winning == ["recruit:t2-3/grey=yellow1"]
    d = decide(state, 0, "recruit:t2-4", 2, BUDGET, Rng(5))
    assert d.best == "recruit:t2-3/grey=yellow1"
    assert d.best_win == pytest.approx(1.0)
    assert all(o.win == 0.0 for o in d.options if o.action != d.best)
    assert d.chosen == "recruit:t2-4" and d.cost == pytest.approx(1.0) and d.mark == "blunder"
