"""Batch simulation: many bot games of one configuration, on a pool of processes.

Game ``i`` of a player count always starts from ``seed_from(seed, i)`` and bots draw their
randomness from the game's seed, so a report is the same whatever the number of workers or
the backend (local processes or Ray, see :mod:`parlour.sim.backends`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from parlour.bots.registry import bot_names, make_bot, split_specs
from parlour.engine import Game, OptionError, Replay, seed_from
from parlour.games import get_game
from parlour.sim.backends import Backend, LocalBackend
from parlour.sim.play import play_game
from parlour.sim.stats import wilson

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` while a simulation runs."""

BotChoice = str | Sequence[str] | Callable[[int], Sequence[str]] | None
"""One bot spec for every seat, one per seat, a function of the player count, or the default."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the report needs from one finished game (small, so workers send it cheaply)."""

    index: int
    """The game's index within its player count."""
    seed: int
    """The seed the game started from."""
    winners: tuple[int, ...]
    """The winning seats."""
    reason: str
    """How the game ended (``result.reason``)."""
    moves: int
    """How many decisions were made."""
    details: dict[str, float]
    """The numeric entries of ``result.details``."""
    replay: dict[str, Any] | None = None
    """The replay file content, when replays are kept."""


@dataclass(frozen=True, slots=True)
class WinRate:
    """A win rate with its 95% Wilson confidence interval."""

    label: str
    """A seat number (``"0"``, ``"1"``...) or a bot spec."""
    trials: int
    """Seat-games counted."""
    wins: int
    """Seat-games won (a shared win counts for each winner)."""
    rate: float
    """wins / trials."""
    low: float
    """Lower end of the 95% interval."""
    high: float
    """Upper end of the 95% interval."""

    @classmethod
    def of(cls, label: str, wins: int, trials: int) -> WinRate:
        """Build the rate and its interval."""
        low, high = wilson(wins, trials)
        return cls(label, trials, wins, wins / trials if trials else 0.0, low, high)


@dataclass
class GroupReport:
    """The figures of every game played with one player count."""

    players: int
    """The player count."""
    games: int
    """How many games were played."""
    bots: list[str]
    """The bot spec of each seat."""
    options: dict[str, Any]
    """The resolved game options."""
    seats: list[WinRate]
    """Win rate per seat."""
    by_bot: list[WinRate]
    """Win rate per bot spec (empty when every seat has the same bot)."""
    reasons: dict[str, int]
    """How many games ended for each reason."""
    mean_decisions: float
    """Mean decisions per game."""
    details: dict[str, float]
    """Mean of each numeric result detail, over the games that report it."""


@dataclass
class SimulationReport:
    """The outcome of :func:`simulate`."""

    game: str
    """The game id."""
    seed: int
    """The base seed."""
    workers: int
    """Worker processes used (1: in-process)."""
    groups: list[GroupReport]
    """One group per player count, in the order asked."""
    elapsed: float
    """Wall-clock seconds."""
    replays: list[dict[str, Any]] = field(default_factory=list, repr=False)
    """Replay file contents, when asked for (not part of the JSON report)."""
    backend: str = "local"
    """Where the games ran: ``local`` or ``ray``."""

    @property
    def games(self) -> int:
        """Games played in total."""
        return sum(g.games for g in self.groups)

    @property
    def games_per_second(self) -> float:
        """Throughput over the whole run."""
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "game": self.game,
            "seed": self.seed,
            "workers": self.workers,
            "backend": self.backend,
            "games": self.games,
            "elapsed": self.elapsed,
            "games_per_second": self.games_per_second,
            "groups": [asdict(g) for g in self.groups],
        }


def default_bot(game_id: str) -> str:
    """The game's ``heuristic`` bot when it has one, else ``random``."""
    return "heuristic" if "heuristic" in bot_names(game_id) else "random"


def seat_bots(game_id: str, players: int, bots: BotChoice) -> list[str]:
    """The bot spec of each seat (raises OptionError when the count does not fit)."""
    if bots is None:
        specs: Sequence[str] = [default_bot(game_id)]
    elif isinstance(bots, str):
        specs = split_specs(bots, game_id)
    elif callable(bots):
        specs = bots(players)
    else:
        specs = bots
    if len(specs) == 1:
        specs = list(specs) * players
    if len(specs) != players:
        raise OptionError(
            "cli.error.bot_count", players=players, count=len(specs), bots=",".join(specs)
        )
    for spec in dict.fromkeys(specs):
        make_bot(spec, game_id)  # fail early on an unknown name
    return list(specs)


