"""The observation encoder of each game: one module per game, named by the game's record.

A game's record names the module (``encoder``) whose ``ENCODER`` is its
:class:`~parlour.rl.encoding.Encoder` subclass (the built-in games' live here). Games from
elsewhere (and tests) may add theirs with :func:`register_encoder`.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from parlour.engine import OptionError
from parlour.games import game_ids, game_record
from parlour.rl.encoding import Encoder

_REGISTERED: dict[str, type[Encoder]] = {}


def register_encoder(encoder: type[Encoder]) -> None:
    """Use ``encoder`` for its ``game_id`` (replaces a built-in one)."""
    _REGISTERED[encoder.game_id] = encoder


def _module(game_id: str) -> str | None:
    """The encoder module a game's record names (None for an unknown game or none named)."""
    if game_id not in game_ids():
        return None
    module = game_record(game_id).encoder
    return module if module is not None and find_spec(module) is not None else None


def encoder_ids() -> list[str]:
    """Every game id that has an encoder, in a stable order."""
    named = [g for g in game_ids() if g in _REGISTERED or _module(g) is not None]
    return named + sorted(g for g in _REGISTERED if g not in named)


def encoder_class(game_id: str) -> type[Encoder]:
    """The encoder class of a game (raises OptionError when the game has none)."""
    if game_id in _REGISTERED:
        return _REGISTERED[game_id]
    module = _module(game_id)
    if module is None:
        raise OptionError(
            "rl.error.no_encoder", game=str(game_id)[:40], known=", ".join(encoder_ids())
        )
    cls: type[Encoder] = import_module(module).ENCODER
    _REGISTERED[game_id] = cls
    return cls


def make_encoder(game_id: str, players: int, options: Mapping[str, Any]) -> Encoder:
    """The encoder of one configuration (``options`` already resolved by the game)."""
    return encoder_class(game_id)(players, options)
