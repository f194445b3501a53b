"""Post-game analysis in the browser (start one seat's analysis, follow it, read it) and
hints during play (the seat to act asks the hard bot's advice, at tables with hints on).

Analyses run on a small pool of threads (see :mod:`parlour.learn.jobs`), never on the event
loop; a request when every worker is busy is refused (503, ``learn.error.busy``) and may be
tried again. A seat's analysis is kept per table, since a finished game never changes. Only
a finished game may be analysed, by anyone: before the end, an analysis would tell a player
(or a spectator passing notes) what the search thinks of hidden hands.

A hint is searched from the asking seat's observation only (see :mod:`parlour.learn.hints`)
on a pool of its own, as bounded; only the person seated at the seat to act may ask, and
only at a table whose host turned hints on when making it. Searches are asked for in turn,
one request of an address at a time (see :mod:`parlour.server.features.fair_turns`), and
each address may start ``hint_rate`` hint searches and ``analysis_rate`` analyses
(``web.error.too_fast``, 429).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, ConfigDict

from parlour.bots.ismcts import Budget
from parlour.bots.levels import hard_budget
from parlour.engine import Replay
from parlour.learn.analysis import Analysis, analysis_budget
from parlour.learn.hints import Hint, HintPool, HintSearch, hint_rng
from parlour.learn.jobs import AnalysisPool, Job, PoolBusy
from parlour.server.errors import ServerError
from parlour.server.features.fair_turns import FairTurns
from parlour.server.routes.common import client_of, hub_of, lang_of
from parlour.server.tables.live import OPEN, OVER, LiveTable

router = APIRouter()
log = logging.getLogger("parlour.server")

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


HINT_WORKERS = 1
"""Hint searches running at once in one server process (each takes a core while it runs)."""
HINT_KEEP = 256
"""Hints kept (table, move and seat), the most recently asked."""
HINT_MILLIS = 600.0
"""The longest one hint's search may take (its iterations are the hard bot's own)."""


def hint_pool_of(app: FastAPI) -> HintPool:
    """The app's hint pool, made at first use."""
    pool: HintPool | None = getattr(app.state, "hints", None)
    if pool is None:
        pool = app.state.hints = HintPool(HINT_WORKERS, HINT_KEEP)
    return pool


HINT_WAIT = 5.0
"""Seconds a hint request waits for its turn at the hint worker before it is refused."""


def hint_turns_of(app: FastAPI) -> FairTurns:
    """The app's turns at the hint workers (see :mod:`parlour.server.features.fair_turns`)."""
    turns: FairTurns | None = getattr(app.state, "hint_turns", None)
    if turns is None:
        turns = app.state.hint_turns = FairTurns(HINT_WORKERS, HINT_WAIT, "web.error.hint_busy")
    return turns


def hint_search_of(app: FastAPI, game: str) -> HintSearch:
    """How the app makes a hint in ``game``: the hard bot's iterations, at most
    ``HINT_MILLIS`` (a test may put its own in ``app.state.hint_search``)."""
    made: HintSearch | None = getattr(app.state, "hint_search", None)
    if made is not None:
        return made
    return HintSearch(Budget(hard_budget(game).iterations, HINT_MILLIS))


def close(app: FastAPI) -> None:
    """Stop the app's running analyses and hints (the server is stopping)."""
    pool: AnalysisPool | None = getattr(app.state, "analyses", None)
    if pool is not None:
        pool.close()
    hints: HintPool | None = getattr(app.state, "hints", None)
    if hints is not None:
        hints.close()


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
    if pool_of(request.app).get((table.id, seat)) is None:
        hub_of(request).client_limits.hit("analysis", client_of(request))
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


class HintAsk(BaseModel):
    """Body of ``POST /api/tables/{id}/hint``: the seat asking and its token."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = None
    token: str | None = None


@router.post("/api/tables/{table_id}/hint")
async def ask_hint(table_id: str, body: HintAsk, request: Request) -> dict[str, Any]:
    """The hard bot's advice to the seat to act: its preferred move and the top options'
    chances to win, from what that seat knows (refused when hints are off, to spectators,
    to a seat not to act, and while every hint worker is busy; a failed search answers
    ``web.error.hint_failed``, 500, its cause logged)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    if not table.record.hints:
        raise ServerError("web.error.hints_off")
    if body.seat is None or body.token is None:
        raise ServerError("web.error.hint_spectator")
    seat = await hub.seat_token(table, body.seat, body.token)
    if not _to_act(table, seat) and hub.cluster.shared:
        # Another process may have played the move that made it this seat's turn.
        async with table.lock:
            await hub.sync.catch_up(table)
    if table.status == OPEN:
        raise ServerError("web.error.not_started")
    if not _to_act(table, seat):
        raise ServerError("web.error.hint_turn")
    state = table.state
    assert state is not None
    move = state.move_number
    search = hint_search_of(request.app, table.game.id)
    rng = hint_rng(table.id, move, seat)
    pool, key = hint_pool_of(request.app), (table.id, move, seat)
    try:
        # The observation is built here, beside the state; the worker gets it alone.
        obs = search.observe(state, seat, rng.spawn())
        hint = pool.kept(key)
        if hint is None:
            # Asked often, searched in turn: one request of an address at a time, each
            # address served before any is served twice.
            hub.client_limits.hit("hint", client_of(request))
            async with hint_turns_of(request.app).turn(client_of(request)):
                hint = await pool.ask(
                    key, search, obs, rng, lambda: len(table.record.actions) != move
                )
    except ServerError:
        raise
    except PoolBusy:
        raise ServerError("web.error.hint_busy") from None
    except Exception:
        # A fault of the search, not of the request: the asker gets a clear answer, the
        # operator the cause; nothing is kept, so asking again searches again.
        log.exception("a hint search failed (table %s, move %d, seat %d)", table.id, move, seat)
        raise ServerError("web.error.hint_failed") from None
    if hint is None:
        raise ServerError("web.error.hint_turn")
    return hint_json(hint, table, lang_of(request))


def _to_act(table: LiveTable, seat: int) -> bool:
    """Whether the game is on and ``seat`` is to act in it."""
    if table.status == OPEN or table.closed:
        return False
    table.ensure_state()
    state = table.state
    return state is not None and state.result is None and state.to_act == seat


def hint_json(hint: Hint, table: LiveTable, lang: str) -> dict[str, Any]:
    """A hint as JSON, every option also written out in the reader's language."""
    game = table.game
    names = table.names(lang)
    space = game.new(table.players, dict(table.record.options), 0).action_space

    def say(text: str) -> str:
        return " › ".join(game.action_steps(space.coerce(text), lang, names))

    out = hint.to_json()
    out["best_text"] = say(hint.best)
    for option in out["options"]:
        option["text"] = say(option["action"])
    return out
