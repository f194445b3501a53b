"""The terminal at the browser's level: menus typed as shown, a way back, card texts,
catalog names, legends, end tables and lessons that count right."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

import pytest
from rich.console import Console

from parlour.cli.learn import learn_session
from parlour.cli.play import QuitGame, choose_action, menu_keys, summary
from parlour.cli.render import render_view
from parlour.engine import Result
from parlour.engine.i18n import t
from parlour.games import get_game
from parlour.learn.lessons import lessons_for


def _console(width: int = 100) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None)


def _text(console: Console) -> str:
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def _answers(items: Sequence[str]) -> Iterator[str]:
    yield from items
    raise AssertionError("asked more than scripted")


def test_numbered_labels_are_typed_by_their_number() -> None:
    assert menu_keys(["0: Spy", "2: Priest"]) == [("0", "Spy"), ("2", "Priest")]
    # Repeated or missing numbers: counted from 1 as usual.
    assert menu_keys(["2: a", "2: b"]) == [("1", "2: a"), ("2", "2: b")]
    assert menu_keys(["Guard", "0: Spy"]) == [("1", "Guard"), ("2", "0: Spy")]


def test_the_guard_guess_is_typed_as_shown_and_b_goes_back() -> None:
    game = get_game("loveletter")
    state = game.new(2, {"edition": "2019"}, 3)
    legal = state.legal_actions()
    names = ["Ana", "Bo"]
    guard = next(a for a in legal if game.action_steps(a, "en", names)[0] == "Guard")
    steps = game.action_steps(guard, "en", names)
    assert len(steps) == 3
    guess = steps[2].partition(": ")[0]  # the value, "0" for the Spy
    first = next(
        str(i + 1)
        for i, label in enumerate(
            dict.fromkeys(game.action_steps(a, "en", names)[0] for a in legal)
        )
        if label == "Guard"
    )
    answers = _answers([first, "b", first, guess])
    console = _console()
    chosen = choose_action(game, legal, lambda _: next(answers), console, "en", names)
    assert game.action_steps(chosen, "en", names) == steps
    text = _text(console)
    assert "b. back" in text
    assert f"  {guess}. " in text


def test_quit_from_any_question() -> None:
    game = get_game("loveletter")
    state = game.new(2, {}, 3)
    with pytest.raises(QuitGame):
        choose_action(game, state.legal_actions(), lambda _: "q", _console(), "en", ["A", "B"])


def test_the_gauntlet_hand_shows_what_each_card_does() -> None:
    game = get_game("gauntlet")
    state = game.new(3, {}, 3)
    console = _console()
    console.print(render_view("gauntlet", state.view(0), "en", ["A", "B", "C"]))
    from parlour.games.gauntlet.cards import BY_ID

    for card in state.view(0)["hand"]:
        effect = t(f"gauntlet.effect.{BY_ID[card].effect}", "en")
        assert " ".join(effect.split()[:4]) in " ".join(_text(console).split())


@pytest.mark.parametrize("lang", ["zh", "es"])
def test_the_splendor_grid_names_cards_from_the_catalog(lang: str) -> None:
    state = get_game("splendor-marvel").new(2, {}, 3)
    view = state.view(0)
    console = _console(140)
    console.print(render_view("splendor-marvel", view, lang, ["A", "B"]))
    text = _text(console)
    for card in (c for row in view["display"] for c in row if c is not None):
        assert t(f"splendor-marvel.name.{card}", lang) in text
    assert t("splendor-marvel.ui.legend", lang) in text  # the token letters explained


def test_end_tables_name_their_columns_and_mark_winners() -> None:
    result = Result.of(2, [1], "tokens", tokens=[3, 6], rounds=9)
    console = _console()
    console.print(summary(get_game("loveletter"), result, "vi", ["An", "Bình"]))
    text = _text(console)
    assert t("loveletter.detail.tokens", "vi") in text
    assert t("loveletter.detail.rounds", "vi") + ": 9" in text
    assert "reached the tokens" not in text and "rounds" not in text


def test_lessons_count_among_all_and_say_goodbye() -> None:
    items = lessons_for("loveletter")
    start = items[5]
    console = _console()
    learn_session("loveletter", lambda _: "q", console, "en", start.id)
    text = _text(console)
    assert f"Lesson 6 of {len(items)}" in text
    assert f"parlour learn loveletter --lesson {start.id}" in " ".join(text.split())


def test_lesson_feedback_wraps_to_the_terminal() -> None:
    items = lessons_for("loveletter")
    console = _console(60)
    wrong = iter(["2", "q"])
    learn_session("loveletter", lambda _: next(wrong), console, "en", items[0].id)
    assert all(len(line) <= 60 for line in _text(console).splitlines())
