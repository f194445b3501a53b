"""The ASGI app: its life cycle, its error answers, and the routers of each area.

Routes live in :mod:`parlour.server.routes` (one router per area) and the table websocket
in :mod:`parlour.server.tables.session`; this module only puts them together.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import ModuleType

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse

from parlour.engine import ParlourError
from parlour.server.config import ServerConfig
from parlour.server.edge import refusals
from parlour.server.edge.guard import FastLanes, Guard
from parlour.server.errors import ServerError, http_status
from parlour.server.fast import direct_routes
from parlour.server.routes import (
    account_data,
    accounts,
    catalog,
    chat,
    clocks,
    friends,
    learn,
    lessons,
    pages,
    push,
    ratings,
    replays,
    tables,
)
from parlour.server.routes.common import lang_of
from parlour.server.store.storage import Store
from parlour.server.tables import session
from parlour.server.tables.hub import Hub


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """Build the app; storage is opened and tables are restored at startup."""
    cfg = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(cfg.database_url)
        hub = Hub(store, cfg)
        await hub.load()
        await ratings.start(hub)
        await push.start(hub)
        app.state.hub = hub
        collector = None
        if cfg.gc_every > 0:
            collector = asyncio.create_task(_collect_garbage(cfg.gc_every))
        try:
            yield
        finally:
            if collector is not None:
                collector.cancel()
            learn.close(app)
            await hub.close()
            store.close()

    app = FastAPI(title="Parlour", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.config = cfg
    app.add_exception_handler(ParlourError, _parlour_error)
    app.add_exception_handler(RequestValidationError, _bad_request)
    refusals.install(app)  # the framework's own refusals and faults, as catalog errors too
    routers: tuple[ModuleType, ...] = (pages, catalog, tables, replays, learn, chat, lessons)
    routers += (clocks, accounts, account_data, ratings, push, friends)
    for router in (area.router for area in routers):
        app.include_router(router)
    app.include_router(session.router)
    pages.mount_static(app)
    if cfg.fast_paths:
        app.state.fast_lanes = FastLanes(direct_routes.answer, direct_routes.table_socket)
    # API answers (catalogs, game lists, analyses) gzipped for a phone's network; the static
    # files come compressed already (edge.static) and are passed through as they are.
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    app.add_middleware(Guard, config=cfg)
    return app


async def _parlour_error(request: Request, exc: Exception) -> JSONResponse:
    """A refusal: its catalog key, params and text in the reader's language."""
    assert isinstance(exc, ParlourError)
    return JSONResponse(exc.to_json(lang_of(request)), status_code=http_status(exc))


async def _bad_request(request: Request, exc: Exception) -> JSONResponse:
    """A body or path that does not fit its model: which fields, as one clear error."""
    assert isinstance(exc, RequestValidationError)
    fields = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
    err = ServerError("web.error.bad_request", fields=fields[:200])
    return JSONResponse(err.to_json(lang_of(request)), status_code=400)


NEVER = 1_000_000_000
"""A collection threshold never reached."""


def quiet_gc() -> None:
    """Young collections only; the older generations are collected when asked (they
    pause every table)."""
    gc.collect()
    gc.freeze()
    # The middle generation too: what survives a young collection under load is mostly
    # each table's state, events and timers, alive until the table's next move, and
    # examining them all again every tenth young collection held every table for 4 to
    # 7 ms (20 ms and more on a loaded machine) three to five times a second. The few
    # cycles among them wait for the next full collection (gc_every).
    gen0, _, _ = gc.get_threshold()
    gc.set_threshold(gen0, NEVER, NEVER)


async def _collect_garbage(every: float) -> None:
    """A full collection now and then; survivors are frozen so the next one stays short."""
    quiet_gc()
    while True:
        await asyncio.sleep(every)
        gc.collect()
        gc.freeze()
