"""Text rendering of an environment's game, as a spectator sees it (no hidden cards)."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.engine import Event, State, events_for
from parlour.engine.i18n import has, render_params, t


def game_name(game_id: str, lang: str = "en") -> str:
    """A game's display name from its catalog (``<game>.name.game``), else its id."""
    key = f"{game_id}.name.game"
    return t(key, lang) if has(key) else game_id


def render_text(
    state: State, events: Sequence[Event], *, truncated: bool = False, lang: str = "en"
) -> str:
    """A few lines: the move number, the public events since the last render, who acts."""
    game = state.game.id
    lines = [t("rl.render.header", lang, game=game_name(game, lang), move=state.move_number)]
    lines += [
        f"  {state.game.describe(e, lang, None, state.options)}" for e in events_for(None, events)
    ]
    result = state.result
    if result is not None:
        lines.append(
            t(
                "rl.render.over",
                lang,
                **render_params(
                    game, {"reason": result.reason, "winner": list(result.winners)}, lang
                ),
            )
        )
    elif truncated:
        lines.append(t("rl.render.truncated", lang, moves=state.move_number))
    elif state.to_act is not None:
        lines.append(
            t(
                "rl.render.to_act",
                lang,
                **render_params(game, {"seat": state.to_act, "prompt": state.prompt()}, lang),
            )
        )
    return "\n".join(lines)
