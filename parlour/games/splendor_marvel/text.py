"""Menu labels for Splendor Marvel's actions (``Game.action_steps``), from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.engine import Action, Event, describe
from parlour.engine.i18n import t
from parlour.games.splendor_marvel.actions import (
    Pass,
    Recruit,
    Reserve,
    Return,
    Take,
    TakeLocation,
    TakeTwo,
)
from parlour.games.splendor_marvel.cards import COLOURS, LOCATION_FACES, TOKEN_KINDS

DOMAIN = "splendor-marvel"


def name(value: str, lang: str) -> str:
    """The display name of a colour, token kind, card or location id."""
    return t(f"{DOMAIN}.name.{value}", lang)


def _label(key: str, lang: str, **params: object) -> str:
    return t(f"{DOMAIN}.label.{key}", lang, **params)


def describe_event(event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """One log line; a recruit paid by bonuses alone, or without grey tokens, says so
    rather than "paying 0 tokens (0 of them grey)"."""
    if event.kind == "recruited":
        tokens, grey = event.data.get("tokens"), event.data.get("grey")
        if tokens == 0:
            event = Event("recruited_free", event.data, event.audience)
        elif grey == 0:
            event = Event("recruited_no_grey", event.data, event.audience)
    return describe(DOMAIN, event, lang, names)


def action_steps(action: Action, lang: str = "en") -> list[str]:
    """The choices a person makes for ``action``, in order, as display labels."""
    if isinstance(action, Take):
        sep = t("core.list_separator", lang)
        return [_label("take", lang), sep.join(name(COLOURS[c], lang) for c in action.colours)]
    if isinstance(action, TakeTwo):
        return [_label("take_two", lang), name(COLOURS[action.colour], lang)]
    if isinstance(action, Reserve):
        where = (
            _label("deck_top", lang, tier=action.tier)
            if action.slot is None
            else _label("display_slot", lang, tier=action.tier, slot=action.slot + 1)
        )
        return [_label("reserve", lang), where]
    if isinstance(action, Recruit):
        where = (
            _label("reserved_slot", lang, slot=action.slot + 1)
            if action.tier == 0
            else _label("display_slot", lang, tier=action.tier, slot=action.slot + 1)
        )
        return [_label("recruit", lang), where, grey_label(action.grey, lang)]
    if isinstance(action, Return):
        return [_label("return", lang), name(TOKEN_KINDS[action.kind], lang)]
    if isinstance(action, TakeLocation):
        return [_label("location", lang), name(LOCATION_FACES[action.face].id, lang)]
    if isinstance(action, Pass):
        return [_label("pass", lang)]
    return [str(action)]


def grey_label(grey: tuple[int, ...], lang: str = "en") -> str:
    """How a payment uses grey tokens, e.g. "Grey for: Reality (red) 1"."""
    if not any(grey):
        return _label("no_grey", lang)
    sep = t("core.list_separator", lang)
    parts = sep.join(f"{name(COLOURS[c], lang)} {n}" for c, n in enumerate(grey) if n)
    return _label("grey_for", lang, colours=parts)
