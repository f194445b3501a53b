"""Tournaments between bots: seat-rotated lineups, win rates, head-to-head and ratings.

The schedule is a cycle of lineups. With as many bots as seats (or fewer, repeated in
turn to fill the table) there is one lineup; with more bots than seats, every subset of
``players`` bots is a lineup (round-robin). Each lineup is played in every rotation, so a bot
sits in every seat equally often over a cycle. Game ``i`` plays lineup ``i mod cycle`` from
``seed_from(seed, i)``: the report is the same whatever the parallelism or the backend.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any

from parlour.engine import OptionError
from parlour.games import get_game
from parlour.sim.backends import Backend, LocalBackend
from parlour.sim.ratings import MODEL, Rating, rate
from parlour.sim.runner import (
    GamesTask,
    GameSummary,
    Progress,
    WinRate,
    chunk_size,
    run_with_progress,
)
from parlour.sim.stats import wilson

MODES = ("rotate", "round-robin")
"""Tournament modes: one rotated lineup, or every subset of bots that fills the table."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's results over the whole tournament."""

    label: str
    """The bot spec."""
    games: int
    """Games it played (in any number of seats)."""
    wins: WinRate
    """Its win rate over the seat-games it played, with the 95% interval."""
    even_share: float
    """The win rate of a bot no better than the others (``1 / players``)."""
    rating: dict[str, float]
    """``mu``, ``sigma`` and ``ordinal`` (``mu - 3 sigma``) of its skill rating."""
    seats: list[WinRate]
    """Its win rate in each seat."""


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two bots' record in the games where both played."""

    first: str
    """One bot spec."""
    second: str
    """The other bot spec."""
    games: int
    """Games where both played."""
    first_wins: int
    """Games ``first`` won and ``second`` did not."""
    second_wins: int
    """Games ``second`` won and ``first`` did not."""
    low: float
    """Lower end of the 95% interval of ``first``'s share of the decided games."""
    high: float
    """Upper end of that interval."""

    @property
    def share(self) -> float:
        """``first``'s share of the games one of the two won alone (0.5 when none was)."""
        decided = self.first_wins + self.second_wins
        return self.first_wins / decided if decided else 0.5


@dataclass
class TournamentReport:
    """The outcome of :func:`tournament`."""

    game: str
    """The game id."""
    players: int
    """Seats per game."""
    mode: str
    """``rotate`` or ``round-robin``."""
    seed: int
    """The base seed."""
    options: dict[str, Any]
    """The resolved game options."""
    bots: list[str]
    """The bot specs, in the order given."""
    games: int
    """Games played."""
    cycle: int
    """Games in one cycle of the schedule (every lineup in every rotation)."""
    standings: list[Standing]
    """One per bot, best rating first."""
    head_to_head: list[HeadToHead]
    """One per pair of bots that met."""
    reasons: dict[str, int]
    """How many games ended for each reason."""
    mean_decisions: float
    """Mean decisions per game."""
    workers: int
    """Tasks run at once."""
    backend: str
    """``local`` or ``ray``."""
    elapsed: float
    """Wall-clock seconds."""
    lineups: list[list[str]] = field(default_factory=list, repr=False)
    """The bot spec of each seat of each game, by game index."""
    winners: list[list[int]] = field(default_factory=list, repr=False)
    """The winning seats of each game, by game index."""

    @property
    def balanced(self) -> bool:
        """Whether the games cover whole cycles, so every bot had every seat equally often."""
        return self.games % self.cycle == 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form, every game's lineup and winners included."""
        return {
            "game": self.game,
            "players": self.players,
            "mode": self.mode,
            "seed": self.seed,
            "options": self.options,
            "bots": self.bots,
            "games": self.games,
            "cycle": self.cycle,
            "balanced": self.balanced,
            "rating_model": MODEL,
            "standings": [asdict(s) for s in self.standings],
            "head_to_head": [asdict(h) | {"share": h.share} for h in self.head_to_head],
            "reasons": self.reasons,
            "mean_decisions": self.mean_decisions,
            "workers": self.workers,
            "backend": self.backend,
            "elapsed": self.elapsed,
            "results": [
                {"index": i, "bots": lineup, "winners": won}
                for i, (lineup, won) in enumerate(zip(self.lineups, self.winners, strict=True))
            ],
        }


def choose_mode(bots: Sequence[str], players: int, mode: str | None = None) -> str:
    """The mode asked for, else ``round-robin`` when bots outnumber seats, else ``rotate``."""
    return mode or ("round-robin" if len(set(bots)) > players else "rotate")


