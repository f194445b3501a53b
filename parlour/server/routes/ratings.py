"""Rated tables, ladders and players' profiles over HTTP, and the rating of ended games.

A host makes an open table rated (``POST /api/tables/{id}/rated``); its end rates it (see
:mod:`parlour.server.accounts.ratings`), and every server rates at start the rated games
that ended unrated (one stopped between a game's last move and its rating).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import asdict
from functools import partial
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, StrictBool

from parlour.games import get_game
from parlour.server.accounts import ratings, store
from parlour.server.errors import ServerError
from parlour.server.routes.accounts import Me
from parlour.server.routes.common import hub_of
from parlour.server.tables.hub import Hub
from parlour.server.tables.live import OPEN, OVER, LiveTable, token_matches
from parlour.server.tables.names import name_key

log = logging.getLogger("parlour.server")

router = APIRouter()

MIN_GAMES = 3
"""Rated games an account needs before a ladder lists it (unless the request says)."""
LADDER = 50
"""Accounts a ladder lists when the request does not say."""
RECENT = 20
"""Rated games a profile lists."""


class HostToken(BaseModel):
    """Body of ``POST /api/tables/{id}/rated``: the host's token."""

    model_config = ConfigDict(extra="forbid")
    host_token: str


async def rate(hub: Hub, table: LiveTable) -> bool:
    """Rate an ended rated game (nothing if it is not rated, or rated already)."""
    table.ensure_state()
    result = None if table.state is None else table.state.result
    if result is None:
        return False
    winners = tuple(result.winners)
    return await hub.write(ratings.rate_game, hub.store, table.id, table.game.id, winners)


_RATING: weakref.WeakKeyDictionary[Hub, dict[str, asyncio.Task[bool]]] = weakref.WeakKeyDictionary()
"""Each hub's ratings under way, by table (a table's ratings are answered once done)."""


async def start(hub: Hub) -> None:
    """Rate each game that ends from now on; rate now those that ended unrated."""
    running = _RATING.setdefault(hub, {})

    def moved(table: LiveTable) -> None:
        if table.record.status != OVER:
            return
        task = asyncio.get_running_loop().create_task(rate(hub, table))
        running[table.id] = task  # kept until done: the loop holds tasks only weakly
        task.add_done_callback(partial(_finished, running, table.id))

    hub.on_moved.append(moved)
    pending = await hub.read(ratings.rated_tables, hub.store)
    for table_id, rated_at in sorted(pending.items()):
        table = hub.tables.get(table_id)
        if rated_at is None and table is not None and table.status == OVER:
            await rate(hub, table)


def _finished(
    running: dict[str, asyncio.Task[bool]], table_id: str, task: asyncio.Task[bool]
) -> None:
    if running.get(table_id) is task:
        del running[table_id]
    if not task.cancelled() and task.exception() is not None:
        # Left for the next start to rate (the game stays unrated, never rated twice).
        log.error("rating a game failed", exc_info=task.exception())


@router.post("/api/tables/{table_id}/rated")
async def make_rated(table_id: str, body: HostToken, request: Request) -> dict[str, Any]:
    """Make an open table rated (host only)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    if not token_matches(body.host_token, table.record.host_hash):
        raise ServerError("web.error.not_host")
    if table.status != OPEN:
        raise ServerError("web.error.not_open")
    await hub.write(ratings.make_rated, hub.store, table.id)
    return {"rated": True}


@router.get("/api/tables/{table_id}/ratings")
async def table_ratings(table_id: str, request: Request) -> dict[str, Any]:
    """Whether a table is rated, and once its game is rated each seat's change."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    under_way = _RATING.get(hub, {}).get(table.id)
    if under_way is not None:
        await asyncio.wait([under_way])  # the game just ended: its rating comes with it
    found = await hub.read(ratings.rated_tables, hub.store, [table.id])
    changes = await hub.read(ratings.changes, hub.store, table.id)
    return {
        "rated": table.id in found,
        "done": found.get(table.id) is not None,
        "changes": [
            {"seat": c.seat, "name": c.name, "won": c.won, "before": c.before, "after": c.after}
            for c in changes
        ],
    }


@router.get("/api/ratings/{game_id}")
async def ladder(
    game_id: str,
    request: Request,
    min_games: int = Query(MIN_GAMES, ge=1, le=1000),
    limit: int = Query(LADDER, ge=1, le=200),
) -> list[dict[str, Any]]:
    """A game's ladder: the best ratings of accounts with ``min_games`` rated games."""
    game = get_game(game_id)
    hub = hub_of(request)
    found = await hub.read(ratings.leaderboard, hub.store, game.id, min_games, limit)
    return [asdict(s) for s in found]


@router.get("/api/players/{name}")
async def profile(name: str, request: Request) -> dict[str, Any]:
    """A player's public profile: name, ratings per game, recent rated games with their
    replays."""
    hub = hub_of(request)
    account_id = await hub.read(store.account_named, hub.store, name_key(name.strip())[:80])
    account = None if account_id is None else await hub.read(store.account, hub.store, account_id)
    if account is None:
        raise ServerError("account.error.no_player")
    chosen = await hub.read(ratings.shown, hub.store, account.id)
    standings = await hub.read(ratings.standings, hub.store, account.id) if chosen.ratings else []
    recent = await hub.read(ratings.history, hub.store, account.id, RECENT) if chosen.games else []
    return {
        "name": account.name,
        "since": account.created,
        "shown": asdict(chosen),
        "ratings": [asdict(s) for s in standings],
        "recent": [asdict(g) | {"replay": f"/replay/{g.table_id}"} for g in recent],
    }


class Showing(BaseModel):
    """Body of ``POST /api/account/profile``: what the profile shows to others."""

    model_config = ConfigDict(extra="forbid")
    ratings: StrictBool
    games: StrictBool


@router.get("/api/account/profile")
async def my_profile(request: Request, me: Me) -> dict[str, Any]:
    """What my profile shows to others."""
    hub = hub_of(request)
    return asdict(await hub.read(ratings.shown, hub.store, me.account.id))


@router.post("/api/account/profile")
async def choose(body: Showing, request: Request, me: Me) -> dict[str, Any]:
    """Choose what my profile shows (my ratings also on the ladders; my recent games)."""
    hub = hub_of(request)
    chosen = ratings.Shown(body.ratings, body.games)
    await hub.write(ratings.show, hub.store, me.account.id, chosen)
    return asdict(chosen)
