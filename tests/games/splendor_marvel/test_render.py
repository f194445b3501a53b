"""The terminal renderer shows the whole table, in every language, leaking nothing."""

from __future__ import annotations

import pytest
from rich.console import Console

from parlour.cli.render.splendor_marvel import render_view
from parlour.engine.i18n import LANGUAGES, t
from tests.games.splendor_marvel.helpers import give_cards, new, play

NAMES = ["Ana", "Bao"]


def _text(view: dict[str, object], lang: str) -> str:
    console = Console(record=True, width=160, color_system=None)
    console.print(render_view(view, lang, NAMES))
    return console.export_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_render_shows_display_supply_players_and_own_hand(lang: str) -> None:
    """Three tiers of four cards, decks, supply, both players, the viewer's reserved cards."""
    st = new()
    give_cards(st, 0, "t1-spider-woman")
    play(st, "reserve:t3-deck", "reserve:t1-2")
    st.avengers = 0
    mine = _text(st.view(0), lang)

    def name(card: str) -> str:
        return t(f"splendor-marvel.name.{card}", lang)

    shown = ("t1-baron-zemo", "t1-moon-knight", "t2-maria-hill", "t3-iron-man", "t3-doctor-strange")
    for card in shown:
        assert name(card) in mine
    assert "Ana" in mine and "Bao" in mine and "★" in mine and "⧗" in mine
    assert name("t3-hulk") in mine  # the viewer's own blind reserve
    theirs = _text(st.view(1), lang)
    assert name("t3-hulk") not in theirs and name("t1-rocket") in theirs
    assert name("t3-hulk") not in _text(st.view(None), lang)


def test_render_english_labels_and_prompts() -> None:
    """Labels read as the catalog says: deck sizes, supply, prompts, the game's end."""
    st = new(max_rounds=1)
    text = _text(st.view(0), "en")
    assert "deck: 36" in text and "Supply: Y4 B4 O4 R4 P4 G2 S5" in text
    assert "To act: Ana" in text and "Avengers Assemble: nobody" in text
    play(st, "take:yellow,blue,red", "take:yellow,blue,red")
    assert "Game over" in _text(st.view(None), "en")
