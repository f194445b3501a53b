"""Game options: declared once per game, validated with clear errors."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from parlour.engine.errors import OptionError
from parlour.engine.i18n import has, t

OptionKind = Literal["bool", "int", "str", "int_list"]
"""The value types an option may have (a misspelled kind is a type error)."""

SEAT_OPTIONS = frozenset({"first_player"})
"""Options whose value is a seat, numbered from 0 in code and from 1 wherever a person reads it."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts.

    ``kind`` is ``"bool"``, ``"int"``, ``"str"`` or ``"int_list"``. A ``default`` of ``None``
    means the game derives the value from other options and the player count.
    """

    name: str
    """The option's name, as given in Python, the CLI (``--option name=value``) and the lobby."""
    kind: OptionKind
    """The value type: bool, int, str or int_list."""
    default: Any = None
    """The default value, or None when the game derives it."""
    choices: tuple[Any, ...] | None = None
    """The allowed values, when they are a closed list."""
    minimum: int | None = None
    """The smallest allowed int (each element of an int_list)."""
    maximum: int | None = None
    """The largest allowed int (each element of an int_list)."""
    help_key: str = ""
    """The catalog key of the option's one-line help text (``<game>.option.<name>``)."""

    @property
    def label_key(self) -> str:
        """The catalog key of the option's short label: ``<game>.option_label.<name>``."""
        return self.help_key.replace(".option.", ".option_label.", 1)

    @property
    def seat(self) -> bool:
        """Whether the value is a seat (0-based), shown to people as "Seat n" from 1."""
        return self.name in SEAT_OPTIONS and self.kind == "int"

    def error(self, value: Any) -> OptionError:
        """The error for a value this option refuses, in words a person can act on.

        ``option`` and ``expected`` are catalog keys (rendered in the reader's language, see
        :func:`parlour.engine.i18n.render_params`); a seat is shown numbered from 1.
        """
        low, high = self.minimum, self.maximum
        params: dict[str, Any] = {"option": self.label_key if self.help_key else self.name}
        if self.seat:
            expected = "core.expect.seat"
            if isinstance(value, int) and not isinstance(value, bool):
                value += 1
            params["high"] = (high if high is not None else 0) + 1
        elif self.choices is not None:
            expected = "core.expect.choice"
            game = self.help_key.partition(".")[0]
            params["choices"] = [f"{game}.name.{c}" for c in self.choices]
        elif self.kind == "bool":
            expected = "core.expect.bool"
        elif self.kind in ("int", "int_list"):
            suffix = "_list" if self.kind == "int_list" else ""
            if low is not None and high is not None:
                expected = f"core.expect.int_range{suffix}"
                params.update(low=low, high=high)
            elif low is not None:
                expected = f"core.expect.int_min{suffix}"
                params["low"] = low
            else:
                expected = f"core.expect.int{suffix}"
        else:
            expected = "core.expect.text"
        if isinstance(value, list | tuple):
            # Never Python's None or True: an empty place, or JSON's true and false.
            value = ",".join(
                json.dumps(v) if isinstance(v, bool) else "" if v is None else str(v) for v in value
            )
        # A bool stays a bool: the message shows it as the reader's yes or no.
        shown = value if isinstance(value, bool) else str(value)[:60]
        return OptionError("core.error.option_bad_value", value=shown, expected=expected, **params)

    def parse_text(self, text: str) -> Any:
        """Convert a command-line text value to this option's type."""
        raw = text.strip()
        try:
            if self.kind == "bool":
                low = raw.lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
                raise ValueError(raw)
            if self.kind == "int":
                return int(raw)
            if self.kind == "int_list":
                return [int(p) for p in raw.split(",") if p.strip()]
        except ValueError:
            raise self.error(raw) from None
        return raw

    def check(self, value: Any) -> Any:
        """Return ``value`` if it fits this option, else raise :class:`OptionError`."""

        def bad() -> OptionError:
            return self.error(value)

        def check_int(v: Any) -> int:
            if isinstance(v, bool) or not isinstance(v, int):
                raise bad()
            if (self.minimum is not None and v < self.minimum) or (
                self.maximum is not None and v > self.maximum
            ):
                raise bad()
            return v

        if self.kind == "bool":
            if not isinstance(value, bool):
                raise bad()
        elif self.kind == "int":
            check_int(value)
        elif self.kind == "str":
            if not isinstance(value, str):
                raise bad()
        elif self.kind == "int_list":
            if not isinstance(value, list | tuple):
                raise bad()
            value = [check_int(v) for v in value]
        if self.choices is not None and value not in self.choices:
            raise bad()
        return value


def validate_options(
    specs: tuple[OptionSpec, ...], options: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Check names and values; return the given options (unknown names raise)."""
    by_name = {s.name: s for s in specs}
    out: dict[str, Any] = {}
    for name, value in (options or {}).items():
        spec = by_name.get(name)
        if spec is None:
            raise OptionError(
                "core.error.option_unknown", option=str(name)[:60], known=", ".join(by_name)
            )
        if value is None:
            continue
        out[name] = spec.check(value)
    return out


def describe_options(
    specs: tuple[OptionSpec, ...],
    player_range: Callable[[Mapping[str, Any]], tuple[int, int]],
    lang: str,
) -> list[dict[str, Any]]:
    """Each option as a form shows it, in ``lang``: label, hint, choices and default in words.

    ``players_by_choice`` gives, for an option whose choices change the player count (Love
    Letter's edition), each choice's ``[low, high]``, so a form offers only valid counts.
    """
    out = []
    for spec in specs:
        game = spec.help_key.partition(".")[0]

        def words(value: Any, game: str = game) -> str:
            if isinstance(value, bool):
                return t(f"core.{'yes' if value else 'no'}", lang)
            if isinstance(value, str) and has(f"{game}.name.{value}"):
                return t(f"{game}.name.{value}", lang)
            if isinstance(value, list | tuple):
                return ", ".join(str(v) for v in value)
            return str(value)

        if spec.default is not None:
            default_text = words(spec.default)
        elif spec.seat:
            default_text = t("core.option.random", lang)
        elif has(f"{game}.option_default.{spec.name}"):
            default_text = t(f"{game}.option_default.{spec.name}", lang)
        else:
            default_text = t("core.option.automatic", lang)
        choices = list(spec.choices) if spec.choices is not None else None
        by_choice: dict[str, list[int]] = {}
        for choice in choices or ():
            by_choice[str(choice)] = list(player_range({spec.name: choice}))
        out.append(
            {
                "name": spec.name,
                "kind": spec.kind,
                "default": spec.default,
                "choices": choices,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
                "label": t(spec.label_key, lang) if has(spec.label_key) else spec.name,
                "help": t(spec.help_key, lang) if spec.help_key else "",
                "seat": spec.seat,
                "default_text": default_text,
                "choice_labels": None if choices is None else [words(c) for c in choices],
                "players_by_choice": by_choice
                if len({tuple(r) for r in by_choice.values()}) > 1
                else {},
            }
        )
    return out
