"""Interactive lessons: short scenarios on stacked decks, each asking for one move at a time.

A lesson opens a game at a chosen position (a stacked opening and the moves played before
it, or a saved position in ``parlour/learn/data``) and asks the learner, in one seat, for
the move it teaches. The move asked for is applied (then the other seat's scripted reply);
any other legal move is *not* played: the lesson explains why it is not the one, and asks
again. An illegal move is refused with the game's own error. Every text is in the ``learn``
catalog: ``lesson.<id>.title``, ``.intro``, ``.step<N>`` (what to do), ``.wrong<N>`` (why
another move is not it) and ``.done``, for steps numbered from 1.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from importlib import resources
from typing import Any

from parlour.engine import Event, IllegalActionError, ParlourError, State
from parlour.games import get_game


@dataclass(frozen=True, slots=True)
class Step:
    """One move the lesson asks for, and the other seats' replies played after it."""

    expect: tuple[str, ...]
    """Action texts (shell-style patterns: ``guard>p1=*``) that count as the move asked."""
    replies: tuple[str, ...] = ()
    """Moves of the other seats, played after the learner's."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """A scenario: where it starts, which seat learns, the moves it asks for."""

    id: str
    game: str
    seat: int
    steps: tuple[Step, ...]
    players: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    stack: Any = None
    setup: tuple[str, ...] = ()
    """Moves played before the lesson starts (both seats)."""
    position: str | None = None
    """A saved position in ``parlour/learn/data`` used instead of a new game and setup."""
    seed: int = 1

    def key(self, part: str) -> str:
        """A catalog key of this lesson's texts (``title``, ``intro``, ``step1``...)."""
        return f"learn.lesson.{self.id}.{part}"

    def opening(self) -> tuple[State, list[Event]]:
        """The position the lesson starts from, and the events of the moves that led there."""
        game = get_game(self.game)
        if self.position is not None:
            data = resources.files("parlour.learn").joinpath("data", self.position).read_text()
            return game.state_from_json(json.loads(data)), []
        state = game.new(self.players, dict(self.options), self.seed, self.stack)
        events: list[Event] = []
        for text in self.setup:
            events += state.apply(text)
        return state, events


@dataclass(frozen=True, slots=True)
class Attempt:
    """What a tried move did: played (``ok``) or explained, with its text's key."""

    ok: bool
    key: str
    """The catalog key to show: the step's ``wrong<N>`` or, when it went through, the next
    step's ask (or ``done``)."""
    events: tuple[Event, ...] = ()


class LessonRun:
    """A lesson being played: the position, the step reached."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.state, self.events = lesson.opening()
        """The position, and every event of the moves played to it and since."""
        self.step = 0

    @classmethod
    def after(cls, lesson: Lesson, moves: Sequence[str]) -> LessonRun:
        """The lesson after the learner's accepted moves (ParlourError for any other)."""
        run = cls(lesson)
        for text in moves:
            if not run.attempt(text).ok:
                raise ParlourError("learn.error.bad_moves")
        return run

    @property
    def done(self) -> bool:
        """Whether every step was made."""
        return self.step >= len(self.lesson.steps)

    def ask_key(self) -> str:
        """The key of what the learner is asked now (``done`` at the end)."""
        return self.lesson.key("done" if self.done else f"step{self.step + 1}")

    def attempt(self, text: str) -> Attempt:
        """Try a move: the one asked is played; another legal one is explained, not played.

        Raises IllegalActionError (the state unchanged) for a move that is not legal, and
        ParlourError once the lesson is over.
        """
        if self.done:
            raise ParlourError("learn.error.lesson_over")
        state = self.state
        action = state.action_space.coerce(text)
        if action not in state.legal_actions():
            raise IllegalActionError("core.error.illegal_action", action=str(action)[:80])
        step = self.lesson.steps[self.step]
        if not any(fnmatchcase(str(action), pattern) for pattern in step.expect):
            return Attempt(False, self.lesson.key(f"wrong{self.step + 1}"))
        events = list(state.apply(action))
        for reply in step.replies:
            events += state.apply(reply)
        self.events += events
        self.step += 1
        return Attempt(True, self.ask_key(), tuple(events))

    def expected(self) -> list[str]:
        """The legal moves that count as the one asked now (empty at the end)."""
        if self.done:
            return []
        patterns = self.lesson.steps[self.step].expect
        legal = [str(a) for a in self.state.legal_actions()]
        return [a for a in legal if any(fnmatchcase(a, p) for p in patterns)]


