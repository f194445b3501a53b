"""Interactive lessons: short scenarios on stacked decks, each asking for one move at a time.

A lesson opens a game at a chosen position (a stacked opening and the moves played before
it, or a saved position in ``parlour/learn/data``) and asks the learner, in one seat, for
the move it teaches. The move asked for is applied (then the other seats' scripted replies);
any other legal move is *not* played: the lesson explains why it is not the one, and asks
again. An illegal move is refused with the game's own error. Every text is in the ``learn``
catalog: ``lesson.<id>.title``, ``.intro``, ``.step<N>`` (what to do), ``.wrong<N>`` (why
another move is not it; not needed by a step every legal move of which is the one asked)
and ``.done``, for steps numbered from 1. A game's lessons may be grouped (Love Letter's
by edition): ``lesson.group.<game>-<group>`` names a group.
"""

from __future__ import annotations

from parlour.engine import ParlourError
from parlour.learn.lessons import loveletter, others
from parlour.learn.lessons.core import Attempt, Lesson, LessonRun, Step, seat_names

LESSONS: tuple[Lesson, ...] = loveletter.LESSONS + others.GAUNTLET + others.SPLENDOR_MARVEL
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


def group_key(item: Lesson) -> str | None:
    """The catalog key naming the lesson's group (None when its game has no groups)."""
    return None if item.group is None else f"learn.lesson.group.{item.game}-{item.group}"


__all__ = [
    "LESSONS",
    "Attempt",
    "Lesson",
    "LessonRun",
    "Step",
    "group_key",
    "lesson",
    "lessons_for",
    "seat_names",
]
