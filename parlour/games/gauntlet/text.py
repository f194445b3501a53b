"""Menu labels of actions (``action_steps``): card, then target, then number or answer, as the
effect table says each card asks."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.engine import Action
from parlour.engine.i18n import t
from parlour.games.gauntlet import actions as A
from parlour.games.gauntlet.cards import EFFECTS


def _seat(seat: int, lang: str, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t("core.seat_name", lang, number=seat + 1)


def action_steps(action: Action, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """The choices a person makes for ``action``, as display labels."""

    def label(key: str, **params: object) -> str:
        return t(f"gauntlet.{key}", lang, **params)

    if isinstance(action, A.HeroPlay):
        effect = f"hero{action.number}"
        steps = [label(f"label.{effect}")]
        if EFFECTS[effect].numbers:
            steps.append(label("label.number", number=action.guess))
        elif EFFECTS[effect].may_decline:
            steps.append(label("label.fight" if action.fight else "label.pass"))
        elif action.target >= 0:
            steps.append(_seat(action.target, lang, names))
        return steps
    if isinstance(action, A.ThanosPlay):
        steps = [label(f"name.{action.kind}")]
        if EFFECTS[action.kind].copies:
            steps.append(label(f"name.{action.copy}") if action.copy else label("label.nothing"))
            return steps
        if EFFECTS[action.kind].may_decline and action.target < 0:
            steps.append(label("label.pass"))
        elif action.target >= 0:
            steps.append(_seat(action.target, lang, names))
        if action.guess:
            steps.append(label("label.number", number=action.guess))
        return steps
    if isinstance(action, A.Word):
        return [label(f"label.{action.word.replace(':', '_')}")]
    if isinstance(action, A.PickKind):
        return [label(f"label.{action.verb}"), label(f"name.{action.kind}")]
    if isinstance(action, A.FightTarget):
        return [label("label.fight"), _seat(action.target, lang, names)]
    if isinstance(action, A.Order):
        return [
            label("label.order"),
            label("label.order_positions", positions="".join(str(p + 1) for p in action.positions)),
        ]
    if isinstance(action, A.Bottom):
        return [label("label.bottom"), *(label(f"name.{k}") for k in action.kinds)]
    return [str(action)]
