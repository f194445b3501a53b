"""A state's fields declared once: ``clone``, ``to_json`` and ``from_json`` are derived from them.

A game's state class lists its fields in ``FIELDS`` (a tuple of :class:`Field`). The engine
then gives the class a ``clone`` written out for exactly those fields (Python code, even in
the compiled build: the built-in games' playing states write their own, checked against this
one), a ``to_json`` and a ``from_json``. A new field is one line in ``FIELDS``.

Each field says how it is copied (``copy``: shared when immutable, else a list, a list of
lists, a set...) and how it is written to and read from JSON (``dump``/``load``, each given
the state for context such as a card table). Readers convert and check types, so a corrupt
save raises one of :data:`parlour.engine.integrity.BROKEN` and is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from parlour.engine.events import EventLog
from parlour.engine.rng import Rng


class Saved(Protocol):
    """What every state holds beside its declared fields: the protocol's header (the state
    module's ``State``, named structurally so that this module need not import it)."""

    players: int
    options: Mapping[str, Any]
    seed: int
    rng: Rng
    move_number: int


Copy = Literal["share", "list", "lists", "sets", "dict"]
"""How ``clone`` copies a field: ``share`` (immutable values: ints, strings, tuples, frozen
objects), ``list`` (a flat list), ``lists`` (a list of lists), ``sets`` (a list of sets),
``dict`` (a flat dict)."""

Dump = Callable[[Any, Any], Any]
"""``dump(state, value)``: the JSON form of a field's value."""
Load = Callable[[Any, Any], Any]
"""``load(state, data)``: the value read back from its JSON form (raises when malformed)."""

_COPY_EXPR: dict[str, str] = {
    "list": "self.{0}[:]",
    "lists": "[x[:] for x in self.{0}]",
    "sets": "[set(x) for x in self.{0}]",
    "dict": "dict(self.{0})",
}

HEADER = ("players", "options", "seed", "rng", "move")
"""The keys every saved state starts with (the protocol's own fields)."""


def _same(state: Any, value: Any) -> Any:
    del state
    return value


def _listed(state: Any, value: Any) -> Any:
    del state
    return list(value)


def _nested(state: Any, value: Any) -> Any:
    del state
    return [list(x) for x in value]


