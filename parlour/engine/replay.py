"""Replay files: a game is replayed exactly from (game, players, options, seed, stack, actions)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.engine.errors import ReplayError
from parlour.engine.events import Event
from parlour.engine.playout import replay_actions
from parlour.engine.state import Game, State

FORMAT = "parlour-replay"
VERSION = 1


@dataclass
class Replay:
    """A game record: its setup and the ordered actions (as canonical text)."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    stack: Any = None
    actions: list[str] = field(default_factory=list)
    names: list[str] | None = None

    @classmethod
    def start(cls, state: State, stack: Any = None) -> Replay:
        """A record for a state just built by ``Game.new``."""
        return cls(state.game.id, state.players, dict(state.options), state.seed, stack)

    def to_json(self) -> dict[str, Any]:
        """The replay file's content."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.stack is not None:
            out["stack"] = self.stack
        if self.names is not None:
            out["names"] = list(self.names)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Replay:
        """Read a replay file's content; a malformed one raises :class:`ReplayError`."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise ReplayError("core.error.replay_not_replay")
        if data.get("version") != VERSION:
            raise ReplayError("core.error.replay_version", version=str(data.get("version")))
        try:
            game = data["game"]
            players = data["players"]
            options = data.get("options", {})
            seed = data["seed"]
            actions = data.get("actions", [])
            names = data.get("names")
        except KeyError as missing:
            raise ReplayError("core.error.replay_missing", field=str(missing)) from None
        if (
            not isinstance(game, str)
            or isinstance(players, bool)
            or not isinstance(players, int)
            or not isinstance(options, dict)
            or isinstance(seed, bool)
            or not isinstance(seed, int)
            or not isinstance(actions, list)
            or not all(isinstance(a, str) for a in actions)
            or (names is not None and not isinstance(names, list))
        ):
            raise ReplayError("core.error.replay_malformed")
        return cls(game, players, options, seed, data.get("stack"), list(actions), names)

    def save(self, path: str | Path) -> None:
        """Write the replay as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a replay file (a missing, unreadable or corrupt file raises ReplayError)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ReplayError(
                "core.error.replay_unreadable", path=str(path), reason=str(exc)
            ) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError("core.error.replay_bad_json", line=exc.lineno) from None
        return cls.from_json(data)

    def initial_state(self, game: Game) -> State:
        """The opening state of the record."""
        if game.id != self.game:
            raise ReplayError("core.error.replay_wrong_game", game=self.game, expected=game.id)
        return game.new(self.players, self.options, self.seed, self.stack)

    def steps(self, game: Game) -> Iterator[tuple[State, str, list[Event]]]:
        """Replay the record: yields (state after, action text, events) for every action."""
        state = self.initial_state(game)
        for step, text in zip(replay_actions(state, self.actions), self.actions, strict=False):
            yield state, text, step.events

    def final_state(self, game: Game) -> State:
        """The state after every action of the record."""
        final = self.initial_state(game)
        for final, _, _ in self.steps(game):  # noqa: B007 (the last one is the answer)
            pass
        return final
