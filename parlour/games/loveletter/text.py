"""Display labels of an action's steps (card, target(s), named value) from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.engine import Action, Event, describe
from parlour.engine.i18n import t
from parlour.games.loveletter.actions import Decide, Look, Play, Return
from parlour.games.loveletter.cards import TABLES, TARGETING


def _player(seat: int, lang: str, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t("core.seat_name", lang, number=seat + 1)


def card_name(card_id: str, lang: str = "en") -> str:
    """A card's name in ``lang``."""
    return t(f"loveletter.name.{card_id}", lang)


GUESS_EVENTS = frozenset({"played_guess", "guard_miss", "bishop_miss", "bishop_hit"})
"""Events whose ``guess`` is a value named with a Guard or a Bishop."""


def guess_text(value: int, edition: str, lang: str = "en") -> str:
    """A named value as the edition's card(s) and the value: "Countess (8)".

    Premium has several cards of one value ("Countess or Dowager Queen (7)"); a value no card
    of the edition has stays a number.
    """
    ed = TABLES.get(edition)
    cards = [] if ed is None else [c for c, v in zip(ed.ids, ed.values, strict=True) if v == value]
    if not cards:
        return str(value)
    names = t("core.or_separator", lang).join(card_name(c, lang) for c in dict.fromkeys(cards))
    return t("loveletter.guessed", lang, cards=names, value=value)


def describe_event(
    event: Event, lang: str = "en", names: Sequence[str] | None = None, edition: str = "classic"
) -> str:
    """One log line; a named value reads as the edition's card with its value."""
    guess = event.data.get("guess")
    if event.kind in GUESS_EVENTS and isinstance(guess, int) and not isinstance(guess, bool):
        shown = Event(event.kind, {**event.data, "guess": guess_text(guess, edition, lang)})
        return describe("loveletter", shown, lang, names)
    return describe("loveletter", event, lang, names)


def action_steps(action: Action, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Card, then target(s), then value; or the single choice of a follow-up prompt."""
    if isinstance(action, Play):
        steps = [card_name(action.card, lang)]
        targets = action.targets
        if not targets and action.kind >= 0 and action.effect in TARGETING:
            steps.append(t("loveletter.step.no_effect", lang))
        elif len(targets) == 1:
            steps.append(_player(targets[0], lang, names))
        elif len(targets) == 2:
            first, second = (_player(s, lang, names) for s in targets)
            steps.append(t("loveletter.step.two", lang, first=first, second=second))
        if action.guess is not None:
            ed = TABLES.get(action.edition)
            cards = (
                [
                    card_name(c, lang)
                    for c, v in zip(ed.ids, ed.values, strict=True)
                    if v == action.guess
                ]
                if ed is not None
                else []
            )
            sep = t("core.list_separator", lang)
            steps.append(
                t("loveletter.step.guess", lang, value=action.guess, cards=sep.join(cards))
            )
        return steps
    if isinstance(action, Decide):
        return [t("loveletter.step.discard" if action.discard else "loveletter.step.keep", lang)]
    if isinstance(action, Return):
        sep = t("core.list_separator", lang)
        return [
            t("loveletter.step.chancellor_keep", lang, card=card_name(action.keep, lang)),
            t(
                "loveletter.step.chancellor_bottom",
                lang,
                cards=sep.join(card_name(c, lang) for c in action.bottom),
            ),
        ]
    if isinstance(action, Look):
        if action.seat is None:
            return [t("loveletter.step.no_look", lang)]
        return [t("loveletter.step.look", lang, player=_player(action.seat, lang, names))]
    return [str(action)]