def _love_letter(top: Sequence[str]) -> dict[str, Any]:
    """A classic Love Letter round dealing ``top`` first (set-aside card, hands from seat 0,
    then the draws), the rest of the deck below in table order."""
    from parlour.games.loveletter.cards import TABLES

    ed = TABLES["classic"]
    left = Counter(dict(zip(ed.ids, ed.counts, strict=True)))
    left.subtract(top)
    rest = [cid for cid in ed.ids for _ in range(left[cid])]
    return {"rounds": [[*top, *rest]], "first_player": 0}


def _ll(card: str, top: Sequence[str], expect: str, setup: Sequence[str] = ()) -> Lesson:
    """A one-step Love Letter lesson for ``card`` (seat 0 learns; one token wins)."""
    return Lesson(
        f"loveletter-{card}",
        "loveletter",
        0,
        (Step((expect,)),),
        options={"edition": "classic", "tokens_to_win": 1},
        stack=_love_letter(top),
        setup=tuple(setup),
        seed=7,
    )


LESSONS: tuple[Lesson, ...] = (
    _ll(
        "guard",
        ["guard", "priest", "prince", "guard", "countess", "handmaid"],
        "guard>p1=5",
        ["priest>p1", "countess"],
    ),
    _ll("priest", ["guard", "priest", "prince", "guard", "countess", "handmaid"], "priest>p1"),
    _ll(
        "baron",
        ["guard", "priest", "handmaid", "king", "guard", "baron"],
        "baron>p1",
        ["priest>p1", "guard>p0=8"],
    ),
    _ll("handmaid", ["guard", "princess", "priest", "handmaid", "guard", "baron"], "handmaid"),
    _ll(
        "prince",
        ["guard", "prince", "princess", "priest", "guard", "handmaid"],
        "prince>p1",
        ["priest>p1", "guard>p0=3"],
    ),
    _ll(
        "king",
        ["guard", "king", "princess", "priest", "guard", "baron"],
        "king>p1",
        ["priest>p1", "guard>p0=2"],
    ),
    _ll("countess", ["guard", "countess", "priest", "king", "guard", "baron"], "countess"),
    _ll("princess", ["guard", "princess", "priest", "guard", "guard", "baron"], "guard>p1=*"),
    Lesson(
        "gauntlet-fight",
        "gauntlet",
        1,
        (Step(("3:fight",)),),
        stack={
            "hero_deck": ["iron_man", "thor", "black_panther"],
            "thanos_deck": ["outrider_1", "outrider_2", "proxima_midnight"],
        },
        setup=("outrider>p1=2",),
    ),
    Lesson(
        "gauntlet-snap",
        "gauntlet",
        0,
        (Step(("snap",)),),
        stack={
            "hero_deck": [
                "black_panther",
                "falcon",
                "doctor_strange",
                "black_widow",
                "gamora",
                "ant_man_wasp",
                "captain_america",
                "hulk",
                "thor",
                "scarlet_witch",
                "vision",
            ],
            "thanos_deck": [
                "power_stone",
                "mind_stone",
                "soul_stone",
                "space_stone",
                "reality_stone",
                "time_stone",
                "proxima_midnight",
            ],
        },
        setup=("soul>p1", "4>p1", "2>p1", "mind=5", "4>p1", "2>p1", "power", "3:pass", "3:pass"),
    ),
    Lesson(
        "splendor-marvel-win",
        "splendor-marvel",
        0,
        (Step(("recruit:t2-3*",)),),
        position="splendor-marvel-win.json",
    ),
    Lesson(
        "splendor-marvel-locations",
        "splendor-marvel",
        0,
        (Step(("recruit:t1-1*",)),),
        position="splendor-marvel-locations.json",
    ),
)
"""Every lesson, in teaching order within each game."""

BY_ID: dict[str, Lesson] = {lesson.id: lesson for lesson in LESSONS}


def lessons_for(game: str) -> list[Lesson]:
    """The lessons of one game, in order."""
    return [lesson for lesson in LESSONS if lesson.game == game]


def lesson(lesson_id: str) -> Lesson:
    """A lesson by id (ParlourError when there is none)."""
    found = BY_ID.get(lesson_id)
    if found is None:
        raise ParlourError("learn.error.no_lesson", lesson=lesson_id[:60])
    return found


__all__ = ["LESSONS", "Attempt", "Lesson", "LessonRun", "Step", "lesson", "lessons_for"]
