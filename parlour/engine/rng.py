"""Seeded randomness that lives inside a game state.

A SplitMix64 generator: its whole state is one integer, so cloning a game state copies
it for free and a state's JSON form carries it exactly. No global ``random`` is used
anywhere in the rules.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small deterministic random generator (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` (``n`` must be positive)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Multiply-shift: bias below 2**-50 for the small bounds games use.
        return (self.next64() * n) >> 64

    def random(self) -> float:
        """Return a float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = (self.next64() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """Return an independent generator seeded from this one."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        """Return a copy that will produce the same numbers."""
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


def seed_from(*parts: object) -> int:
    """Derive a 64-bit seed from any hashable-as-text parts (stable across runs)."""
    text = "\x1f".join(str(p) for p in parts)
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return Rng(h).next64()
