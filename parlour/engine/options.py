"""Game options: declared once per game, validated with clear errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.engine.errors import OptionError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts.

    ``kind`` is ``"bool"``, ``"int"``, ``"str"`` or ``"int_list"``. A ``default`` of ``None``
    means the game derives the value from other options and the player count.
    """

    name: str
    """The option's name, as given in Python, the CLI (``--option name=value``) and the lobby."""
    kind: str
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
    """The catalog key of the option's one-line help text."""

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
            raise OptionError(
                "core.error.option_bad_value", option=self.name, value=raw, expected=self.kind
            ) from None
        return raw

    def check(self, value: Any) -> Any:
        """Return ``value`` if it fits this option, else raise :class:`OptionError`."""

        def bad() -> OptionError:
            expected = (
                ", ".join(str(c) for c in self.choices) if self.choices is not None else self.kind
            )
            if self.choices is None and (self.minimum is not None or self.maximum is not None):
                # Name the range: "expected int" alone misleads when the value is an int.
                low = "" if self.minimum is None else str(self.minimum)
                high = "" if self.maximum is None else str(self.maximum)
                expected = f"{self.kind} {low}..{high}"
            return OptionError(
                "core.error.option_bad_value",
                option=self.name,
                value=str(value)[:60],
                expected=expected,
            )

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
