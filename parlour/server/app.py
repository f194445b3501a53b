"""The ASGI app: lobby API, table websockets, replays, catalogs and the static client."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict

from parlour.bots.registry import bot_names
from parlour.engine import ParlourError, Replay
from parlour.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog, domains, t
from parlour.games import game_ids, get_game
from parlour.server.config import ServerConfig
from parlour.server.errors import ServerError, http_status
from parlour.server.hub import Hub
from parlour.server.protocol import error_message, event_json, pick_language, state_message
from parlour.server.storage import Store
from parlour.server.tables import OVER, Connection, LiveTable, token_hash

log = logging.getLogger("parlour.server")

WEB = Path(__file__).resolve().parent.parent / "web" / "static"


class CreateTable(BaseModel):
    """Body of ``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    game: str
    players: int
    options: dict[str, Any] = {}


class TakeSeat(BaseModel):
    """Body of ``POST /api/tables/{id}/seats/{seat}``: a person's display name."""

    model_config = ConfigDict(extra="forbid")
    name: str


class SeatToken(BaseModel):
    """Body of ``POST /api/tables/{id}/seats/{seat}/free``: the host's or the seat's token."""

    model_config = ConfigDict(extra="forbid")
    token: str


class SeatBot(BaseModel):
    """Body of ``POST /api/tables/{id}/bots/{seat}``."""

    model_config = ConfigDict(extra="forbid")
    bot: str
    host_token: str
    name: str | None = None


class HostOnly(BaseModel):
    """Body of ``POST /api/tables/{id}/start``."""

    model_config = ConfigDict(extra="forbid")
    host_token: str


class Move(BaseModel):
    """Body of ``POST /api/tables/{id}/move`` (the websocket is the usual way)."""

    model_config = ConfigDict(extra="forbid")
    seat: int
    token: str
    move: int
    action: str


