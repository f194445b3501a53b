"""Post-game analysis in the browser: start one seat's analysis, follow it, read it.

Analyses run on a small pool of threads (see :mod:`parlour.learn.jobs`), never on the event
loop; a request when every worker is busy is refused (503, ``learn.error.busy``) and may be
tried again. A seat's analysis is kept per table, since a finished game never changes. Only
a finished game may be analysed, by anyone: before the end, an analysis would tell a player
(or a spectator passing notes) what the search thinks of hidden hands.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request

from parlour.engine import Replay
from parlour.learn.analysis import Analysis, analysis_budget
from parlour.learn.jobs import AnalysisPool, Job, PoolBusy
from parlour.server.errors import ServerError
from parlour.server.routes.common import hub_of, lang_of
from parlour.server.tables import OVER, LiveTable

router = APIRouter()

WORKERS = 1
"""Analyses running at once in one server process (each takes a core while it runs)."""
KEEP = 64
"""Finished analyses kept, the most recently asked."""
ITERATIONS = 1000
"""Search iterations per decision: about the hard bot's own budget."""
MILLIS = 300.0
"""The longest a decision's search may take, so a long game stays bounded."""
SEED = 0
"""One seed for every analysis: asking again gives the same answer."""


def pool_of(app: FastAPI) -> AnalysisPool:
    """The app's analysis pool, made at first use."""
    pool: AnalysisPool | None = getattr(app.state, "analyses", None)
    if pool is None:
        pool = app.state.analyses = AnalysisPool(WORKERS, KEEP)
    return pool


def close(app: FastAPI) -> None:
    """Stop the app's running analyses (the server is stopping)."""
    pool: AnalysisPool | None = getattr(app.state, "analyses", None)
    if pool is not None:
        pool.close()


async def _finished_table(request: Request, table_id: str, seat: int) -> LiveTable:
    table = await hub_of(request).find(table_id)
    if table.status != OVER:
        raise ServerError("web.error.not_over")
    if not 0 <= seat < table.players:
        raise ServerError("web.error.no_seat", seat=seat)
    return table


@router.post("/api/tables/{table_id}/analysis/{seat}")
async def start_analysis(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """Start analysing ``seat``'s decisions (or find the analysis already made or running)."""
    table = await _finished_table(request, table_id, seat)
    rec = table.record
    replay = Replay(rec.game, rec.players, dict(rec.options), rec.seed, None, list(rec.actions))
    budget = analysis_budget(ITERATIONS, MILLIS)
    try:
        job = pool_of(request.app).submit((table.id, seat), replay, seat, budget, SEED)
    except PoolBusy:
        raise ServerError("learn.error.busy") from None
    return _answer(job, table, seat, lang_of(request))


@router.get("/api/tables/{table_id}/analysis/{seat}")
async def read_analysis(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """Where ``seat``'s analysis is: ``none`` (never started), ``running``, ``done``..."""
    table = await _finished_table(request, table_id, seat)
    job = pool_of(request.app).get((table.id, seat))
    return _answer(job, table, seat, lang_of(request))


def _answer(job: Job | None, table: LiveTable, seat: int, lang: str) -> dict[str, Any]:
    if job is None:
        return {"seat": seat, "state": "none", "done": 0, "total": 0}
    out: dict[str, Any] = {"seat": seat, "state": job.state, "done": job.done, "total": job.total}
    if job.result is not None:
        out["analysis"] = labelled(job.result, table, lang)
    if job.error is not None:
        out["error"] = job.error.to_json(lang)
    return out


def labelled(analysis: Analysis, table: LiveTable, lang: str) -> dict[str, Any]:
    """The analysis as JSON, every option also written out in the reader's language."""
    game = table.game
    names = table.names(lang)
    space = game.new(table.players, dict(table.record.options), 0).action_space

    def say(text: str) -> str:
        return " › ".join(game.action_steps(space.coerce(text), lang, names))

    out = analysis.to_json()
    out["names"] = names
    for d, raw in zip(analysis.decisions, out["decisions"], strict=True):
        raw["chosen_text"], raw["best_text"] = say(d.chosen), say(d.best)
        raw["chosen_win"], raw["best_win"] = d.chosen_win, d.best_win
        for option in raw["options"]:
            option["text"] = say(option["action"])
    return out
