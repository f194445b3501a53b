"""Play one game between bots: the loop every runner, study and tournament shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.bots.base import Bot
from parlour.engine import Action, Game, Replay, Result, Rng, seed_from


@dataclass
class PlayedGame:
    """What one bot game produced."""

    result: Result
    """How it ended."""
    moves: int
    """How many decisions were made."""
    opening: Replay
    """The record's header (game, options, seed), without its actions."""
    actions: list[Action] = field(default_factory=list)
    """The actions applied, in order."""
    decisions: list[int] = field(default_factory=list)
    """Decisions made by each seat."""

    @property
    def replay(self) -> Replay:
        """The record, replayable exactly (built on demand: most batch games never need it)."""
        self.opening.actions = [str(action) for action in self.actions]
        return self.opening


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
    opening = Replay.start(state)
    actions: list[Action] = []
    rngs = [Rng(seed_from(seed, "bot", seat)) for seat in range(players)]
    for index, bot in enumerate(bots):
        bot.reset(index, players, state.options)
    decisions = [0] * players
    while (seat := state.to_act) is not None:
        if state.move_number >= max_moves:
            raise RuntimeError(f"game {game.id} seed {seed} did not end in {max_moves} moves")
        bot = bots[seat]
        rng = rngs[seat]
        if bot.samples:
            obs = bot.observe(state, seat, rng.spawn())
        else:
            # Only a sampling observation uses its generator; skipping the draw keeps the
            # bot's own stream where a spawn would have left it.
            rng.skip()
            obs = bot.observe(state, seat)
        action = bot.act(obs, rng)
        state.apply(action)
        actions.append(action)
        decisions[seat] += 1
    result = state.result
    assert result is not None  # to_act is None only when the game is over
    return PlayedGame(result, state.move_number, opening, actions, decisions)
