"""``parlour serve``: run the web server (lobby, tables, browser client).

The command binds its socket itself, so the address it announces is the one actually
listened on (``--port 0`` asks the system for a free port), and announces it only once the
app has started; a port in use, a bad port and a database that cannot be opened are
sentences, checked before the server starts.
"""

from __future__ import annotations

import errno
import socket
from typing import Any

import typer

from parlour.cli.options import LangFlag, check_language, friendly_errors
from parlour.engine import OptionError
from parlour.engine.i18n import t

HIGHEST_PORT = 65535


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (0: a free port the system picks).

    Raises OptionError for a port out of range, a port in use or an address that cannot
    be listened on.
    """
    check_port(port)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        # As uvicorn does: a restart may reuse a port whose old connections are closing.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise OptionError("cli.error.port_busy", host=host[:60], port=port) from None
        reason = exc.strerror or str(exc)
        raise OptionError(
            "cli.error.cannot_listen", host=host[:60], port=port, reason=reason
        ) from None
    sock.set_inheritable(True)
    return sock


def check_port(port: int) -> None:
    """Refuse a port number no socket can have (0 stands for any free port)."""
    if not 0 <= port <= HIGHEST_PORT:
        raise OptionError("cli.error.bad_port", port=str(port)[:12], high=HIGHEST_PORT)


def shown_url(host: str, sock: socket.socket) -> str:
    """The address a browser opens: the bound port, ``localhost`` for the usual hosts."""
    port = sock.getsockname()[1]
    if host in ("127.0.0.1", "0.0.0.0", "::", "::1", ""):
        shown = "localhost"
    elif ":" in host:
        shown = f"[{host}]"
    else:
        shown = host
    return f"http://{shown}:{port}/"


def check_database(url: str) -> None:
    """Open the database once (creating or upgrading its tables) and close it again.

    Raises OptionError with the driver's reason for a URL that cannot be read or a
    database that cannot be reached.
    """
    from alembic.util import CommandError
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from parlour.server.store.storage import Store

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except (SQLAlchemyError, ValueError):
        shown = url
    try:
        Store(url).close()
    except (SQLAlchemyError, CommandError, ValueError, ImportError, OSError) as exc:
        # CommandError: a database upgraded by a newer Parlour than this one.
        cause = getattr(exc, "orig", None) or exc
        lines = str(cause).strip().splitlines() or [type(cause).__name__]
        raise OptionError("cli.error.database", url=shown[:200], reason=lines[0][:300]) from None


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    from parlour.cli import LANG

    @app.command("serve", help=t("cli.serve.help", LANG))
    def serve(
        host: str = typer.Option("127.0.0.1", help=t("cli.serve.host", LANG)),
        port: int = typer.Option(8000, help=t("cli.serve.port", LANG)),
        database: str = typer.Option("", help=t("cli.serve.database", LANG)),
        redis: str = typer.Option("", help=t("cli.serve.redis", LANG)),
        bot_delay: float | None = typer.Option(None, help=t("cli.serve.bot_delay", LANG)),
        bot_think: float | None = typer.Option(None, help=t("cli.serve.bot_think", LANG)),
        lang: LangFlag = None,
    ) -> None:
        import uvicorn

        from parlour.server import create_app
        from parlour.server.config import ServerConfig, host_warning, serve_config
        from parlour.server.fast.http_protocol import head_limit_protocol
        from parlour.server.fast.websocket_protocol import FramesProtocol

        language = check_language(lang)
        given = {
            "database_url": database or None,
            "redis_url": redis or None,
            "bot_delay": bot_delay,
            "bot_think_limit": bot_think,
        }
        config = serve_config({k: v for k, v in given.items() if v is not None}, host)
        warning = host_warning(config, host, "allowed_hosts" in ServerConfig().model_fields_set)
        with friendly_errors(language):
            check_port(port)
            check_database(config.database_url)
            sock = listening_socket(host, port)
        url = shown_url(host, sock)
        if warning is not None:
            typer.echo(t(warning, language), err=True)

        class AnnouncingServer(uvicorn.Server):
            """uvicorn's server, saying where it is open once the app has started."""

            async def startup(self, sockets: list[socket.socket] | None = None) -> None:
                await super().startup(sockets=sockets)
                if self.started and not self.should_exit:
                    typer.echo(t("cli.serve.serving", language, url=url))

        settings: dict[str, Any] = {
            "log_level": "warning",
            # Views are small and sent often: compressing each costs more CPU than it saves.
            "ws_per_message_deflate": False,
            # uvicorn's, with whole small text frames read directly (or uvicorn's own)
            "ws": FramesProtocol if config.fast_paths else "websockets-sansio",
            "ws_max_size": 64 * 1024,  # far above any real message; the app refuses > 4 KiB
            "timeout_keep_alive": config.idle_timeout,
            "limit_concurrency": config.max_connections,
            # X-Forwarded-For only from the proxies configured (none by default).
            "proxy_headers": bool(config.forwarded_allow_ips),
            "forwarded_allow_ips": config.forwarded_allow_ips or "127.0.0.1",
            "timeout_graceful_shutdown": config.shutdown_timeout,
            # uvicorn's own protocol, with deadlines on each request head and body and a
            # size cap on the head.
            "http": head_limit_protocol(
                config.header_timeout, config.max_header_bytes, config.body_timeout
            ),
        }
        server = AnnouncingServer(uvicorn.Config(create_app(config), **settings))
        try:
            server.run(sockets=[sock])
        finally:
            sock.close()
