"""Observation encoders: a seat's view as a documented, fixed-size float32 vector.

An encoder turns ``state.view(seat)`` (never the state) into a vector whose length depends
only on the game configuration (players and options). The vector is a concatenation of
named *fields*; :meth:`Encoder.layout` lists them with their offsets, so a policy, a test or
a reader can find any feature by name. Every value lies in ``[0, 1]``, the observation
space's bounds: counts are divided by a bound documented with the field (their largest
possible value, or a typical one), and the vector is clipped to the bounds.

Seats are written relative to the observer: "seat 0" in a per-seat field is the observer,
"seat 1" the next seat in turn order, and so on, so one policy can play every seat.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from mypy_extensions import mypyc_attr
from numpy.typing import NDArray

Vector = NDArray[np.float32]
"""An encoded observation."""


@dataclass(frozen=True, slots=True)
class Field:
    """One named block of the observation vector."""

    name: str
    """The field's name (``hand``, ``tokens``...)."""
    size: int
    """How many floats it takes."""
    doc: str = ""
    """What the floats mean (one line, for the layout table)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a field lives in the vector."""

    start: int
    """The first index."""
    size: int
    """How many floats."""

    @property
    def stop(self) -> int:
        """One past the last index."""
        return self.start + self.size


# Not an ABC: compiled, ABCMeta's cached isinstance can answer wrongly for compiled classes
# (the engine's State learnt it); the abstract methods stay for the type checker.
@mypyc_attr(allow_interpreted_subclasses=True)
class Encoder:
    """Encodes one game configuration's views; subclass once per game."""

    game_id: ClassVar[str]
    """The game this encoder reads views of."""
    version: ClassVar[int]
    """Bumped whenever the layout or a field's meaning changes (see the module history)."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.options = dict(options)
        self._fields = tuple(self.fields())
        self.slots: dict[str, Slot] = {}
        start = 0
        for f in self._fields:
            if f.name in self.slots or f.size <= 0:
                raise ValueError(f"bad or duplicate field {f.name!r} in {type(self).__name__}")
            self.slots[f.name] = Slot(start, f.size)
            start += f.size
        self.size = start
        """The observation vector's length."""

    @abstractmethod
    def fields(self) -> Sequence[Field]:
        """The vector's fields, in order (depends only on players and options)."""

    @abstractmethod
    def write(self, view: Mapping[str, Any], out: Writer) -> None:
        """Fill ``out`` from one seat's view (``view["seat"]`` is the observer)."""

    def encode(self, view: Mapping[str, Any]) -> Vector:
        """The observation vector of one seat's view (every value clipped to [0, 1])."""
        out = Writer(self)
        self.write(view, out)
        return self.finish(out)

    def encode_state(self, state: Any, seat: int) -> Vector | None:
        """The vector of ``state.view(seat)`` made without building the view, when the
        encoder knows how (``None``: it does not; the caller encodes the view).

        An encoder offering it reads only what that view holds, through the game's own
        knowledge functions, and is checked to give the view's vector exactly.
        """
        del state, seat
        return None

    def finish(self, out: Writer) -> Vector:
        """The written values as the observation vector, clipped to [0, 1]."""
        return self.vector(out.data)

    def vector(self, data: list[float]) -> Vector:
        """Values (each already divided by its scale) as the vector, clipped to [0, 1]."""
        vector: Vector = np.array(data, np.float32)
        # np.clip's own checks cost more than the two ufuncs it comes to (same values).
        np.maximum(vector, 0.0, out=vector)
        return np.minimum(vector, 1.0, out=vector)

    def round_points(self, view: Mapping[str, Any]) -> Sequence[float] | None:
        """Per-seat points that grow when a seat wins a round (``None``: no rounds).

        The environment's ``reward="round"`` pays the growth of these between steps.
        """
        del view
        return None

    def layout(self) -> list[tuple[str, int, int, str]]:
        """Every field as ``(name, start, size, doc)``, in order."""
        return [(f.name, self.slots[f.name].start, f.size, f.doc) for f in self._fields]

    def relative(self, seat: int, observer: int) -> int:
        """``seat``'s position counted from ``observer`` in turn order (observer is 0)."""
        return (seat - observer) % self.players


class Writer:
    """Writes an encoder's fields into a fresh zero vector (a list, for speed).

    Values are divided by their scale here; :meth:`Encoder.encode` clips the whole vector
    to [0, 1] once at the end.
    """

    __slots__ = ("data", "slots")

    def __init__(self, encoder: Encoder) -> None:
        self.slots = encoder.slots
        self.data: list[float] = [0.0] * encoder.size

    def _index(self, name: str, i: int) -> int:
        slot = self.slots[name]
        if not 0 <= i < slot.size:
            raise ValueError(f"index {i} outside field {name!r} of size {slot.size}")
        return slot.start + i

    # The three writers below check their index as _index does, written out: they run tens
    # of times per observation, and the call was a fifth of an encoding.

    def one_hot(self, name: str, index: int | None, offset: int = 0) -> None:
        """Set element ``index`` (plus ``offset``) of field ``name``; ``None`` sets nothing."""
        if index is not None:
            slot = self.slots[name]
            i = offset + index
            if not 0 <= i < slot.size:
                raise ValueError(f"index {i} outside field {name!r} of size {slot.size}")
            self.data[slot.start + i] = 1.0

    def value(self, name: str, value: float, scale: float = 1.0, offset: int = 0) -> None:
        """Set element ``offset`` of field ``name`` to ``value / scale``."""
        slot = self.slots[name]
        if not 0 <= offset < slot.size:
            raise ValueError(f"index {offset} outside field {name!r} of size {slot.size}")
        self.data[slot.start + offset] = value / scale

    def add(self, name: str, index: int, amount: float, offset: int = 0) -> None:
        """Add ``amount`` to one element of field ``name``."""
        slot = self.slots[name]
        i = offset + index
        if not 0 <= i < slot.size:
            raise ValueError(f"index {i} outside field {name!r} of size {slot.size}")
        self.data[slot.start + i] += amount

    def values(
        self, name: str, values: Sequence[float], scale: float = 1.0, offset: int = 0
    ) -> None:
        """Write consecutive values (each divided by ``scale``) from ``offset`` on."""
        if not values:
            return
        self._index(name, offset + len(values) - 1)
        start = self._index(name, offset)
        if scale == 1.0:
            self.data[start : start + len(values)] = values
        else:
            self.data[start : start + len(values)] = [v / scale for v in values]
