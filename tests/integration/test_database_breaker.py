"""The database breaker (events/timeouts.py) trips for a server that is away, not for a
server that answers about one connection's own database: a database dropped or misnamed on a
server must not make every other database on it fail (a dropped database's connect tripped
the shared breaker, and the next second's requests of other databases were answered 503)."""

from __future__ import annotations

import asyncio
import re

import psycopg
import pytest

from events.timeouts import (
    DatabaseDeadline,
    async_deadline_connection,
    breaker_for,
    deadline_connection,
)


def missing(uri: str) -> str:
    return re.sub(r"/[^/?]+(\?|$)", r"/no_such_database\1", uri, count=1)


def test_a_missing_database_does_not_trip_the_servers_breaker(database_uri: str) -> None:
    connection = deadline_connection(3.0)
    with pytest.raises(psycopg.OperationalError, match="does not exist"):
        connection.connect(missing(database_uri))
    assert not breaker_for(database_uri).tripped
    with connection.connect(database_uri) as conn:  # at once, not refused by the breaker
        assert conn.execute("SELECT 1").fetchone() == (1,)


def test_a_server_that_is_not_there_trips_it(database_uri: str) -> None:
    away = re.sub(r"host=[^&]+", "host=/nonexistent-socket-folder", database_uri)
    connection = deadline_connection(3.0)
    with pytest.raises(psycopg.OperationalError):
        connection.connect(away)
    assert breaker_for(away).tripped
    with pytest.raises(DatabaseDeadline):  # the next caller fails at once
        connection.connect(away)
    assert not breaker_for(database_uri).tripped  # another server's breaker is its own


def test_the_async_connection_keeps_the_same_rule(database_uri: str) -> None:
    async def go() -> None:
        connection = async_deadline_connection(3.0)
        with pytest.raises(psycopg.OperationalError, match="does not exist"):
            await connection.connect(missing(database_uri))
        assert not breaker_for(database_uri).tripped
        conn = await connection.connect(database_uri)
        await conn.close()

    asyncio.run(go())
