"""The browser client: its pages (one HTML file; the client routes) and static files."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse

from parlour.games import get_game
from parlour.server.edge.static import CompressedStatic

WEB = Path(__file__).resolve().parent.parent.parent / "web" / "static"
INDEX = WEB / "index.html"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    """The lobby."""
    return FileResponse(INDEX)


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    """A table (the client reads the id from the path)."""
    return FileResponse(INDEX)


@router.get("/mine")
async def mine_page() -> FileResponse:
    """My games: the tables this browser sits at (the client sends its tokens)."""
    return FileResponse(INDEX)


@router.get("/account")
async def account_page() -> FileResponse:
    """Sign up, sign in, or the signed-in account (see parlour.server.routes.accounts)."""
    return FileResponse(INDEX)


@router.get("/friends")
async def friends_page() -> FileResponse:
    """The signed-in account's friends and invitations (see parlour.server.routes.friends)."""
    return FileResponse(INDEX)


@router.get("/players/{name}")
async def profile_page(name: str) -> FileResponse:
    """A player's profile (see parlour.server.routes.ratings)."""
    return FileResponse(INDEX)


@router.get("/ladder/{game_id}")
async def ladder_page(game_id: str) -> FileResponse:
    """A game's ladder."""
    get_game(game_id)
    return FileResponse(INDEX)


@router.get("/replay/{table_id}")
async def replay_page(table_id: str) -> FileResponse:
    """A table's replay."""
    return FileResponse(INDEX)


@router.get("/howto/{game_id}")
async def howto_page(game_id: str) -> FileResponse:
    """A game's how-to-play page (the client inserts the fragment for the language)."""
    get_game(game_id)  # an unknown game is refused like everywhere else
    return FileResponse(INDEX)


def mount_static(app: FastAPI) -> None:
    """Serve ``parlour/web/static`` under ``/static`` (compressed, with ETags)."""
    app.mount("/static", CompressedStatic(directory=WEB), name="static")