def schedule(bots: Sequence[str], players: int, mode: str | None = None) -> list[tuple[str, ...]]:
    """One cycle of lineups: each lineup in every rotation (raises OptionError when unfit)."""
    specs = list(dict.fromkeys(bots))
    if len(specs) < 2:
        raise OptionError("cli.error.tournament_bots", bots=",".join(specs))
    chosen = choose_mode(specs, players, mode)
    if chosen not in MODES:
        raise OptionError("cli.error.tournament_mode", mode=chosen[:30], known=", ".join(MODES))
    if chosen == "rotate" and len(specs) > players:
        raise OptionError("cli.error.tournament_seats", count=len(specs), players=players)
    if len(specs) >= players:
        lineups = [list(c) for c in combinations(specs, players)]
    else:
        # Fewer bots than seats: they take the seats in turn (a, b, a, b...).
        lineups = [[specs[seat % len(specs)] for seat in range(players)]]
    return [
        tuple(lineup[shift:] + lineup[:shift]) for lineup in lineups for shift in range(players)
    ]


def tournament(
    game_id: str,
    players: int,
    bots: Sequence[str],
    games: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    mode: str | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    *,
    backend: Backend | None = None,
) -> TournamentReport:
    """Play ``games`` games between the bots on the schedule and rank them.

    Raises OptionError for an unknown game, bot, mode or option before any game is played.
    """
    from parlour.bots.registry import make_bot

    game = get_game(game_id)
    if games < 1:
        raise OptionError("cli.error.bad_games", games=games)
    resolved = game.resolve_options(players, dict(options or {}))
    cycle = schedule(bots, players, mode)
    specs = list(dict.fromkeys(bots))
    for spec in specs:
        make_bot(spec, game_id)  # fail early on an unknown name
    runner = backend if backend is not None else LocalBackend(workers)
    chunk = chunk_size(games, runner.parallelism(games))
    lineups = [cycle[i % len(cycle)] for i in range(games)]
    tasks = [
        GamesTask(
            game_id,
            players,
            dict(options or {}),
            [(i, lineups[i]) for i in range(start, min(games, start + chunk))],
            seed,
        )
        for start in range(0, games, chunk)
    ]
    started = time.perf_counter()
    results = run_with_progress(runner, game, tasks, games, progress)
    elapsed = time.perf_counter() - started
    summaries = sorted(
        (s for _, chunk_games in results for s in chunk_games), key=lambda s: s.index
    )
    return TournamentReport(
        game=game_id,
        players=players,
        mode=choose_mode(specs, players, mode),
        seed=seed,
        options=resolved,
        bots=specs,
        games=games,
        cycle=len(cycle),
        standings=_standings(specs, players, lineups, summaries),
        head_to_head=_head_to_head(specs, lineups, summaries),
        reasons=dict(
            sorted(Counter(s.reason for s in summaries).items(), key=lambda kv: (-kv[1], kv[0]))
        ),
        mean_decisions=sum(s.moves for s in summaries) / games,
        workers=runner.parallelism(len(tasks)),
        backend=runner.name,
        elapsed=elapsed,
        lineups=[list(lineup) for lineup in lineups],
        winners=[list(s.winners) for s in summaries],
    )


def _standings(
    specs: list[str],
    players: int,
    lineups: list[tuple[str, ...]],
    summaries: list[GameSummary],
) -> list[Standing]:
    ratings: dict[str, Rating] = {
        r.label: r for r in rate(specs, ((lineups[s.index], s.winners) for s in summaries))
    }
    out = []
    for spec in specs:
        seat_trials = [0] * players
        seat_wins = [0] * players
        played = 0
        for s in summaries:
            lineup = lineups[s.index]
            if spec in lineup:
                played += 1
            for seat, who in enumerate(lineup):
                if who == spec:
                    seat_trials[seat] += 1
                    seat_wins[seat] += seat in s.winners
        r = ratings[spec]
        out.append(
            Standing(
                label=spec,
                games=played,
                wins=WinRate.of(spec, sum(seat_wins), sum(seat_trials)),
                even_share=1 / players,
                rating={"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal},
                seats=[
                    WinRate.of(str(seat), seat_wins[seat], seat_trials[seat])
                    for seat in range(players)
                ],
            )
        )
    return sorted(out, key=lambda s: (-s.rating["ordinal"], s.label))


def _head_to_head(
    specs: list[str], lineups: list[tuple[str, ...]], summaries: list[GameSummary]
) -> list[HeadToHead]:
    out = []
    for first, second in combinations(specs, 2):
        games = first_wins = second_wins = 0
        for s in summaries:
            lineup = lineups[s.index]
            if first not in lineup or second not in lineup:
                continue
            games += 1
            won = {lineup[seat] for seat in s.winners}
            if first in won and second not in won:
                first_wins += 1
            elif second in won and first not in won:
                second_wins += 1
        if games:
            low, high = wilson(first_wins, first_wins + second_wins)
            out.append(HeadToHead(first, second, games, first_wins, second_wins, low, high))
    return out
