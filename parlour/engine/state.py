"""The game protocol: a ``Game`` (configuration and facts) and its ``State`` (one position).

Every game answers the same questions, so bots, the server, the CLI, replays and RL never
special-case a game. docs/engine.md describes the contract in words.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Self

from mypy_extensions import mypyc_attr

from parlour.engine.actions import Action, ActionSpace
from parlour.engine.codec import Codec, Field
from parlour.engine.errors import IllegalActionError, OptionError
from parlour.engine.events import Event, EventLog, describe
from parlour.engine.i18n import json_dumps
from parlour.engine.options import OptionSpec, validate_options
from parlour.engine.rng import Rng

Place = tuple[str | int, ...]
"""A place in a state's JSON form: a key, then list indices (``("hands", 2, 0)``)."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended."""

    winners: tuple[int, ...]
    """The seats that won (several when the win is shared, none when nobody won)."""
    scores: tuple[float, ...]
    """A reward per seat: 1 shared among the winners, 0 for the others."""
    reason: str
    """Why the game ended: a name key of the game's catalog (``<game>.name.<reason>``)."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """Game-specific figures (tokens, points, tie-breaks used), JSON-ready."""

    @classmethod
    def of(cls, players: int, winners: Sequence[int], reason: str, **details: Any) -> Result:
        """Build a result where the winners share one point."""
        ws = tuple(sorted(set(winners)))
        share = 1.0 / len(ws) if ws else 0.0
        return cls(ws, tuple(share if s in ws else 0.0 for s in range(players)), reason, details)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "details": dict(self.details),
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game's configuration and facts. One instance per game, registered by ``id``."""

    id: ClassVar[str]
    """The game's id, as the CLI and server use it (``loveletter``, ``gauntlet``...)."""
    min_players: ClassVar[int]
    """The fewest players any configuration allows."""
    max_players: ClassVar[int]
    """The most players any configuration allows."""

    @abstractmethod
    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Every option the game accepts."""

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """The allowed player counts for these (given, unresolved) options."""
        return (self.min_players, self.max_players)

    def complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill derived defaults and check cross-option rules (override when needed)."""
        for spec in self.option_specs():
            if spec.name not in options:
                options[spec.name] = spec.default
        return options

    def resolve_options(
        self, players: object, options: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Validate ``options`` for ``players`` and return every option's value.

        ``players`` is typed ``object`` so that the compiled build, too, answers anything but
        an int with the OptionError below rather than a TypeError on the way in.
        """
        # Every new game asks this; the answer depends only on the arguments, so a valid
        # one is remembered, for plain values only and by value and type (``1`` is no
        # answer for ``True``; a tuple could hold either).
        key: tuple[Any, ...] | None = None
        if type(players) is int and all(type(v) in _PLAIN for v in (options or {}).values()):
            key = (self, players, *[(k, type(v), v) for k, v in (options or {}).items()])
            known = _RESOLVED.get(key)
            if known is not None:  # a copy: callers own their options (lists included)
                return {k: list(v) if isinstance(v, list) else v for k, v in known.items()}
        given = validate_options(self.option_specs(), options)
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError("core.error.bad_players", players=str(players)[:20])
        lo, hi = self.player_range(given)
        if not lo <= players <= hi:
            raise OptionError(
                "core.error.player_count", game=self.id, players=players, low=lo, high=hi
            )
        resolved = self.complete_options(players, given)
        if key is not None and len(_RESOLVED) < RESOLVED_LIMIT:
            _RESOLVED[key] = {k: list(v) if isinstance(v, list) else v for k, v in resolved.items()}
        return resolved

    @abstractmethod
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        stack: Any = None,
    ) -> State:
        """The opening state. ``stack`` (game-specific, JSON-ready) fixes deck orders."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_json` output (raises ReplayError if corrupt)."""

    @abstractmethod
    def build_action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        """Every action this configuration can offer, in a fixed order."""

    def action_space(self, players: int, options: Mapping[str, Any]) -> ActionSpace:
        """The (cached) action space of a configuration."""
        return _cached_space(self, players, json_dumps(dict(options)))

    def action_steps(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str]:
        """The choices a person makes for ``action``, in order, as display labels.

        For example ``["Guard", "Ana", "Priest (2)"]``: card, then target, then guess. The
        terminal and the browser build step-by-step menus by grouping legal actions on these
        labels, so every game overrides this with catalog texts.
        """
        del lang, names
        return [str(action)]

    def describe(
        self,
        event: Event,
        lang: str = "en",
        names: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        """One log line for ``event``; ``options`` (the game's) let a game name what depends
        on them (Love Letter's named values are that edition's cards)."""
        del options
        return describe(self.id, event, lang, names)

    def knocks_out_self(self, view: Mapping[str, Any], action: Action) -> bool:
        """Whether ``action`` surely knocks out the seat making it, judged from its view alone.

        The terminal and the browser ask before sending such a move (Love Letter's Princess).
        """
        del view, action
        return False

    def sample_configs(self) -> list[tuple[int, dict[str, Any]]]:
        """Configurations the every-game test suite and benchmarks run (players, options)."""
        return [(n, {}) for n in range(self.min_players, self.max_players + 1)]

    @staticmethod
    def fresh_seed(seed: object) -> int:
        """The seed to use: the given one, or a new random 63-bit one (others raise)."""
        if seed is None:
            return int.from_bytes(os.urandom(8), "little") >> 1
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError("core.error.bad_seed", seed=str(seed)[:40])
        return seed


RESOLVED_LIMIT = 1024
"""Most valid option sets :meth:`Game.resolve_options` remembers."""

_RESOLVED: dict[tuple[Any, ...], dict[str, Any]] = {}

_PLAIN = frozenset((str, int, bool, float, type(None)))

_DERIVED: set[Any] = set()
"""The clones and ``to_json``s derived from FIELDS (a subclass's own codec replaces them)."""


@lru_cache(maxsize=256)
def _cached_space(game: Game, players: int, options_json: str) -> ActionSpace:
    import json

    return game.build_action_space(players, json.loads(options_json))


# Not an ABC (its abstract methods are for the type checker): compiled, ABCMeta's cached
# isinstance answered False for some real states once other classes had been checked.
@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """One position of a game. ``apply`` changes it in place; ``clone`` copies it.

    Subclasses keep their data private and implement the ``_``-prefixed hooks; the public
    methods add the checks every game shares. A subclass that declares ``FIELDS`` gets
    ``clone``, ``to_json`` and ``from_json`` derived from them (see :mod:`parlour.engine.codec`);
    one that implements ``_transition`` gets ``_apply``: the move is counted, the rules run,
    and the events they emitted on ``self.log`` are returned.
    """

    # The protocol's own attributes, in slots here (a subclass lists only its own): compiled,
    # they live in the class's layout, and a subclass's slot of the same name would hide it.
    __slots__ = ("_action_space", "game", "log", "move_number", "options", "players", "rng", "seed")

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    """The game's own fields, declared once (JSON order); empty: the class writes its own."""
    TRANSIENT: ClassVar[Mapping[str, Any]] = {}
    """Attributes a copy starts afresh with (caches), by value; with ``FIELDS`` only."""
    codec: ClassVar[Codec | None] = None
    """The derived copy and JSON of a class with ``FIELDS``."""

    game: Game
    """The game this state belongs to."""
    players: int
    """The number of seats."""
    options: Mapping[str, Any]
    """Every option's resolved value."""
    seed: int
    """The seed the game started from."""
    move_number: int
    """How many actions have been applied so far."""
    log: EventLog
    """The events of the move being applied (rules emit them here)."""
    rng: Rng
    """The state's own generator: every chance event of the game draws from it."""

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, rng: Rng
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = rng
        self.move_number = 0
        self._action_space: ActionSpace | None = None
        self.log = EventLog()
        self.record_events = True  # the log's switch (a class may still keep its own flag)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = vars(cls)  # (not cls.__dict__: compiled, that names the instances' dict)
        declares = bool(own.get("FIELDS"))
        if not declares and cls.codec is None:
            return
        # Every class below one with FIELDS gets a codec of its own, so the derived clone
        # also copies what the subclass adds: a compiled class has no __dict__ to copy whole.
        codec = Codec(cls, cls.FIELDS, cls.TRANSIENT)
        cls.codec = codec
        if "clone" not in own and (declares or cls.clone in _DERIVED):
            cls.clone = codec.clone  # type: ignore[method-assign,assignment]
            _DERIVED.add(codec.clone)
        if "to_json" not in own and (declares or cls.to_json in _DERIVED):

            def to_json(self: State) -> dict[str, Any]:
                """The whole state (hidden cards included), derived from ``FIELDS``."""
                return codec.to_json(self)

            cls.to_json = to_json  # type: ignore[method-assign]
            _DERIVED.add(to_json)

    def opening_events(self) -> list[Event]:
        """The events of the opening (the first deal), made before any move.

        ``new`` has no caller to hand events to, so a game that announces its opening keeps
        them in ``self.opening``; logs start with these (at move 0).
        """
        return list(getattr(self, "opening", ()))

    @property
    def record_events(self) -> bool:
        """When false, ``apply`` may return no events (fast simulation; state is the same)."""
        return self.log.record

    @record_events.setter
    def record_events(self, on: bool) -> None:
        # A fresh log, never a changed one: copies that record nothing may share theirs.
        self.log = EventLog(on)

    @classmethod
    def from_json(cls, game: Any, data: Mapping[str, Any]) -> Self:
        """Rebuild a state of a class with ``FIELDS`` (raises when a value is malformed).

        The game's ``state_from_json`` wraps this in the integrity checks
        (:func:`parlour.engine.integrity.rebuild`).
        """
        if cls.codec is None:
            raise NotImplementedError(f"{cls.__name__} declares no FIELDS")
        state: Self = cls.codec.from_json(cls, game, data)
        return state

    # -- questions ------------------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The one seat that must decide now, or ``None`` when the game is over."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal answer to the current prompt, in a deterministic order."""

    @property
    def action_space(self) -> ActionSpace:
        """This configuration's fixed action space (cached on the state; clones may share it)."""
        space = self._action_space
        if space is None:
            space = self._action_space = self.game.action_space(self.players, self.options)
        return space

    def legal_mask(self) -> list[bool]:
        """A mask over the action space, true for legal actions."""
        return self.action_space.mask(self.legal_actions())

    def prompt(self) -> str:
        """A name for the decision asked now (``play``, ``guess``, ``return_tokens``...)."""
        return "play"

    # -- changing the state ---------------------------------------------------------------

    def apply(self, action: object) -> list[Event]:
        """Apply one action for the seat to act and return the events it caused.

        Accepts the action object, its text or its integer code. A malformed, unknown or
        illegal action (anything else included: hence ``object``, which the compiled build
        does not check on the way in) raises :class:`IllegalActionError` and leaves the state
        untouched.
        """
        if self.to_act is None:
            raise IllegalActionError("core.error.game_over")
        act = self.action_space.coerce(action)
        if not self._is_legal(act):
            raise self._illegal(act)
        return self._apply(act)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply a legal action of this state's action space without checking it (search).

        For bots that took the action from ``legal_actions()`` of this very state: no
        coercion, no legality test. Anything else is undefined behaviour; use :meth:`apply`.
        """
        return self._apply(action)

    def _is_legal(self, action: Action) -> bool:
        """Whether an (interned) action is legal now; override with a faster test."""
        return action in self.legal_actions()

    def _illegal(self, action: Action) -> IllegalActionError:
        """The error for an action that is not legal now (override for better reasons)."""
        return IllegalActionError(
            "core.error.illegal_action", action=str(action), seat=self.to_act, prompt=self.prompt()
        )

    def _apply(self, action: Action) -> list[Event]:
        """Change the state for a legal, interned action; return its events."""
        self.move_number += 1
        self._transition(action)
        return self.log.take()

    def _transition(self, action: Action) -> None:
        """The rules' part of a move: change the state, emit events on ``self.log``."""
        raise NotImplementedError(f"{type(self).__name__} implements neither _apply nor this")

    # -- knowledge ------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-ready data (``None``: a spectator)."""
        if seat is not None and not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players
        ):
            raise IllegalActionError("core.error.bad_seat", seat=str(seat)[:20])
        result = self.result
        out: dict[str, Any] = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "move": self.move_number,
            "to_act": self.to_act,
            "prompt": self.prompt() if self.to_act is not None else None,
            "result": None if result is None else result.to_json(),
        }
        out.update(self._view(seat))
        return out

    @abstractmethod
    def _view(self, seat: int | None) -> Mapping[str, Any]:
        """The game-specific part of a view; hidden cards never appear in the wrong one."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with everything ``seat`` knows.

        Contract: the result's ``view(seat)`` equals this state's, and the result depends
        only on what ``seat`` knows and on ``rng``: hidden cards are gathered in a canonical
        order before they are shuffled, and the state's own generator (future shuffles) is
        replaced by one drawn from ``rng``. So a bot cannot learn hidden cards by sampling.
        """

    def hidden(self, seat: int | None) -> list[list[Place]]:
        """What ``seat`` may not see: groups of places in :meth:`to_json` (``None``: a spectator).

        A place is a path into the JSON form (``("hand", 2)``, ``("pile", 0)``). Each group
        holds places of things of one kind (the cards of one deck) whose contents ``seat``
        cannot tell apart: exchanging contents within a group makes a world that gives
        ``seat`` the same view, and the same events as long as that view stays the same. The
        generic tests check every view, every delivered event and ``determinize`` against
        this declaration.
        """
        raise NotImplementedError(f"{type(self).__name__} declares no hidden places")

    @abstractmethod
    def census(self) -> dict[str, int]:
        """How many of each component (card, token) exist across every zone.

        Constant through a game: no card appears or vanishes. Unlimited supplies are left
        out.
        """

    # A class with FIELDS gets the codec's clone and to_json as its own methods (above); the
    # compiled build's callers reach these instead (they call through the compiled class's
    # method table, which such an assignment does not change), so they ask the codec too.

    def clone(self) -> Self:
        """An independent copy (derived from ``FIELDS`` when the class declares them)."""
        codec = self.codec
        if codec is None:
            raise NotImplementedError(f"{type(self).__name__} declares no FIELDS and no clone")
        copy: Self = codec.clone(self)
        return copy

    def _clone_protocol(self, new: State) -> None:
        """Copy the protocol's own attributes into ``new`` (a hand-written ``clone``'s part).

        Compiled, a game's own ``clone`` calling this writes every attribute straight into
        the class's layout; the derived one is Python code reading and writing each through
        the layout's descriptors (several microseconds a copy, on every move a server takes).
        """
        new.game = self.game
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.move_number = self.move_number
        new._action_space = self._action_space
        new.rng = self.rng.clone()
        log = self.log
        # A log that records nothing stays empty, so copies may share it (search).
        new.log = EventLog() if log.record else log

    def to_json(self) -> dict[str, Any]:
        """The whole state (hidden cards included) as JSON-ready data."""
        codec = self.codec
        if codec is None:
            raise NotImplementedError(f"{type(self).__name__} declares no FIELDS and no to_json")
        return codec.to_json(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
