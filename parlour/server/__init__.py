"""The web server: lobby, tables, websockets, storage and bots at the table.

``create_app(ServerConfig(...))`` builds the ASGI app; ``parlour serve`` runs it.
"""

from parlour.server.app import create_app
from parlour.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
