"""Bots playing seats, and action lists replayed: the one loop every runner shares.

Simulations, tournaments, the terminal game, the RL environments and the server's tables
all let a bot decide through :func:`decide` (or a whole stretch of play through
:func:`play_out`), and every replay of an action list goes through :func:`replay_actions`.

The seeding rule
    A bot deciding at move ``m`` (``state.move_number``) of a game of seed ``s``, in seat
    ``k``, draws from ``Rng(seed_from(s, "bot", k) + m * MOVE_STEP)`` (:class:`BotStream`;
    the generator keeps 64 bits). A search bot's observation samples from that generator's
    first spawn; the bot acts on what follows (:func:`sampler_rng`). Both steps are written
    only there: :func:`decide`, :func:`random_move` and :func:`play_out` call them.
    A decision depends only on the game's seed, the seat and the move number, so a game
    served one move at a time (by several processes, across restarts) and the same game
    played at once in ``simulate`` give the same bot moves.

A bot never receives the state: :func:`observe` builds its :class:`Observation` (the view,
the legal actions and, for search bots, a sampler rooted in an already-resampled world).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from mypy_extensions import i64

from parlour.engine.actions import Action
from parlour.engine.errors import IllegalActionError, ReplayError
from parlour.engine.events import Event
from parlour.engine.i18n import DEFAULT_LANGUAGE
from parlour.engine.players import Bot, LegalBot, Observation, RandomBot
from parlour.engine.rng import Rng, seed_from
from parlour.engine.state import State

MOVE_STEP = 0xD1B54A32D192ED03
"""How far apart two moves' generators start (odd, unlike the generator's own step, so the
moves' streams do not run into each other within any search's draws)."""

_STRIDE: Final = Rng(MOVE_STEP)
"""MOVE_STEP as a generator's state, for :meth:`Rng.seek` (64-bit arithmetic, no big integers)."""


@lru_cache(maxsize=1024)
def seat_stream(seed: int, seat: int) -> int:
    """The starting state of a seat's bot stream, ``seed_from(seed, "bot", seat)``."""
    return seed_from(seed, "bot", seat)


class BotStream:
    """The seeding rule, written once: the generator of one seat's bot at each move."""

    __slots__ = ("origin", "rng")

    def __init__(self, stream: int) -> None:
        self.origin: Rng = Rng(stream)
        self.rng: Rng = Rng()

    def at(self, move: i64) -> Rng:
        """The generator of the bot deciding at ``move`` (this stream's one generator, set
        there: the caller is done with it before asking for the next move's)."""
        # An offset rather than a mixed seed: the generator mixes every number it gives, and
        # mixing here too cost an eighth of a random game's time.
        rng = self.rng
        rng.seek(self.origin, _STRIDE, move)
        return rng


def bot_rng(seed: int, seat: int, move: int) -> Rng:
    """The generator of the bot in ``seat`` deciding at ``move`` of the game of ``seed``."""
    return BotStream(seat_stream(seed, seat)).at(move)


def sampler_rng(rng: Rng, samples: bool) -> Rng | None:
    """The seeding rule's second step: a sampling bot's observation samples from the first
    spawn of its generator; any other bot's generator passes that draw over (None), so the
    numbers a bot acts on are the same whether or not it samples."""
    if samples:
        return rng.spawn()
    rng.skip()
    return None


def observe(bot: Bot, state: State, seat: int, rng: Rng | None = None) -> Observation:
    """The observation ``bot`` gets of ``state`` for ``seat`` (the only way one is built).

    ``rng`` seeds the resampled root of a search bot's sampler (unused otherwise).
    """
    return Observation(state, seat, sampling=bot.samples, rng=rng, with_view=bot.reads_view)


def decide(bot: Bot, state: State, seat: int) -> Action:
    """The move of ``bot`` playing ``seat`` in ``state``, seeded by the seeding rule."""
    rng = bot_rng(state.seed, seat, state.move_number)
    return bot.act(_observe(bot, state, seat, rng), rng)


