"""The embedded PostgreSQL that `make run` and the tests use when no DATABASE_URL is given.

`pgserver` ships PostgreSQL's binaries and keeps, in the data folder, the list of processes
using the server, so two turnledger servers on one folder share one PostgreSQL, and the last
to exit stops it. A process killed with SIGKILL never removes itself from that list; we drop
dead processes from it before joining, so a killed server restarts on its folder cleanly
(PostgreSQL itself recovers from a stale postmaster.pid).

A server that started or joined it also keeps it running (`watch`): when its postmaster is
gone (killed, `pg_ctl stop -m immediate`, out of memory), the server starts it again on the
same folder and socket, and its connection pools find it there (events/timeouts.py); until
then every request is answered 503 at once.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import signal
import subprocess
import threading
import warnings
from pathlib import Path
from typing import Any

import psutil
import psycopg

DATABASE = "turnledger"
_STARTED: list[Any] = []  # the pgserver handles this process holds
_WATCHING = threading.Event()  # set while `watch` keeps the embedded PostgreSQL running
WATCH_SECONDS = 1.0
"""How often a server checks that its embedded PostgreSQL's postmaster is alive."""


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
    try:
        server = pgserver.get_server(pgdata, cleanup_mode=cleanup)  # type: ignore[attr-defined]
    except subprocess.TimeoutExpired:
        # pgserver gives `pg_ctl start` 10 s, which a loaded machine's first start (or
        # recovery after a crash) can pass while PostgreSQL goes on starting: ask once more,
        # which finds it running (or starts it) instead of failing the server
        failed = PostgresServer._instances.pop(pgdata, None)
        if failed is not None:
            atexit.unregister(failed._cleanup)
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


def watch(every: float = WATCH_SECONDS) -> None:
    """Start the embedded PostgreSQL again whenever its postmaster is found gone (checked
    every `every` seconds in a thread, until `release`). Several servers on one folder may
    all watch it: pgserver's lock across processes lets one start it, the others find it
    running."""
    if not _STARTED or _WATCHING.is_set():
        return
    _WATCHING.set()
    handles = list(_STARTED)

    def keep_running() -> None:
        import structlog

        log = structlog.get_logger("turnledger.embedded")
        stopped = "embedded PostgreSQL stopped; starting it again"
        while _WATCHING.is_set():
            threading.Event().wait(every)
            for handle in handles:
                if not _WATCHING.is_set() or postmaster_running(handle.pgdata):
                    continue
                log.warning(stopped, folder=str(handle.pgdata))
                try:
                    with type(handle)._lock:
                        if _WATCHING.is_set():
                            handle.ensure_postgres_running()
                except Exception as exc:  # tried again on the next turn; requests get 503
                    log.error("embedded PostgreSQL did not start", error=repr(exc))
                else:
                    log.warning("embedded PostgreSQL started again", folder=str(handle.pgdata))

    threading.Thread(target=keep_running, name="embedded-postgres-watch", daemon=True).start()


def postmaster_running(pgdata: Path) -> bool:
    """Whether the postmaster that `pgdata`'s postmaster.pid names is alive."""
    from pgserver.utils import PostmasterInfo

    try:
        info = PostmasterInfo.read_from_pgdata(pgdata)
        process = info.process if info is not None else None
        return process is not None and process.is_running() and process.status() != "zombie"
    except (OSError, ValueError, AssertionError, psutil.Error):  # being written or removed
        return True  # asked again on the next turn


LOCK_WAIT = 2.0
"""Seconds `release` waits for pgserver's lock, which every pgserver user of the machine
shares (another one starting a PostgreSQL holds it for seconds): a stopping server must stop
within 15 s, so it lets go without the lock rather than wait for it."""
STOP_WAIT = 3


def release() -> None:
    """Let go of the embedded PostgreSQL; the last process using it stops it (fast: open
    sessions are ended), within seconds whatever else holds pgserver's lock."""
    _WATCHING.clear()  # a server stopping does not start it again
    while _STARTED:
        server = _STARTED.pop()
        atexit.unregister(server._cleanup)  # pgserver's own would wait for the lock without end
        with contextlib.suppress(Exception):
            _let_go(server)


def _let_go(server: Any) -> None:
    lock = type(server)._lock
    locked = lock.acquire(timeout=LOCK_WAIT)
    try:
        others = server.global_process_id_list.get_and_remove(os.getpid())
        if any(pid != os.getpid() and psutil.pid_exists(pid) for pid in others):
            return  # another server still uses it; the last one stops it
        type(server)._instances.pop(server.pgdata, None)
        if server.cleanup_mode is None or not postmaster_running(server.pgdata):
            return
        from pgserver._commands import pg_ctl  # type: ignore[attr-defined]

        try:
            pg_ctl(
                ["-w", "-t", str(STOP_WAIT), "-m", "fast", "stop"],
                pgdata=server.pgdata,
                user=server.system_user,
                timeout=STOP_WAIT + 1,
            )
        except Exception:
            info = server._postmaster_info
            if info is not None and info.process is not None:
                info.process.kill()  # PostgreSQL recovers from this on its next start
    finally:
        if locked:
            lock.release()


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
