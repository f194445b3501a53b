"""Terminal renderings of a seat's view.

A game's record may name a module (``renderer``, the built-in games' live in this package)
exposing ``render_view(view, lang, names) -> RenderableType``. Games without one get
:func:`generic_view`, a readable table of the view mapping.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from parlour.engine.i18n import has, t
from parlour.games import game_ids, game_record

Renderer = Callable[[Mapping[str, Any], str, Sequence[str]], RenderableType]
"""``render_view(view, lang, names)``."""

_HEADER = ("game", "players", "seat", "move", "to_act", "prompt", "result")


def renderer(game_id: str) -> Renderer | None:
    """The game's own renderer, or None when it has none (or the game is unknown)."""
    if game_id not in game_ids():
        return None
    module = game_record(game_id).renderer
    if module is None:
        return None
    fn: Renderer | None = getattr(import_module(module), "render_view", None)
    return fn


def render_view(
    game_id: str, view: Mapping[str, Any], lang: str, names: Sequence[str]
) -> RenderableType:
    """A seat's view, by the game's renderer or the generic one."""
    fn = renderer(game_id)
    if fn is not None:
        return fn(view, lang, names)
    return generic_view(view, lang, names)


def generic_view(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> Table:
    """Any view as a two-column table: field and value, seats shown by name."""
    game = str(view.get("game", ""))
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    to_act = view.get("to_act")
    if isinstance(to_act, int):
        prompt = str(view.get("prompt") or "")
        table.add_row(
            t("cli.view.to_act", lang),
            escape(label(_seat(to_act, names, lang), lang) + prompt_text(game, prompt, lang)),
        )
    for key, value in view.items():
        if key in _HEADER:
            continue
        table.add_row(
            escape(_label(game, key, lang)), escape(_value(game, key, value, lang, names))
        )
    return table


def label(text: str, lang: str) -> str:
    """``text`` as a label before a value: "Supply: " (full-width "供应区：" in Chinese)."""
    return t("cli.view.label", lang, label=text)


def prompt_text(game: str, prompt: str, lang: str) -> str:
    """The decision asked now, in words (``<game>.prompt.<name>``), else its name."""
    key = f"{game}.prompt.{prompt}"
    return t(key, lang) if has(key) else _word(game, prompt, lang)


def _seat(seat: int, names: Sequence[str], lang: str) -> str:
    return names[seat] if 0 <= seat < len(names) else t("core.seat_name", lang, number=seat + 1)


def _label(game: str, key: str, lang: str) -> str:
    for full in (f"{game}.view.{key}", f"cli.view.{key}"):
        if has(full):
            return t(full, lang)
    return key.replace("_", " ")


def _word(game: str, value: str, lang: str) -> str:
    key = f"{game}.name.{value}"
    return t(key, lang) if has(key) else value


def _value(game: str, key: str, value: Any, lang: str, names: Sequence[str]) -> str:
    if value is None or value == {}:
        return "—"
    if isinstance(value, bool):
        return t(f"core.{'yes' if value else 'no'}", lang)
    if isinstance(value, int) and (key.endswith("seat") or key in ("winner", "player", "target")):
        return _seat(value, names, lang)
    if isinstance(value, str):
        return _word(game, value, lang)
    if isinstance(value, Mapping):
        return "; ".join(
            label(_label(game, str(k), lang), lang) + _value(game, str(k), v, lang, names)
            for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        if not value:
            return "—"
        # A list with one entry per player, none of them a card name, is taken as per-seat
        # (hands, tokens, hand sizes...) and each entry is paired with its player.
        per_seat = all(v is None or isinstance(v, int | list | tuple | Mapping) for v in value)
        if value and len(value) == len(names) and per_seat and key:
            return " | ".join(
                label(names[i], lang) + _value(game, key, v, lang, names)
                for i, v in enumerate(value)
            )
        inner = t("core.list_separator", lang).join(_value(game, "", v, lang, names) for v in value)
        return f"[{inner}]" if key == "" else inner
    return str(value)
