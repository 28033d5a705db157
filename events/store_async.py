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
from collections.abc import AsyncIterator, Callable, Hashable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import psycopg
from psycopg.rows import namedtuple_row
from psycopg_pool import AsyncConnectionPool

from events.append_group import (
    GROUP_SQL,
    NOT_ON_THIS_NODE,
    UNIQUE_VIOLATION,
    AppendGroups,
    GroupPart,
    Outcome,
    group_params,
    outcomes_of,
)
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
from events.migrations.append_0007_i25b import CLOSED_SQLSTATE as CLOSED
from events.migrations.head_0011_i36 import GROUP_SIGNATURE_0011
from events.notifier import Notifier
from events.rows import envelope_from_row
from events.seal import Seals, ViewDigests
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
_TAKES_GROUPS = (
    f"SELECT to_regprocedure('{GROUP_SIGNATURE_0011}') IS NOT NULL,"
    " to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL"
)
"""Whether the group append (migrations 0010_i41, 0011_i36) is there, and whether Citus is."""
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
        group_flights: int = 2,
        group_max: int = 64,
        on_group: Callable[[int], None] = lambda size: None,
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
        # Appends of different battles committed together (events/append_group.py); 0 flights:
        # every append its own statement. Whether the database takes groups is asked once.
        self._groups = (
            AppendGroups(
                self._send_group, flights=group_flights, max_parts=group_max, on_group=on_group
            )
            if group_flights > 0
            else None
        )
        self._groups_here: bool | None = None
        self._group_sql = GROUP_SQL.format(notify="true" if notify_in_append else "false")

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
        if self._groups is not None:
            await self._groups.close()
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
        lane = await self._lane_of(battle_id) if self._groups is not None else None
        prev_hash = self.heads.get(battle_id, expected_version) if lane is not None else None
        if prev_hash is not None:  # in a group: the head's hash is known without a read
            assert self._groups is not None
            rows = chain_rows(
                battle_id, expected_version, encoded, meta, recorded_at, prev_hash, self._chain_key
            )
            sealed, digests = self._sealed(battle_id, expected_version, rows, projection)
            part = GroupPart(rows, idempotency_key, fingerprint, response, sealed, questions)
            outcome = await self._groups.submit(lane, part)
            if outcome.positions:
                return self._written(battle_id, rows, outcome.positions, digests, response)
            if outcome.refused is None or outcome.refused == UNIQUE_VIOLATION:
                # the key was claimed before, or the battle moved on
                key = idempotency_key if outcome.refused is None else None
                async with self._connection_for(battle_id) as conn:
                    return await self._replay_or_conflict(
                        conn, battle_id, expected_version, key, fingerprint
                    )
            closed = closed_from(battle_id, outcome.detail) if outcome.refused == CLOSED else None
            if closed is not None:
                raise closed
            if outcome.refused == NOT_ON_THIS_NODE and self._nodes:
                self._nodes.forget(battle_id)  # not stored on that node (any more)
            elif outcome.error is not None:
                raise outcome.error
            # anything else refused in a group: the append again alone, to its own answer
        async with self._connection_for(battle_id) as conn:
            prev_hash = await self._prev_hash(conn, battle_id, expected_version)
            if prev_hash is None:
                return await self._replay_or_conflict(
                    conn, battle_id, expected_version, idempotency_key, fingerprint
                )
            rows = chain_rows(
                battle_id, expected_version, encoded, meta, recorded_at, prev_hash, self._chain_key
            )
            projection, digests = self._sealed(battle_id, expected_version, rows, projection)
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
        return self._written(battle_id, rows, positions, digests, response)

    def _sealed(
        self,
        battle_id: str,
        expected_version: int,
        rows: list[PendingRow],
        projection: ProjectionWrite | None,
    ) -> tuple[ProjectionWrite | None, ViewDigests | None]:
        if projection is None or self.seals is None:
            return projection, None
        return self.seals.seal(
            battle_id, expected_version + 1, rows[-1].version, rows[-1].hash, projection
        )

    def _written(
        self,
        battle_id: str,
        rows: list[PendingRow],
        positions: dict[int, int],
        digests: ViewDigests | None,
        response: str | None,
    ) -> AppendResult:
        envelopes = tuple(row.envelope(positions[row.version]) for row in rows)
        self.heads.remember(battle_id, envelopes[-1].version, envelopes[-1].hash)
        if self.seals is not None:
            self.seals.written(battle_id, digests)
        if self._notifier is not None:
            self._notifier.poke(envelopes[-1].global_position)
        return AppendResult(battle_id, envelopes, replayed=False, response=response)

    # -- groups (events/append_group.py) --------------------------------------------------

    async def _lane_of(self, battle_id: str) -> int | None:
        """The lane of the battle's group: its worker's node group when the server routes by
        battle (Citus), 0 on one PostgreSQL; None when its append goes alone (a cluster
        reached through its coordinator only, a database without the group function)."""
        if self._node_conninfos:
            if self._groups_here is None:
                self._groups_here = await self._takes_groups(cluster=True)
            return await self._node_group(battle_id) if self._groups_here else None
        if self._groups_here is None:
            self._groups_here = await self._takes_groups(cluster=False)
        return 0 if self._groups_here else None

    async def _takes_groups(self, *, cluster: bool) -> bool | None:
        """Whether groups go to this database (None: it could not say now; asked again)."""
        try:
            async with self._connection() as conn:
                cur = await conn.execute(_TAKES_GROUPS)
                found = await cur.fetchone()
        except (psycopg.Error, DatabaseUnavailable):
            return None
        assert found is not None
        has_function, has_citus = bool(found[0]), bool(found[1])
        return has_function and (cluster or not has_citus)

    async def _send_group(self, lane: Hashable, parts: list[GroupPart]) -> list[Outcome]:
        node = self._node_pools.get(lane) if self._nodes and isinstance(lane, int) else None
        borrowed = _Borrowed(*node) if node is not None else self._connection()
        async with borrowed as conn:
            if len(parts) == 1:  # alone: the plain append, no subtransaction to pay
                return [await self._send_alone(conn, parts[0])]
            params = group_params(parts, self._chain_key)
            cur = await conn.execute(self._group_sql, params, prepare=True)
            return outcomes_of(len(parts), await cur.fetchall())

    async def _send_alone(self, conn: psycopg.AsyncConnection[Any], part: GroupPart) -> Outcome:
        try:
            positions = await self._insert(
                conn,
                part.rows,
                part.key,
                part.fingerprint,
                part.response,
                part.projection,
                part.questions,
            )
        except psycopg.OperationalError:
            raise  # the database away: the caller's DatabaseUnavailable
        except psycopg.Error as exc:
            return Outcome(refused=exc.sqlstate, detail=exc.diag.message_detail, error=exc)
        return Outcome(positions)

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
        params = append_params(
            rows, idempotency_key, fingerprint, response, projection, questions, self._chain_key
        )
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
        group = await self._node_group(battle_id)
        return None if group is None else _Borrowed(*self._node_pools[group])

    async def _node_group(self, battle_id: str) -> int | None:
        """The node group of the worker holding the battle, one the server has a pool for;
        None when it cannot tell (then any node forwards)."""
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
        return group if group in self._node_pools else None

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