_DEFAULT_DUMP: dict[str, Dump] = {
    "share": _same,
    "list": _listed,
    "lists": _nested,
    "sets": lambda st, v: [sorted(x) for x in v],
    "dict": lambda st, v: dict(v),
}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a state: its attribute, JSON key, copy rule, and JSON writer and reader."""

    name: str
    """The attribute name on the state."""
    load: Load
    """Reads the JSON form back (``load(state, data)``; fields load in declaration order)."""
    copy: Copy = "share"
    """How ``clone`` copies the value."""
    key: str = ""
    """The JSON key (default: ``name``)."""
    dump: Dump | None = None
    """Writes the JSON form (default: the value, lists copied as lists)."""

    @property
    def json_key(self) -> str:
        """The key in the saved state."""
        return self.key or self.name


def integer(name: str, key: str = "") -> Field:
    """An int field (shared)."""
    return Field(name, lambda st, v: int(v), key=key)


def optional_integer(name: str, key: str = "") -> Field:
    """An int-or-None field (shared)."""
    return Field(name, lambda st, v: None if v is None else int(v), key=key)


def text(name: str, key: str = "") -> Field:
    """A str field (shared)."""
    return Field(name, lambda st, v: str(v), key=key)


def integers(name: str, key: str = "") -> Field:
    """A flat list of ints."""
    return Field(name, lambda st, v: [int(x) for x in v], "list", key)


def integer_lists(name: str, key: str = "") -> Field:
    """A list of lists of ints."""
    return Field(name, lambda st, v: [[int(x) for x in row] for row in v], "lists", key)


def integer_tuple(name: str, key: str = "") -> Field:
    """A tuple of ints (shared; written as a list)."""
    return Field(name, lambda st, v: tuple(int(x) for x in v), key=key, dump=_listed)


def attributes(obj: object) -> dict[str, Any]:
    """Every attribute an object holds: in slots, a compiled class's layout, or ``__dict__``.

    ``vars`` alone misses the first two (and fails on an object without ``__dict__``).
    """
    out: dict[str, Any] = {}
    for klass in reversed(type(obj).__mro__):
        own = vars(klass)
        for name in (*own.get("__slots__", ()), *own.get("__mypyc_attrs__", ())):
            if not name.startswith("__") and hasattr(obj, name):
                out[name] = getattr(obj, name)
    out.update(getattr(obj, "__dict__", {}))
    return out


class Codec:
    """The derived ``clone``, ``to_json`` and ``from_json`` of one state class."""

    def __init__(
        self,
        cls: type[Any],
        fields: Sequence[Field],
        transient: Mapping[str, Any],
    ) -> None:
        self.cls = cls
        self.fields = tuple(fields)
        """The declared fields, in JSON order."""
        self.transient = dict(transient)
        """Attributes a copy starts afresh with (caches, the move's scratch), by value."""
        keys = [f.json_key for f in self.fields]
        if len(set(keys)) != len(keys) or set(keys) & set(HEADER):
            raise ValueError(f"{cls.__name__}: duplicate or reserved JSON keys in FIELDS")
        self._plan = tuple(
            (f.name, f.json_key, f.dump or _DEFAULT_DUMP[f.copy]) for f in self.fields
        )
        self.clone = self._compile_clone()

    def _compile_clone(self) -> Callable[[Any], Any]:
        """A ``clone`` written out for this class's fields (no loop over fields at run time)."""
        # ``cls.__new__``, not ``object.__new__``: a compiled (mypyc) class makes its own
        # instances, and one open to subclasses makes them without running ``__init__``.
        lines = ["def clone(self):", "    cls = self.__class__", "    new = cls.__new__(cls)"]
        # A compiled (mypyc) class keeps its attributes in its own layout, listed in
        # ``__mypyc_attrs__``; a Python subclass of one gets a ``__dict__`` only once it sets
        # an attribute of its own.
        compiled = [k for k in self.cls.__mro__ if "__mypyc_attrs__" in vars(k)]
        if compiled and compiled[0] is not self.cls:
            lines += [
                "    extra = getattr(self, '__dict__', None)",
                "    if extra:",  # (the copy has no __dict__ until it is given one of these)
                "        for k, v in extra.items():",
                "            setattr(new, k, v)",
            ]
        elif not compiled and self.cls.__dictoffset__:
            lines.append("    new.__dict__.update(self.__dict__)")
        # Attributes kept in __slots__ or a compiled layout are not in __dict__: copy them one
        # by one.
        special = {"rng", *self.transient}
        special |= {f.name for f in self.fields if f.copy != "share"}
        seen: set[str] = set()
        for klass in self.cls.__mro__:
            own = vars(klass)
            for slot in (*own.get("__slots__", ()), *own.get("__mypyc_attrs__", ())):
                if slot not in special and slot not in seen and not slot.startswith("__"):
                    seen.add(slot)
                    lines.append(f"    new.{slot} = self.{slot}")
        lines += [
            "    new.rng = self.rng.clone()",
            # A log that records nothing stays empty, so copies may share it (search).
            "    if self.log.record:",
            "        new.log = _log()",
        ]
        for f in self.fields:
            if f.copy != "share":
                lines.append(f"    new.{f.name} = " + _COPY_EXPR[f.copy].format(f.name))
        env: dict[str, Any] = {"_log": EventLog}
        for i, (name, value) in enumerate(self.transient.items()):
            env[f"_t{i}"] = value
            lines.append(f"    new.{name} = _t{i}")
        lines.append("    return new")
        exec("\n".join(lines), env)
        fn: Callable[[Any], Any] = env["clone"]
        fn.__doc__ = "An independent copy (derived from the class's FIELDS)."
        fn.__qualname__ = f"{self.cls.__name__}.clone"
        return fn

    def to_json(self, state: Saved) -> dict[str, Any]:
        """The whole state as JSON-ready data: the protocol's header, then every field."""
        out: dict[str, Any] = {
            "players": state.players,
            "options": dict(state.options),
            "seed": state.seed,
            "rng": state.rng.state,
            "move": state.move_number,
        }
        for name, key, dump in self._plan:
            out[key] = dump(state, getattr(state, name))
        return out

    def from_json(self, cls: type[Any], game: object, data: Mapping[str, Any]) -> Any:
        """A ``cls`` state rebuilt from :meth:`to_json` output (raises when malformed)."""
        state = cls(
            game,
            int(data["players"]),
            dict(data["options"]),
            int(data["seed"]),
            Rng(int(data["rng"])),
        )
        state.move_number = int(data["move"])
        for f in self.fields:
            setattr(state, f.name, f.load(state, data[f.json_key]))
        return state
