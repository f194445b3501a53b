"""The lesson machinery: a scenario, its steps, and a lesson being played.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from importlib import resources
from typing import Any

from parlour.engine import Event, IllegalActionError, ParlourError, State
from parlour.engine.i18n import t
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
    group: str | None = None
    """The part of the game's list it belongs to (Love Letter: the edition), or None."""

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


def seat_names(item: Lesson, lang: str) -> list[str]:
    """Seat names: the learner's as in ``parlour play`` ("Player 1 (you)"), the other "Rival"
    (with more players, "Rival 1", "Rival 2"... in seat order)."""
    names: list[str] = []
    for seat in range(item.players):
        if seat == item.seat:
            names.append(t("cli.play.you", lang, number=seat + 1))
        elif item.players == 2:
            names.append(t("learn.lesson.rival", lang))
        else:  # rivals counted from 1, the learner's seat skipped
            number = seat + 1 if seat < item.seat else seat
            names.append(t("learn.lesson.rival_n", lang, number=number))
    return names
