"""Games, their data files, and every catalog text of a language."""

from __future__ import annotations

import json
import logging
import re
from importlib import resources
from typing import Any

from fastapi import APIRouter, Request

from parlour.bots.levels import ALIASES
from parlour.bots.registry import bot_names
from parlour.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog, domains, t
from parlour.engine.options import describe_options
from parlour.games import game_ids, game_record
from parlour.server.errors import ServerError
from parlour.server.routes.common import lang_of

log = logging.getLogger("parlour.server")

router = APIRouter(prefix="/api")


def game_info(game_id: str, lang: str) -> dict[str, Any]:
    """A game as the lobby shows it: name, player range, options, bots, and the browser
    module that draws it (from its record; null for the generic drawing)."""
    record = game_record(game_id)
    game = record.game
    return {
        "id": game.id,
        "name": t(f"{game.id}.name.game", lang),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": describe_options(game.option_specs(), game.player_range, lang),
        "bots": [b for b in bot_names(game.id) if b not in ALIASES],
        "module": record.browser_module,
    }


@router.get("/i18n/{lang}")
async def messages(lang: str, request: Request) -> dict[str, str]:
    """Catalog texts of a language, by full key (English where one is missing).

    ``?domains=core,web,loveletter`` limits them to the domains a page uses; unknown names
    are ignored. Without it every domain is sent.
    """
    if lang not in LANGUAGES:
        raise ServerError("web.error.bad_language", lang=lang[:10])
    asked = request.query_params.get("domains")
    wanted = domains() if asked is None else [d for d in domains() if d in asked.split(",")]
    out: dict[str, str] = {}
    for domain in wanted:
        for key, text in catalog(DEFAULT_LANGUAGE, domain).items():
            out[f"{domain}.{key}"] = text
        for key, text in catalog(lang, domain).items():
            out[f"{domain}.{key}"] = text
    return out


@router.get("/games")
async def games(request: Request) -> list[dict[str, Any]]:
    """Every game with its name, player range, options and bots."""
    lang = lang_of(request)
    out = []
    for game_id in game_ids():
        try:
            out.append(game_info(game_id, lang))
        except Exception:  # a game package that fails to load is left out, not fatal
            log.exception("game %s cannot be loaded", game_id)
    return out


@router.get("/games/{game_id}/data/{name}")
async def game_data(game_id: str, name: str) -> Any:
    """A JSON data file of a game package (card tables), for the client's renderers."""
    package = game_record(game_id).package
    if not re.fullmatch(r"[\w-]+\.json", name):
        raise ServerError("web.error.no_data", name=name[:40])
    path = resources.files(package) / "data" / name
    if not path.is_file():
        raise ServerError("web.error.no_data", name=name[:40])
    return json.loads(path.read_text(encoding="utf-8"))
