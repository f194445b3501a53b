"""The registry of games. Each game package exposes ``GAME``, an instance of its Game."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from parlour.engine import Game, OptionError, Replay, State

_BUILTIN: dict[str, str] = {
    "loveletter": "parlour.games.loveletter",
    "gauntlet": "parlour.games.gauntlet",
    "splendor-marvel": "parlour.games.splendor_marvel",
}
_LOADED: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add a game (for games outside this package, and tests)."""
    _LOADED[game.id] = game


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
    game: Game = import_module(module).GAME
    _LOADED[game_id] = game
    return game


def game_package(game_id: str) -> str:
    """The module name of a game's package (where its ``GAME`` and ``BOTS`` live)."""
    game = get_game(game_id)
    return _BUILTIN.get(game_id) or type(game).__module__.rsplit(".", 1)[0]


def all_games() -> list[Game]:
    """Every loadable game."""
    return [get_game(i) for i in game_ids()]


def replay_state(replay: Replay) -> State:
    """The final state of a replay, looking its game up in the registry."""
    return replay.final_state(get_game(replay.game))
