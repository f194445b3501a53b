"""Seeded randomness that lives inside a game state.

A SplitMix64 generator: its whole state is one 64-bit integer, so cloning a game state
copies it for free and a state's JSON form carries it exactly. No global ``random`` is used
anywhere in the rules.

One stream, two ways of computing it. Interpreted, the arithmetic is on Python integers
masked to 64 bits. Compiled by mypyc, Python integers of 64 bits are heap objects and
every multiply makes a 128-bit one, so there the generator keeps its state in a native
``i64`` and lets the multiply and add wrap (two's complement: the same low 64 bits as the
unsigned arithmetic), masking after each right shift so it is a logical one. Which way
runs is decided once, at import, by whether ``i64`` arithmetic wraps here (it does only
compiled), and the native way is then checked against the stream's first draws.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

# Final: compiled, a module constant is read without a look-up in the module's dict (every
# generator made reads _MASK, every shuffle _BIG_BOUND).
_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

# The same constants as signed 64-bit numbers (each minus 2**64), for the native way.
_GOLDEN_I: Final[i64] = -7046029254386353131
_MUL1_I: Final[i64] = -4658895280553007687  # 0xBF58476D1CE4E5B9
_MUL2_I: Final[i64] = -7723592293110705685  # 0x94D049BB133111EB
_LOW32: Final[i64] = 0xFFFFFFFF
_BIG_BOUND: Final = 1 << 31
"""Bounds from here on take the arithmetic on Python integers in the native way."""


def _wraps(x: i64) -> bool:
    """Whether native ``i64`` arithmetic wraps around here (only when compiled)."""
    return x * 4 == 0


_NATIVE: Final = _wraps(1 << 62)
"""True when the generator keeps a signed native state (compiled), False interpreted."""


def _mix(s: i64) -> i64:
    """SplitMix64's output for the state ``s``, in signed native arithmetic."""
    z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _scaled(x: i64, n: i64) -> i64:
    """``x`` read as unsigned times ``n``, over 2**64: a draw below ``n`` (``n < 2**31``)."""
    # The 128-bit product in two halves, each below 2**63: the high word of x times n,
    # plus the carry out of the low word's product.
    return (((x >> 32) & _LOW32) * n + (((x & _LOW32) * n) >> 32)) >> 32


def _unsigned(x: i64) -> int:
    """A native signed state or draw as the unsigned integer it stands for."""
    u = int(x)
    return u + (1 << 64) if u < 0 else u


class Rng:
    """A small deterministic random generator (SplitMix64)."""

    __slots__ = ("_s",)

    _s: i64

    def __init__(self, seed: int = 0) -> None:
        value = seed & _MASK
        # Kept signed when native (the same 64 bits), as a Python integer otherwise.
        self._s = value - (1 << 64) if _NATIVE and value >> 63 else value

    @property
    def state(self) -> int:
        """The whole state: an unsigned 64-bit integer (what saved games record)."""
        if _NATIVE:
            return _unsigned(self._s)
        return self._s

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK
        self._s = value - (1 << 64) if _NATIVE and value >> 63 else value

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        if _NATIVE:
            native = self._s + _GOLDEN_I
            self._s = native
            return _unsigned(_mix(native))
        s: int = self._s  # a Python integer: this way is never run native
        self._s = s = (s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` (``n`` must be positive)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if _NATIVE:
            native = self._s + _GOLDEN_I
            self._s = native
            if n < _BIG_BOUND:
                return _scaled(_mix(native), n)
            return (_unsigned(_mix(native)) * n) >> 64
        # next64 inlined (the hottest draw: every random move): same stream, no call.
        s: int = self._s  # a Python integer: this way is never run native
        self._s = s = (s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        # Multiply-shift: bias below 2**-50 for the small bounds games use.
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """Return a float in ``[0, 1)``."""
        if _NATIVE:
            native = self._s + _GOLDEN_I
            self._s = native
            return float((_mix(native) >> 11) & 0x1FFFFFFFFFFFFF) * (1.0 / (1 << 53))
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly."""
        n = len(items)
        if n <= 0:
            raise ValueError("choice() needs a non-empty sequence")
        if _NATIVE:
            return items[self.below(n)]
        s: int = self._s  # a Python integer: this way is never run native
        self._s = s = (s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[((z ^ (z >> 31)) * n) >> 64]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates), one draw per swap."""
        if _NATIVE:
            self._shuffle_native(items)
            return
        # next64 inlined with the state in a local: the same stream as one call per swap
        # (saved games and replays depend on it) at about two thirds of the cost. Drawing
        # several swaps from one 64-bit number was measured too: it saves a further 20%
        # of a shuffle (under 1% of a game) and would change every deal for a seed.
        s: int = self._s
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._s = s

    def _shuffle_native(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates on the native state: the same draws and swaps as interpreted."""
        count = len(items)
        if count >= _BIG_BOUND:  # beyond _scaled's bounds: one draw at a time
            for k in range(count - 1, 0, -1):
                pick = self.below(k + 1)
                items[k], items[pick] = items[pick], items[k]
            return
        s = self._s
        i: i64 = count - 1
        j: i64
        if isinstance(items, list):  # the decks: indexed without boxing the index
            while i > 0:
                s += _GOLDEN_I
                j = _scaled(_mix(s), i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1
        else:
            while i > 0:
                s += _GOLDEN_I
                j = _scaled(_mix(s), i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1
        self._s = s

    def seek(self, origin: Rng, stride: Rng, steps: i64) -> None:
        """Set the state to ``origin``'s plus ``steps`` times ``stride``'s, modulo 2**64.

        Where the generator of one of a family's streams starts (a bot's at a move), with no
        64-bit arithmetic on Python integers when compiled.
        """
        if _NATIVE:
            self._s = origin._s + steps * stride._s
            return
        self._s = (origin._s + steps * stride._s) & _MASK

    def skip(self) -> None:
        """Advance past one draw without computing it (as a ``spawn`` whose child is unused)."""
        if _NATIVE:
            self._s += _GOLDEN_I
            return
        s: int = self._s
        self._s = (s + _GOLDEN) & _MASK

    def spawn(self) -> Rng:
        """Return an independent generator seeded from this one."""
        if _NATIVE:
            native = self._s + _GOLDEN_I
            self._s = native
            child = Rng()
            child._s = _mix(native)
            return child
        return Rng(self.next64())

    def clone(self) -> Rng:
        """Return a copy that will produce the same numbers."""
        copy = Rng()
        copy._s = self._s
        return copy

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


if _NATIVE and Rng(2026).next64() != 15824617304438902051:  # pragma: no cover
    # Wrapping arithmetic that gives other bits would silently change every deal.
    raise ImportError("parlour.engine.rng: native 64-bit arithmetic does not give SplitMix64")


def seed_from(*parts: object) -> int:
    """Derive a 64-bit seed from any hashable-as-text parts (stable across runs)."""
    text = "\x1f".join([str(p) for p in parts])
    if _NATIVE:  # FNV-1a in wrapping native arithmetic: the same 64 bits
        data = text.encode()
        native: i64 = -3750763034362895579  # 0xCBF29CE484222325
        # By index, not by iterating: each byte read as a native number, none boxed.
        size: i64 = len(data)
        i: i64 = 0
        while i < size:
            native = (native ^ data[i]) * 0x100000001B3
            i += 1
        return _unsigned(_mix(native + _GOLDEN_I))  # next64 of a generator at ``native``
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return Rng(h).next64()