def random_move(state: State, seat: int) -> Action:
    """The move :func:`decide` gives the random bot (:class:`RandomBot`) in ``seat``, made
    without an observation: its pick from the legal actions, on its generator past the
    spawn's draw (the server's random bots answering within a person's move)."""
    rng = bot_rng(state.seed, seat, state.move_number)
    sampler_rng(rng, samples=False)
    return rng.choice(state.legal_actions())


def _observe(bot: Bot, state: State, seat: int, rng: Rng) -> Observation:
    sampling = sampler_rng(rng, bot.samples)
    return Observation(
        state, seat, sampling=sampling is not None, rng=sampling, with_view=bot.reads_view
    )


_ACTS: Final = 0
_PICKS: Final = 1
_UNIFORM: Final = 2
_KINDS: dict[type, int] = {}
"""How the loop asks each bot class (``_ACTS``, ``_PICKS`` or ``_UNIFORM``), found once."""


def _kind(cls: type) -> int:
    """Whether a bot of ``cls`` is asked by ``act``, by ``pick``, or is the random bot's pick.

    ``_PICKS`` is a :class:`LegalBot` that does not override ``act`` (see :func:`picker`);
    ``_UNIFORM`` is one whose ``pick`` is :class:`RandomBot`'s.
    """
    kind = _KINDS.get(cls)
    if kind is None:
        if not issubclass(cls, LegalBot) or _defines(cls, "act") is not LegalBot:
            kind = _ACTS
        else:
            kind = _UNIFORM if _defines(cls, "pick") is RandomBot else _PICKS
        if len(_KINDS) >= 4096:  # classes made on the fly (tests): never an unbounded cache
            _KINDS.clear()
        _KINDS[cls] = kind
    return kind


class _Plan:
    """One seat's bot as the loop uses it, looked up once per play-out."""

    __slots__ = ("act", "kind", "pick", "samples", "stream", "with_view")

    def __init__(self, bot: Bot, stream: int) -> None:
        self.samples: bool = bot.samples
        kind = _ACTS if self.samples else _kind(type(bot))
        self.kind: int = kind
        # Only what the loop will use is read (each read of a Python bot's attribute is a
        # generic look-up, and a method's a new bound method).
        self.act: Callable[[Observation, Rng], Action] | None = bot.act if kind == _ACTS else None
        self.with_view: bool = bot.reads_view if kind == _ACTS else False
        # The random bot's own pick is rng.choice(legal): drawn in the loop, it costs no
        # call into Python code (the bots are not compiled).
        self.pick: Callable[[Sequence[Action], Rng], Action] | None = (
            bot.pick if kind == _PICKS else None  # type: ignore[attr-defined]  # a LegalBot
        )
        self.stream: BotStream = BotStream(stream)


def picker(bot: Bot) -> Callable[[Sequence[Action], Rng], Action] | None:
    """``bot.pick`` when the bot decides from the legal actions alone, else None.

    That is a :class:`LegalBot` that neither samples nor overrides ``act``: its move is
    ``pick(legal, rng)`` on the generator :func:`decide` gives it, so the loop can ask for it
    without building an observation, and the game is the same move for move.
    """
    if bot.samples or _kind(type(bot)) == _ACTS:
        return None
    return bot.pick  # type: ignore[attr-defined, no-any-return]  # a LegalBot


def _defines(cls: type, name: str) -> type | None:
    """The class in ``cls``'s method resolution order that defines ``name``."""
    for base in cls.__mro__:
        if name in base.__dict__:
            return base
    return None


