"""The Gauntlet health study: which starting health makes Thanos win about half the games.

Heuristic bots play both sides. For each candidate hero health and each player count, a
coarse bisection (few games per point) finds where Thanos's win rate crosses 50%; the
integers around the crossing are then played again with many games. The hero health whose
best Thanos healths come nearest 50% over all player counts is chosen. Game ``i`` of a point
starts from ``seed_from(seed, hero, players, thanos, i)``, so the numbers are the same
whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from parlour.engine import seed_from
from parlour.games import get_game
from parlour.games.gauntlet.bot import HeuristicBot
from parlour.sim.play import play_game
from parlour.sim.stats import wilson

PLAYER_COUNTS = (2, 3, 4, 5, 6)
"""The player counts the study covers."""
CHUNK = 100
"""Games per task sent to a worker."""

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@dataclass(frozen=True, slots=True)
class Point:
    """Thanos's win rate at one (hero health, player count, Thanos health)."""

    hero_health: int
    players: int
    thanos_health: int
    games: int
    thanos_wins: int

    @property
    def rate(self) -> float:
        """Thanos's share of wins."""
        return self.thanos_wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the rate."""
        return wilson(self.thanos_wins, self.games)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form."""
        low, high = self.interval
        return {**asdict(self), "rate": self.rate, "low": low, "high": high}


