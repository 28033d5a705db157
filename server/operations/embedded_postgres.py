"""The embedded PostgreSQL that `make run` and the tests use when no DATABASE_URL is given.

`pgserver` ships PostgreSQL's binaries and keeps, in the data folder, the list of processes
using the server, so two turnledger servers on one folder share one PostgreSQL, and the last
to exit stops it. A process killed with SIGKILL never removes itself from that list; we drop
dead processes from it before joining, so a killed server restarts on its folder cleanly
(PostgreSQL itself recovers from a stale postmaster.pid).
"""

from __future__ import annotations

import contextlib
import json
import signal
import warnings
from pathlib import Path
from typing import Any

import psutil
import psycopg

DATABASE = "turnledger"
_STARTED: list[Any] = []  # the pgserver handles this process holds


MISSING = (
    "no DATABASE_URL is set and the embedded PostgreSQL is not installed: install it with "
    "`pip install 'turnledger[embedded]'` (`make run` does), or set DATABASE_URL to a PostgreSQL"
)


class EmbeddedMissing(RuntimeError):
    """The `embedded` extra (pgserver) is not installed, and no DATABASE_URL is set."""


def installed() -> bool:
    """Whether the `embedded` extra (the `pgserver` wheel) is installed."""
    import importlib.util

    try:
        return importlib.util.find_spec("pgserver") is not None
    except ValueError:  # a module set to None in sys.modules (as tests do to hide it)
        return False


def _prune_dead_handles(pgdata: Path) -> None:
    handles = pgdata / ".handle_pids.json"
    if not handles.exists():
        return
    try:
        pids = json.loads(handles.read_text())
    except ValueError:
        pids = []
    alive = [pid for pid in pids if isinstance(pid, int) and psutil.pid_exists(pid)]
    if alive != pids:
        handles.write_text(json.dumps(alive))


def start(data_dir: Path, *, database: str = DATABASE, cleanup: str | None = "stop") -> str:
    """Start (or join) the PostgreSQL in `data_dir`; return a psycopg URL to `database`."""
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset (as in CI) and falls back to /tmp.
        warnings.simplefilter("ignore")
        try:
            import pgserver
            from pgserver.postgres_server import PostgresServer
        except ImportError:
            raise EmbeddedMissing(MISSING) from None

    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    pgdata = data_dir / "pgdata"
    with PostgresServer._lock:
        if pgdata.exists():
            _prune_dead_handles(pgdata)
    server = pgserver.get_server(pgdata, cleanup_mode=cleanup)  # type: ignore[attr-defined]
    _STARTED.append(server)
    ensure_database(server.get_uri(), database)
    return to_sqlalchemy_url(server.get_uri(database))


def ensure_database(admin_uri: str, database: str) -> None:
    with psycopg.connect(admin_uri, autocommit=True) as conn:
        exists = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (database,)
        ).fetchone()
        if not exists:
            # another process may create it first
            with contextlib.suppress(psycopg.errors.DuplicateDatabase):
                conn.execute(f'CREATE DATABASE "{database}"')


def to_sqlalchemy_url(libpq_uri: str) -> str:
    # pgserver answers "postgresql://postgres:@/db?host=/socket/dir"
    return "postgresql+psycopg://" + libpq_uri.removeprefix("postgresql://")


def holding() -> bool:
    """Whether this process started or joined an embedded PostgreSQL it has not let go of."""
    return bool(_STARTED)


def release() -> None:
    """Let go of the embedded PostgreSQL; the last process using it stops it."""
    while _STARTED:
        server = _STARTED.pop()
        with contextlib.suppress(Exception):
            server._cleanup()


def release_on_exit_signals() -> None:
    """Stop the embedded PostgreSQL when SIGTERM or SIGINT ends the process.

    uvicorn, after its graceful shutdown, restores the handlers it found and raises the
    signal again; with the default handler the process would die without running `atexit`
    hooks, leaving PostgreSQL running. Ours releases it first and then exits.
    """

    def leave(signum: int, frame: object) -> None:
        release()
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, leave)
    signal.signal(signal.SIGINT, leave)