def simulate(
    game_id: str,
    players: int | Sequence[int],
    games: int,
    bots: BotChoice = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    *,
    keep_replays: bool = False,
    backend: Backend | None = None,
) -> SimulationReport:
    """Play ``games`` bot games per player count and summarise them.

    Runs on ``backend`` when given (a Ray cluster, say), else on ``workers`` local
    processes. Raises OptionError for an unknown game, bot or option before any game is
    played.
    """
    game = get_game(game_id)
    counts = [players] if isinstance(players, int) else list(players)
    if games < 1:
        raise OptionError("cli.error.bad_games", games=games)
    plans: list[tuple[int, list[str], dict[str, Any]]] = []
    for n in counts:
        resolved = game.resolve_options(n, dict(options or {}))
        plans.append((n, seat_bots(game_id, n, bots), resolved))
    runner = backend if backend is not None else LocalBackend(workers)
    chunk = chunk_size(games, runner.parallelism(games * len(plans)))
    tasks: list[GamesTask] = []
    for n, specs, _ in plans:
        lineup = tuple(specs)
        for start in range(0, games, chunk):
            indices = range(start, min(games, start + chunk))
            tasks.append(
                GamesTask(
                    game_id,
                    n,
                    dict(options or {}),
                    [(i, lineup) for i in indices],
                    seed,
                    keep_replays,
                )
            )
    total = games * len(plans)
    used = runner.parallelism(len(tasks))
    started = time.perf_counter()
    results = run_with_progress(runner, game, tasks, total, progress)
    elapsed = time.perf_counter() - started
    groups = []
    replays: list[dict[str, Any]] = []
    for (n, specs, resolved), summaries in zip(plans, _by_count(counts, results), strict=True):
        groups.append(_summarise(n, specs, resolved, summaries))
        replays += [s.replay for s in summaries if s.replay is not None]
    return SimulationReport(game_id, seed, used, groups, elapsed, replays, runner.name)


def run_with_progress(
    backend: Backend,
    game: Game,
    tasks: list[GamesTask],
    total: int,
    progress: Progress | None,
) -> list[tuple[int, list[GameSummary]]]:
    """Run the tasks on the backend, reporting games done as chunks finish."""
    done = 0

    def finished(result: tuple[int, list[GameSummary]]) -> None:
        nonlocal done
        done += len(result[1])
        if progress is not None:
            progress(done, total)

    return backend.run(play_games, tasks, [game], finished)


@dataclass(frozen=True, slots=True)
class GamesTask:
    """A chunk of games for one worker: each game's index and the bot spec of each seat."""

    game_id: str
    players: int
    options: dict[str, Any]
    games: list[tuple[int, tuple[str, ...]]]
    seed: int
    keep_replays: bool = False


def play_games(task: GamesTask) -> tuple[int, list[GameSummary]]:
    """Play a chunk: game ``index`` starts from ``seed_from(task.seed, index)``."""
    game = get_game(task.game_id)
    out = []
    for index, specs in task.games:
        # Fresh bots per game: a bot's memory must not depend on which games shared a worker.
        bots = [make_bot(spec, task.game_id) for spec in specs]
        seed = seed_from(task.seed, index)
        played = play_game(game, task.players, task.options, seed, bots)
        details = {
            k: float(v)
            for k, v in played.result.details.items()
            if isinstance(v, int | float) and not isinstance(v, bool)
        }
        replay = None
        if task.keep_replays:
            played.replay.names = list(specs)
            replay = played.replay.to_json()
        out.append(
            GameSummary(
                index,
                seed,
                played.result.winners,
                played.result.reason,
                played.moves,
                details,
                replay,
            )
        )
    return task.players, out


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about four tasks per worker, at most 50 games each."""
    return max(1, min(50, games // (workers * 4)))


def _by_count(
    counts: list[int], results: list[tuple[int, list[GameSummary]]]
) -> list[list[GameSummary]]:
    grouped: dict[int, list[GameSummary]] = {n: [] for n in counts}
    for n, summaries in results:
        grouped[n] += summaries
    return [sorted(grouped[n], key=lambda s: s.index) for n in counts]


def _summarise(
    players: int, specs: list[str], options: dict[str, Any], summaries: list[GameSummary]
) -> GroupReport:
    games = len(summaries)
    wins = [sum(1 for s in summaries if seat in s.winners) for seat in range(players)]
    seats = [WinRate.of(str(seat), wins[seat], games) for seat in range(players)]
    by_bot = []
    if len(set(specs)) > 1:
        for spec in dict.fromkeys(specs):
            mine = [seat for seat in range(players) if specs[seat] == spec]
            by_bot.append(WinRate.of(spec, sum(wins[seat] for seat in mine), games * len(mine)))
    totals: dict[str, float] = {}
    present: Counter[str] = Counter()
    for s in summaries:
        for key, value in s.details.items():
            totals[key] = totals.get(key, 0.0) + value
            present[key] += 1
    reasons = Counter(s.reason for s in summaries)
    return GroupReport(
        players=players,
        games=games,
        bots=list(specs),
        options=dict(options),
        seats=seats,
        by_bot=by_bot,
        reasons=dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        mean_decisions=sum(s.moves for s in summaries) / games if games else 0.0,
        details={k: totals[k] / present[k] for k in sorted(totals)},
    )


def save_replays(report: SimulationReport, folder: str | Path) -> list[Path]:
    """Write the report's kept replays as ``<game>-<players>p-<index>.json`` files."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    counters: Counter[int] = Counter()
    for data in report.replays:
        replay = Replay.from_json(data)
        index = counters[replay.players]
        counters[replay.players] += 1
        path = out / f"{report.game}-{replay.players}p-{index:05d}.json"
        replay.save(path)
        paths.append(path)
    return paths
