"""Checking JSON-ready data against a game's declared contract types at runtime.

mypy checks the readers of views and events against the ``TypedDict`` classes of each
game's ``contracts`` module; :func:`mismatches` checks the producers: that the data a game
really builds has exactly those keys, with values of those types.
"""

from __future__ import annotations

import types
from typing import (
    Any,
    Literal,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)


def mismatches(value: Any, tp: Any, where: str = "") -> list[str]:
    """Every way ``value`` departs from type ``tp`` (empty when it conforms)."""
    where = where or "value"
    if tp is Any:
        return []
    if isinstance(tp, TypeVar):
        # A generic header's parameter (the prompt names) is checked by its bound here.
        return mismatches(value, tp.__bound__ or Any, where)
    if tp is type(None) or tp is None:
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a {tp.__name__}"]
        hints = get_type_hints(tp)
        out = [f"{where}: unexpected key {k!r}" for k in value if k not in hints]
        out += [f"{where}: missing key {k!r}" for k in tp.__required_keys__ if k not in value]
        for key, hint in hints.items():
            if key in value:
                out += mismatches(value[key], hint, f"{where}[{key!r}]")
        return out
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        options = [mismatches(value, a, where) for a in get_args(tp)]
        return [] if any(not o for o in options) else min(options, key=len)
    if origin is Literal:
        return [] if value in get_args(tp) else [f"{where}: {value!r} not in {get_args(tp)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        (item,) = get_args(tp)
        return [m for i, v in enumerate(value) for m in mismatches(v, item, f"{where}[{i}]")]
    if origin is tuple:
        # A JSON pair: a tuple in Python, a list once it has been through JSON.
        items = get_args(tp)
        if not isinstance(value, list | tuple) or len(value) != len(items):
            return [f"{where}: {value!r} is not a {len(items)}-item array"]
        return [
            m
            for i, (v, t) in enumerate(zip(value, items, strict=True))
            for m in mismatches(v, t, f"{where}[{i}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a dict"]
        key_type, item = get_args(tp)
        out = []
        for k, v in value.items():
            out += mismatches(k, key_type, f"{where} key")
            out += mismatches(v, item, f"{where}[{k!r}]")
        return out
    if tp is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a float"]
    if tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not an int"]
    if isinstance(tp, type):
        ok = isinstance(value, tp)
        return [] if ok else [f"{where}: {value!r} is not a {tp.__name__}"]
    raise TypeError(f"{where}: no runtime check for {tp!r}")
