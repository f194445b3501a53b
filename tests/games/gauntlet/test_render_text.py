"""The terminal renderer and the menu labels read from the catalogs in every language."""

from __future__ import annotations

import io

from rich.console import Console

from parlour.cli.render.gauntlet import render_view
from parlour.engine import describe
from parlour.engine.i18n import LANGUAGES
from parlour.games.gauntlet import GAME
from tests.games.gauntlet.helpers import new, play


def _text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(renderable)
    return out.getvalue()


def test_render_shows_own_cards_and_public_table_only() -> None:
    """A hero sees their card and peeks; Thanos's hand stays hidden from them."""
    st = new(3, ["black_widow", "hulk", "thor"], ["outrider_1", "outrider_2", "corvus_glaive"])
    play(st, "outrider>p2=6", "2>p2")
    names = ["Thanos", "Ana", "Bo"]
    text = _text(render_view(st.view(2), "en", names))
    assert "Hulk (3)" in text and "Heroes' health: 5" in text and "Thanos holds" in text
    assert "Thor" not in text
    thanos = _text(render_view(st.view(0), "en", names))
    assert "Outrider (1)" in thanos and "Hulk" not in thanos
    for lang in LANGUAGES:
        assert "gauntlet." not in _text(render_view(st.view(1), lang, names))


def test_action_steps_and_event_texts_are_translated() -> None:
    """Every legal action has catalog labels; every event of a game has a text."""
    st = GAME.new(4, None, seed=5)
    from parlour.engine import Rng

    rng = Rng(5)
    while st.to_act is not None:
        for a in st.legal_actions():
            for lang in LANGUAGES:
                steps = GAME.action_steps(a, lang, ["T", "A", "B", "C"])
                assert steps and not any(s.startswith("gauntlet.") for s in steps)
        acts = st.legal_actions()
        for e in st.apply(acts[rng.below(len(acts))]):
            for lang in LANGUAGES:
                assert not describe("gauntlet", e, lang).startswith("gauntlet.")


def test_every_action_of_the_space_has_labels() -> None:
    """Each action of the six-player space has catalog labels in every language."""
    for a in GAME.action_space(6, GAME.resolve_options(6)).actions:
        for lang in LANGUAGES:
            assert not any(s.startswith("gauntlet.") for s in GAME.action_steps(a, lang))
