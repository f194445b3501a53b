"""A throwaway PostgreSQL server for tests: initdb in a temporary folder, 127.0.0.1 only.

The server runs as an unprivileged user (``postgres`` when the tests run as root, since
PostgreSQL refuses to run as root), listens on a free local port and a socket in its own
folder, and is stopped and deleted at the end. Whatever keeps it from starting is a skip
reason, not a failure.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text

from parlour.tools.process import free_port

START_WAIT = 20
"""Seconds ``pg_ctl`` may wait for the server to accept connections."""

SUPERUSER = "parlour"
_names = itertools.count()


class Unavailable(Exception):
    """PostgreSQL cannot run here (the message says why)."""


def find_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (the newest Debian install, else PATH)."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    for folder in found:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl and Path(initdb).parent == Path(pg_ctl).parent:
        return Path(initdb).parent
    return None


@dataclass
class Server:
    """A running PostgreSQL server: its base URL (no database) and what stops it."""

    host: str
    port: int
    bindir: Path
    root: Path
    prefix: list[str]

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one database of this server (psycopg 3 driver)."""
        return f"postgresql+psycopg://{SUPERUSER}@{self.host}:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; returns its name."""
        name = f"parlour_{os.getpid()}_{next(_names)}"
        self._admin(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        """Drop a database even if a connection was left open."""
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def _admin(self, sql: str) -> None:
        engine = create_engine(self.url("postgres"), isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(text(sql))
        finally:
            engine.dispose()

    def _pg_ctl(self, *args: str) -> list[str]:
        return [*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.root / "data"), *args]

    def start(self) -> None:
        """Start (or start again) the server; waits until it accepts connections."""
        # Local TCP only, the socket in our own folder, no fsync (a throwaway database).
        opts = f"-h {self.host} -p {self.port} -k {self.root} -F -c max_connections=40"
        log = str(self.root / "server.log")
        _run(self._pg_ctl("-l", log, "-o", opts, "-w", "-t", str(START_WAIT), "start"), "pg_ctl")

    def running(self) -> bool:
        """Whether the server is up."""
        cmd = self._pg_ctl("status")
        return subprocess.run(cmd, capture_output=True, timeout=30, check=False).returncode == 0

    def stop(self) -> None:
        """Stop the server (immediately: nothing in it is worth keeping)."""
        cmd = self._pg_ctl("-m", "immediate", "-w", "-t", str(START_WAIT), "stop")
        subprocess.run(cmd, capture_output=True, timeout=60, check=False)


def _run(cmd: list[str], what: str) -> None:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Unavailable(f"{what} failed: {exc}") from exc
    if done.returncode != 0:
        raise Unavailable(f"{what} failed: {(done.stderr or done.stdout).strip()[-500:]}")


def _unprivileged() -> tuple[list[str], pwd.struct_passwd | None]:
    """The command prefix that runs PostgreSQL's tools as a user it accepts."""
    if os.geteuid() != 0:
        return [], None
    try:
        user = pwd.getpwnam("postgres")
    except KeyError as exc:
        raise Unavailable("running as root and there is no 'postgres' user") from exc
    runuser = shutil.which("runuser")
    if runuser is None:
        raise Unavailable("running as root and 'runuser' is missing")
    return [runuser, "-u", "postgres", "--"], user


@contextlib.contextmanager
def server() -> Iterator[Server]:
    """Start a private PostgreSQL server; raises Unavailable when it cannot run here."""
    bindir = find_bin()
    if bindir is None:
        raise Unavailable(
            "PostgreSQL is not installed (no initdb/pg_ctl; apt-get install postgresql)"
        )
    prefix, user = _unprivileged()
    root = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    srv = Server("127.0.0.1", free_port(), bindir, root, prefix)
    data = root / "data"
    try:
        if user is not None:
            os.chown(root, user.pw_uid, user.pw_gid)
        initdb = [str(bindir / "initdb"), "-D", str(data), "-U", SUPERUSER, "-A", "trust"]
        _run([*prefix, *initdb, "-E", "UTF8", "--no-locale", "--no-sync"], "initdb")
        srv.start()
        yield srv
    finally:
        if (data / "postmaster.pid").exists():  # also after a start that timed out
            srv.stop()
        shutil.rmtree(root, ignore_errors=True)
