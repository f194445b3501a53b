"""The terminal renderer shows the hand and the public table, in every language."""

from __future__ import annotations

import pytest
from rich.console import Console

from parlour.cli.render.loveletter import render_view
from tests.games.loveletter.helpers import start


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_render_shows_hand_table_and_face_up_cards(lang: str) -> None:
    """Hand, tokens, discards, pile and face-up cards appear; the unseen hands do not."""
    st = start(
        2, ["princess", "king", "prince", "prince", "guard", "guard", "priest"], ruleset="printed"
    )
    st.apply("priest>p1")
    console = Console(width=120, record=True)
    console.print(render_view(st.view(1), lang, ["Ana", "Bo"]))
    out = console.export_text()
    assert "Ana" in out and "Bo" in out and "(1)" in out and "(6)" in out  # hand, face-up King
    if lang == "en":
        assert "Guard" in out and "Priest" in out and "Pile: 8" in out
        assert "Princess" not in out


def test_render_spectator_and_knowledge() -> None:
    """A spectator sees no hand; the Priest's player sees what it knows."""
    st = start(2, ["princess", "priest", "king", "guard"])
    st.apply("priest>p1")
    console = Console(width=120, record=True)
    console.print(render_view(st.view(0), "en", ["Ana", "Bo"]))
    assert "You know: Bo King (6)" in console.export_text()
    console = Console(width=120, record=True)
    console.print(render_view(st.view(None), "en", ["Ana", "Bo"]))
    assert "Your hand" not in console.export_text()
