"""The generator's two ways (Python integers; native ``i64`` when compiled) give one stream.

Each draw is checked against a reference SplitMix64 written here on Python integers, the
generator as it was before it had a native way, over about two million draws of every kind.
Run interpreted this checks the Python-integer way; under the compiled build (CI) it checks
the native way, and a test insists the compiled build really runs the native way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from parlour import _build
from parlour.engine import rng as rng_module
from parlour.engine.rng import Rng, seed_from

MASK = (1 << 64) - 1
BOUNDS = (1, 2, 3, 4, 5, 7, 8, 13, 16, 21, 55, 1000, 2**20, 2**31 - 1, 2**31, 2**40, 2**64 - 1)
"""Bounds around every case of the native draw: tiny, a deck's, the last of the 32-bit way,
the first of the Python-integer way, and the largest."""


def reference(seed: int, shift: Callable[[int, int], int]) -> Iterator[int]:
    """SplitMix64 on Python integers; ``shift`` is the right shift (logical, unless planted)."""
    s = seed & MASK
    while True:
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ shift(s, 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ shift(z, 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ shift(z, 31)


def logical(x: int, k: int) -> int:
    """A right shift of an unsigned 64-bit value."""
    return x >> k


def arithmetic(x: int, k: int) -> int:
    """A right shift of the value read as signed: the native way's fault if it forgot a mask."""
    signed = x - (1 << 64) if x >> 63 else x
    return (signed >> k) & MASK


def first_difference(seed: int, draws: Iterator[int], rounds: int) -> str | None:
    """Where ``Rng(seed)`` first leaves ``draws`` (None when it never does), every kind of
    draw in turn: below at every bound, next64, choice, random, shuffles, spawn, skip, state."""
    rng = Rng(seed)
    letters = "abcdefghijklm"
    for r in range(rounds):
        for n in BOUNDS:
            if rng.below(n) != (next(draws) * n) >> 64:
                return f"round {r}: below({n})"
        if rng.next64() != next(draws):
            return f"round {r}: next64"
        if rng.choice(letters) != letters[(next(draws) * len(letters)) >> 64]:
            return f"round {r}: choice"
        if rng.random() != (next(draws) >> 11) * (1.0 / (1 << 53)):
            return f"round {r}: random"
        size = 16 + r % 40  # Love Letter's deck up to Splendor Marvel's longest
        deck, expected = list(range(size)), list(range(size))
        rng.shuffle(deck)
        for i in range(size - 1, 0, -1):
            j = (next(draws) * (i + 1)) >> 64
            expected[i], expected[j] = expected[j], expected[i]
        if deck != expected:
            return f"round {r}: shuffle of {size}"
        spawned = rng.spawn()
        if spawned.state != next(draws) or spawned.clone().next64() != spawned.next64():
            return f"round {r}: spawn"
        rng.skip()
        next(draws)
        if r % 97 == 0:  # a state read and written back, as saved games and simulate do
            rng.state = rng.state
            if repr(Rng(rng.state)) != repr(rng):
                return f"round {r}: state"
    return None


def test_every_kind_of_draw_follows_splitmix64_for_two_million_draws() -> None:
    for seed in (0, 2026, 2**63 - 1, 2**63, MASK):
        rounds = 30_000 if seed == 2026 else 500
        assert first_difference(seed, reference(seed, logical), rounds) is None, seed


def test_a_planted_arithmetic_shift_is_caught_at_the_first_draw_it_changes() -> None:
    # A native state is signed: without the masks after each shift, the shifts would be
    # arithmetic ones and half the draws would differ. The check must see that.
    found = first_difference(2026, reference(2026, arithmetic), 10)
    assert found is not None and found.startswith("round 0")


def test_seeds_and_states_outside_64_bits_are_read_modulo_2_to_the_64() -> None:
    for seed in (-1, -(2**63), 2**64, 2**64 + 7, 2**100 + 5):
        assert Rng(seed).state == seed & MASK
        assert Rng(seed).next64() == next(reference(seed, logical))
    rng = Rng()
    rng.state = -1
    assert rng.state == MASK
    assert rng.next64() == next(reference(MASK, logical))


def test_seed_from_follows_fnv1a_then_one_splitmix64_draw() -> None:
    for i in range(3000):
        parts = (i, "bot", i % 7, "é" * (i % 3), -i, None)
        h = 0xCBF29CE484222325
        for byte in "\x1f".join(str(p) for p in parts).encode():
            h = ((h ^ byte) * 0x100000001B3) & MASK
        assert seed_from(*parts) == next(reference(h, logical)), parts


def test_the_compiled_build_runs_the_native_way() -> None:
    # Otherwise the tests above would check the Python-integer way twice.
    compiled = _build.NAME == "compiled"
    assert rng_module._NATIVE is compiled


def test_seek_sets_origin_plus_steps_times_stride_modulo_2_to_the_64() -> None:
    """Where a bot's generator starts at a move, on both ways, around every wrap."""
    values = (0, 1, 2**63 - 1, 2**63, MASK, 0x9E3779B97F4A7C15, 0xD1B54A32D192ED03)
    rng = Rng()
    for origin in values:
        for stride in values:
            for steps in (0, 1, 2, 3, 41, 1000, 2**31, 2**40 + 3):
                rng.seek(Rng(origin), Rng(stride), steps)
                expected = (origin + steps * stride) & MASK
                assert rng.state == expected, (origin, stride, steps)
                assert rng.next64() == next(reference(expected, logical))
