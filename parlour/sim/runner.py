"""Batch simulation: many bot games of one configuration, on a pool of processes.

Game ``i`` of a player count always starts from ``seed_from(seed, i)`` and bots draw their
randomness from the game's seed, so a report is the same whatever the number of workers or
the backend (local processes or Ray, see :mod:`parlour.sim.backends`).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from parlour.bots.registry import bot_maker, bot_names, make_bot, split_specs
from parlour.engine import Game, OptionError, Replay, Result, seed_from
from parlour.games import get_game
from parlour.sim.backends import Backend, LocalBackend, stream_local
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
    # A task names a range of game indices, not a list of them, and sends back totals, not
    # one summary per game; on this machine the tasks are made as the pool asks for them
    # and merged as they come back: a run's memory does not grow with its number of games.
    tasks = (
        TallyTask(
            game_id, n, dict(options or {}), start, min(games, start + chunk), tuple(specs), seed,
            keep_replays,
        )
        for n, specs, _ in plans
        for start in range(0, games, chunk)
    )  # fmt: skip
    size = len(plans) * -(-games // chunk)
    total = games * len(plans)
    used = runner.parallelism(size)
    tallies = {n: Tally.empty(n) for n in counts}
    done = 0

    def finished(result: tuple[int, Tally]) -> None:
        nonlocal done
        done += result[1].games
        if progress is not None:
            progress(done, total)

    started = time.perf_counter()
    # Results come back in task order (the backends' promise), so tallies and kept replays
    # are merged in game-index order whatever the pool did.
    if isinstance(runner, LocalBackend):
        results: Iterable[tuple[int, Tally]] = stream_local(
            runner, play_tally, tasks, size, [game], finished
        )
    else:
        results = runner.run(play_tally, list(tasks), [game], finished)
    for n, tally in results:
        tallies[n].merge(tally)
    elapsed = time.perf_counter() - started
    groups = []
    replays: list[dict[str, Any]] = []
    for n, specs, resolved in plans:
        groups.append(_group(n, specs, resolved, tallies[n]))
        replays += tallies[n].replays
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
        details = _numeric(played.result.details)
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


@dataclass
class Tally:
    """Running totals of one player count's games: everything the report needs."""

    players: int
    """The player count."""
    games: int
    """Games counted."""
    wins: list[int]
    """Games won by each seat (a shared win counts for each winner)."""
    reasons: Counter[str]
    """Games per end reason."""
    moves: int
    """Decisions made, summed."""
    details: dict[str, Fraction]
    """Each numeric result detail summed exactly, so the mean does not depend on how the
    games were split into tasks (the whole values apart, in ``whole``)."""
    present: Counter[str]
    """Games reporting each detail."""
    whole: dict[str, int] = field(default_factory=dict)
    """The details' whole values summed as integers (most details are counts: an integer
    sum is exact too, and far cheaper than a fraction's)."""
    replays: list[dict[str, Any]] = field(default_factory=list)
    """Replay file contents, when kept, in game-index order."""

    @classmethod
    def empty(cls, players: int) -> Tally:
        """No games yet."""
        return cls(players, 0, [0] * players, Counter(), 0, {}, Counter())

    def mean(self, key: str) -> float:
        """The mean of a detail over the games reporting it."""
        fraction = self.details.get(key)
        if fraction is None:  # whole numbers only: int / int rounds as float(Fraction) does
            return self.whole.get(key, 0) / self.present[key]
        return float((fraction + self.whole.get(key, 0)) / self.present[key])

    def add(
        self, winners: Sequence[int], reason: str, moves: int, details: Mapping[str, float]
    ) -> None:
        """Count one finished game."""
        self.games += 1
        for seat in winners:
            self.wins[seat] += 1
        self.reasons[reason] += 1
        self.moves += moves
        self._details(details)

    def count(self, result: Result, moves: int) -> None:
        """Count one finished game from its result: :meth:`add` of its winners, reason, moves
        and numeric details, the whole numbers of the details summed without a copy."""
        self.games += 1
        wins = self.wins
        for seat in result.winners:
            wins[seat] += 1
        self.reasons[result.reason] += 1
        self.moves += moves
        whole, present = self.whole, self.present
        rest: dict[str, Any] | None = None
        for key, value in result.details.items():
            # An int a float holds exactly: what add would sum (the rest takes its way).
            if type(value) is int and -_EXACT <= value <= _EXACT:
                whole[key] = whole.get(key, 0) + value
                present[key] += 1
            elif not isinstance(value, int | float):
                continue  # not a number (a list of tokens, say): _numeric would drop it
            elif rest is None:
                rest = {key: value}
            else:
                rest[key] = value
        if rest is not None:
            self._details(_numeric(rest))

    def _details(self, details: Mapping[str, float]) -> None:
        whole, present = self.whole, self.present
        for key, value in details.items():
            if isinstance(value, int) or value.is_integer():
                whole[key] = whole.get(key, 0) + int(value)
            else:
                self.details[key] = self.details.get(key, Fraction(0)) + Fraction(value)
            present[key] += 1

    def merge(self, other: Tally) -> None:
        """Add another tally of the same player count (its games come after these)."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.reasons.update(other.reasons)
        self.moves += other.moves
        for key, value in other.details.items():
            self.details[key] = self.details.get(key, Fraction(0)) + value
        for key, number in other.whole.items():
            self.whole[key] = self.whole.get(key, 0) + number
        self.present.update(other.present)
        self.replays += other.replays


@dataclass(frozen=True, slots=True)
class TallyTask:
    """A chunk of ``simulate``: games ``start`` to ``stop`` (excluded) of one player count."""

    game_id: str
    players: int
    options: dict[str, Any]
    start: int
    stop: int
    lineup: tuple[str, ...]
    seed: int
    keep_replays: bool = False


def play_tally(task: TallyTask) -> tuple[int, Tally]:
    """Play a chunk and total it: game ``index`` starts from ``seed_from(task.seed, index)``."""
    game = get_game(task.game_id)
    makers = [bot_maker(spec, task.game_id) for spec in task.lineup]
    tally = Tally.empty(task.players)
    keep = task.keep_replays
    for index in range(task.start, task.stop):
        # Fresh bots per game: a bot's memory must not depend on which games shared a worker.
        bots = [make() for make in makers]
        played = play_game(
            game, task.players, task.options, seed_from(task.seed, index), bots, keep_actions=keep
        )
        tally.count(played.result, played.moves)
        if keep:
            played.replay.names = list(task.lineup)
            tally.replays.append(played.replay.to_json())
    return task.players, tally


_EXACT = 1 << 53
"""Whole numbers up to this size are floats exactly (how add reads a detail)."""


def _numeric(details: Mapping[str, Any]) -> dict[str, float]:
    # Finite numbers only: the exact sums cannot hold an infinity or a NaN.
    return {
        k: float(v)
        for k, v in details.items()
        if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
    }


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
    """The group report of a list of per-game summaries (as tournaments keep them)."""
    tally = Tally.empty(players)
    for s in summaries:
        tally.add(s.winners, s.reason, s.moves, s.details)
    return _group(players, specs, options, tally)


def _group(players: int, specs: list[str], options: dict[str, Any], tally: Tally) -> GroupReport:
    games = tally.games
    wins = tally.wins
    seats = [WinRate.of(str(seat), wins[seat], games) for seat in range(players)]
    by_bot = []
    if len(set(specs)) > 1:
        for spec in dict.fromkeys(specs):
            mine = [seat for seat in range(players) if specs[seat] == spec]
            by_bot.append(WinRate.of(spec, sum(wins[seat] for seat in mine), games * len(mine)))
    return GroupReport(
        players=players,
        games=games,
        bots=list(specs),
        options=dict(options),
        seats=seats,
        by_bot=by_bot,
        reasons=dict(sorted(tally.reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        mean_decisions=tally.moves / games if games else 0.0,
        details={k: tally.mean(k) for k in sorted(tally.present)},
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
