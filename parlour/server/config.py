"""The server's settings: one object, from arguments or ``PARLOUR_*`` environment variables.

``ServerConfig(bot_think_limit=5)`` sets a value in code; ``PARLOUR_BOT_THINK_LIMIT=5`` in
the environment sets it for ``parlour serve`` (an argument given in code or on the command
line wins over the environment). docs/deploy.md lists every setting.
"""

from __future__ import annotations

from typing import Any

from pydantic_settings import BaseSettings, SettingsConfigDict


class ServerConfig(BaseSettings):
    """How a server instance behaves."""

    model_config = SettingsConfigDict(env_prefix="PARLOUR_", frozen=True, extra="forbid")

    database_url: str = "sqlite://"
    """A SQLAlchemy URL; ``sqlite://`` keeps everything in memory (tests)."""
    redis_url: str | None = None
    """A Redis URL shared by several server processes on one database (none: this process
    is the only one; see :mod:`parlour.server.cluster.coordination`)."""
    fast_paths: bool = True
    """The paths past the framework (:mod:`parlour.server.fast`): a table's start and
    rematch and its websocket answered without the framework's layers, and whole small
    websocket frames read and written directly. Off, every request and frame goes the
    libraries' own way, answered the same (the tests run both ways)."""
    bot_delay: float = 0.6
    """Seconds a bot waits before it acts, so people can follow (0 in tests)."""
    bot_think_limit: float = 10.0
    """Seconds a bot may think; past that it plays a random legal action instead."""
    bot_threads: int = 8
    """Threads that run bot decisions, off the event loop."""
    max_message_bytes: int = 4096
    """The largest websocket message a client may send."""
    hello_timeout: float = 30.0
    """Seconds a new websocket has to say which seat it is."""
    message_rate: float = 100.0
    """Messages a second one websocket may send after its first ``message_burst``."""
    message_burst: float = 200.0
    """Messages one websocket may send at once."""
    lang_rate: float = 0.2
    """Language switches a second one websocket may make after its first ``lang_burst``
    (each sends the whole log again)."""
    lang_burst: float = 3.0
    """Language switches one websocket may make at once."""
    away_after: float = 45.0
    """Seconds without a heartbeat after which a seat's person shows as away."""
    chat_rate: float = 0.5
    """Chat lines a second one websocket may send after its first ``chat_burst``."""
    chat_burst: float = 5.0
    """Chat lines one websocket may send at once."""
    spectator_chat_rate: float = 1.0
    """Chat lines a second one table's spectators may send together after their first
    ``spectator_chat_burst``."""
    spectator_chat_burst: float = 10.0
    """Chat lines one table's spectators may send at once, all together."""
    max_header_bytes: int = 16 * 1024
    """The most bytes of request headers (431 past it)."""
    max_body_bytes: int = 64 * 1024
    """The largest request body (413 past it); the API's bodies are far smaller."""
    allowed_hosts: list[str] = []
    """When not empty, the only ``Host`` names answered (``["parlour.example.org"]``);
    ``parlour serve`` answers only this machine's loopback names (and, listening beyond
    loopback, its address and IP addresses) unless set (see :func:`serve_config`)."""
    allow_ip_hosts: bool = False
    """With ``allowed_hosts`` set, a ``Host`` that is an IP address is answered too (a
    name outside the list, as a DNS-rebinding page uses, is still refused)."""
    forwarded_allow_ips: str = ""
    """Addresses of the reverse proxies whose ``X-Forwarded-For`` names the client
    (comma-separated, ``*`` for any; ``parlour serve``); empty: none, each connection's own
    address counts (a client cannot choose its address by sending the header)."""
    allowed_origins: list[str] = []
    """Origins besides the server's own whose pages may open its websockets
    (``["https://parlour.example.org"]``)."""
    create_rate: str = "120/minute"
    """Tables one client address may create (a ``limits`` rate; empty: no limit)."""
    seat_rate: str = "600/minute"
    """Seats (people and bots) one client address may take."""
    hint_rate: str = "30/minute"
    """Hint searches one client address may start (hints already made are free)."""
    analysis_rate: str = "10/minute"
    """Game analyses one client address may start."""
    login_rate: str = "30/minute"
    """Sign-ups and sign-ins (any way in) one client address may try."""
    login_name_rate: str = "10/minute"
    """Password sign-ins one account name may be tried with, from anywhere."""
    push_subject: str = "mailto:parlour@localhost"
    """Who runs this server, as Web Push's VAPID ``sub`` claim (a ``mailto:`` or
    ``https:`` address push services may write to)."""
    push_plain_http: bool = False
    """Whether a device may subscribe with a push endpoint over plain HTTP (tests only:
    push services speak HTTPS)."""
    max_open_tables: int = 2000
    """Tables waiting for players at once; past it creating one is refused."""
    max_bot_tables: int = 50
    """Tables of bots only playing at once; past it starting one is refused."""
    max_client_open_tables: int = 20
    """Tables waiting for players that one client address may have made (rematches
    count for the address that made the first table)."""
    max_client_bot_tables: int = 3
    """Tables of bots only playing at once that one client address made."""
    max_spectators: int = 200
    """Spectators one table may have at once."""
    header_timeout: float = 10.0
    """Seconds a request's head may take to arrive before the connection is answered 408
    and closed (``parlour serve``; 0: no limit, when a proxy in front guards it)."""
    body_timeout: float = 10.0
    """Seconds a request's body may take once its head has arrived (408 and closed past
    it; ``parlour serve``; 0: no limit)."""
    idle_timeout: int = 5
    """Seconds an idle HTTP connection is kept open between requests (``parlour serve``)."""
    max_connections: int = 4000
    """Connections and requests at once before new ones are answered 503 (``parlour
    serve``; keep it under the process's file descriptor limit)."""
    max_sockets: int = 3000
    """Websockets open at once across the server (never more than three quarters of
    ``max_connections``, so HTTP requests are still answered): past it an idle
    spectator's socket is closed to make room, else the new one is refused."""
    max_client_sockets: int = 30
    """Websockets one client address may hold open at once."""
    shutdown_timeout: int = 5
    """Seconds a stopping ``parlour serve`` waits for open connections before closing them."""
    archive_after: float = 24 * 3600.0
    """Seconds a real-time table may go without a move and with nobody connected before
    it is closed and archived (never deleted: its replay stays)."""
    archive_turn_based_after: float = 30 * 24 * 3600.0
    """The same for a turn-based table (one whose clock gives hours or days a move)."""
    archive_every: float = 600.0
    """Seconds between two looks for abandoned tables (0: never look)."""
    gc_every: float = 0.0
    """When positive, the process's full garbage collections run only every this many
    seconds (then the survivors are frozen), instead of pausing play at random; 0 leaves
    Python's collector alone (tests)."""


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The ``Host`` names of this machine's loopback interface."""
WILDCARDS = ("0.0.0.0", "::", "")
"""Listening addresses that mean every interface."""


