"""What a bot sees, and the bot interface every player (random, heuristic, ISMCTS) shares.

It lives in the engine layer so a game package, which brings its own bots, imports only
the engine.

A bot never receives a game state. The runner (:mod:`parlour.engine.playout`) gives it an
:class:`Observation`: its seat's view, the legal actions, and a sampler of worlds
consistent with what the seat knows. The sampler
starts from a state that is itself already resampled for the seat, so nothing reachable
from an observation holds another seat's real hidden cards.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine.actions import Action
from parlour.engine.rng import Rng
from parlour.engine.state import State


class Observation:
    """One decision as a seat sees it."""

    __slots__ = ("_root", "_view", "game_id", "legal", "move_number", "options", "players", "seat")

    def __init__(
        self,
        state: State,
        seat: int,
        *,
        sampling: bool = False,
        rng: Rng | None = None,
        with_view: bool = True,
    ) -> None:
        self.game_id: str = state.game.id
        """The game's id."""
        self.seat: int = seat
        """The seat deciding."""
        # The view is most of an observation's cost; a bot that never reads it (the random
        # bot) is spared it rather than given a lazy one, which would have to keep the
        # real state within the bot's reach.
        self._view: Mapping[str, Any] | None = state.view(seat) if with_view else None
        self.legal: Sequence[Action] = tuple(state.legal_actions())
        """Every legal action, in the game's order."""
        self.move_number: int = state.move_number
        """The move number being answered."""
        self.players: int = state.players
        """The number of seats."""
        self.options: Mapping[str, Any] = state.options
        """The game's resolved options."""
        # Resample once here, so the observation never holds the real hidden cards.
        self._root: State | None = (
            state.determinize(seat, rng if rng is not None else Rng(state.move_number))
            if sampling
            else None
        )

    @property
    def view(self) -> Mapping[str, Any]:
        """The seat's view (what it may know).

        Only observations of bots whose ``reads_view`` is true carry one.
        """
        if self._view is None:
            raise RuntimeError("this observation was built without a view")
        return self._view

    def sample(self, rng: Rng) -> State:
        """A full state consistent with what the seat knows (for search bots).

        Only observations built with ``sampling=True`` (for bots whose ``samples`` is true)
        can sample.
        """
        if self._root is None:
            raise RuntimeError("this observation was built without sampling")
        return self._root.determinize(self.seat, rng)


class Bot(ABC):
    """A player that answers prompts from observations only."""

    name: str = "bot"
    """A short name shown in tables and the lobby."""
    samples: bool = False
    """Whether the bot searches over sampled worlds (its observations can ``sample``)."""
    reads_view: bool = True
    """Whether the bot reads ``obs.view`` (its observations carry one only then)."""

    @abstractmethod
    def act(self, obs: Observation, rng: Rng) -> Action:
        """Choose one of ``obs.legal``."""

    def reset(self, seat: int, players: int, options: Mapping[str, Any]) -> None:
        """Called at the start of each game (bots that track history override it)."""
        del seat, players, options


class LegalBot(Bot):
    """A bot that decides from the legal actions alone: no view, no sampled worlds.

    The play-out loop asks its :meth:`pick` straight from the legal actions, without an
    observation, unless a subclass overrides :meth:`act` (whose answer must stay
    ``pick(obs.legal, rng)`` otherwise).
    """

    reads_view = False

    def act(self, obs: Observation, rng: Rng) -> Action:
        """The bot's pick among the observation's legal actions."""
        return self.pick(obs.legal, rng)

    @abstractmethod
    def pick(self, legal: Sequence[Action], rng: Rng) -> Action:
        """Choose one of ``legal`` (which it must not change)."""


class RandomBot(LegalBot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def pick(self, legal: Sequence[Action], rng: Rng) -> Action:
        """A uniformly random legal action."""
        return rng.choice(legal)
