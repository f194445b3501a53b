"""Confidence intervals for win rates."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (``(0, 1)`` when n is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"successes {k} outside 0..{n}")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # Clamp rounding noise so the interval always lies in [0, 1] and holds p.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))