def beyond_loopback(host: str) -> bool:
    """Whether a server listening on ``host`` is reachable from other machines."""
    return host not in ("127.0.0.1", "::1", "localhost") and not host.startswith("127.")


def serve_config(given: dict[str, Any], host: str = "127.0.0.1") -> ServerConfig:
    """The settings of ``parlour serve`` listening on ``host``: the command line's
    ``given`` values over the ``PARLOUR_*`` environment, over the defaults of a
    long-running server (tables in the user's data folder, full garbage collections every
    five minutes, and unless ``allowed_hosts`` is set, only the loopback names answered as
    ``Host``, with the listening address and IP addresses when it listens beyond
    loopback: a page of another site whose name resolves to this machine is refused)."""
    from parlour.server.store.storage import default_database_url

    config = ServerConfig(**given)
    chosen = config.model_fields_set
    serving: dict[str, Any] = {}
    if "gc_every" not in chosen:
        serving["gc_every"] = 300.0
    if "allowed_hosts" not in chosen:
        hosts = list(LOOPBACK_NAMES)
        if beyond_loopback(host):
            if host not in WILDCARDS:
                hosts.append(f"[{host}]" if ":" in host else host)
            serving["allow_ip_hosts"] = True
        serving["allowed_hosts"] = hosts
    if "database_url" not in chosen:
        serving["database_url"] = default_database_url()  # makes the folder: only if used
    return config.model_copy(update=serving)


def host_warning(config: ServerConfig, host: str, chosen: bool) -> str | None:
    """The catalog key of a startup warning about ``Host`` names, if one is due: listening
    beyond loopback with ``allowed_hosts`` empty (any name answered) or not ``chosen``
    (the names people use are refused until they are listed)."""
    if not beyond_loopback(host):
        return None
    if not config.allowed_hosts:
        return "web.warn.any_host"
    return None if chosen else "web.warn.no_host_names"
