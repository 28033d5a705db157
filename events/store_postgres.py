"""The event store on PostgreSQL (SQLAlchemy 2 Core over psycopg 3), on one node or on Citus.

There is one append, the server's async writer (events/store_async.py); this store's `append`
runs that writer on an event loop thread of its own, so tools and the store's contract tests
(in memory, PostgreSQL, Citus) exercise the code production runs. An append is a single SQL
statement run in autocommit, so it is one round trip and one implicit transaction: a call of
`turnledger_append` (migration 0003, events/append_statement.py) that inserts the events,
whose primary key `(battle_id, version)` is the optimistic concurrency check, claims the
idempotency key first (a duplicate key claims nothing, so nothing is inserted and the first
result is replayed) and writes the read model and any snapshot. The previous event's hash,
needed to extend the chain, is read once per battle head and cached: the hash at a given
version never changes, so a cached entry can only be absent, never wrong, and a miss costs one
extra SELECT.

On a Citus cluster (the `citus` migration branch distributes every table by `battle_id`,
co-located) the same statement goes to the coordinator, which delegates the whole call to the
one worker holding the battle's shards: one statement, one node, one local transaction there.
Readers of one battle follow its stream by version; readers of every battle follow the
cross-battle feed (events/feed.py), whose module docstring says why no reader skips a late
commit on any node. Subscribers are woken by the coalesced notifier (events/notifier.py): its
NOTIFY goes to the one node where every server listens (the coordinator; servers connected to
the workers name it apart, server/wiring.py's `notify_url`). A NOTIFY inside the append
(`notify="per_commit"`) would fire on the worker that ran it, out of the listeners' reach, so a
distributed store refuses that mode. The store may be connected to the coordinator or to any
worker: a worker delegates the call to the battle's node just as the coordinator does.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from datetime import datetime
from typing import Any, Literal, TypeVar

import orjson
from sqlalchemy import Connection, Engine, text

from events import cluster
from events.append_statement import QuestionRows
from events.battle_head import RecordedHead
from events.chain import (
    HEADS_BUDGET,
    ChainHeads,
    verify_chain,
)
from events.chain_key import ChainKey
from events.connections import timeouts_of
from events.envelope import ActionMeta, Envelope
from events.feed import FeedReader
from events.notifier import Notifier
from events.rows import COLUMNS as _COLUMNS
from events.rows import envelope_from_row
from events.seal import SealedHead, Seals
from events.store import (
    AllPage,
    AppendResult,
    Cursor,
    IdempotencyKeyReused,
    InvalidAppend,
    ProjectionWrite,
    Snapshot,
    StoredView,
    VerifyResult,
    as_cursor,
)
from events.store_async import AsyncPostgresLog
from events.vocabulary import Event, EventRegistry
from events.vocabulary import registry as default_registry

NotifyMode = Literal["coalesced", "per_commit", "off"]

_HEAD = text("SELECT coalesce(max(version), 0) FROM event_log WHERE battle_id = :b")
_READ_KEY = text(
    "SELECT request_hash, first_version, last_version, response FROM idempotency_keys"
    " WHERE battle_id = :b AND key = :k"
)
_READ_STREAM = text(
    f"SELECT {_COLUMNS} FROM event_log WHERE battle_id = :b AND version > :after"
    " AND version <= :up_to ORDER BY version"
)
# The battle's row and its creatures' rows (migration 0005_i25), as one public view.
# With the log's hash at the view's version: what the view's seal must name (events/seal.py).
_READ_VIEW = text(
    "SELECT w.version, w.reducer_version, w.view || jsonb_build_object('creatures',"
    " coalesce((SELECT jsonb_object_agg(c.creature_id, c.view) FROM creature_views AS c"
    " WHERE c.battle_id = :b), '{}'::jsonb)) AS view, w.map,"
    " (SELECT e.hash FROM event_log AS e WHERE e.battle_id = :b AND e.version = w.version)"
    " AS log_hash FROM battle_views AS w WHERE w.battle_id = :b"
)
# A snapshot naming its map (`map_ref`, migration 0005_i25) is read back with that map's grid,
# and with the log's hash at its version; the latest few, in case the newest does not check.
_LATEST_SNAPSHOTS = text(
    "SELECT s.version, s.state, m.grid, e.hash AS log_hash FROM snapshots AS s"
    " LEFT JOIN battle_maps AS m"
    " ON m.battle_id = s.battle_id AND m.map_ref = s.state->>'map_ref'"
    " LEFT JOIN event_log AS e ON e.battle_id = s.battle_id AND e.version = s.version"
    " WHERE s.battle_id = :b AND s.reducer_version = :r"
    " AND s.version <= :v ORDER BY s.version DESC LIMIT 4"
)
_RECORDED_HEAD = text("SELECT version, hash, mac FROM battle_heads WHERE battle_id = :b")
_HASHES = text("SELECT version, hash FROM event_log WHERE battle_id = :b AND version = ANY(:vs)")
_DELETE_SNAPSHOTS = text("DELETE FROM snapshots WHERE battle_id = :b")
_INSERT_SNAPSHOT = text(
    "INSERT INTO snapshots (battle_id, version, reducer_version, state, created_at)"
    " VALUES (:b, :v, :r, CAST(:s AS jsonb), :at)"
)
_REPLACE_VIEW = text(
    "INSERT INTO battle_views (battle_id, version, reducer_version, view, map, updated_at)"
    " VALUES (:b, :v, :r, CAST(:view AS jsonb), CAST(:map AS jsonb), :at)"
    " ON CONFLICT (battle_id) DO UPDATE SET version = EXCLUDED.version,"
    " reducer_version = EXCLUDED.reducer_version, view = EXCLUDED.view, map = EXCLUDED.map,"
    " updated_at = EXCLUDED.updated_at"
)
_LOCK_VIEW = text("SELECT version FROM battle_views WHERE battle_id = :b FOR UPDATE")
_DELETE_CREATURE_VIEWS = text("DELETE FROM creature_views WHERE battle_id = :b")
_INSERT_CREATURE_VIEWS = text(
    "INSERT INTO creature_views (battle_id, creature_id, version, view)"
    " SELECT :b, e.key, :v, e.value FROM jsonb_each(CAST(:creatures AS jsonb)) AS e"
)
_FIND_ACTION = text(
    f"SELECT {_COLUMNS} FROM event_log WHERE battle_id = :b AND intent_id = :i ORDER BY version"
)
_VERSION_AT = text("SELECT max(version) FROM event_log WHERE battle_id = :b AND recorded_at <= :at")
_ACTIONS_BACKWARDS = text(
    f"SELECT {_COLUMNS} FROM event_log WHERE battle_id = :b AND version < :before"
    " AND type IN ('IntentAccepted', 'ActionUndone', 'ActionRedone')"
    " ORDER BY version DESC LIMIT :n"
)
_BATTLES = text("SELECT DISTINCT battle_id FROM event_log ORDER BY battle_id")

_MAX_VERSION = 2**31 - 1


class PostgresEventStore:
    """The log in PostgreSQL; see the module docstring for the concurrency design."""

    def __init__(
        self,
        engine: Engine,
        clock: Callable[[], datetime],
        *,
        registry: EventRegistry = default_registry,
        notify: NotifyMode = "coalesced",
        notifier: Notifier | None = None,
        hash_cache_bytes: int = HEADS_BUDGET,
        writer_pool_size: int = 10,
        chain_key: ChainKey | None = None,
    ) -> None:
        self.engine = engine
        self.chain_key = chain_key
        self._clock = clock
        self._registry = registry
        self._notify = notify
        self._notifier = notifier
        if notify == "coalesced" and notifier is None:
            self._notifier = Notifier(engine)
        self.heads = ChainHeads(hash_cache_bytes)
        self.seals = None if chain_key is None else Seals(chain_key)
        """Seals derived rows and checks them (events/seal.py); without a chain key no
        derived row can be checked, so none is used."""
        self._writer = _LoopWriter(
            AsyncPostgresLog(
                engine.url.set(drivername="postgresql").render_as_string(hide_password=False),
                clock,
                registry=registry,
                notifier=self._notifier if notify == "coalesced" else None,
                heads=self.heads,
                pool_size=writer_pool_size,
                timeouts=timeouts_of(engine),
                chain_key=chain_key,
                seals=self.seals,
                notify_in_append=notify == "per_commit",
            )
        )
        self._distributed: bool | None = None
        self._feed_reader: FeedReader | None = None

    @property
    def notifier(self) -> Notifier | None:
        """The coalescing notifier that appends poke (shared with the async append path)."""
        return self._notifier

    # -- writing ------------------------------------------------------------------------

    def append(
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

        There is one append, the server's (`events/store_async.py`'s `AsyncPostgresLog`):
        this one runs it on the store's own event loop thread, for the tools and tests that
        call the store from plain code, so what they check is what production runs.
        """
        if self._notify == "per_commit":
            _ = self.distributed  # refuses the mode on a cluster before anything is written
        return self._writer.run(
            self._writer.log.append(
                battle_id,
                expected_version,
                events,
                meta,
                idempotency_key=idempotency_key,
                request_hash=request_hash,
                response=response,
                projection=projection,
                questions=questions,
            )
        )

    # -- reading ------------------------------------------------------------------------

    def _key_exists(self, conn: Connection, battle_id: str, key: str) -> bool:
        return conn.execute(_READ_KEY, {"b": battle_id, "k": key}).first() is not None

    def _head(self, conn: Connection, battle_id: str) -> int:
        return int(conn.execute(_HEAD, {"b": battle_id}).scalar_one())

    def _replay(
        self, conn: Connection, battle_id: str, key: str, fingerprint: bytes
    ) -> AppendResult:
        found = conn.execute(_READ_KEY, {"b": battle_id, "k": key}).one()
        if bytes(found.request_hash) != fingerprint:
            raise IdempotencyKeyReused(
                f"idempotency key {key!r} was first used for a different request"
            )
        rows = conn.execute(
            _READ_STREAM,
            {"b": battle_id, "after": found.first_version - 1, "up_to": found.last_version},
        )
        envelopes = tuple(envelope_from_row(row) for row in rows)
        return AppendResult(battle_id, envelopes, replayed=True, response=found.response)

    def read_stream(
        self, battle_id: str, after: int = 0, up_to: int | None = None
    ) -> list[Envelope]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                _READ_STREAM,
                {"b": battle_id, "after": after, "up_to": _MAX_VERSION if up_to is None else up_to},
            )
            return [envelope_from_row(row) for row in rows]

    def read_all(self, cursor: Cursor | int = 0, limit: int = 500) -> AllPage:
        """The cross-battle feed after the cursor, never past a hole that may still fill."""
        if limit < 1:
            raise InvalidAppend("limit must be at least 1")
        return self._feed().read(as_cursor(cursor), limit)

    def _feed(self) -> FeedReader:
        if self._feed_reader is None:
            self._feed_reader = FeedReader(self.engine, self.distributed)
        return self._feed_reader

    @property
    def distributed(self) -> bool:
        """Whether the log is distributed on a Citus cluster (asked once, then remembered)."""
        if self._distributed is None:
            with self.engine.connect() as conn:
                self._distributed = cluster.log_is_distributed(conn)
            if self._distributed and self._notify == "per_commit":
                raise ValueError(
                    "notify='per_commit' cannot reach listeners on a Citus cluster: a NOTIFY"
                    " inside the append fires on the worker; use 'coalesced'"
                )
        return self._distributed

    def tail(self, max_wait: float = 5.0) -> Cursor:
        """A cursor at the end of the cross-battle feed now, with no hole below it that may
        still fill: a reader starting from it (a live subscriber) misses nothing committed
        later (events/feed.py says why)."""
        return self._feed().tail(max_wait, time.monotonic, lambda: time.sleep(0.002))

    def head_version(self, battle_id: str) -> int:
        with self.engine.connect() as conn:
            return self._head(conn, battle_id)

    def battle_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [row[0] for row in conn.execute(_BATTLES)]

    def verify(self, battle_id: str, start: tuple[int, bytes, bool] | None = None) -> VerifyResult:
        """The chain checked from the start, or after `start` (a version, its hash already
        verified, and whether a keyed hash came by then)."""
        if start is None:
            return verify_chain(battle_id, self.read_stream(battle_id), self.chain_key)
        stream = self.read_stream(battle_id, after=start[0])
        return verify_chain(battle_id, stream, self.chain_key, start=start)

    def read_view(self, battle_id: str) -> StoredView | None:
        """The stored view if its seal holds at a version the log has (events/seal.py);
        None otherwise (then reads render the state from the log)."""
        with self.engine.connect() as conn:
            row = conn.execute(_READ_VIEW, {"b": battle_id}).first()
        if row is None or self.seals is None:
            return None
        log_hash = None if row.log_hash is None else bytes(row.log_hash)
        return self.seals.check_view(
            battle_id, row.version, row.reducer_version, row.view, row.map, log_hash
        )

    def sealed_head(self, battle_id: str) -> SealedHead | None:
        """The head the battle's stored view was sealed at, if its seal holds, whatever the
        log says now (verification compares the two)."""
        with self.engine.connect() as conn:
            row = conn.execute(_READ_VIEW, {"b": battle_id}).first()
        if row is None or self.seals is None:
            return None
        return self.seals.head_of(battle_id, row.reducer_version, row.view, row.map)

    def latest_snapshot(
        self, battle_id: str, reducer_version: int, at_most: int | None = None
    ) -> Snapshot | None:
        """The latest snapshot at or before `at_most` whose seal holds (events/seal.py)."""
        if self.seals is None:
            return None
        with self.engine.connect() as conn:
            rows = conn.execute(
                _LATEST_SNAPSHOTS,
                {
                    "b": battle_id,
                    "r": reducer_version,
                    "v": _MAX_VERSION if at_most is None else at_most,
                },
            ).all()
        for row in rows:
            log_hash = None if row.log_hash is None else bytes(row.log_hash)
            found = self.seals.check_snapshot(
                battle_id, row.version, reducer_version, row.state, row.grid, log_hash
            )
            if found is not None:
                return found
        return None

    def recorded_head(self, battle_id: str) -> RecordedHead | None:
        """The head the append recorded beside the battle's row (events/battle_head.py), with
        whether its MAC holds; None when none was recorded (a battle not appended to since
        migration 0011_i36, or a store without a chain key)."""
        if self.chain_key is None:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(_RECORDED_HEAD, {"b": battle_id}).first()
        if row is None:
            return None
        return RecordedHead.read(
            self.chain_key, battle_id, row.version, bytes(row.hash), bytes(row.mac)
        )

    def hashes_at(self, battle_id: str, versions: Sequence[int]) -> dict[int, bytes]:
        """The log's chain hash at each of `versions` it has."""
        if not versions:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(_HASHES, {"b": battle_id, "vs": list(versions)})
            return {row.version: bytes(row.hash) for row in rows}

    def replace_projections(
        self,
        battle_id: str,
        version: int,
        projection: ProjectionWrite,
        snapshots: Sequence[Snapshot],
    ) -> None:
        self._replace(battle_id, version, projection, snapshots)

    def restore_view(self, battle_id: str, version: int, projection: ProjectionWrite) -> None:
        """Write the battle's whole view at `version` (rebuilt from the log), sealed, unless a
        later one is stored by then; its snapshots are left as they are."""
        self._replace(battle_id, version, projection, None)

    def _replace(
        self,
        battle_id: str,
        version: int,
        projection: ProjectionWrite,
        snapshots: Sequence[Snapshot] | None,
    ) -> None:
        now = self._clock()
        if self.seals is None:
            raise InvalidAppend("derived rows are sealed with the chain key: this store has none")
        kept_snapshots = snapshots or ()
        hashes = self.hashes_at(battle_id, [version, *(s.version for s in kept_snapshots)])
        if version not in hashes:
            raise InvalidAppend(f"battle {battle_id!r} has no version {version} to rebuild at")
        # sealed at the log's hashes, as an append would have sealed them (events/seal.py)
        projection, digests = self.seals.seal(
            battle_id, version, version, hashes[version], projection
        )
        sealed = [self.seals.sealed_snapshot(s, hashes[s.version]) for s in kept_snapshots]
        with self.engine.begin() as conn:
            if snapshots is None:
                # an append's view written meanwhile (it locks the row too) is newer: kept
                stored = conn.execute(_LOCK_VIEW, {"b": battle_id}).first()
                if stored is not None and stored.version > version:
                    return
            else:
                conn.execute(_DELETE_SNAPSHOTS, {"b": battle_id})
            for snap in sealed:
                conn.execute(
                    _INSERT_SNAPSHOT,
                    {
                        "b": battle_id,
                        "v": snap.version,
                        "r": snap.reducer_version,
                        "s": orjson.dumps(snap.state).decode(),
                        "at": now,
                    },
                )
            battle, changes, _ = projection.split()
            kept = {cid: shown for cid, shown in changes.items() if shown is not None}
            conn.execute(
                _REPLACE_VIEW,
                {
                    "b": battle_id,
                    "v": version,
                    "r": projection.reducer_version,
                    "view": orjson.dumps(battle).decode(),
                    "map": orjson.dumps(projection.map_view or {}).decode(),
                    "at": now,
                },
            )
            conn.execute(_DELETE_CREATURE_VIEWS, {"b": battle_id})
            conn.execute(
                _INSERT_CREATURE_VIEWS,
                {"b": battle_id, "v": version, "creatures": orjson.dumps(kept).decode()},
            )
        self.seals.written(battle_id, digests)

    def find_action(self, battle_id: str, intent_id: str) -> list[Envelope]:
        with self.engine.connect() as conn:
            rows = conn.execute(_FIND_ACTION, {"b": battle_id, "i": intent_id})
            return [envelope_from_row(row) for row in rows]

    def find_idempotent(self, battle_id: str, key: str, request_hash: bytes) -> AppendResult | None:
        with self.engine.connect() as conn:
            if not self._key_exists(conn, battle_id, key):
                return None
            return self._replay(conn, battle_id, key, request_hash)

    def read_actions_backwards(
        self, battle_id: str, before: int | None = None, limit: int = 200
    ) -> list[Envelope]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                _ACTIONS_BACKWARDS,
                {"b": battle_id, "before": _MAX_VERSION if before is None else before, "n": limit},
            )
            return [envelope_from_row(row) for row in rows]

    def version_at(self, battle_id: str, instant: datetime) -> int:
        with self.engine.connect() as conn:
            found = conn.execute(_VERSION_AT, {"b": battle_id, "at": instant}).scalar()
        return int(found or 0)

    def close(self) -> None:
        self._writer.close()
        if self._notifier is not None:
            self._notifier.close()


T = TypeVar("T")


class _LoopWriter:
    """The async append (`AsyncPostgresLog`) for plain callers: its pool lives on an event
    loop of its own, in a thread started on the first append (a server, which appends on its
    own loop, never starts it)."""

    def __init__(self, log: AsyncPostgresLog) -> None:
        self.log = log
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._started()).result()

    def _started(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                self._thread = threading.Thread(
                    target=loop.run_forever, name="turnledger-store-writer", daemon=True
                )
                self._thread.start()
                asyncio.run_coroutine_threadsafe(self.log.open(), loop).result()
                self._loop = loop
            return self._loop

    def close(self) -> None:
        with self._lock:
            loop, self._loop = self._loop, None
        if loop is None:
            return
        asyncio.run_coroutine_threadsafe(self.log.close(), loop).result()
        loop.call_soon_threadsafe(loop.stop)
        assert self._thread is not None
        self._thread.join()
        loop.close()
