"""SQLAlchemy engines for the log: a general one, and the store's autocommit writer.

Every engine made here carries the database timeouts (`events/timeouts.py`): connect,
statement and lock timeouts on the server's side, a deadline on every round trip on ours,
and a pool that waits for a free connection no longer than it would wait to connect.
"""

from __future__ import annotations

import select
import weakref
from typing import Any

from sqlalchemy import URL, Engine, create_engine, event, make_url
from sqlalchemy.exc import DisconnectionError

from events.timeouts import DatabaseTimeouts, deadline_connection

_TIMEOUTS: weakref.WeakKeyDictionary[Engine, DatabaseTimeouts] = weakref.WeakKeyDictionary()


def make_engine(
    url: str | URL,
    *,
    pool_size: int = 10,
    autocommit: bool = False,
    timeouts: DatabaseTimeouts | None = None,
) -> Engine:
    """An engine whose pool discards connections the server has dropped, at no round trip.

    `autocommit=True` makes the writer engine: every statement is its own transaction, and
    with nothing ever left open there is nothing to reset when a connection goes back to the
    pool, so the per-checkout isolation switch and reset-on-return rollback (measured at
    about a third of a single-row append) are skipped. `timeouts` default to
    `DatabaseTimeouts()`'s documented values.
    """
    timeouts = timeouts or DatabaseTimeouts()
    url = make_url(url)
    options: dict[str, Any] = {}
    if autocommit:
        options = {"isolation_level": "AUTOCOMMIT", "pool_reset_on_return": None}
    theirs = url.query.get("options")
    engine = create_engine(
        url,
        pool_size=pool_size,
        max_overflow=pool_size,
        pool_recycle=1800,
        pool_pre_ping=False,
        pool_timeout=timeouts.connect,
        connect_args=timeouts.connect_kwargs(theirs if isinstance(theirs, str) else None),
        **options,
    )
    connection_class = deadline_connection(timeouts.deadline)

    @event.listens_for(engine, "do_connect")
    def connect(dialect: Any, record: Any, cargs: Any, cparams: dict[str, Any]) -> Any:
        return connection_class.connect(*cargs, **cparams)

    event.listen(engine, "checkout", refuse_dead_connection)
    _TIMEOUTS[engine] = timeouts
    return engine


def timeouts_of(engine: Engine) -> DatabaseTimeouts:
    """The timeouts an engine was made with, for engines and pools derived from it."""
    return _TIMEOUTS.get(engine) or DatabaseTimeouts()


def refuse_dead_connection(dbapi_connection: Any, record: Any, proxy: Any) -> None:
    """A pre-ping that costs no round trip.

    An idle pooled connection has nothing to read. When PostgreSQL restarts or terminates the
    backend (`pg_terminate_backend`, an immediate shutdown) it sends an error and closes the
    socket, which makes the socket readable. Seeing that, we discard the connection and the
    pool hands out a fresh one, so requests after a database restart succeed on the first
    try. SQLAlchemy's own `pool_pre_ping` does the same with a `SELECT 1` per checkout, which
    measured as costly as an append itself (see ops/bench/bench_store.py).
    """
    pgconn = getattr(dbapi_connection, "pgconn", None)
    if dbapi_connection.closed or pgconn is None:
        raise DisconnectionError("connection closed")
    if has_something_to_read(pgconn.socket):
        raise DisconnectionError("the server sent something to an idle connection")


def has_something_to_read(fd: int) -> bool:
    """Whether socket `fd` is readable, hung up or in error now (no waiting).

    `poll`, not `select`: select's descriptor set stops at FD_SETSIZE (1,024), and a server
    holding a thousand client connections opens its database sockets past it, where
    `select.select` raises for every checkout. A descriptor poll cannot take reads as dead
    too, so the pool opens a fresh connection rather than handing out one it cannot check.
    """
    poller = select.poll()
    try:
        poller.register(fd, select.POLLIN | select.POLLPRI)
        return bool(poller.poll(0))
    except (OSError, ValueError, TypeError):
        return True
