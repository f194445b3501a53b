"""One record per game: every part of a game the generic layers look up, in one place.

A game package exposes ``RECORD`` (a :class:`GameRecord`); the registry
(:func:`parlour.games.game_record`) hands it to the bots, the terminal, the RL
environments and the server, so none of them names a game. Parts that live in higher layers
(the encoder, the terminal renderer, the browser module, the how-to pages) are named here
as data (a module name, a path) and loaded by the layer that uses them: a game package
imports only the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol, runtime_checkable

from parlour.engine.players import Bot
from parlour.engine.state import Game, State

BotFactory = Callable[[str | None], Bot]
"""Makes a bot from the text after the colon of its spec (None when absent)."""

Role = Callable[[int], list[int]]
"""The seats of a named role, for a player count."""


@runtime_checkable
class SearchHints(Protocol):
    """Per-game knowledge that makes search cheaper; every member is optional but these two.

    Optional extras, looked up by name: ``horizon: int`` (score a rollout after this many
    moves past the root), ``rollout_action(state, rng) -> Action`` (a cheap rollout policy
    instead of uniform random), ``infoset_key(state, seat) -> Hashable`` (a faster key for
    the seat's information set than its view; it must depend only on what the seat knows),
    ``player_model(state, rng) -> Action`` (how a player is expected to move, from its own
    knowledge in the state: used by a bot with ``model_players``) and
    ``plausibility(state, seat) -> float`` (how likely the other seats' past moves were in a
    sampled world under that model, in [0, 1]; it may read only what is public) and
    ``reward_scale(state, seat) -> float`` (how far the values within reach of this root
    spread, in (0, 1]: the search's exploration is scaled by it).
    """

    def stop(self, state: State) -> bool:
        """Whether to end a rollout here (for example at the end of a round)."""
        ...

    def value(self, state: State, seat: int) -> float:
        """The worth of a non-final position for ``seat``, in [0, 1]: its chance to win."""
        ...


@dataclass(frozen=True)
class GameRecord:
    """A game and its parts. ``None`` marks a part the game does not have (only toy games
    registered by tests lack parts: the completeness test demands every one of a built-in
    game)."""

    game: Game
    """The game itself (options, ``new``, the protocol)."""
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    """The game's own bots by name (the bots layer adds ``random``, ``ismcts``, levels)."""
    search_hints: SearchHints | None = None
    """What makes search cheaper in this game (see :class:`SearchHints`)."""
    roles: Mapping[str, Role] | None = None
    """Named seats of an asymmetric game (``--as thanos``); empty for a symmetric game."""
    hard_iterations: int | None = None
    """The hard bot's iterations per decision, measured to answer well within a second."""
    browser_module: str | None = None
    """The browser's renderer, a path under ``parlour/web/static`` (``games/<id>.js``)."""
    howto: str | None = None
    """The how-to pages, a path under ``parlour/web/static`` with ``{lang}`` for the
    language (``howto/<id>.{lang}.html``)."""
    encoder: str | None = None
    """The module whose ``ENCODER`` encodes views for reinforcement learning."""
    renderer: str | None = None
    """The module whose ``render_view(view, lang, names)`` draws a view in the terminal."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Anything else a layer may look up by name."""

    @property
    def id(self) -> str:
        """The game's id."""
        return self.game.id

    @property
    def package(self) -> str:
        """The package the game's class belongs to (its module when that is one): where
        its data files live."""
        name = type(self.game).__module__
        return name if hasattr(import_module(name), "__path__") else name.rsplit(".", 1)[0]


PARTS = (
    "bots",
    "search_hints",
    "roles",
    "hard_iterations",
    "browser_module",
    "howto",
    "encoder",
    "renderer",
)
"""The parts every built-in game has (checked by the completeness test)."""
