"""The terminal rendering of a Love Letter view: your hand, then the public table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.cli.render import label
from parlour.engine.i18n import t
from parlour.games.loveletter.cards import TABLES
from parlour.games.loveletter.contracts import LoveLetterView

GAME = "loveletter"


def _t(key: str, lang: str, **params: Any) -> str:
    return t(f"{GAME}.{key}", lang, **params)


def _seat_name(seat: int, names: Sequence[str], lang: str) -> str:
    return names[seat] if 0 <= seat < len(names) else t("core.seat_name", lang, number=seat + 1)


def card_text(card_id: str, edition: str, lang: str, style: str = "bold") -> Text:
    """A card as ``Name (value)``."""
    table = TABLES[edition]
    value = table.values[table.kind(card_id)]
    return Text(f"{_t(f'name.{card_id}', lang)} ({value})", style=style)


def _cards(cards: Sequence[str], edition: str, lang: str) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" · ")
        out.append_text(card_text(card, edition, lang, style=""))
    return out if cards else Text("—", style="dim")


def render_view(data: Mapping[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    """The seat's hand (with card texts), what it knows, and the table of players."""
    view = cast(LoveLetterView, data)
    edition = view["edition"]
    parts: list[RenderableType] = []
    title = _t("render.round", lang, round=view["round"], edition=_t(f"name.{edition}", lang))
    header = Text(title, style="bold")
    header.append("   ")
    header.append(_t("render.goal", lang, count=view["tokens_to_win"]), style="magenta")
    parts.append(header)
    if view["seat"] is not None and view["hand"]:
        hand = Table(show_header=False, box=None, padding=(0, 1))
        hand.add_column(no_wrap=True)
        hand.add_column()
        for card in view["hand"]:
            hand.add_row(
                card_text(card, edition, lang, "bold green"),
                Text(_t(f"card.{card}.effect", lang), style="dim"),
            )
        parts.append(Panel(hand, title=_t("render.hand", lang), expand=False))
    if view["known"]:
        known = Text(label(_t("render.known", lang), lang), style="bold")
        for i, (who, card) in enumerate(sorted(view["known"].items())):
            if i:
                known.append(", ")
            known.append(_seat_name(int(who), names, lang) + " ")
            known.append_text(card_text(card, edition, lang, "yellow"))
        parts.append(known)
    players = Table(expand=False)
    for key in ("render.player", "render.tokens", "render.status", "render.discards"):
        players.add_column(_t(key, lang))
    for seat in range(view["players"]):
        if not view["in_round"][seat]:
            status = Text(_t("render.out", lang), style="red")
        elif view["protected"][seat]:
            status = Text(_t("render.protected", lang), style="cyan")
        else:
            status = Text(_t("render.in", lang), style="green")
        if view["to_act"] == seat:
            status.append(f" ◀ {_t('render.to_act', lang)}", style="bold yellow")
        name = Text(_seat_name(seat, names, lang), style="bold" if seat == view["seat"] else "")
        tokens = Text("♥" * view["tokens"][seat] or "0", style="magenta")
        players.add_row(name, tokens, status, _cards(view["discards"][seat], edition, lang))
    parts.append(players)
    table = Text(_t("render.pile", lang, count=view["pile"]))
    if view["set_aside"]:
        table.append(" · " + _t("render.set_aside", lang), style="dim")
    parts.append(table)
    if view["face_up"]:
        face_up = Text(_t("render.face_up", lang, cards=""))
        face_up.append_text(_cards(view["face_up"], edition, lang))
        parts.append(face_up)
    if view["sycophant"] is not None:
        who = _seat_name(view["sycophant"], names, lang)
        parts.append(Text(_t("render.sycophant", lang, player=who), style="yellow"))
    last = view["last_round"]
    if last:
        winners = [_seat_name(s, names, lang) for s in last["winners"]]
        text = ", ".join(winners) if winners else _t("render.nobody", lang)
        line = Text(_t("render.last_round", lang, winners=text), style="dim")
        for who, card in sorted(last["hands"].items()):
            line.append("  " + label(_seat_name(int(who), names, lang), lang), style="dim")
            line.append_text(card_text(card, edition, lang, "dim"))
        parts.append(line)
    return Group(*parts)