def _lang(request: Request | WebSocket) -> str:
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        return lang
    header = request.headers.get("accept-language", "")
    for part in header.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def _game_info(game_id: str, lang: str) -> dict[str, Any]:
    game = get_game(game_id)
    return {
        "id": game.id,
        "name": t(f"{game.id}.name.game", lang),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [
            {
                "name": s.name,
                "kind": s.kind,
                "default": s.default,
                "choices": None if s.choices is None else list(s.choices),
                "minimum": s.minimum,
                "maximum": s.maximum,
                "help": t(s.help_key, lang) if s.help_key else "",
            }
            for s in game.option_specs()
        ],
        "bots": bot_names(game.id),
    }


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """Build the app; storage is opened and tables are restored at startup."""
    cfg = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(cfg.database_url)
        hub = Hub(store, cfg)
        await hub.load()
        app.state.hub = hub
        collector = None
        if cfg.gc_every > 0:
            collector = asyncio.create_task(_collect_garbage(cfg.gc_every))
        try:
            yield
        finally:
            if collector is not None:
                collector.cancel()
            await hub.close()
            store.close()

    app = FastAPI(title="Parlour", lifespan=lifespan, docs_url=None, redoc_url=None)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(ParlourError)
    async def _parlour_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ParlourError)
        return JSONResponse(exc.to_json(_lang(request)), status_code=http_status(exc))

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        fields = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
        err = ServerError("web.error.bad_request", fields=fields[:200])
        return JSONResponse(err.to_json(_lang(request)), status_code=400)

    # -- pages -----------------------------------------------------------------------------

    index = WEB / "index.html"

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(index)

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/howto/{game_id}", include_in_schema=False)
    async def howto_page(game_id: str) -> FileResponse:
        """A game's how-to-play page (the client inserts the fragment for the language)."""
        get_game(game_id)  # an unknown game is refused like everywhere else
        return FileResponse(index)

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- catalogs and games ----------------------------------------------------------------

    @app.get("/api/i18n/{lang}")
    async def messages(lang: str) -> dict[str, str]:
        """Every catalog text of a language, by full key (English where one is missing)."""
        if lang not in LANGUAGES:
            raise ServerError("web.error.bad_language", lang=lang[:10])
        out: dict[str, str] = {}
        for domain in domains():
            for key, text in catalog(DEFAULT_LANGUAGE, domain).items():
                out[f"{domain}.{key}"] = text
            for key, text in catalog(lang, domain).items():
                out[f"{domain}.{key}"] = text
        return out

    @app.get("/api/games")
    async def games(request: Request) -> list[dict[str, Any]]:
        """Every game with its name, player range, options and bots."""
        lang = _lang(request)
        out = []
        for game_id in game_ids():
            try:
                out.append(_game_info(game_id, lang))
            except Exception:  # a game package that fails to load is left out, not fatal
                log.exception("game %s cannot be loaded", game_id)
        return out

    @app.get("/api/games/{game_id}/data/{name}")
    async def game_data(game_id: str, name: str) -> Any:
        """A JSON data file of a game package (card tables), for the client's renderers."""
        game = get_game(game_id)
        if not re.fullmatch(r"[\w-]+\.json", name):
            raise ServerError("web.error.no_data", name=name[:40])
        package = type(game).__module__.rsplit(".", 1)[0]
        path = resources.files(package) / "data" / name
        if not path.is_file():
            raise ServerError("web.error.no_data", name=name[:40])
        return json.loads(path.read_text(encoding="utf-8"))

    # -- tables ----------------------------------------------------------------------------

    @app.get("/api/tables")
    async def list_tables(request: Request) -> list[dict[str, Any]]:
        """Every table, newest first."""
        tables = sorted(hub_of(request).tables.values(), key=lambda tb: -tb.record.created)
        return [tb.summary() for tb in tables[:200]]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Create a table; the answer holds the host token (sent only here)."""
        table, host = await hub_of(request).create(body.game, body.players, body.options)
        return {"table": table.summary(), "host_token": host, "invite": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        """A table's public summary."""
        return (await hub_of(request).find(table_id)).summary()

    @app.post("/api/tables/{table_id}/seats/{seat}", status_code=201)
    async def take_seat(table_id: str, seat: int, body: TakeSeat, request: Request) -> Any:
        """Take a free seat; the answer holds the seat's token (sent only here)."""
        hub = hub_of(request)
        table = await hub.find(table_id)
        token = await hub.take_seat(table, seat, body.name)
        return {"seat": seat, "token": token, "table": table.summary()}

    @app.post("/api/tables/{table_id}/seats/{seat}/free")
    async def free_seat(table_id: str, seat: int, body: SeatToken, request: Request) -> Any:
        """Empty a seat before the start (the host, or the person sitting there)."""
        hub = hub_of(request)
        table = await hub.find(table_id)
        await hub.free_seat(table, seat, body.token)
        return table.summary()

    @app.post("/api/tables/{table_id}/bots/{seat}")
    async def seat_bot(table_id: str, seat: int, body: SeatBot, request: Request) -> Any:
        """Put a bot in a free seat (host only)."""
        hub = hub_of(request)
        table = await hub.find(table_id)
        await hub.seat_bot(table, seat, body.bot, body.host_token, body.name)
        return table.summary()

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, body: HostOnly, request: Request) -> Any:
        """Start a full table (host only)."""
        hub = hub_of(request)
        table = await hub.find(table_id)
        await hub.start(table, body.host_token)
        return table.summary()

    @app.post("/api/tables/{table_id}/move")
    async def move(table_id: str, body: Move, request: Request) -> Any:
        """Play a move over HTTP (same checks as the websocket)."""
        hub = hub_of(request)
        table = await hub.find(table_id)
        seat = await hub.seat_token(table, body.seat, body.token)
        await hub.play(table, seat, body.move, body.action, token_hash(body.token))
        return table.summary()

    @app.get("/api/tables/{table_id}/replay/{move}")
    async def replay_step(
        table_id: str,
        move: int,
        request: Request,
        seat: int | None = None,
        token: str | None = None,
    ) -> dict[str, Any]:
        """The position after ``move`` actions as ``seat`` saw it (any seat once it is over)."""
        hub = hub_of(request)
        table = await hub.find(table_id)
        lang = _lang(request)
        table.ensure_state()
        if table.state is None:
            raise ServerError("web.error.not_started")
        if seat is not None and table.status != OVER:
            seat = await hub.seat_token(table, seat, token)
        if seat is not None and not 0 <= seat < table.players:
            raise ServerError("web.error.no_seat", seat=seat)
        total = len(table.record.actions)
        move = max(0, min(move, total))
        state, log = table.state_at(move)
        names = table.names(lang)
        return {
            "table": table.summary(),
            "move": move,
            "total": total,
            "seat": seat,
            "names": names,
            "view": state.view(seat),
            "events": [
                event_json(table.game.id, m, e, lang, names) for m, e in log if e.visible_to(seat)
            ],
        }

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        """The finished game's replay file (hidden actions stay hidden until the end)."""
        table = await hub_of(request).find(table_id)
        if table.status != OVER:
            raise ServerError("web.error.not_over")
        rec = table.record
        rp = Replay(rec.game, rec.players, dict(rec.options), rec.seed, None, list(rec.actions))
        rp.names = table.names("en")
        return rp.to_json()

    # -- websocket -------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        hub = hub_of(websocket)
        lang = _lang(websocket)
        try:
            table = await hub.find(table_id)
            hello = await asyncio.wait_for(
                _receive_json(websocket, cfg.max_message_bytes), cfg.hello_timeout
            )
            seat, lang = await _hello(hub, table, hello, lang)
            holder = None if seat is None else token_hash(str(hello.get("token")))
        except (ParlourError, TimeoutError) as exc:
            err = exc if isinstance(exc, ParlourError) else ServerError("web.error.no_hello")
            await websocket.send_json(error_message(err, lang))
            await websocket.close(code=4400)
            return
        except WebSocketDisconnect:
            return
        conn = Connection(seat, lang, holder)
        hub.attach(table, conn)
        sender = asyncio.create_task(_pump(websocket, conn))
        try:
            while True:
                try:
                    data = await _receive_json(websocket, cfg.max_message_bytes)
                    await _handle(hub, table, conn, data)
                except ParlourError as exc:
                    st = table.state
                    conn.send(error_message(exc, conn.lang, None if st is None else st.move_number))
        except WebSocketDisconnect:
            pass
        finally:
            hub.detach(table, conn)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender

    return app


