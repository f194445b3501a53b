"""Bots are offered and named in the reader's language: Easy, Normal and Hard first."""

from __future__ import annotations

import pytest

from parlour.bots.registry import bot_names
from parlour.engine.i18n import BOT_LEVELS, LANGUAGES, bot_label, has

GAMES = ("loveletter", "gauntlet", "splendor-marvel")


def _unnamed(kinds: list[str]) -> list[str]:
    return [kind for kind in kinds if not has(f"core.bot.{kind}")]


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_kind_has_a_name_and_the_levels_are_offered(game: str) -> None:
    kinds = bot_names(game)
    assert set(BOT_LEVELS) <= set(kinds)
    assert not _unnamed(kinds)


def test_the_name_check_catches_an_unnamed_kind() -> None:
    assert _unnamed(["normal", "mystery"]) == ["mystery"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bot_is_named_in_the_readers_language(lang: str) -> None:
    names = {bot_label(spec, 1, lang) for spec in ("easy", "normal", "hard:300")}
    assert len(names) == 3 and all("2" in name for name in names)
    if lang != "en":
        assert bot_label("normal", 1, lang) != bot_label("normal", 1, "en")
    assert bot_label("normal", 1, "en") == "Normal bot 2"
    assert bot_label("hard:300", 0, "vi") == "Máy 1 (Khó)"
