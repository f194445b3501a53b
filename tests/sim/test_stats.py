"""The Wilson score interval, against published values and as a property."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.sim.stats import wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", method 3.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Symmetric around one half.
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_matches_published_intervals(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=6e-5)
    assert hi == pytest.approx(high, abs=6e-5)


def test_wilson_without_trials_is_uninformative() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_refuses_more_successes_than_trials() -> None:
    with pytest.raises(ValueError):
        wilson(11, 10)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_rate_inside_zero_one(kn: tuple[int, int]) -> None:
    k, n = kn
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


@given(st.integers(0, 50), st.integers(1, 50))
def test_wilson_narrows_with_more_trials_at_the_same_rate(k: int, n: int) -> None:
    k = min(k, n)
    lo1, hi1 = wilson(k, n)
    lo4, hi4 = wilson(4 * k, 4 * n)
    assert hi4 - lo4 < hi1 - lo1


def test_wilson_mirrors_failures_and_successes() -> None:
    lo, hi = wilson(3, 17)
    mlo, mhi = wilson(14, 17)
    assert lo == pytest.approx(1 - mhi)
    assert hi == pytest.approx(1 - mlo)
