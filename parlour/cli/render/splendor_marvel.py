"""The terminal rendering of a Splendor Marvel view: display, supply, players, your hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.cli.render import label
from parlour.engine.i18n import list_text, t
from parlour.games.splendor_marvel.cards import (
    CARD_BY_ID,
    COLOURS,
    FACE_BY_ID,
    TOKEN_KINDS,
    Card,
)
from parlour.games.splendor_marvel.contracts import SplendorMarvelView

GAME = "splendor-marvel"
STYLES: dict[str, str] = {
    "yellow": "bold yellow",
    "blue": "bold blue",
    "orange": "bold dark_orange",
    "red": "bold red",
    "purple": "bold magenta",
    "green": "bold green",
    "grey": "bold grey62",
}
"""A terminal style per token kind (the stones keep their printed colours)."""
TIME_ICON = "⧗"
TAG_ICON = "★"


def _t(key: str, lang: str, **params: Any) -> str:
    return t(f"{GAME}.{key}", lang, **params)


def _seat_name(seat: int, names: Sequence[str], lang: str) -> str:
    return names[seat] if 0 <= seat < len(names) else t("core.seat_name", lang, number=seat + 1)


def _amounts(amounts: Sequence[int] | Mapping[str, int], kinds: Sequence[str], lang: str) -> Text:
    """Coloured counts with the colour's short name (``Y3 R2``), zero amounts left out."""
    out = Text()
    for i, kind in enumerate(kinds):
        n = amounts[kind] if isinstance(amounts, Mapping) else amounts[i]
        if n:
            if out:
                out.append(" ")
            out.append(f"{_t(f'short.{kind}', lang)}{n}", style=STYLES[kind])
    return out if out else Text("—")


def card_text(card: Card, lang: str) -> Text:
    """A card as three lines: name; bonus, points, tags, Time Stone; cost."""
    text = Text(t(f"{GAME}.name.{card.id}", lang), style="bold")
    text.append("\n")
    colour = COLOURS[card.bonus]
    text.append("■ ", style=STYLES[colour])
    text.append(t(f"{GAME}.name.{colour}", lang), style=STYLES[colour])
    text.append("\n")
    text.append(_t("ui.points_short", lang, points=card.points))
    if card.avengers:
        text.append(f"  {TAG_ICON * card.avengers}", style="bold cyan")
    if card.time_stone:
        text.append(f"  {TIME_ICON} {_t('ui.time_stone', lang)}", style=STYLES["green"])
    text.append("\n")
    text.append(label(_t("ui.cost", lang), lang))
    text.append_text(_amounts(card.cost, COLOURS, lang))
    return text


def _display(view: SplendorMarvelView, lang: str) -> Table:
    table = Table(show_header=False, show_lines=True, expand=False)
    table.add_column(no_wrap=True)
    for _ in range(4):
        table.add_column(min_width=18)
    for tier in (3, 2, 1):
        head = Text(_t("ui.tier", lang, tier=tier), style="bold")
        head.append("\n" + _t("ui.deck", lang, count=view["decks"][tier - 1]))
        cells: list[RenderableType] = [head]
        for card_id in view["display"][tier - 1]:
            cells.append(
                Text(_t("ui.empty", lang), style="dim")
                if card_id is None
                else card_text(CARD_BY_ID[card_id], lang)
            )
        table.add_row(*cells)
    return table


def _locations(view: SplendorMarvelView, lang: str) -> Text:
    out = Text(label(_t("ui.table_locations", lang), lang), style="bold")
    if not view["locations"]:
        out.append("—")
    for i, face_id in enumerate(view["locations"]):
        face = FACE_BY_ID[face_id]
        if i:
            out.append("   ")
        out.append(t(f"{GAME}.name.{face_id}", lang) + " (")
        out.append_text(_amounts(face.requires, COLOURS, lang))
        out.append(f", {_t('ui.points_short', lang, points=face.points)})")
    return out


