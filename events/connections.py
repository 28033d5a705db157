"""SQLAlchemy engines for the log: a general one, and the store's autocommit writer."""

from __future__ import annotations

import select
from typing import Any

from sqlalchemy import URL, Engine, create_engine, event
from sqlalchemy.exc import DisconnectionError


def make_engine(url: str | URL, *, pool_size: int = 10, autocommit: bool = False) -> Engine:
    """An engine whose pool discards connections the server has dropped, at no round trip.

    `autocommit=True` makes the writer engine: every statement is its own transaction, and
    with nothing ever left open there is nothing to reset when a connection goes back to the
    pool, so the per-checkout isolation switch and reset-on-return rollback (measured at
    about a third of a single-row append) are skipped.
    """
    options: dict[str, Any] = {}
    if autocommit:
        options = {"isolation_level": "AUTOCOMMIT", "pool_reset_on_return": None}
    engine = create_engine(
        url,
        pool_size=pool_size,
        max_overflow=pool_size,
        pool_recycle=1800,
        pool_pre_ping=False,
        **options,
    )
    event.listen(engine, "checkout", refuse_dead_connection)
    return engine


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
    try:
        readable, _, _ = select.select([pgconn.socket], [], [], 0)
    except (OSError, ValueError) as exc:
        raise DisconnectionError(str(exc)) from exc
    if readable:
        raise DisconnectionError("the server sent something to an idle connection")
