"""Lessons: every lesson played through in every language, another move explained, not played."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app
from parlour.cli.learn import learn_session
from parlour.engine import IllegalActionError, ParlourError
from parlour.engine.i18n import LANGUAGES, has, t
from parlour.games import get_game
from parlour.games.loveletter.cards import TABLES
from parlour.learn.lessons import (
    LESSONS,
    Lesson,
    LessonRun,
    group_key,
    lesson,
    lessons_for,
    seat_names,
)

GAMES = ("loveletter", "gauntlet", "splendor-marvel")


def test_every_game_has_its_lessons() -> None:
    """Every card of every Love Letter edition (and the premium Guard's 0 and 9), the fight
    and the snap, the win condition and locations."""
    ids = {item.id for item in LESSONS}
    cards = {card for edition in TABLES.values() for card in edition.ids}
    assert len(cards) == 19
    assert {f"loveletter-{card}" for card in cards} | {"loveletter-guard-premium"} <= ids
    assert {"gauntlet-fight", "gauntlet-snap"} <= ids
    assert {"splendor-marvel-win", "splendor-marvel-locations"} <= ids
    assert all(lessons_for(game) for game in GAMES)
    assert len(ids) == len(LESSONS)


def test_love_letter_lessons_are_grouped_by_the_edition_they_play() -> None:
    """Each lesson's group is the edition of its deck, and holds only that edition's cards
    beyond the classic ones; the groups come in one run each: classic, 2019, premium."""
    items = lessons_for("loveletter")
    groups = [str(item.group) for item in items]
    order = ["classic", "2019", "premium"]
    assert sorted(set(groups), key=groups.index) == order
    assert groups == sorted(groups, key=order.index)
    classic = set(TABLES["classic"].ids)
    for item in items:
        assert item.options["edition"] == item.group, item.id
        card = item.id.removeprefix("loveletter-")
        if card == "guard-premium":  # the one classic card taught again: its new values
            assert item.group == "premium"
            continue
        assert card in TABLES[str(item.group)].ids, item.id
        assert (card in classic) == (item.group == "classic"), item.id
    assert all(group_key(item) is None for item in lessons_for("gauntlet"))
    for lang in LANGUAGES:
        for item in items:
            assert has(str(group_key(item)), lang)


def wrong_moves(item: Lesson) -> list[bool]:
    """For each step of a lesson, whether it has a legal move that is not the one asked."""
    run, out = LessonRun(item), []
    while not run.done:
        out.append(len(run.state.legal_actions()) > len(run.expected()))
        run.attempt(run.expected()[0])
    return out


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: item.id)
def test_every_lesson_speaks_every_language(item: Lesson) -> None:
    """Title, intro, each step's ask, the explanation of each step that has another legal move,
    and the end: in all four languages; premium lessons name their rivals by number."""
    parts = ["title", "intro", "done"]
    for n, others in enumerate(wrong_moves(item), 1):
        parts += [f"step{n}", f"wrong{n}"] if others else [f"step{n}"]
    for lang in LANGUAGES:
        for part in parts:
            key = item.key(part)
            assert has(key, lang), (key, lang)
            assert t(key, lang).strip() and "{" not in t(key, lang)
    names = seat_names(item, "en")
    assert len(set(names)) == item.players and names[item.seat] == f"Player {item.seat + 1} (you)"
    if item.players > 2:
        assert names[1:] == [f"Rival {n}" for n in range(1, item.players)]


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: item.id)
def test_every_lesson_plays_through_and_explains_other_moves(item: Lesson) -> None:
    """Each step: every other legal move is explained and changes nothing; the asked one plays."""
    run = LessonRun(item)
    assert run.state.to_act == run.lesson.seat
    while not run.done:
        before = json.dumps(run.state.to_json(), sort_keys=True)
        expected = run.expected()
        assert expected, f"{item}: the move asked for is not legal"
        for action in run.state.legal_actions():
            if str(action) in expected:
                continue
            attempt = run.attempt(str(action))
            assert not attempt.ok and attempt.key == run.lesson.key(f"wrong{run.step + 1}")
            assert json.dumps(run.state.to_json(), sort_keys=True) == before
        step = run.step
        attempt = run.attempt(expected[0])
        assert attempt.ok and run.step == step + 1 and attempt.events
    assert run.ask_key() == run.lesson.key("done")
    with pytest.raises(ParlourError):
        run.attempt(expected[0])


def test_each_lesson_reaches_what_it_teaches() -> None:
    """The outcomes the lessons' texts promise, checked on the positions themselves."""

    def finish(lesson_id: str) -> LessonRun:
        run = LessonRun(lesson(lesson_id))
        while not run.done:
            run.attempt(run.expected()[0])
        return run

    for won in ("loveletter-guard", "loveletter-baron", "loveletter-prince", "gauntlet-snap"):
        result = finish(won).state.result
        assert result is not None and result.winners == (finish(won).lesson.seat,), won
    kinds = [e.kind for e in finish("gauntlet-fight").events]
    assert "defeated" in kinds
    sm_win = finish("splendor-marvel-win").state
    assert sm_win.result is not None and sm_win.result.winners == (0,)
    assert [sm_win.points(0), sm_win.points(1)] == [17, 16]  # type: ignore[attr-defined]
    located = finish("splendor-marvel-locations")
    assert [e.kind for e in located.events][-1] == "location"
    assert finish("loveletter-king").state.view(0)["hand"] == ["princess"]


def finish(lesson_id: str) -> LessonRun:
    """A lesson played through with the moves it asks for."""
    run = LessonRun(lesson(lesson_id))
    while not run.done:
        run.attempt(run.expected()[0])
    return run


def tokens(run: LessonRun) -> list[int]:
    """Every seat's tokens of affection at the end of a Love Letter lesson."""
    return list(run.state.view(0)["tokens"])


def test_ll_card_spy_lesson_wins_a_second_token_for_the_only_spy() -> None:
    """LL-CARD-SPY: the round's token and the Spy's make two, which win the lesson's game."""
    run = finish("loveletter-spy")
    assert tokens(run) == [2, 0] and run.state.result is not None
    assert [e.data.get("reason") for e in run.events if e.kind == "token"][-2:] == [
        "round",
        "spy",
    ]


def test_ll_card_chancellor_lesson_keeps_the_princess_and_returns_two() -> None:
    """LL-CARD-CHANCELLOR: three cards in hand, the Princess kept, two under the pile."""
    run = finish("loveletter-chancellor")
    assert run.state.view(0)["hand"] == ["princess"]
    assert (
        run.state.view(1)["pile"]
        == LessonRun(lesson("loveletter-chancellor")).state.view(1)["pile"] - 1
    )


def test_ll_card_guard_premium_bishop_dowager_lessons_knock_out_the_known_hand() -> None:
    """LL-CARD-GUARD (premium: naming 9), LL-CARD-DOWAGER: the seen hand is knocked out;
    LL-CARD-BISHOP: a token, and the hit player's discard."""
    for lesson_id in ("loveletter-guard-premium", "loveletter-dowager"):
        assert finish(lesson_id).state.view(0)["in_round"] == [True, False, True, True, True]
    bishop = finish("loveletter-bishop")
    assert tokens(bishop) == [1, 0, 0, 0, 0]
    assert bishop.state.view(0)["discards"][1][-1] == "baron"


def test_ll_card_cardinal_jester_baroness_sycophant_lessons_do_what_they_say() -> None:
    """LL-CARD-CARDINAL (the Princess taken), LL-CARD-JESTER (the bet on seat 1),
    LL-CARD-BARONESS (two hands seen), LL-CARD-SYCOPHANT (the next card points elsewhere)."""
    assert finish("loveletter-cardinal").state.view(0)["hand"] == ["princess"]
    assert finish("loveletter-jester").state.view(0)["jester"][0] == 1
    assert len(finish("loveletter-baroness").state.view(0)["known"]) == 2
    assert finish("loveletter-sycophant").state.view(0)["sycophant"] in (1, 2, 3, 4)


def test_ll_card_assassin_constable_count_lessons_reach_their_payoff() -> None:
    """LL-CARD-ASSASSIN: the Guard's player is knocked out; LL-CARD-CONSTABLE: a token to the
    knocked-out learner; LL-CARD-COUNT: the Constable and one Count (7) beat the King (6),
    where keeping the Count (5) would lose."""
    assassin = finish("loveletter-assassin")
    assert assassin.state.view(0)["in_round"][:2] == [True, False]
    assert "assassin" in assassin.state.view(0)["discards"][0]
    constable = finish("loveletter-constable")
    assert constable.state.view(0)["in_round"][0] is False and tokens(constable)[0] == 1
    count = finish("loveletter-count")
    assert count.state.result is not None and count.state.result.winners == (0,)
    wrong = LessonRun(lesson("loveletter-count"))
    wrong.state.apply("constable")  # the move the lesson refuses, played to see it lose
    assert tokens(wrong) == [0, 1, 0, 0, 0]


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    """A move that is not legal raises the game's error; the lesson stays where it was."""
    run = LessonRun(lesson("loveletter-handmaid"))
    before = run.state.to_json()
    with pytest.raises(IllegalActionError):
        run.attempt("king>p1")
    assert run.state.to_json() == before and run.step == 0
    with pytest.raises(ParlourError) as missing:
        lesson("nonesuch")
    assert missing.value.key == "learn.error.no_lesson"


def test_a_lesson_rebuilt_from_its_moves_and_a_bad_history_refused() -> None:
    """The browser's way: the learner's accepted moves rebuild the position; others refuse."""
    item = lesson("loveletter-guard")
    assert LessonRun.after(item, ["guard>p1=5"]).done
    with pytest.raises(ParlourError) as bad:
        LessonRun.after(item, ["guard>p1=6"])
    assert bad.value.key == "learn.error.bad_moves"


MENU = re.compile(r"^\s+(\d+)\. (.+)$")


def squeeze(text: str) -> str:
    """Text without whitespace, so a line the console wrapped still matches."""
    return "".join(text.split())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_parlour_learn_plays_every_lesson_in_every_language(game_id: str, lang: str) -> None:
    """The terminal: at each step a wrong move first (explained), then the asked one, in every
    lesson; a shadow run follows what was answered to know the move to enter next."""
    console = Console(record=True, width=200, color_system=None)
    game = get_game(game_id)
    items = lessons_for(game_id)
    shadow: dict[str, Any] = {"lesson": 0, "run": LessonRun(items[0]), "seen": 0}
    tried: set[tuple[int, int]] = set()  # (lesson, step) where a wrong move was entered
    labels: list[str] = []  # the menu labels of the move being entered

    def decide() -> None:
        """The next move: a wrong one at a step not tried yet, else the one asked."""
        run: LessonRun = shadow["run"]
        where = (int(shadow["lesson"]), run.step)
        others = [a for a in run.state.legal_actions() if str(a) not in run.expected()]
        if others and where not in tried:
            tried.add(where)
            action = others[0]
        else:
            action = run.state.action_space.coerce(run.expected()[0])
            run.attempt(str(action))
            if run.done and shadow["lesson"] + 1 < len(items):
                shadow["lesson"] += 1
                shadow["run"] = LessonRun(items[shadow["lesson"]])
        labels[:] = game.action_steps(action, lang, seat_names(run.lesson, lang))

    def ask(prompt: str) -> str:
        text = console.export_text(clear=False)
        menu = text[shadow["seen"] :]
        shadow["seen"] = len(text)
        asked = squeeze(t(shadow["run"].ask_key(), lang))
        if not labels or asked in squeeze(menu):  # a new decision: the ask was printed
            decide()
        for line in menu.splitlines():
            found = MENU.match(line)
            shown = found.group(2).strip() if found else ""
            # A numbered label ("2: Priest") is shown as "2. Priest", typed 2.
            if found and (shown in labels or f"{found.group(1)}: {shown}" in labels):
                return found.group(1)
        raise AssertionError(f"no menu line for {labels} in {menu!r}")

    assert learn_session(game_id, ask, console, lang) == len(items)
    raw = console.export_text()
    out = squeeze(raw)
    starts = [out.index(squeeze(t(item.key("intro"), lang))) for item in items]
    for n, item in enumerate(items):
        part = out[starts[n] : starts[n + 1] if n + 1 < len(items) else None]
        for step, others in enumerate(wrong_moves(item), 1):
            assert squeeze(t(item.key(f"step{step}"), lang)) in part, (item.id, step)
            if others:
                assert squeeze(t(item.key(f"wrong{step}"), lang)) in part, (item.id, step)
        assert squeeze(t(item.key("done"), lang)) in part, item.id
    assert t("learn.lesson.finished", lang) in raw


def test_cli_learn_lists_lessons_and_refuses_unknown_ones(tmp_path: Path) -> None:
    """``--list`` prints every lesson id; an unknown lesson or game exits 2."""
    listed = CliRunner().invoke(app, ["learn", "gauntlet", "--list", "--lang", "zh"])
    assert listed.exit_code == 0
    assert "gauntlet-fight" in listed.output and "响指" in listed.output
    editions = CliRunner().invoke(app, ["learn", "loveletter", "--list", "--lang", "vi"]).output
    heads = [t(f"learn.lesson.group.loveletter-{g}", "vi") for g in ("classic", "2019", "premium")]
    places = [editions.index(x) for x in (heads[0], "loveletter-guard", heads[1], "loveletter-spy")]
    places += [editions.index(x) for x in (heads[2], "loveletter-guard-premium")]
    assert places == sorted(places)
    bad = CliRunner().invoke(app, ["learn", "gauntlet", "--lesson", "loveletter-guard"])
    assert bad.exit_code == 2
    assert CliRunner().invoke(app, ["learn", "nonesuch"]).exit_code == 2
    quit_early = CliRunner().invoke(app, ["learn", "loveletter"], input="q\n")
    assert quit_early.exit_code == 0
