"""The registry of games. Each game package exposes ``GAME``, an instance of its Game, and
``RECORD``, its :class:`~parlour.engine.record.GameRecord` (the game and all its parts)."""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module
from importlib.util import find_spec

from parlour.engine import Game, OptionError, Replay, State
from parlour.engine.record import GameRecord

_BUILTIN: dict[str, str] = {
    "loveletter": "parlour.games.loveletter",
    "gauntlet": "parlour.games.gauntlet",
    "splendor-marvel": "parlour.games.splendor_marvel",
}
_LOADED: dict[str, Game] = {}
_RECORDS: dict[str, GameRecord] = {}


def register(game: Game | GameRecord) -> None:
    """Add a game, or a game's record (for games outside this package, and tests).

    A bare game gets a record without parts, unless it is one of the built-in games (a
    worker process is handed the games of its tasks): then it keeps its package's record.
    """
    if isinstance(game, GameRecord):
        record = game
    elif game.id in _BUILTIN and _importable(game.id):
        record = replace(import_module(_BUILTIN[game.id]).RECORD, game=game)
    else:
        record = GameRecord(game)
    _LOADED[record.id] = record.game
    _RECORDS[record.id] = record


def game_ids() -> list[str]:
    """Every game id that can be loaded, in a stable order."""
    ids = [i for i in _BUILTIN if _importable(i)]
    return ids + sorted(i for i in _LOADED if i not in _BUILTIN)


def _importable(game_id: str) -> bool:
    """Whether a built-in game's package is present (its import errors are not hidden)."""
    return find_spec(_BUILTIN[game_id]) is not None


def get_game(game_id: str) -> Game:
    """The game with this id (raises OptionError for an unknown one)."""
    if game_id in _LOADED:
        return _LOADED[game_id]
    module = _BUILTIN.get(game_id)
    if module is None:
        raise OptionError(
            "core.error.unknown_game", game=str(game_id)[:40], known=", ".join(_BUILTIN)
        )
    record: GameRecord = import_module(module).RECORD
    _LOADED[game_id] = record.game
    _RECORDS[game_id] = record
    return record.game


def game_record(game: str | Game) -> GameRecord:
    """The record of a game, by id or instance (raises OptionError for an unknown id).

    A game of the registered game's class (a copy sent to a worker process) has its record;
    a game that was never registered (a test's own) has a record without parts.
    """
    if isinstance(game, Game):
        known = _RECORDS.get(game.id)
        if known is not None and type(known.game) is type(game):
            return known
        if game.id in _BUILTIN and game.id not in _RECORDS:
            get_game(game.id)
            return game_record(game)
        return GameRecord(game)
    known_game = get_game(game)
    # A game put straight into the registry's table (as tests do) has a record without parts.
    return _RECORDS.get(game) or GameRecord(known_game)


def game_package(game_id: str) -> str:
    """The module name of a game's package (where its ``GAME`` and ``RECORD`` live)."""
    return _BUILTIN.get(game_id) or game_record(game_id).package


def all_games() -> list[Game]:
    """Every loadable game."""
    return [get_game(i) for i in game_ids()]


def replay_state(replay: Replay) -> State:
    """The final state of a replay, looking its game up in the registry."""
    return replay.final_state(get_game(replay.game))
