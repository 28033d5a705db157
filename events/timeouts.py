"""How long the log's database may keep a caller waiting, and what happens after.

PostgreSQL enforces `statement_timeout` and `lock_timeout` itself and cancels cleanly: the
statement fails and the connection stays usable. A *frozen* server (stopped, swapped out,
its host gone quiet) enforces nothing, and a libpq socket waiting for its answer waits
forever: the kernel keeps the connection up, so TCP keepalives never fire, and a Unix socket
has none. So every round trip on our connections also carries a client-side deadline, a
little longer than the statement timeout (the server gets the first chance to cancel
cleanly), after which the connection is closed and the call fails with `DatabaseDeadline`,
an `OperationalError` that the HTTP layer answers with 503. Pools discard closed
connections, so a database that wakes up again is used again without a restart.

Connecting has its own timeout (libpq's `connect_timeout`, which psycopg enforces on the
client side too, at least 2 seconds).

A deadline or a connection that failed (timed out, or refused by a server that stopped or is
starting again) also trips a breaker for that server (`Breaker`):
for the next `COOLDOWN` seconds every round trip and connection attempt to it fails at once,
then one caller probes it while the others keep failing fast, until a round trip succeeds.
Without it, requests that queue (behind one battle's write lock, for a thread, for a pooled
connection) would each wait a full deadline in turn, and the last of a queue of ten would
be answered after a minute instead of within seconds.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import psycopg
from psycopg.abc import RV, PQGen

_WAIT_INTERVAL = 0.1  # psycopg's own: how often a wait checks for Ctrl-C
COOLDOWN = 1.0
"""Seconds a tripped breaker fails every call at once before it lets one probe through."""
_SHORTER: ContextVar[float | None] = ContextVar("turnledger_db_deadline", default=None)


@dataclass(frozen=True)
class DatabaseTimeouts:
    """Seconds: to connect, for a statement, to wait for a lock, and the grace after the
    statement timeout before the client gives up on a server that does not answer."""

    connect: float = 3.0
    statement: float = 5.0
    lock: float = 2.0
    grace: float = 1.0

    @property
    def deadline(self) -> float:
        """How long one round trip may take before the client closes the connection."""
        return self.statement + self.grace

    @property
    def connect_seconds(self) -> int:
        """libpq takes whole seconds, and treats anything below 2 as 2."""
        return max(2, math.ceil(self.connect))

    def options(self, theirs: str | None = None) -> str:
        """The server-side timeouts as libpq `options` (a URL's own options come after, so
        a timeout set in DATABASE_URL itself wins)."""
        ours = (
            f"-c statement_timeout={round(self.statement * 1000)}"
            f" -c lock_timeout={round(self.lock * 1000)}"
        )
        return f"{ours} {theirs}" if theirs else ours

    def connect_kwargs(self, theirs: str | None = None) -> dict[str, Any]:
        """psycopg.connect() keyword arguments that apply these timeouts."""
        return {"connect_timeout": self.connect_seconds, "options": self.options(theirs)}


class DatabaseDeadline(psycopg.OperationalError):
    """The database did not answer a round trip within the deadline; the connection is closed."""


class Breaker:
    """Whether one database server is answering (see the module docstring)."""

    def __init__(self) -> None:
        self._tripped = False
        self._blocked_until = 0.0

    def check(self, deadline: float | None) -> None:
        """Fail at once while tripped; after the cooldown, let this caller probe alone."""
        if not self._tripped:
            return
        now = time.monotonic()
        if now < self._blocked_until:
            raise DatabaseDeadline("the database did not answer in time just now; not waiting")
        # This caller probes; the others fail fast until it is answered or its deadline ends.
        self._blocked_until = now + (deadline or COOLDOWN) + COOLDOWN

    @property
    def tripped(self) -> bool:
        """Whether the last call failed and none has been answered since."""
        return self._tripped

    def failing(self) -> bool:
        """Whether calls fail at once now (without taking the probe's turn)."""
        return self._tripped and time.monotonic() < self._blocked_until

    def answered(self) -> None:
        self._tripped = False

    def trip(self) -> None:
        self._tripped = True
        self._blocked_until = time.monotonic() + COOLDOWN


# What a running server answers about this connection's own database or role: the server is
# there, so other databases on it are not to fail for it (a dropped database, a wrong
# password). A server starting up, shutting down or in recovery answers FATAL too, and trips.
_ANSWERED_FOR_ONE = ("does not exist", "authentication failed", "no pg_hba.conf entry")


def reached_the_server(error: psycopg.OperationalError) -> bool:
    """Whether a failed connect was refused by a server that answered the handshake about
    this connection alone (its database or role), rather than a server away or unready."""
    words = str(error)
    return "FATAL:" in words and any(why in words for why in _ANSWERED_FOR_ONE)


_BREAKERS: dict[tuple[str, str], Breaker] = {}
_BREAKERS_LOCK = threading.Lock()


def breaker_for(conninfo: str, **kwargs: Any) -> Breaker:
    """The breaker of the server a connection string names (every database on it)."""
    params = psycopg.conninfo.conninfo_to_dict(conninfo, **kwargs)
    key = (str(params.get("host") or ""), str(params.get("port") or "5432"))
    with _BREAKERS_LOCK:
        return _BREAKERS.setdefault(key, Breaker())


def _limit(own: float | None) -> float | None:
    shorter = _SHORTER.get()
    if shorter is None:
        return own
    return shorter if own is None else min(own, shorter)


class DeadlineConnection(psycopg.Connection[Any]):
    """A psycopg connection whose every round trip ends within `deadline` seconds."""

    deadline: float | None = None
    breaker: Breaker

    @classmethod
    def connect(cls, conninfo: str = "", **kwargs: Any) -> DeadlineConnection:
        breaker = breaker_for(conninfo, **kwargs)
        breaker.check(cls.deadline)
        try:
            conn = super().connect(conninfo, **kwargs)
        except psycopg.OperationalError as exc:
            if reached_the_server(exc):
                breaker.answered()
                raise
            # refused (stopped, restarting), timed out (frozen, unreachable): either way the
            # next callers fail at once rather than each try in turn (see `Breaker`)
            breaker.trip()
            raise
        breaker.answered()  # the server took part in the handshake: it answers again
        conn.breaker = breaker
        return conn

    def wait(
        self, gen: PQGen[RV], interval: float = _WAIT_INTERVAL, timeout: float | None = None
    ) -> RV:
        if timeout is not None:  # the caller's own limit (listening for notices)
            return super().wait(gen, interval, timeout)
        limit = _limit(self.deadline)
        self.breaker.check(limit)
        try:
            answer = super().wait(gen, interval, limit)
        except psycopg.errors._WaitTimeout:
            # The answer may still come, so the connection's state is unknown: close it.
            # Closing writes no more than a terminate message to a non-blocking socket.
            self.close()
            self.breaker.trip()
            raise DatabaseDeadline(f"the database did not answer within {limit:g} s") from None
        self.breaker.answered()
        return answer


class AsyncDeadlineConnection(psycopg.AsyncConnection[Any]):
    """The async twin of `DeadlineConnection`, for the append path's pool."""

    deadline: float | None = None
    breaker: Breaker

    @classmethod
    async def connect(cls, conninfo: str = "", **kwargs: Any) -> AsyncDeadlineConnection:
        breaker = breaker_for(conninfo, **kwargs)
        breaker.check(cls.deadline)
        try:
            conn = await super().connect(conninfo, **kwargs)
        except psycopg.OperationalError as exc:
            if reached_the_server(exc):
                breaker.answered()
                raise
            breaker.trip()
            raise
        breaker.answered()
        conn.breaker = breaker
        return conn

    async def wait(
        self, gen: PQGen[RV], interval: float = _WAIT_INTERVAL, timeout: float | None = None
    ) -> RV:
        if timeout is not None:
            return await super().wait(gen, interval, timeout)
        limit = _limit(self.deadline)
        self.breaker.check(limit)
        try:
            answer = await super().wait(gen, interval, limit)
        except psycopg.errors._WaitTimeout:
            await self.close()
            self.breaker.trip()
            raise DatabaseDeadline(f"the database did not answer within {limit:g} s") from None
        self.breaker.answered()
        return answer


@lru_cache(maxsize=32)
def deadline_connection(seconds: float) -> type[DeadlineConnection]:
    """The connection class with this deadline (pools build connections from a class)."""
    return type("DeadlineConnection", (DeadlineConnection,), {"deadline": seconds})


@lru_cache(maxsize=32)
def async_deadline_connection(seconds: float) -> type[AsyncDeadlineConnection]:
    return type("AsyncDeadlineConnection", (AsyncDeadlineConnection,), {"deadline": seconds})


@contextlib.contextmanager
def shorter_deadline(seconds: float) -> Iterator[None]:
    """Round trips made in this context (this thread or task) end within `seconds` at most:
    for a liveness probe, which must answer faster than a statement may take."""
    token = _SHORTER.set(seconds)
    try:
        yield
    finally:
        _SHORTER.reset(token)