def play_out(
    state: State,
    bots: Mapping[int, Bot] | Sequence[Bot],
    *,
    max_moves: int | None = None,
    counts: list[int] | None = None,
    keep: bool = True,
) -> list[Action]:
    """Let the bots play their seats while one of them is to act; the actions they took.

    Stops at the end of the game or when a seat without a bot is to act. With
    ``max_moves``, a game still going at that move number raises RuntimeError. With
    ``counts`` (one number per seat), each seat's decisions are added to its number. With
    ``keep`` false the actions are not kept (the list returned is empty).
    """
    seats: Mapping[int, Bot] = bots if isinstance(bots, Mapping) else dict(enumerate(bots))
    seed = state.seed
    # Per seat, looked up once: the bot's act (or pick), whether it samples and reads its
    # view, the start of its stream, and a generator set (not made) per move. A list by
    # seat: the loop's look-up boxes and hashes nothing.
    plans: list[_Plan | None] = [None] * max(state.players, max(seats, default=-1) + 1)
    for seat, bot in seats.items():
        if seat >= 0:
            # seat_stream without its cache: a play-out asks for each seat once.
            plans[seat] = _Plan(bot, seed_from(seed, "bot", seat))
    size = len(plans)
    limit: i64 = max_moves if max_moves is not None else 1 << 62
    actions: list[Action] = []
    while True:
        to_act = state.to_act
        if to_act is None:
            break
        seat = to_act
        if seat < 0 or seat >= size:
            break
        plan = plans[seat]
        if plan is None:
            break
        move: i64 = state.move_number
        if move >= limit:
            raise RuntimeError(f"game {state.game.id} seed {seed} did not end in {limit} moves")
        rng = plan.stream.at(move)
        sampling = sampler_rng(rng, plan.samples)
        kind = plan.kind
        if kind == _UNIFORM:
            # RandomBot.pick, on a legal answer of this very state: applied unchecked.
            action = rng.choice(state.legal_actions())
            state.apply_unchecked(action)
        else:
            pick = plan.pick
            if pick is not None:
                action = pick(state.legal_actions(), rng)
            else:
                act = plan.act
                assert act is not None  # read for every bot asked through act
                obs = Observation(
                    state,
                    seat,
                    sampling=sampling is not None,
                    rng=sampling,
                    with_view=plan.with_view,
                )
                action = act(obs, rng)
            state.apply(action)
        if keep:
            actions.append(action)
        if counts is not None:
            counts[seat] = counts[seat] + 1
    return actions


class Step(NamedTuple):
    """One action of a replayed list."""

    number: int
    """The action's position in the list, from 1."""
    actor: int | None
    """The seat that took it."""
    action: Action
    """The action, as the game reads its text."""
    events: list[Event]
    """What the move produced."""


def replay_actions(
    state: State, actions: Iterable[str | Action], start: int = 1, *, lang: str = DEFAULT_LANGUAGE
) -> Iterator[Step]:
    """Apply ``actions`` to ``state`` in place, one :class:`Step` per action.

    An action the game refuses raises :class:`ReplayError` naming its position (counted
    from ``start``), the action and the reason (in ``lang``); the state is then as after
    the previous step.
    """
    space = state.action_space
    for index, text in enumerate(actions, start):
        actor = state.to_act
        try:
            action = text if isinstance(text, Action) else space.coerce(text)
            events = state.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(
                "core.error.replay_bad_action",
                index=index,
                action=str(text),
                reason=exc.message(lang),
            ) from None
        yield Step(index, actor, action, events)


def bot_moves_differ(
    state: State, actions: Iterable[str | Action], bots: Mapping[int, Bot]
) -> list[int]:
    """Replay ``actions`` from ``state``; the positions (from 1) where a seat with a bot in
    ``bots`` took another move than :func:`decide` gives (a served game's bots check)."""
    differ = []
    space = state.action_space
    for index, text in enumerate(actions, 1):
        seat = state.to_act
        if seat is not None and seat in bots:
            mine = decide(bots[seat], state, seat)
            if str(mine) != str(text if isinstance(text, Action) else space.coerce(text)):
                differ.append(index)
        state.apply(text)
    return differ
