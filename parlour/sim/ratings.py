"""Skill ratings of bots from game results: OpenSkill's Plackett-Luce model.

Each game is a free-for-all between its seats: the winners share first place and everyone
else shares second (the games tell only who won). Games are rated in index order, so the
ratings depend on the games and their seeds, not on how they were run. A bot spec that holds
several seats of one game is rated as each seat, and then takes the mean of those updates.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = "openskill.PlackettLuce"
"""The rating model's name, as reports show it."""
MU = 25.0
"""A new bot's mean skill (OpenSkill's default)."""
SIGMA = MU / 3
"""A new bot's skill uncertainty (OpenSkill's default)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One bot's skill estimate."""

    label: str
    """The bot spec."""
    mu: float
    """Mean skill."""
    sigma: float
    """Uncertainty (standard deviation) of the skill."""
    games: int
    """Games rated."""

    @property
    def ordinal(self) -> float:
        """A conservative skill, ``mu - 3 sigma``: what rankings sort by."""
        return self.mu - 3 * self.sigma


def rate(bots: Sequence[str], games: Iterable[tuple[Sequence[str], Sequence[int]]]) -> list[Rating]:
    """Ratings after the games, best first; each game is (spec of each seat, winning seats)."""
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    skill = {bot: (MU, SIGMA) for bot in bots}
    played = dict.fromkeys(bots, 0)
    for specs, winners in games:
        teams = [[model.rating(mu=skill[s][0], sigma=skill[s][1])] for s in specs]
        ranks: list[float] = [1.0 if seat in winners else 2.0 for seat in range(len(specs))]
        rated = model.rate(teams, ranks=ranks)
        updates: dict[str, list[tuple[float, float]]] = {}
        for spec, team in zip(specs, rated, strict=True):
            updates.setdefault(spec, []).append((team[0].mu, team[0].sigma))
        for spec, values in updates.items():
            skill[spec] = (
                sum(mu for mu, _ in values) / len(values),
                sum(sigma for _, sigma in values) / len(values),
            )
            played[spec] += 1
    out = [Rating(bot, skill[bot][0], skill[bot][1], played[bot]) for bot in bots]
    return sorted(out, key=lambda r: (-r.ordinal, r.label))
