"""``parlour loadtest``: many tables with websocket clients and bots against a local server."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import typer

from parlour.cli.options import LangFlag, check_language
from parlour.engine import ParlourError
from parlour.engine.i18n import t


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    from parlour.cli import LANG

    @app.command("loadtest", help=t("cli.loadtest.help", LANG))
    def loadtest(
        tables: int = typer.Option(50, help=t("cli.loadtest.tables", LANG)),
        game: str = typer.Option("loveletter", help=t("cli.loadtest.game", LANG)),
        players: int = typer.Option(2, help=t("cli.loadtest.players", LANG)),
        option: list[str] = typer.Option([], help=t("cli.loadtest.option", LANG)),  # noqa: B008
        duration: float = typer.Option(60.0, help=t("cli.loadtest.duration", LANG)),
        url: str = typer.Option("", help=t("cli.loadtest.url", LANG)),
        think: float = typer.Option(0.0, help=t("cli.loadtest.think", LANG)),
        bot_delay: float = typer.Option(0.0, help=t("cli.serve.bot_delay", LANG)),
        servers: int = typer.Option(1, min=1, max=16, help=t("cli.loadtest.servers", LANG)),
        redis: str = typer.Option("", help=t("cli.serve.redis", LANG)),
        database: str = typer.Option("", help=t("cli.loadtest.database", LANG)),
        clock: str = typer.Option("", help=t("cli.loadtest.clock", LANG)),
        chat: float = typer.Option(0.0, min=0.0, help=t("cli.loadtest.chat", LANG)),
        server_cpus: str = typer.Option("", help=t("cli.loadtest.server_cpus", LANG)),
        client_cpus: str = typer.Option("", help=t("cli.loadtest.client_cpus", LANG)),
        lang: LangFlag = None,
    ) -> None:
        shown = check_language(lang)
        from parlour.games import get_game
        from parlour.server.app import quiet_gc
        from parlour.tools.loadtest import CpuShare, local_servers, pinned, run_load

        try:
            specs = {s.name: s for s in get_game(game).option_specs()}
            options: dict[str, Any] = {}
            for item in option:
                name, _, text = item.partition("=")
                if name not in specs:
                    raise ParlourError(
                        "core.error.option_unknown", option=name, known=", ".join(specs)
                    )
                options[name] = specs[name].parse_text(text)
            get_game(game).resolve_options(players, options)
            if servers > 1 and not redis and not url:
                raise ParlourError("cli.loadtest.need_redis")
            clock_body = parse_clock(clock) if clock else None
            server_cores = parse_cpus(server_cpus) if server_cpus else None
            client_cores = parse_cpus(client_cpus) if client_cpus else None
        except ParlourError as exc:
            typer.echo(exc.message(shown), err=True)
            raise typer.Exit(2) from None

        pids: list[int] = []
        cpu = CpuShare(pids)

        def run(base: list[str]) -> None:
            import httpx

            quiet_gc()  # the client's own collector must not pass for server latency
            try:
                with pinned(client_cores):
                    report = asyncio.run(
                        run_load(
                            base,
                            tables=tables,
                            game=game,
                            players=players,
                            options=options,
                            duration=duration,
                            think=think,
                            clock=clock_body,
                            chat=chat,
                            marks=cpu.mark if pids else None,
                        )
                    )
            except httpx.HTTPError as exc:
                typer.echo(t("cli.loadtest.unreachable", shown, url=", ".join(base), error=exc))
                raise typer.Exit(1) from None
            typer.echo(
                t(
                    "cli.loadtest.report",
                    shown,
                    tables=report.tables,
                    games=report.games,
                    finished=report.finished,
                    stuck=report.stuck,
                    moves=report.moves,
                    seconds=f"{report.seconds:.1f}",
                    rate=f"{report.moves_per_second:.0f}",
                    samples=len(report.latencies),
                    p50=f"{report.percentile(50):.1f}",
                    p99=f"{report.percentile(99):.1f}",
                )
            )
            typer.echo(
                t(
                    "cli.loadtest.check",
                    shown,
                    verified=report.verified,
                    lost=report.lost,
                    doubled=report.doubled,
                    refused=report.refused,
                )
            )
            if chat > 0:
                typer.echo(
                    t(
                        "cli.loadtest.chat_check",
                        shown,
                        sent=report.chat_sent,
                        refused=report.chat_refused,
                        lost=report.chat_lost,
                        doubled=report.chat_doubled,
                    )
                )
            shares = cpu.shares()
            if shares is not None:
                servers, client = shares
                each = " + ".join(f"{share:.0f}%" for share in servers)
                typer.echo(t("cli.loadtest.cpu", shown, servers=each, client=f"{client:.0f}%"))
            failed = (report.stuck, report.lost, report.doubled)
            if any(failed) or report.chat_lost or report.chat_doubled:
                raise typer.Exit(1)  # the check failed: a script running it must see so

        if url:
            run([u.strip().rstrip("/") for u in url.split(",") if u.strip()])
        else:
            with local_servers(
                servers,
                redis=redis or None,
                database=database or None,
                bot_delay=bot_delay,
                cpus=server_cores,
                pids=pids if os.path.exists("/proc/self/stat") else None,
            ) as bases:
                run(bases)


def parse_clock(text: str) -> dict[str, Any]:
    """``realtime:60`` or ``turn:86400``, with ``+BANK`` seconds after the time a move
    (``realtime:30+120``), as the body of a table's clock; a bad one is refused."""
    mode, _, times = text.partition(":")
    per_move, _, bank = times.partition("+")
    try:
        body = {"mode": mode, "per_move": float(per_move), "bank": float(bank or 0)}
    except ValueError:
        raise ParlourError("cli.loadtest.bad_clock", clock=text[:40]) from None
    if mode not in ("realtime", "turn"):
        raise ParlourError("cli.loadtest.bad_clock", clock=text[:40])
    return body


def parse_cpus(text: str) -> set[int]:
    """``0`` or ``0,1``: CPU cores of this machine to run on; others are refused (as is
    any list where the cores cannot be chosen, off Linux)."""
    try:
        cores = {int(part) for part in text.split(",") if part.strip()}
        usable = os.sched_getaffinity(0)
    except (ValueError, AttributeError):
        raise ParlourError("cli.loadtest.bad_cpus", cpus=text[:40]) from None
    if not cores or not cores <= usable:
        raise ParlourError("cli.loadtest.bad_cpus", cpus=text[:40])
    return cores