def quiet_gc() -> None:
    """Young collections as usual; full ones only when asked (they pause every table)."""
    gc.collect()
    gc.freeze()
    gen0, gen1, _ = gc.get_threshold()
    gc.set_threshold(gen0, gen1, 1_000_000_000)


async def _collect_garbage(every: float) -> None:
    """A full collection now and then; survivors are frozen so the next one stays short."""
    quiet_gc()
    while True:
        await asyncio.sleep(every)
        gc.collect()
        gc.freeze()


async def _receive_json(websocket: WebSocket, limit: int) -> Any:
    """The next message as JSON; oversized or malformed ones raise ServerError."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raw = message.get("bytes") or b""
        if len(raw) > limit:
            raise ServerError("web.error.too_large", limit=limit)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ServerError("web.error.bad_json") from None
    if len(text) > limit or len(text.encode("utf-8")) > limit:
        raise ServerError("web.error.too_large", limit=limit)
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ServerError("web.error.bad_json") from None


async def _hello(hub: Hub, table: LiveTable, data: Any, lang: str) -> tuple[int | None, str]:
    """Check the first message: which seat (with its token), or a spectator."""
    if not isinstance(data, dict) or data.get("type") != "hello":
        raise ServerError("web.error.no_hello")
    unknown = set(data) - {"type", "seat", "token", "lang"}
    if unknown:
        raise ServerError("web.error.unknown_fields", fields=", ".join(sorted(unknown))[:80])
    lang = pick_language(data.get("lang", lang))
    seat = data.get("seat")
    if seat is None:
        return None, lang
    return await hub.seat_token(table, seat, data.get("token")), lang


async def _handle(hub: Hub, table: LiveTable, conn: Connection, data: Any) -> None:
    """One client message after the hello."""
    if not isinstance(data, dict):
        raise ServerError("web.error.bad_message")
    if "move" in data or "action" in data:
        unknown = set(data) - {"move", "action"}
        if unknown:
            raise ServerError("web.error.unknown_fields", fields=", ".join(sorted(unknown))[:80])
        if conn.seat is None:
            raise ServerError("web.error.spectator")
        await hub.play(table, conn.seat, data.get("move"), data.get("action"), conn.holder)
        return
    kind = data.get("type")
    if kind == "lang" and set(data) <= {"type", "lang"}:
        if data.get("lang") not in LANGUAGES:
            raise ServerError("web.error.bad_language", lang=str(data.get("lang"))[:10])
        conn.lang = str(data["lang"])
        conn.send(state_message(table, conn, reset=True))
    elif kind == "ping" and set(data) == {"type"}:
        conn.send({"type": "pong"})
    elif kind in ("lang", "ping"):
        raise ServerError("web.error.unknown_fields", fields=", ".join(sorted(data))[:80])
    else:
        raise ServerError("web.error.bad_message")


async def _pump(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's queued messages in order."""
    while (message := await conn.outbox.get()) is not None:
        try:
            await websocket.send_text(
                json.dumps(message, ensure_ascii=False, separators=(",", ":"))
            )
        except Exception:  # the client went away; the reader notices and detaches
            return
    with contextlib.suppress(Exception):
        await websocket.close()
