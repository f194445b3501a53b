"""Rewards: the game's result and (where a game has rounds) round wins, made zero-sum.

Both kinds go through :func:`zero_sum`: a seat that takes all of a gain gets +1 and the
others share -1 between them, so every step's rewards add up to zero and a two-player
loss is -1.
"""

from __future__ import annotations

from collections.abc import Sequence

REWARD_KINDS: tuple[str, ...] = ("game", "round")
"""The values of the environments' ``reward`` option."""


def zero_sum(gains: Sequence[float]) -> list[float]:
    """Per-seat rewards from non-negative gains: ``g_s - (G - g_s) / (n - 1)``.

    ``G`` is the total gain. With one seat: the gain itself. No gain: all zero.
    """
    n = len(gains)
    total = float(sum(gains))
    if n <= 1:
        return [float(g) for g in gains]
    return [float(g) - (total - float(g)) / (n - 1) for g in gains]


def game_rewards(scores: Sequence[float]) -> list[float]:
    """End-of-game rewards from ``Result.scores`` (1 shared among the winners).

    A sole winner gets +1; with two players the loser gets -1; ``k`` sharing winners of
    ``n`` seats get ``(n/k - 1)/(n - 1)`` each; nobody winning gives everyone 0.
    """
    return zero_sum(scores)


def round_rewards(before: Sequence[float], after: Sequence[float]) -> list[float]:
    """Rewards for the round points (tokens) each seat gained between two views."""
    return zero_sum([max(0.0, float(a) - float(b)) for b, a in zip(before, after, strict=True)])
