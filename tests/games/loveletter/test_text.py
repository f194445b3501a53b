"""Every event line and action label reads as text in every language."""

from __future__ import annotations

import pytest

from parlour.engine import Rng, describe
from parlour.engine.i18n import LANGUAGES
from parlour.games.loveletter import GAME, LoveLetterState
from parlour.games.loveletter.text import guess_text
from tests.games.loveletter.helpers import start


@pytest.mark.parametrize(
    ("players", "edition"), [(3, "classic"), (6, "premium"), (4, "2019"), (2, "2019")]
)
def test_every_event_and_label_is_translated(players: int, edition: str) -> None:
    """Random games: each event and each legal action's steps render without raw keys."""
    names = [f"N{s}" for s in range(players)]
    for seed in range(3):
        st = GAME.new(players, {"edition": edition}, seed)
        rng = Rng(seed)
        while st.to_act is not None:
            legal = st.legal_actions()
            for lang in LANGUAGES:
                for action in legal[:5]:
                    for label in GAME.action_steps(action, lang, names):
                        assert "{" not in label and "loveletter." not in label
            for event in st.apply(legal[rng.below(len(legal))]):
                for lang in LANGUAGES:
                    line = describe("loveletter", event, lang, names)
                    assert "{" not in line and "loveletter." not in line, line


def test_action_steps_are_card_target_value() -> None:
    """action_steps gives card → target → named value (with the cards of that value)."""
    st = start(
        5, ["princess", "guard", "priest", "baron", "handmaid", "prince", "count"], "premium"
    )
    names = ["Ana", "Bo", "Cy", "Di", "Ed"]
    assert GAME.action_steps(st.action_space.parse("guard>p1=5"), "en", names) == [
        "Guard",
        "Bo",
        "5: Prince, Count",
    ]
    assert GAME.action_steps(st.action_space.parse("guard"), "es", names) == [
        "Guardia",
        "nadie (sin efecto)",
    ]
    assert GAME.action_steps(st.action_space.parse("baroness>p1+p3"), "en", names) == [
        "Baroness",
        "Bo and Di",
    ]
    assert GAME.action_steps(st.action_space.parse("look=none"), "zh", names) == ["不查看"]


def _lines(st: LoveLetterState, action: str, lang: str, names: list[str]) -> list[str]:
    return [GAME.describe(e, lang, names, st.options) for e in st.apply(action)]


def test_a_guard_names_the_editions_card_with_its_value_LL_CARD_GUARD() -> None:
    """LL-CARD-GUARD: the log names the guessed card with its value, the edition's card."""
    names = ["Ana", "Bo", "Cy"]
    classic = start(3, ["princess", "guard", "priest", "baron", "king"])
    assert _lines(classic, "guard>p1=8", "en", names)[:2] == [
        "Ana plays Guard on Bo, naming Princess (8).",
        "Bo does not hold Princess (8).",
    ]
    # In the 2019 edition an 8 is the Countess, the Princess a 9.
    modern = start(3, ["princess", "guard", "priest", "baron", "king"], "2019")
    assert _lines(modern, "guard>p1=8", "es", names)[1] == "Bo no tiene la carta Condesa (8)."


def test_a_value_of_several_premium_cards_names_them_all_LL_CARD_BISHOP() -> None:
    """LL-CARD-BISHOP: premium's 7 is the Countess or the Dowager Queen; a hit says so too."""
    names = ["Ana", "Bo", "Cy", "Di", "Ed"]
    rest = ["baron", "handmaid", "prince", "guard"]
    hit = start(5, ["princess", "bishop", "countess", *rest], "premium")
    lines = _lines(hit, "bishop>p1=7", "en", names)
    assert lines[0] == "Ana plays Bishop on Bo, naming Countess or Dowager Queen (7)."
    assert lines[1] == "Bo does hold Countess or Dowager Queen (7): Ana gains a token."
    miss = start(5, ["princess", "bishop", "priest", *rest], "premium")
    assert _lines(miss, "bishop>p1=7", "zh", names)[1] == "Bo手中没有伯爵夫人或太后（7）。"


def test_a_value_no_card_has_stays_a_number() -> None:
    """A number the edition has no card of (damaged data) is shown as it is, not dropped."""
    assert guess_text(12, "classic") == "12"
    assert guess_text(1, "nonsense", "vi") == "1"
