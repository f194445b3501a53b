"""Bots by name: the generic ones here, game-specific ones from each game's record (``bots``).

A bot spec is a name with an optional argument after a colon, e.g. ``random``,
``heuristic``, ``ismcts:200ms``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from functools import partial
from importlib import import_module

from parlour.bots.base import Bot, RandomBot
from parlour.engine import OptionError
from parlour.engine.record import BotFactory
from parlour.games import game_record

_GENERIC: dict[str, BotFactory] = {"random": lambda arg: RandomBot()}


def register_bot(name: str, factory: BotFactory) -> None:
    """Add a game-agnostic bot (the ISMCTS bot registers itself here)."""
    _GENERIC[name] = factory


def unregister_bot(name: str) -> None:
    """Remove a game-agnostic bot added with :func:`register_bot` (tests clean up with it)."""
    _GENERIC.pop(name, None)


def _game_bots(game_id: str) -> Mapping[str, BotFactory]:
    return game_record(game_id).bots


def bot_names(game_id: str) -> list[str]:
    """Every bot name usable for a game."""
    _load_optional()
    return sorted({*_GENERIC, *_game_bots(game_id)})


def split_specs(text: str, game_id: str) -> list[str]:
    """Bot specs from a comma-separated list, blanks dropped.

    A spec's argument may hold commas itself (``ismcts:2000,900ms``, ``ismcts:1500,model``):
    a part that names no bot of the game continues the spec before it when that one has an
    argument, so ``heuristic,ismcts:2000,900ms`` is two specs.
    """
    names = set(bot_names(game_id))
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if specs and ":" in specs[-1] and part.partition(":")[0] not in names:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def make_bot(spec: str, game_id: str) -> Bot:
    """Build a bot from its spec for a game (raises OptionError for an unknown name)."""
    return bot_maker(spec, game_id)()


def bot_maker(spec: str, game_id: str) -> Callable[[], Bot]:
    """A function making a fresh bot of ``spec`` each call (the registry is looked up once:
    batch runners make a new bot every game)."""
    _load_optional()
    name, _, arg = spec.partition(":")
    factory = _game_bots(game_id).get(name) or _GENERIC.get(name)
    if factory is None:
        raise OptionError(
            "core.error.unknown_bot", bot=spec[:40], known=", ".join(bot_names(game_id))
        )
    return partial(factory, arg or None)


def _load_optional() -> None:
    """Import generic bots that register themselves (when their module exists)."""
    for module in ("parlour.bots.ismcts", "parlour.bots.levels"):
        if module in sys.modules:  # imported already (batch runners ask every few games)
            continue
        try:
            import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
