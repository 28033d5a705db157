"""The log's hot path on an async psycopg pool: the append, the head version and the key.

The server's command pipeline awaits these on its event loop, so a request costs no thread
hop and no SQLAlchemy statement layer. This is the log's one append: the sync store in
`events/store_postgres.py` runs it for plain callers on a loop thread of its own, and keeps
everything else (reading streams, snapshots, the global order, verification, rebuilds). Its
guarantees:

* one statement, run in autocommit, writes the events, claims the idempotency key and
  writes the read model, so they commit together or not at all;
* the primary key `(battle_id, version)` is the optimistic concurrency check: a stale append
  raises `VersionConflict` with the battle's actual head;
* a key claimed before makes the statement insert nothing; the first answer is then read
  back and returned as a replay (or refused as `IdempotencyKeyReused` for another request).

The database timeouts (`events/timeouts.py`) hold on the pool too: connecting and waiting for
a free connection end after the connect timeout, statements and lock waits after theirs on
the server, and every round trip after the client deadline even when the server answers
nothing at all (its connection is then closed). A frozen database so fails a request within
seconds (`DatabaseUnavailable`) instead of holding it, and the pool replaces dead connections.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import psycopg
from psycopg.rows import namedtuple_row
from psycopg_pool import AsyncConnectionPool

from events.append_statement import (
    QuestionRows,
    append_params,
    append_sql,
    closed_from,
    raise_if_closed,
)
from events.battle_nodes import HAS_CITUS, IS_WORKER, LOCAL_GROUP, BattleNodes, node_conninfos
from events.chain import (
    ChainHeads,
    PendingRow,
    chain_rows,
    check_append,
    encode_events,
    request_fingerprint,
    stamp,
)
from events.chain_key import ChainKey
from events.connections import has_something_to_read
from events.envelope import ActionMeta
from events.notifier import Notifier
from events.rows import envelope_from_row
from events.seal import Seals
from events.store import AppendResult, IdempotencyKeyReused, ProjectionWrite, VersionConflict
from events.timeouts import Breaker, DatabaseTimeouts, async_deadline_connection, breaker_for
from events.vocabulary import Event, EventRegistry
from events.vocabulary import registry as default_registry

_COLUMNS = (
    "battle_id, version, global_position, type, schema_version, data, intent_id, causation_id,"
    " correlation_id, actor, rules_version, recorded_at, prev_hash, hash"
)
_PREV_HASH = "SELECT hash FROM event_log WHERE battle_id = %s AND version = %s"
_HEAD = "SELECT coalesce(max(version), 0) FROM event_log WHERE battle_id = %s"
# The head, the battle's closure and the first answer under a key (none without one), in one
# round trip: what a command answered without appending needs to know.
_HEAD_AND_KEY = (
    "SELECT (SELECT coalesce(max(version), 0) FROM event_log WHERE battle_id = %(b)s) AS head,"
    " (SELECT json_build_object('at', c.closed_at, 'reason', c.closed_reason)::text"
    "  FROM battles AS c WHERE c.battle_id = %(b)s AND c.closed_at IS NOT NULL) AS closed,"
    " k.request_hash, k.first_version, k.last_version, k.response"
    " FROM (SELECT 1) AS one LEFT JOIN idempotency_keys AS k"
    " ON k.battle_id = %(b)s AND k.key = %(k)s"
)
_READ_KEY = (
    "SELECT request_hash, first_version, last_version, response FROM idempotency_keys"
    " WHERE battle_id = %s AND key = %s"
)
_READ_RANGE = (
    f"SELECT {_COLUMNS} FROM event_log WHERE battle_id = %s AND version > %s"
    " AND version <= %s ORDER BY version"
)


class DatabaseUnavailable(Exception):
    """The database could not be reached (or answered too late) for this request."""


class AsyncPostgresLog:
    """Appends and the reads an append needs, on an async connection pool (see module doc)."""

    def __init__(
        self,
        conninfo: str,
        clock: Callable[[], datetime],
        *,
        registry: EventRegistry = default_registry,
        notifier: Notifier | None = None,
        heads: ChainHeads | None = None,
        pool_size: int = 10,
        timeouts: DatabaseTimeouts | None = None,
        chain_key: ChainKey | None = None,
        node_refresh: float = 30.0,
        seals: Seals | None = None,
        notify_in_append: bool = False,
    ) -> None:
        self._clock = clock
        # a NOTIFY inside the append (one node only: events/store_postgres.py, "per_commit")
        self._notify_in_append = notify_in_append
        self._chain_key = chain_key
        # Derived rows the append writes are sealed (events/seal.py); shared with the store
        # that reads them, so a change starts from the digests any writer of the process kept.
        self.seals = seals if seals is not None or chain_key is None else Seals(chain_key)
        self._registry = registry
        self._notifier = notifier
        self.heads = heads or ChainHeads()
        self._timeouts = timeouts or DatabaseTimeouts()
        self._pool_size = pool_size
        self._breaker = breaker_for(conninfo)
        self._pool = self._make_pool(conninfo, min(2, pool_size), pool_size)
        # A pool per worker when `conninfo` lists the Citus workers (events/battle_nodes.py),
        # made on first use, once the nodes have said they are workers.
        self._node_conninfos = node_conninfos(conninfo)
        self._node_pools: dict[int, tuple[AsyncConnectionPool[Any], Breaker]] = {}
        self._nodes: BattleNodes | None = None
        self._routing_tried_at: float | None = None
        self._routing_lock = asyncio.Lock()
        self._node_refresh = node_refresh

    def _make_pool(self, conninfo: str, min_size: int, max_size: int) -> AsyncConnectionPool[Any]:
        return AsyncConnectionPool(
            conninfo,
            connection_class=async_deadline_connection(self._timeouts.deadline),
            min_size=min_size,
            max_size=max_size,
            open=False,
            timeout=self._timeouts.connect,
            # psycopg_pool retries a failed connection with a doubling delay for five minutes
            # by default, and while it waits opens no other: a database back after a minute
            # would be found again only a minute later. Given up after the connect timeout,
            # the next request that waits opens a fresh one at once (events/timeouts.py).
            reconnect_timeout=self._timeouts.connect,
            kwargs={"autocommit": True, **self._timeouts.connect_kwargs(_options_of(conninfo))},
            check=_refuse_dead_connection,
        )

    async def open(self) -> None:
        await self._pool.open(wait=False)

    async def close(self) -> None:
        for pool, _ in self._node_pools.values():
            await pool.close()
        await self._pool.close()

    # -- the append ---------------------------------------------------------------------

    async def append(
        self,
        battle_id: str,
        expected_version: int,
        events: Sequence[Event],
        meta: ActionMeta = ActionMeta(),
        *,
        idempotency_key: str | None = None,
        request_hash: bytes | None = None,
        response: str | None = None,
        projection: ProjectionWrite | None = None,
        questions: QuestionRows | None = None,
    ) -> AppendResult:
        """Append `events` as one action at `expected_version + 1...`, all or nothing.

        `questions` are the log questions' rows of these events, computed by the caller
        before the append (written in the same statement, migration 0007_i25b). Raises
        `BattleClosed` when the battle was closed (a retry of an answered request included),
        `VersionConflict` when the battle moved on, `IdempotencyKeyReused` when the key was
        first used for another request, `DatabaseUnavailable` when the database is away.
        """
        check_append(battle_id, expected_version, events, idempotency_key)
        recorded_at = stamp(self._clock)
        encoded = encode_events(events, self._registry)
        fingerprint = request_hash or request_fingerprint(expected_version, encoded)
        async with self._connection_for(battle_id) as conn:
            prev_hash = await self._prev_hash(conn, battle_id, expected_version)
            if prev_hash is None:
                return await self._replay_or_conflict(
                    conn, battle_id, expected_version, idempotency_key, fingerprint
                )
            rows = chain_rows(
                battle_id, expected_version, encoded, meta, recorded_at, prev_hash, self._chain_key
            )
            digests = None
            if projection is not None and self.seals is not None:
                projection, digests = self.seals.seal(
                    battle_id, expected_version + 1, rows[-1].version, rows[-1].hash, projection
                )
            try:
                positions = await self._insert(
                    conn, rows, idempotency_key, fingerprint, response, projection, questions
                )
            except psycopg.errors.UniqueViolation:
                return await self._replay_or_conflict(
                    conn, battle_id, expected_version, None, fingerprint
                )
            except psycopg.Error as exc:
                raise_if_closed(battle_id, exc)
                if isinstance(exc, psycopg.errors.ObjectNotInPrerequisiteState) and self._nodes:
                    self._nodes.forget(battle_id)  # not stored on that node (any more)
                raise
            if not positions:  # the key was claimed before: nothing was inserted
                return await self._replay_or_conflict(
                    conn, battle_id, expected_version, idempotency_key, fingerprint
                )
        envelopes = tuple(row.envelope(positions[row.version]) for row in rows)
        self.heads.remember(battle_id, envelopes[-1].version, envelopes[-1].hash)
        if self.seals is not None:
            self.seals.written(battle_id, digests)
        if self._notifier is not None:
            self._notifier.poke(envelopes[-1].global_position)
        return AppendResult(battle_id, envelopes, replayed=False, response=response)

    async def _insert(
        self,
        conn: psycopg.AsyncConnection[Any],
        rows: list[PendingRow],
        idempotency_key: str | None,
        fingerprint: bytes,
        response: str | None,
        projection: ProjectionWrite | None,
        questions: QuestionRows | None,
    ) -> dict[int, int]:
        sql = append_sql(
            len(rows),
            idempotency_key is not None,
            self._notify_in_append,
            projection is not None,
            projection is not None and projection.snapshot is not None,
        )
        params = append_params(rows, idempotency_key, fingerprint, response, projection, questions)
        cur = await conn.execute(sql, params, prepare=True)
        return {row[0]: row[1] for row in await cur.fetchall()}

    async def _prev_hash(
        self, conn: psycopg.AsyncConnection[Any], battle_id: str, version: int
    ) -> bytes | None:
        cached = self.heads.get(battle_id, version)
        if cached is not None:
            return cached
        cur = await conn.execute(_PREV_HASH, (battle_id, version))
        found = await cur.fetchone()
        return None if found is None else bytes(found[0])

    async def _replay_or_conflict(
        self,
        conn: psycopg.AsyncConnection[Any],
        battle_id: str,
        expected_version: int,
        key: str | None,
        fingerprint: bytes,
    ) -> AppendResult:
        if key is not None:
            first = await self._first_result(conn, battle_id, key, fingerprint)
            if first is not None:
                return first
        cur = await conn.execute(_HEAD, (battle_id,))
        row = await cur.fetchone()
        raise VersionConflict(battle_id, expected_version, int(row[0]) if row else 0)

    # -- reads the pipeline needs ---------------------------------------------------------

    async def head_version(self, battle_id: str) -> int:
        async with self._connection_for(battle_id) as conn:
            cur = await conn.execute(_HEAD, (battle_id,), prepare=True)
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def head_and_first(
        self, battle_id: str, key: str | None, fingerprint: bytes
    ) -> tuple[int, AppendResult | None]:
        """The battle's head version and, if `key` was used before, its first result; raises
        `BattleClosed` when the battle was closed (as its append would)."""
        async with self._connection_for(battle_id) as conn:
            cur = await conn.execute(_HEAD_AND_KEY, {"b": battle_id, "k": key}, prepare=True)
            row = await cur.fetchone()
            assert row is not None  # the LEFT JOIN on one row always yields one
            closed = closed_from(battle_id, row[1])
            if closed is not None:
                raise closed
            head = int(row[0])
            if key is None or row[2] is None:
                return head, None
            return head, await self._result_of(conn, battle_id, key, fingerprint, row[2:])

    async def _first_result(
        self, conn: psycopg.AsyncConnection[Any], battle_id: str, key: str, fingerprint: bytes
    ) -> AppendResult | None:
        cur = await conn.execute(_READ_KEY, (battle_id, key))
        found = await cur.fetchone()
        if found is None:
            return None
        return await self._result_of(conn, battle_id, key, fingerprint, found)

    async def _result_of(
        self,
        conn: psycopg.AsyncConnection[Any],
        battle_id: str,
        key: str,
        fingerprint: bytes,
        found: Sequence[Any],
    ) -> AppendResult:
        request_hash, first_version, last_version, response = found
        if bytes(request_hash) != fingerprint:
            raise IdempotencyKeyReused(
                f"idempotency key {key!r} was first used for a different request"
            )
        async with conn.cursor(row_factory=namedtuple_row) as cur:
            await cur.execute(_READ_RANGE, (battle_id, first_version - 1, last_version))
            envelopes = tuple(envelope_from_row(row) for row in await cur.fetchall())
        return AppendResult(battle_id, envelopes, replayed=True, response=response)

    def _connection(self) -> Any:
        return _Borrowed(self._pool, self._breaker)

    # -- the battle's own worker (events/battle_nodes.py) ----------------------------------

    @asynccontextmanager
    async def _connection_for(self, battle_id: str) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A connection to the node holding the battle where the server can tell it, else
        one from the pool over every node (`node_refresh`: how long where the shards are
        placed is believed; events/battle_nodes.py)."""
        borrowed = await self._borrowed_for(battle_id) if self._node_conninfos else None
        async with borrowed or self._connection() as conn:
            yield conn

    async def _borrowed_for(self, battle_id: str) -> _Borrowed | None:
        if self._nodes is None and not await self._route_by_battle():
            return None
        assert self._nodes is not None
        group = self._nodes.group_of(battle_id)
        if group is None:
            try:
                async with self._connection() as conn:
                    group = await self._nodes.look_up(conn, battle_id)
            except psycopg.Error:
                return None  # the node it reached could not say: any node will forward
        node = self._node_pools.get(group) if group is not None else None
        return None if node is None else _Borrowed(*node)

    async def _route_by_battle(self) -> bool:
        """Whether the nodes of the host list are Citus workers, each now with its pool; asked
        once, or again a while after the nodes could not answer."""
        async with self._routing_lock:
            if self._nodes is not None:
                return True
            now = time.monotonic()
            if self._routing_tried_at is not None and now - self._routing_tried_at < 30:
                return False
            self._routing_tried_at = now
            try:
                pools = await self._node_pools_by_group()
            except (psycopg.Error, DatabaseUnavailable):
                return False
            if pools is None:
                self._node_conninfos = []  # not the workers of a cluster: never routed
                return False
            for pool, _ in pools.values():
                await pool.open(wait=False)
            self._node_pools = pools
            self._nodes = BattleNodes(refresh=self._node_refresh)
            return True

    async def _node_pools_by_group(
        self,
    ) -> dict[int, tuple[AsyncConnectionPool[Any], Breaker]] | None:
        async with self._connection() as conn:
            cur = await conn.execute(HAS_CITUS)
            found = await cur.fetchone()
            if not (found and found[0]):
                return None
            cur = await conn.execute(IS_WORKER)
            found = await cur.fetchone()
            if not (found and found[0]):
                return None
        pools: dict[int, tuple[AsyncConnectionPool[Any], Breaker]] = {}
        connection_class = async_deadline_connection(self._timeouts.deadline)
        for conninfo in self._node_conninfos:
            kwargs = self._timeouts.connect_kwargs(_options_of(conninfo))
            async with await connection_class.connect(conninfo, autocommit=True, **kwargs) as c:
                cur = await c.execute(LOCAL_GROUP)
                found = await cur.fetchone()
            assert found is not None
            pools[int(found[0])] = (
                self._make_pool(conninfo, 1, self._pool_size),
                breaker_for(conninfo),
            )
        return pools


