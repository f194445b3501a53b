"""The terminal rendering of a Gauntlet view: your cards and what you know, then the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.cli.render import label
from parlour.engine.i18n import t
from parlour.games.gauntlet.cards import BY_ID
from parlour.games.gauntlet.contracts import GauntletView

GAME = "gauntlet"


def _t(key: str, lang: str, **params: Any) -> str:
    return t(f"{GAME}.{key}", lang, **params)


def _seat_name(seat: int, names: Sequence[str], lang: str) -> str:
    return names[seat] if 0 <= seat < len(names) else t("core.seat_name", lang, number=seat + 1)


def card_text(card_id: str, lang: str, style: str = "bold") -> Text:
    """A card as ``Name (number)``, stones marked with a star."""
    card = BY_ID[card_id]
    text = Text(
        _t("render.card", lang, name=_t(f"name.{card.name}", lang), number=card.number),
        style=style + (" yellow" if card.stone else ""),
    )
    if card.stone:
        text.append(" " + _t("render.stone_mark", lang), style="yellow")
    return text


def _cards(cards: Sequence[str], lang: str) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" · ")
        out.append_text(card_text(card, lang, style=""))
    return out if cards else Text(_t("render.none", lang), style="dim")


def _hand(cards: Sequence[str], lang: str) -> Panel:
    """Your cards, each with what it does (as Love Letter's hand shows it)."""
    hand = Table(show_header=False, box=None, padding=(0, 1))
    hand.add_column(no_wrap=True)
    hand.add_column()
    for card in cards:
        effect = _t(f"effect.{BY_ID[card].effect}", lang)
        hand.add_row(card_text(card, lang, "bold green"), Text(effect, style="dim"))
    return Panel(hand, title=_t("render.your_hand", lang), expand=False)


def _known_lines(view: GauntletView, lang: str, names: Sequence[str]) -> list[Text]:
    known = view["known"]
    lines = [
        Text(_t("render.known_thanos", lang, card=_t(f"name.{BY_ID[c].name}", lang)))
        for c in known["thanos_hand"]
    ]
    for who, cards in sorted(known["hands"].items()):
        for c in cards:
            lines.append(
                Text(
                    _t(
                        "render.known_hand",
                        lang,
                        player=_seat_name(int(who), names, lang),
                        card=_t(f"name.{BY_ID[c].name}", lang),
                    )
                )
            )
    for pos, c in known["hero_deck"]:
        name = _t(f"name.{BY_ID[c].name}", lang)
        lines.append(Text(_t("render.known_hero_deck", lang, position=pos + 1, card=name)))
    for pos, c in known["thanos_deck"]:
        name = _t(f"name.{BY_ID[c].name}", lang)
        lines.append(Text(_t("render.known_thanos_deck", lang, position=pos + 1, card=name)))
    return lines


def render_view(data: Mapping[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    """Your card(s) and looks, then health, tokens, deck sizes and every face-up card."""
    view = cast(GauntletView, data)
    parts: list[RenderableType] = []
    header = Text(_t("render.title", lang, turns=view["turns"]), style="bold")
    parts.append(header)
    health = Text()
    health.append(_t("render.hero_health", lang, health=view["hero_health"]), style="green")
    health.append("   ")
    health.append(_t("render.thanos_health", lang, health=view["thanos_health"]), style="magenta")
    parts.append(health)
    stones_up = sum(BY_ID[c].stone for c in view["faceup"][0])
    info = Text(
        _t("render.decks", lang, heroes=view["hero_deck"], thanos=view["thanos_deck"])
        + "   "
        + _t("render.stones", lang, count=stones_up),
        style="dim",
    )
    parts.append(info)
    if view["seat"] is not None:
        if view["hand"]:
            parts.append(_hand(view["hand"], lang))
        else:
            mine = Text(label(_t("render.your_hand", lang), lang), style="bold")
            mine.append_text(_cards(view["hand"], lang))
            parts.append(mine)
        if view["looking"]:
            look = Text(label(_t("render.looking", lang), lang), style="bold")
            look.append_text(_cards(view["looking"], lang))
            parts.append(look)
        lines = _known_lines(view, lang, names)
        if lines:
            parts.append(
                Panel(Group(*lines), title=_t("render.known", lang), expand=False, style="cyan")
            )
    table = Table(show_edge=False, pad_edge=False)
    for key in ("player", "role", "cards", "tokens", "faceup"):
        table.add_column(_t(f"render.{key}", lang))
    for seat in range(view["players"]):
        role = _t("name.thanos_role" if seat == 0 else "name.hero_role", lang)
        style = "bold" if seat == view["to_act"] else ""
        table.add_row(
            Text(_seat_name(seat, names, lang), style=style),
            role,
            str(view["hand_sizes"][seat]),
            str(view["tokens"][seat]),
            _cards(view["faceup"][seat], lang),
        )
    parts.append(table)
    if view["thanos_defeated"]:
        lost = Text(label(_t("render.defeated", lang), lang), style="dim")
        lost.append_text(_cards(view["thanos_defeated"], lang))
        parts.append(lost)
    if view["to_act"] is not None:
        prompt = _t(f"prompt.{view['prompt']}", lang)
        player = _seat_name(view["to_act"], names, lang)
        parts.append(Text(_t("render.to_act", lang, player=player, prompt=prompt), style="bold"))
    return Group(*parts)
