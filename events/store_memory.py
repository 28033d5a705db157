"""An in-memory event store for fast unit tests; it passes the same contract tests as PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from events.chain import (
    chain_rows,
    check_append,
    encode_events,
    request_fingerprint,
    stamp,
    verify_chain,
)
from events.chain_key import ChainKey
from events.envelope import GENESIS_HASH, ActionMeta, Envelope
from events.seal import Seals
from events.store import (
    AllPage,
    AppendResult,
    Cursor,
    IdempotencyKeyReused,
    InvalidAppend,
    OriginCursor,
    ProjectionWrite,
    Snapshot,
    StoredView,
    VerifyResult,
    VersionConflict,
    as_cursor,
)
from events.vocabulary import Event, EventRegistry
from events.vocabulary import registry as default_registry


class InMemoryEventStore:
    def __init__(
        self,
        clock: Callable[[], datetime],
        *,
        registry: EventRegistry = default_registry,
        chain_key: ChainKey | None = None,
    ) -> None:
        self._clock = clock
        self.chain_key = chain_key
        self.seals = None if chain_key is None else Seals(chain_key)
        self._registry = registry
        self._streams: dict[str, list[Envelope]] = {}
        self._all: list[Envelope] = []
        self._keys: dict[tuple[str, str], tuple[bytes, int, int, str | None]] = {}
        self._views: dict[str, StoredView] = {}
        self._snapshots: dict[str, list[Snapshot]] = {}
        self._maps: dict[tuple[str, str], dict[str, Any]] = {}
        self._lock = threading.Lock()

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
    ) -> AppendResult:
        check_append(battle_id, expected_version, events, idempotency_key)
        recorded_at = stamp(self._clock)
        encoded = encode_events(events, self._registry)
        fingerprint = request_hash or request_fingerprint(expected_version, encoded)
        with self._lock:
            if idempotency_key is not None and (battle_id, idempotency_key) in self._keys:
                first_hash, first, last, first_response = self._keys[(battle_id, idempotency_key)]
                if first_hash != fingerprint:
                    raise IdempotencyKeyReused(
                        f"idempotency key {idempotency_key!r} was first used for a different"
                        " request"
                    )
                stream = self._streams[battle_id]
                return AppendResult(
                    battle_id, tuple(stream[first - 1 : last]), True, first_response
                )
            stream = self._streams.get(battle_id, [])
            if len(stream) != expected_version:
                raise VersionConflict(battle_id, expected_version, len(stream))
            prev = stream[-1].hash if stream else GENESIS_HASH
            rows = chain_rows(
                battle_id, expected_version, encoded, meta, recorded_at, prev, self.chain_key
            )
            envelopes = tuple(
                row.envelope(len(self._all) + i) for i, row in enumerate(rows, start=1)
            )
            self._streams[battle_id] = [*stream, *envelopes]
            self._all.extend(envelopes)
            if projection is not None and self.seals is not None:
                head = envelopes[-1]
                projection, digests = self.seals.seal(
                    battle_id, expected_version + 1, head.version, head.hash, projection
                )
                self._project(battle_id, expected_version, head.version, projection)
                self.seals.written(battle_id, digests)
            if idempotency_key is not None:
                self._keys[(battle_id, idempotency_key)] = (
                    fingerprint,
                    expected_version + 1,
                    expected_version + len(events),
                    response,
                )
        return AppendResult(battle_id, envelopes, False, response)

    def read_stream(
        self, battle_id: str, after: int = 0, up_to: int | None = None
    ) -> list[Envelope]:
        with self._lock:
            stream = self._streams.get(battle_id, [])
            last = len(stream) if up_to is None else up_to
            return [e for e in stream if after < e.version <= last]

    def read_all(self, cursor: Cursor | int = 0, limit: int = 500) -> AllPage:
        # One process numbers every event: a single origin (0) without holes.
        at = as_cursor(cursor).of(0)
        if limit < 1:
            raise InvalidAppend("limit must be at least 1")
        with self._lock:
            page = tuple(self._all[at.position : at.position + limit])
        position = page[-1].global_position if page else at.position
        return AllPage(page, as_cursor(cursor).moved(OriginCursor(0, position)))

    def head_version(self, battle_id: str) -> int:
        with self._lock:
            return len(self._streams.get(battle_id, []))

    def battle_ids(self) -> list[str]:
        with self._lock:
            return sorted(self._streams)

    def verify(self, battle_id: str, start: tuple[int, bytes, bool] | None = None) -> VerifyResult:
        if start is None:
            return verify_chain(battle_id, self.read_stream(battle_id), self.chain_key)
        stream = self.read_stream(battle_id, after=start[0])
        return verify_chain(battle_id, stream, self.chain_key, start=start)

    def _project(
        self, battle_id: str, before: int, version: int, projection: ProjectionWrite
    ) -> None:
        old = self._views.get(battle_id)
        battle, changes, complete = projection.split()
        kept: dict[str, Any] | None = None
        if complete:
            if old is None or old.version < version:
                kept = {}
        elif (
            old is not None
            and old.version == before
            and old.reducer_version == projection.reducer_version
        ):
            kept = dict(old.view["creatures"])
        else:  # not at the version the changes start from: reads render from the log
            self._views.pop(battle_id, None)
        if kept is not None:
            for cid, shown in changes.items():
                if shown is None:
                    kept.pop(cid, None)
                else:
                    kept[cid] = shown
            map_view = projection.map_view
            if map_view is None:
                map_view = old.map_view if old is not None else {}
            view = {**battle, "creatures": kept}
            self._views[battle_id] = StoredView(
                battle_id, version, projection.reducer_version, view, map_view
            )
        snapshot = projection.snapshot
        if snapshot is not None and "map_ref" in snapshot:
            ref = (battle_id, snapshot["map_ref"])
            if "map" in snapshot:
                self._maps.setdefault(ref, snapshot["map"])
                snapshot = {k: v for k, v in snapshot.items() if k != "map"}
            elif ref not in self._maps:
                snapshot = None  # never a snapshot naming a map that is not stored
        if snapshot is not None:
            snaps = self._snapshots.setdefault(battle_id, [])
            if not any(
                s.version == version and s.reducer_version == projection.reducer_version
                for s in snaps
            ):
                snaps.append(Snapshot(battle_id, version, projection.reducer_version, snapshot))

    def _hash_at(self, battle_id: str, version: int) -> bytes | None:
        stream = self._streams.get(battle_id, [])
        return stream[version - 1].hash if 0 < version <= len(stream) else None

    def read_view(self, battle_id: str) -> StoredView | None:
        with self._lock:
            stored = self._views.get(battle_id)
            log_hash = None if stored is None else self._hash_at(battle_id, stored.version)
        if stored is None or self.seals is None:
            return None
        return self.seals.check_view(
            battle_id, stored.version, stored.reducer_version, stored.view, stored.map_view,
            log_hash,
        )  # fmt: skip

    def latest_snapshot(
        self, battle_id: str, reducer_version: int, at_most: int | None = None
    ) -> Snapshot | None:
        limit = at_most if at_most is not None else 2**31
        with self._lock:
            candidates = sorted(
                (
                    (s, self._maps.get((battle_id, s.state.get("map_ref", ""))))
                    for s in self._snapshots.get(battle_id, [])
                    if s.reducer_version == reducer_version and s.version <= limit
                ),
                key=lambda found: -found[0].version,
            )
            hashes = {s.version: self._hash_at(battle_id, s.version) for s, _ in candidates}
        if self.seals is None:
            return None
        for snap, grid in candidates:
            checked = self.seals.check_snapshot(
                battle_id, snap.version, reducer_version, snap.state, grid, hashes[snap.version]
            )
            if checked is not None:
                return checked
        return None

    def replace_projections(
        self,
        battle_id: str,
        version: int,
        projection: ProjectionWrite,
        snapshots: Sequence[Snapshot],
    ) -> None:
        if self.seals is None:
            raise InvalidAppend("derived rows are sealed with the chain key: this store has none")
        with self._lock:
            head = self._hash_at(battle_id, version)
            hashes = {s.version: self._hash_at(battle_id, s.version) for s in snapshots}
        if head is None or None in hashes.values():
            raise InvalidAppend(f"battle {battle_id!r} has no version {version} to rebuild at")
        projection, digests = self.seals.seal(battle_id, version, version, head, projection)
        sealed = [self.seals.sealed_snapshot(s, hashes[s.version] or b"") for s in snapshots]
        self.seals.written(battle_id, digests)
        battle, changes, _ = projection.split()
        kept = {cid: shown for cid, shown in changes.items() if shown is not None}
        with self._lock:
            self._snapshots[battle_id] = sealed
            self._views[battle_id] = StoredView(
                battle_id,
                version,
                projection.reducer_version,
                {**battle, "creatures": kept},
                projection.map_view or {},
            )

    def restore_view(self, battle_id: str, version: int, projection: ProjectionWrite) -> None:
        with self._lock:
            held = self._views.get(battle_id)
            kept = list(self._snapshots.get(battle_id, []))
        if held is not None and held.version > version:
            return
        self.replace_projections(battle_id, version, projection, [])
        with self._lock:
            self._snapshots[battle_id] = kept

    def find_action(self, battle_id: str, intent_id: str) -> list[Envelope]:
        with self._lock:
            return [e for e in self._streams.get(battle_id, []) if e.intent_id == intent_id]

    def find_idempotent(self, battle_id: str, key: str, request_hash: bytes) -> AppendResult | None:
        with self._lock:
            found = self._keys.get((battle_id, key))
            if found is None:
                return None
            first_hash, first, last, response = found
            if first_hash != request_hash:
                raise IdempotencyKeyReused(
                    f"idempotency key {key!r} was first used for a different request"
                )
            stream = self._streams[battle_id]
            return AppendResult(battle_id, tuple(stream[first - 1 : last]), True, response)

    def read_actions_backwards(
        self, battle_id: str, before: int | None = None, limit: int = 200
    ) -> list[Envelope]:
        kinds = ("IntentAccepted", "ActionUndone", "ActionRedone")
        with self._lock:
            found = [
                e
                for e in reversed(self._streams.get(battle_id, []))
                if e.type in kinds and (before is None or e.version < before)
            ]
        return found[:limit]

    def version_at(self, battle_id: str, instant: datetime) -> int:
        with self._lock:
            versions = [
                e.version for e in self._streams.get(battle_id, []) if e.recorded_at <= instant
            ]
        return max(versions, default=0)
