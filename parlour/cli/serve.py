"""``parlour serve``: run the web server (lobby, tables, browser client)."""

from __future__ import annotations

import typer

from parlour.cli.options import LangFlag, check_language
from parlour.engine.i18n import t


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
        from parlour.server.config import serve_config
        from parlour.server.frames import FramesProtocol
        from parlour.server.heads import head_limit_protocol

        given = {
            "database_url": database or None,
            "redis_url": redis or None,
            "bot_delay": bot_delay,
            "bot_think_limit": bot_think,
        }
        config = serve_config({k: v for k, v in given.items() if v is not None})
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        typer.echo(t("cli.serve.serving", check_language(lang), url=f"http://{shown}:{port}/"))
        # Views are small and sent often: compressing each costs more CPU than it saves.
        uvicorn.run(
            create_app(config),
            host=host,
            port=port,
            log_level="warning",
            ws_per_message_deflate=False,
            ws=FramesProtocol,  # uvicorn's, with whole small text frames read directly
            ws_max_size=64 * 1024,  # far above any real message; the app refuses > 4 KiB
            timeout_keep_alive=config.idle_timeout,
            limit_concurrency=config.max_connections,
            timeout_graceful_shutdown=config.shutdown_timeout,
            # uvicorn's own protocol, with deadlines on each request head and body and a
            # size cap on the head.
            http=head_limit_protocol(
                config.header_timeout, config.max_header_bytes, config.body_timeout
            ),
        )
