"""Every event line and action label reads as text in every language."""

from __future__ import annotations

import pytest

from parlour.engine import Rng, describe
from parlour.engine.i18n import LANGUAGES
from parlour.games.loveletter import GAME
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