def _players(view: SplendorMarvelView, lang: str, names: Sequence[str]) -> Table:
    table = Table(expand=False)
    for key in ("player", "points", "tokens", "bonuses", "tags", "reserved", "locations"):
        table.add_column(_t(f"ui.{key}", lang))
    for seat, info in enumerate(view["seats"]):
        name = Text(_seat_name(seat, names, lang), style="bold" if seat == view["seat"] else "")
        if seat == view["to_act"]:
            name = Text("▶ ") + name
        if view["avengers"] == seat:
            name.append(f" {TAG_ICON}", style="bold cyan")
        if info["gauntlet"]:
            name.append(f" ({_t('ui.gauntlet_ready', lang)})", style=STYLES["green"])
        reserved = Text(str(len(info["reserved"])))
        hidden = [r["tier"] for r in info["reserved"] if r["card"] is None]
        if hidden:
            reserved.append(" (" + ", ".join(_t("ui.hidden_card", lang, tier=h) for h in hidden))
            reserved.append(")")
        places = ", ".join(t(f"{GAME}.name.{f}", lang) for f in info["locations"]) or "—"
        table.add_row(
            name,
            str(info["points"]),
            _amounts(info["tokens"], TOKEN_KINDS, lang),
            _amounts(info["bonuses"], COLOURS, lang),
            str(info["tags"]),
            reserved,
            places,
        )
    return table


def _header(view: SplendorMarvelView, lang: str, names: Sequence[str]) -> Text:
    out = Text(t(f"{GAME}.name.game", lang), style="bold")
    out.append("  " + _t("ui.round", lang, round=view["round"]))
    holder = view["avengers"]
    who = _t("ui.nobody", lang) if holder is None else _seat_name(holder, names, lang)
    out.append("  " + _t("ui.avengers_holder", lang, holder=who), style="cyan")
    to_act = view["to_act"]
    if to_act is not None:
        prompt = _t(f"prompt.{view['prompt']}", lang)
        out.append(
            "\n" + _t("ui.to_act", lang, player=_seat_name(to_act, names, lang), prompt=prompt)
        )
        if view["prompt"] == "return_tokens" and view["to_return"]:
            out.append(f" ({view['to_return']})")
    if view["final_round"]:
        out.append("\n" + _t("ui.final_round", lang), style=STYLES["green"])
    result = view["result"]
    if result is not None:
        winners = list_text([_seat_name(w, names, lang) for w in result["winners"]], lang)
        out.append("\n" + _t("ui.game_over", lang, winners=winners), style="bold")
    return out


def _supply(view: SplendorMarvelView, lang: str) -> Text:
    out = Text(label(_t("ui.supply", lang), lang), style="bold")
    out.append_text(_amounts(view["supply"], TOKEN_KINDS, lang))
    return out


def legend(lang: str) -> Text:
    """What each token letter stands for ("Y yellow · B blue ..."), in its colour."""
    out = Text(label(_t("ui.legend", lang), lang), style="dim")
    for i, kind in enumerate(TOKEN_KINDS):
        if i:
            out.append(" · ", style="dim")
        out.append(_t(f"short.{kind}", lang), style=STYLES[kind])
        out.append(" " + t(f"{GAME}.name.{kind}", lang))
    return out


def _own_reserved(view: SplendorMarvelView, lang: str) -> RenderableType | None:
    seat = view["seat"]
    if seat is None or not view["seats"][seat]["reserved"]:
        return None
    table = Table(title=_t("ui.your_reserved", lang), show_header=False, show_lines=True)
    cells = []
    for entry in view["seats"][seat]["reserved"]:
        card = entry["card"]
        if card is not None:  # always so in one's own view: one's own blind reserve is seen
            table.add_column(min_width=18)
            cells.append(card_text(CARD_BY_ID[card], lang))
    table.add_row(*cells)
    return table


def render_view(data: Mapping[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    """A seat's (or a spectator's) view of a Splendor Marvel table."""
    view = cast(SplendorMarvelView, data)
    parts: list[RenderableType] = [
        _header(view, lang, names),
        _display(view, lang),
        _supply(view, lang),
        legend(lang),
        _locations(view, lang),
        _players(view, lang, names),
    ]
    own = _own_reserved(view, lang)
    if own is not None:
        parts.append(own)
    return Group(*parts)