@dataclass
class StudyResult:
    """Every evaluated point and the chosen healths."""

    seed: int
    games: int
    coarse_games: int
    points: list[Point] = field(default_factory=list)
    hero_health: int = 0
    thanos_health: list[int] = field(default_factory=list)

    def chosen(self) -> list[Point]:
        """The refined point of each player count at the chosen healths."""
        out = []
        for n, t in zip(PLAYER_COUNTS, self.thanos_health, strict=True):
            out.append(self.best_point(self.hero_health, n, t))
        return out

    def best_point(self, hero: int, players: int, thanos: int) -> Point:
        """The point with the most games at these healths."""
        return max(
            (
                p
                for p in self.points
                if (p.hero_health, p.players, p.thanos_health) == (hero, players, thanos)
            ),
            key=lambda p: p.games,
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StudyResult:
        """Rebuild a study from :meth:`to_json` output (e.g. to plot it again)."""
        fields = ("hero_health", "players", "thanos_health", "games", "thanos_wins")
        return cls(
            int(data["seed"]),
            int(data["games"]),
            int(data["coarse_games"]),
            [Point(*(int(p[f]) for f in fields)) for p in data["points"]],
            int(data["hero_health"]),
            [int(t) for t in data["thanos_health"]],
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form of the whole study."""
        return {
            "seed": self.seed,
            "games": self.games,
            "coarse_games": self.coarse_games,
            "hero_health": self.hero_health,
            "thanos_health": list(self.thanos_health),
            "chosen": [p.to_json() for p in self.chosen()],
            "points": [p.to_json() for p in self.points],
        }


def play_chunk(task: tuple[int, int, int, int, int, int]) -> int:
    """Play games ``start..start+count`` of one point; return Thanos's wins."""
    seed, hero, players, thanos, start, count = task
    game = get_game("gauntlet")
    options = {"hero_health": hero, "thanos_health": [thanos] * len(PLAYER_COUNTS)}
    bots = [HeuristicBot() for _ in range(players)]
    wins = 0
    for i in range(start, start + count):
        played = play_game(game, players, options, seed_from(seed, hero, players, thanos, i), bots)
        wins += 0 in played.result.winners
    return wins


class _Runner:
    """Plays batches of points, in this process or on a pool, caching every point."""

    def __init__(self, seed: int, workers: int, progress: Progress | None) -> None:
        self.seed = seed
        self.workers = workers
        self.progress = progress
        self.cache: dict[tuple[int, int, int, int], Point] = {}
        self.pool = ProcessPoolExecutor(workers) if workers > 1 else None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    def run(self, keys: Iterable[tuple[int, int, int]], games: int) -> list[Point]:
        """Evaluate each (hero, players, thanos) with ``games`` games (cached)."""
        keys = list(dict.fromkeys(keys))
        todo = [k for k in keys if (*k, games) not in self.cache]
        tasks = [
            (self.seed, *k, start, min(CHUNK, games - start))
            for k in todo
            for start in range(0, games, CHUNK)
        ]
        if self.pool is not None:
            results: Iterable[int] = self.pool.map(play_chunk, tasks)
        else:
            results = map(play_chunk, tasks)
        wins: dict[tuple[int, int, int], int] = dict.fromkeys(todo, 0)
        for task, won in zip(tasks, results, strict=True):
            wins[(task[1], task[2], task[3])] += won
            if self.progress is not None:
                self.progress(task[5])
        for k in todo:
            self.cache[(*k, games)] = Point(*k, games, wins[k])
        return [self.cache[(*k, games)] for k in keys]


def run_study(
    *,
    hero_healths: Sequence[int] = (6, 8, 10, 12, 14),
    games: int = 2400,
    coarse_games: int = 300,
    seed: int = 0,
    workers: int = 1,
    max_thanos: int = 30,
    progress: Progress | None = None,
) -> StudyResult:
    """Run the study and choose one hero health and a Thanos health per player count."""
    runner = _Runner(seed, workers, progress)
    result = StudyResult(seed, games, coarse_games)
    try:
        best_total = float("inf")
        for hero in hero_healths:
            # Coarse bisection: the smallest Thanos health where Thanos wins half or more.
            lo = dict.fromkeys(PLAYER_COUNTS, 1)
            hi = dict.fromkeys(PLAYER_COUNTS, max_thanos)
            while any(lo[n] < hi[n] for n in PLAYER_COUNTS):
                mids = {n: (lo[n] + hi[n]) // 2 for n in PLAYER_COUNTS if lo[n] < hi[n]}
                for p in runner.run([(hero, n, t) for n, t in mids.items()], coarse_games):
                    if p.rate >= 0.5:
                        hi[p.players] = p.thanos_health
                    else:
                        lo[p.players] = p.thanos_health + 1
            # Refine the integers around each crossing with the full number of games.
            keys = [
                (hero, n, t)
                for n in PLAYER_COUNTS
                for t in (lo[n] - 1, lo[n], lo[n] + 1)
                if 1 <= t <= max_thanos
            ]
            refined = runner.run(keys, games)
            picks: list[int] = []
            total = 0.0
            for n in PLAYER_COUNTS:
                best = min(
                    (p for p in refined if p.players == n),
                    key=lambda p: (abs(p.rate - 0.5), p.thanos_health),
                )
                picks.append(best.thanos_health)
                total += abs(best.rate - 0.5)
            if total < best_total - 1e-12:
                best_total = total
                result.hero_health, result.thanos_health = hero, picks
        result.points = sorted(
            runner.cache.values(),
            key=lambda p: (p.hero_health, p.players, p.thanos_health, p.games),
        )
    finally:
        runner.close()
    return result


def planned_games(hero_healths: Sequence[int], games: int, coarse_games: int) -> int:
    """An upper estimate of the games the study plays (for a progress bar)."""
    rounds = 5
    per_hero = len(PLAYER_COUNTS) * (rounds * coarse_games + 3 * games)
    return len(hero_healths) * per_hero


def plot(
    result: StudyResult,
    path: Path,
    title: str,
    xlabel: str,
    ylabel: str,
    legend: str = "players",
) -> None:
    """Thanos's win rate against his health, per player count, at the chosen hero health."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    for n in PLAYER_COUNTS:
        pts: dict[int, Point] = {}
        for p in result.points:
            mine = p.hero_health == result.hero_health and p.players == n
            if mine and (p.thanos_health not in pts or pts[p.thanos_health].games < p.games):
                pts[p.thanos_health] = p
        xs = sorted(pts)
        ys = [pts[x].rate for x in xs]
        errs = [
            [pts[x].rate - pts[x].interval[0] for x in xs],
            [pts[x].interval[1] - pts[x].rate for x in xs],
        ]
        ax.errorbar(xs, ys, yerr=errs, marker="o", capsize=3, label=f"{n}")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1)
    ax.legend(title=legend)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
