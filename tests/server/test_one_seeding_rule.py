"""Bots decide by one seeding rule wherever they play: simulate, the terminal, RL, the server.

A game served one move at a time has the bot moves ``play_game`` (simulate's game) makes
from the same seed, and every runner's bot moves are the ones ``decide`` gives.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from rich.console import Console

import parlour.cli.play
import parlour.rl.single
import parlour.server.tables.bots
import parlour.sim.play
from parlour.bots.registry import make_bot
from parlour.engine import Action, Bot, RandomBot, Replay, State, playout
from parlour.engine.i18n import t
from parlour.games import get_game
from parlour.rl import make_single_env
from parlour.rl.core import Episode
from tests.server.conftest import add_bot, new_table, start

GAME = "loveletter"
SPECS = ("random", "easy", "random")
"""Bots whose moves depend on their generators at every decision."""


def _fresh_bots(seats: dict[int, str], players: int, options: dict[str, Any]) -> dict[int, Bot]:
    bots = {seat: make_bot(spec, GAME) for seat, spec in seats.items()}
    for seat, bot in bots.items():
        bot.reset(seat, players, options)
    return bots


def _differ(replay: Replay, seats: dict[int, str]) -> list[int]:
    """Where the record's bot moves differ from ``decide`` by the seeding rule."""
    state = replay.initial_state(get_game(replay.game))
    bots = _fresh_bots(seats, state.players, dict(state.options))
    return playout.bot_moves_differ(state, replay.actions, bots)


def _wait_over(client: TestClient, table: str) -> None:
    deadline = time.monotonic() + 30.0
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.02)


def _served(client: TestClient) -> tuple[Replay, dict[int, str]]:
    table, host = new_table(client, game=GAME, players=3, options={"tokens_to_win": 3})
    for seat, spec in enumerate(SPECS):
        add_bot(client, table, host, seat, spec)
    start(client, table, host)
    _wait_over(client, table)
    return Replay.from_json(client.get(f"/api/tables/{table}/record").json()), dict(
        enumerate(SPECS)
    )


def _simulated(seed: int = 11) -> tuple[Replay, dict[int, str]]:
    bots = [make_bot(spec, GAME) for spec in SPECS]
    played = parlour.sim.play.play_game(get_game(GAME), 3, {"tokens_to_win": 3}, seed, bots)
    return played.replay, dict(enumerate(SPECS))


def _first_choice(prompt: str) -> str:
    """The person's answer: yes to a warning, else the first choice the prompt offers
    (a menu's range starts at 1; the Guard's guess at the lowest value it may name)."""
    if prompt.startswith(t("cli.play.self_out", "en")):
        return "y"
    first = re.search(r"\((\d+)", prompt)
    return first.group(1) if first else "1"


def _terminal(tmp_path: Path) -> tuple[Replay, dict[int, str]]:
    path = tmp_path / "game.json"
    console = Console(file=io.StringIO(), width=100, color_system=None)
    parlour.cli.play.play_session(
        get_game(GAME),
        3,
        {"tokens_to_win": 3},
        0,
        list(SPECS[1:]),
        _first_choice,
        console,
        seed=12,
        save=path,
    )
    return Replay.load(path), {1: SPECS[1], 2: SPECS[2]}


def _rl(monkeypatch: pytest.MonkeyPatch) -> tuple[Replay, dict[int, str]]:
    taken: list[str] = []
    real_apply = Episode.apply

    def recording(self: Episode, code: int) -> list[float]:
        taken.append(str(self.state.action_space.action(code)))
        return real_apply(self, code)

    monkeypatch.setattr(Episode, "apply", recording)
    env = make_single_env(GAME, 3, seat=1, opponent=[SPECS[0], SPECS[2]], tokens_to_win=3)
    obs, _ = env.reset(seed=13)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, over, cut, _ = env.step(np.int64(legal[len(taken) % len(legal)]))
        done = over or cut
    episode = env.unwrapped.episode  # type: ignore[attr-defined]
    replay = Replay.start(episode.state)
    replay.seed, replay.actions = 13, taken
    return replay, {0: SPECS[0], 2: SPECS[2]}


RUNNERS = ("simulate", "terminal", "rl", "server")


@pytest.fixture
def record(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Any]]:
    """A function running one runner's game: its record and the bot spec of each bot seat."""
    monkeypatch: pytest.MonkeyPatch = request.getfixturevalue("monkeypatch")
    runner = request.param

    def run() -> tuple[Replay, dict[int, str]]:
        if runner == "simulate":
            return _simulated()
        if runner == "terminal":
            return _terminal(tmp_path)
        if runner == "rl":
            return _rl(monkeypatch)
        return _served(request.getfixturevalue("client"))

    yield run


@pytest.mark.parametrize("record", RUNNERS, indirect=True)
def test_every_runner_decides_by_the_seeding_rule(record: Callable[[], Any]) -> None:
    """Each bot move of each runner's game is the one ``decide`` gives at that move."""
    replay, seats = record()
    assert sum(1 for _ in replay.actions) > 10
    assert _differ(replay, seats) == []


def _misseeded(bot: Bot, state: State, seat: int, *rest: Any) -> Action:
    """``decide`` with the move number left out of the seed (the planted fault)."""
    rng = playout.bot_rng(state.seed, seat, 0)
    return bot.act(playout.observe(bot, state, seat, rng.spawn()), rng)


def _misseeded_play_out(state: State, bots: Any, **kwargs: Any) -> list[Action]:
    seats = bots if isinstance(bots, dict) else dict(enumerate(bots))
    actions = []
    while (seat := state.to_act) is not None and seat in seats:
        action = _misseeded(seats[seat], state, seat)
        state.apply(action)
        actions.append(action)
    return actions


def _misseeded_random(state: State, seat: int) -> Action:
    """``random_move`` seeded the same faulty way."""
    return _misseeded(RandomBot(), state, seat)


class _Playout:
    """Stands in for the engine's playout module at the server, with a faulty ``decide``
    (and ``random_move``, the random bots' pick)."""

    decide = staticmethod(_misseeded)
    random_move = staticmethod(_misseeded_random)


PLANTS: dict[str, tuple[object, str, object]] = {
    "simulate": (parlour.sim.play, "play_out", _misseeded_play_out),
    "terminal": (parlour.cli.play, "decide", _misseeded),
    "rl": (parlour.rl.single, "decide", _misseeded),
    "server": (parlour.server.tables.bots, "playout", _Playout),
}
"""Where each runner gets its bots' moves, and a stand-in that seeds them its own way."""


@pytest.mark.parametrize("record", RUNNERS, indirect=True)
def test_a_runner_seeding_its_own_way_is_caught(
    record: Callable[[], Any], request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planted fault: one runner seeds its bots without the move number; its moves differ."""
    target, name, fake = PLANTS[request.node.callspec.params["record"]]
    monkeypatch.setattr(target, name, fake)
    replay, seats = record()
    assert _differ(replay, seats) != []
