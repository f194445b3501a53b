"""Lessons in the browser: the lesson pages, each game's lessons, and one lesson's position.

The server keeps nothing: the page sends the learner's accepted moves with the move it
tries, and the position is rebuilt from the lesson's opening (a few moves at most).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from parlour.engine.i18n import t
from parlour.games import get_game
from parlour.learn.lessons import Lesson, LessonRun, group_key, lesson, lessons_for, seat_names
from parlour.server.routes.common import lang_of
from parlour.server.routes.pages import INDEX
from parlour.server.tables.protocol import event_json

router = APIRouter()

MAX_MOVES = 8
"""More moves than any lesson asks for."""


class Attempt(BaseModel):
    """Body of ``POST /api/learn/lessons/{id}``: the accepted moves, and maybe one to try."""

    model_config = ConfigDict(extra="forbid")
    moves: list[str] = Field(default=[], max_length=MAX_MOVES)
    attempt: str | None = Field(default=None, max_length=200)


@router.get("/learn/{game_id}", include_in_schema=False)
async def lessons_page(game_id: str) -> FileResponse:
    """A game's lesson page (the client reads the game and the lesson from the address)."""
    get_game(game_id)  # an unknown game is refused like everywhere else
    return FileResponse(INDEX)


@router.get("/api/learn/{game_id}")
async def game_lessons(game_id: str, request: Request) -> dict[str, Any]:
    """A game's lessons in order: id, title, and the group's name when the game groups them."""
    game = get_game(game_id)
    lang = lang_of(request)
    items = [_listed(x, lang) for x in lessons_for(game.id)]
    return {"game": game.id, "lessons": items}


def _listed(item: Lesson, lang: str) -> dict[str, Any]:
    key = group_key(item)
    return {
        "id": item.id,
        "title": t(item.key("title"), lang),
        "group": item.group,
        "group_title": None if key is None else t(key, lang),
    }


@router.post("/api/learn/lessons/{lesson_id}")
async def lesson_position(lesson_id: str, body: Attempt, request: Request) -> dict[str, Any]:
    """The lesson after ``moves``; with ``attempt``, that move played or explained."""
    item = lesson(lesson_id)
    lang = lang_of(request)
    run = LessonRun.after(item, [m[:200] for m in body.moves])
    moves = list(body.moves)
    feedback: dict[str, Any] | None = None
    if body.attempt is not None:
        tried = run.attempt(body.attempt)  # an illegal move raises the game's error
        if tried.ok:
            moves.append(body.attempt)
        feedback = {"ok": tried.ok, "text": t(tried.key, lang)}
    return {**_position(item, run, lang), "moves": moves, "feedback": feedback}


def _position(item: Lesson, run: LessonRun, lang: str) -> dict[str, Any]:
    game = get_game(item.game)
    names = seat_names(item, lang)
    order = lessons_for(item.game)
    number = order.index(item) + 1
    legal = [] if run.done else run.state.legal_actions()
    return {
        "lesson": {
            "id": item.id,
            "game": item.game,
            "seat": item.seat,
            "title": t(item.key("title"), lang),
            "intro": t(item.key("intro"), lang),
            "group": item.group,
            "number": number,
            "total": len(order),
            "next": order[number].id if number < len(order) else None,
        },
        "step": run.step,
        "done": run.done,
        "ask": t(run.ask_key(), lang),
        "names": names,
        "view": run.state.view(item.seat),
        "options": [
            {"action": str(a), "text": " › ".join(game.action_steps(a, lang, names))} for a in legal
        ],
        "events": [
            event_json(game, n, e, lang, names, run.state.options)
            for n, e in enumerate(run.events)
            if e.visible_to(item.seat)
        ],
    }
