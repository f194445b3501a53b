"""The observation encoder of each game: one module per game, found by game id.

A built-in game's encoder lives in ``parlour.rl.encoders.<module>`` as ``ENCODER`` (an
:class:`~parlour.rl.encoding.Encoder` subclass). Games from elsewhere (and tests) add theirs
with :func:`register_encoder`.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from parlour.engine import OptionError
from parlour.rl.encoding import Encoder

_BUILTIN: dict[str, str] = {
    "loveletter": "parlour.rl.encoders.loveletter",
    "gauntlet": "parlour.rl.encoders.gauntlet",
    "splendor-marvel": "parlour.rl.encoders.splendor_marvel",
}
_REGISTERED: dict[str, type[Encoder]] = {}


def register_encoder(encoder: type[Encoder]) -> None:
    """Use ``encoder`` for its ``game_id`` (replaces a built-in one)."""
    _REGISTERED[encoder.game_id] = encoder


def encoder_ids() -> list[str]:
    """Every game id that has an encoder, in a stable order."""
    builtin = [g for g in _BUILTIN if g in _REGISTERED or find_spec(_BUILTIN[g]) is not None]
    return builtin + sorted(g for g in _REGISTERED if g not in _BUILTIN)


def encoder_class(game_id: str) -> type[Encoder]:
    """The encoder class of a game (raises OptionError when the game has none)."""
    if game_id in _REGISTERED:
        return _REGISTERED[game_id]
    module = _BUILTIN.get(game_id)
    if module is None or find_spec(module) is None:
        raise OptionError("rl.error.no_encoder", game=str(game_id)[:40], known=", ".join(_BUILTIN))
    cls: type[Encoder] = import_module(module).ENCODER
    _REGISTERED[game_id] = cls
    return cls


def make_encoder(game_id: str, players: int, options: Mapping[str, Any]) -> Encoder:
    """The encoder of one configuration (``options`` already resolved by the game)."""
    return encoder_class(game_id)(players, options)
