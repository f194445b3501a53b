"""Throughput, one core, per configuration: random playouts, and other rates (search, RL)."""

from __future__ import annotations

import cProfile
import io
import pstats
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from parlour.engine import Game, Rng, seed_from


@dataclass(frozen=True, slots=True)
class BenchFigure:
    """Random-playout throughput of one configuration, with or without events."""

    game: str
    """The game id."""
    players: int
    """The player count."""
    options: dict[str, Any]
    """The options given (unresolved)."""
    record_events: bool
    """Whether ``apply`` built events."""
    games: int
    """Complete games played."""
    decisions: int
    """Actions applied."""
    seconds: float
    """Wall-clock time spent."""

    @property
    def games_per_second(self) -> float:
        """Complete games per second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        """Actions applied per second."""
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form, rates included."""
        out = asdict(self)
        out["games_per_second"] = self.games_per_second
        out["decisions_per_second"] = self.decisions_per_second
        return out


def configs(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """The configurations to measure: the game's ``sample_configs()``, without repeats."""
    seen: set[str] = set()
    out = []
    for players, options in game.sample_configs():
        key = f"{players}:{sorted(options.items())}"
        if key not in seen:
            seen.add(key)
            out.append((players, dict(options)))
    return out


def random_playouts(
    game: Game,
    players: int,
    options: Mapping[str, Any],
    seconds: float,
    *,
    record_events: bool = False,
    seed: int = 0,
    max_games: int | None = None,
) -> BenchFigure:
    """Play random games for about ``seconds`` (at least one game) and count them."""
    rng = Rng(seed_from(seed, game.id, players))
    games = decisions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        state = game.new(players, options, rng.next64() >> 1)
        state.record_events = record_events
        # The loop the figure measures: nothing else inside it.
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        games += 1
        decisions += state.move_number
        if time.perf_counter() >= deadline or (max_games is not None and games >= max_games):
            break
    return BenchFigure(
        game.id,
        players,
        dict(options),
        record_events,
        games,
        decisions,
        time.perf_counter() - started,
    )


def profile(
    game: Game, players: int, options: Mapping[str, Any], seconds: float, top: int = 25
) -> str:
    """The top of a cProfile (by internal time) of random playouts of one configuration."""
    profiler = cProfile.Profile()
    profiler.enable()
    random_playouts(game, players, options, seconds)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


RateMeter = Callable[[str, int, dict[str, Any], float], float]
"""Measures a rate: ``meter(game_id, players, options, seconds)`` → things per second."""


@dataclass(frozen=True, slots=True)
class RateFigure:
    """A rate other than playouts (ISMCTS iterations, RL environment steps) of a configuration."""

    kind: str
    """What was counted: ``ismcts`` (iterations), ``ismcts_model`` (iterations of the hard
    bot's search, against the game's player model) or ``rl`` (environment steps)."""
    game: str
    """The game id."""
    players: int
    """The player count."""
    options: dict[str, Any]
    """The options given (unresolved)."""
    per_second: float | None
    """The rate, or None when the measure is not available for this configuration."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return asdict(self) | {"available": self.per_second is not None}


def measure_rate(
    kind: str,
    meter: RateMeter | None,
    game: Game,
    players: int,
    options: Mapping[str, Any],
    seconds: float,
) -> RateFigure:
    """Run ``meter`` on one configuration; a missing meter or one that fails gives no rate."""
    rate: float | None = None
    if meter is not None:
        try:
            rate = meter(game.id, players, dict(options), seconds)
        except Exception:  # a game the meter does not support (yet) is reported, not fatal
            rate = None
    return RateFigure(kind, game.id, players, dict(options), rate)


def ismcts_meter(model_players: bool = False) -> RateMeter | None:
    """``parlour.bots.ismcts.measure_iterations`` when that module offers it (of the hard
    bot's search when ``model_players``)."""
    try:
        from parlour.bots import ismcts
    except ImportError:
        return None
    measure = getattr(ismcts, "measure_iterations", None)
    if measure is None:
        return None

    def meter(game_id: str, players: int, options: dict[str, Any], seconds: float) -> float:
        return float(measure(game_id, players, options, seconds, model_players=model_players))

    return meter
