"""Play one game between bots: the loop every runner, study and tournament shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.bots.base import Bot
from parlour.engine import Game, Replay, Result, Rng, seed_from


@dataclass
class PlayedGame:
    """What one bot game produced."""

    result: Result
    """How it ended."""
    moves: int
    """How many decisions were made."""
    replay: Replay
    """The record, replayable exactly."""
    decisions: list[int] = field(default_factory=list)
    """Decisions made by each seat."""


def play_game(
    game: Game,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int,
    bots: Sequence[Bot],
    *,
    record_events: bool = False,
    max_moves: int = 100_000,
) -> PlayedGame:
    """Play a game from ``seed`` with one bot per seat; each bot sees only its observation.

    Bot randomness is derived from ``seed`` and the seat, so a game is reproducible.
    """
    if len(bots) != players:
        raise ValueError(f"need {players} bots, got {len(bots)}")
    state = game.new(players, options, seed)
    state.record_events = record_events
    replay = Replay.start(state)
    rngs = [Rng(seed_from(seed, "bot", seat)) for seat in range(players)]
    for index, bot in enumerate(bots):
        bot.reset(index, players, state.options)
    decisions = [0] * players
    while (seat := state.to_act) is not None:
        if state.move_number >= max_moves:
            raise RuntimeError(f"game {game.id} seed {seed} did not end in {max_moves} moves")
        bot = bots[seat]
        obs = bot.observe(state, seat, rngs[seat].spawn())
        action = bot.act(obs, rngs[seat])
        state.apply(action)
        replay.actions.append(str(action))
        decisions[seat] += 1
    result = state.result
    assert result is not None  # to_act is None only when the game is over
    return PlayedGame(result, state.move_number, replay, decisions)
