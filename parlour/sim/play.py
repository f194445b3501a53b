"""Play one game between bots: the loop every runner, study and tournament shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import Action, Bot, Game, Replay, Result, State
from parlour.engine.playout import play_out


@dataclass
class PlayedGame:
    """What one bot game produced."""

    result: Result
    """How it ended."""
    moves: int
    """How many decisions were made."""
    final: State
    """The game's state at its end (game, options and seed are those it started with)."""
    actions: list[Action] = field(default_factory=list)
    """The actions applied, in order."""
    decisions: list[int] = field(default_factory=list)
    """Decisions made by each seat."""
    _opening: Replay | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def opening(self) -> Replay:
        """The record's header (game, options, seed), without its actions (made when first
        asked for: most batch games never need it)."""
        if self._opening is None:
            self._opening = Replay.start(self.final)
        return self._opening

    @property
    def replay(self) -> Replay:
        """The record, replayable exactly (built on demand: most batch games never need it)."""
        opening = self.opening
        opening.actions = [str(action) for action in self.actions]
        return opening


def play_game(
    game: Game,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int,
    bots: Sequence[Bot],
    *,
    record_events: bool = False,
    max_moves: int = 100_000,
    keep_actions: bool = True,
) -> PlayedGame:
    """Play a game from ``seed`` with one bot per seat; each bot sees only its observation.

    Bots draw their randomness by the seeding rule of :mod:`parlour.engine.playout` (the
    game's seed, the seat and the move number), so a game is reproducible, and a served
    game of the same seed and bots has the same moves. Without ``keep_actions`` the actions
    are not kept (``actions`` and the replay hold none: a tally of many games needs none).
    """
    if len(bots) != players:
        raise ValueError(f"need {players} bots, got {len(bots)}")
    state = game.new(players, options, seed)
    state.record_events = record_events
    resolved = state.options
    for index, bot in enumerate(bots):
        bot.reset(index, players, resolved)
    decisions = [0] * players
    actions = play_out(state, bots, max_moves=max_moves, counts=decisions, keep=keep_actions)
    result = state.result
    assert result is not None  # every seat has a bot, so play stops only at the end
    return PlayedGame(result, state.move_number, state, actions, decisions)