def _options_of(conninfo: str) -> str | None:
    options = psycopg.conninfo.conninfo_to_dict(conninfo).get("options")
    return str(options) if options else None


async def _refuse_dead_connection(conn: psycopg.AsyncConnection[Any]) -> None:
    """The pool's check on every checkout, at no round trip (as `events/connections.py`'s).

    An idle connection has nothing to read; if PostgreSQL restarted or terminated the backend,
    it sent an error and closed the socket, which makes the socket readable. Such a connection
    is discarded and the pool hands out a fresh one, so the first request after a database
    restart succeeds.
    """
    if conn.closed:
        raise psycopg.OperationalError("connection closed")
    if has_something_to_read(conn.pgconn.socket):
        # Closed first: the pool puts a connection that fails its check back among the idle
        # ones unless it is closed, and the next checkout would take the same one again
        # (every request then waited the whole pool timeout after a database restart).
        await conn.close()
        raise psycopg.OperationalError("the server sent something to an idle connection")


_TURN = 0.1
"""Seconds a request waits for the pool at a time while the database is known to be away."""


class _Borrowed:
    """A pooled connection, with the database's absence turned into `DatabaseUnavailable`."""

    def __init__(self, pool: AsyncConnectionPool[Any], breaker: Breaker) -> None:
        self._pool = pool
        self._breaker = breaker
        self._conn: psycopg.AsyncConnection[Any] | None = None

    async def __aenter__(self) -> psycopg.AsyncConnection[Any]:
        from psycopg_pool import PoolTimeout

        breaker = self._breaker
        if breaker.failing():
            # The database failed just now: don't wait for the pool to connect.
            raise DatabaseUnavailable("the database did not answer just now")
        if not breaker.tripped:
            try:
                self._conn = await self._pool.getconn()
            except PoolTimeout as exc:
                raise DatabaseUnavailable(f"no database connection: {exc}") from None
            return self._conn
        # The database failed a while ago and has not answered since. Wait for the pool in
        # short turns, each of which lets the pool try a fresh connection, and give up as soon
        # as one fails: requests queued on one battle's lock would otherwise each wait the
        # whole pool timeout in turn (eight writers: the last answered after half a minute).
        until = time.monotonic() + self._pool.timeout
        while True:
            left = until - time.monotonic()
            if left <= 0 or breaker.failing():
                raise DatabaseUnavailable("the database did not answer just now")
            try:
                self._conn = await self._pool.getconn(timeout=min(left, _TURN))
            except PoolTimeout:
                continue
            return self._conn

    async def __aexit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        assert self._conn is not None
        await self._pool.putconn(self._conn)
        if isinstance(exc, psycopg.OperationalError):
            raise DatabaseUnavailable(f"the database failed: {exc}") from exc
