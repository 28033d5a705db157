"""The event store port: one contract, kept by the PostgreSQL store and the in-memory one.

Every implementation runs through the same contract tests (`tests/integration/store/`
`test_store_contract.py`): in memory, on one PostgreSQL and on a Citus cluster.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from events.envelope import ActionMeta, Envelope
from events.vocabulary import Event, JsonObject

MAX_EVENT_BYTES = 64 * 1024
"""The largest encoded payload one event may have (see DESIGN.md section 3)."""


class StoreError(Exception):
    """Base of the store's typed errors."""


class VersionConflict(StoreError):
    """The append was decided on a version that is no longer the battle's head."""

    def __init__(self, battle_id: str, expected: int, actual: int) -> None:
        super().__init__(
            f"battle {battle_id!r} is at version {actual}, not the expected {expected}"
        )
        self.battle_id = battle_id
        self.expected = expected
        self.actual = actual


class IdempotencyKeyReused(StoreError):
    """The idempotency key was first used for a different request."""


class InvalidAppend(StoreError, ValueError):
    """The append itself is malformed: no events, a negative version, a foreign event."""


class EventTooLarge(InvalidAppend):
    """An event's encoded payload exceeds MAX_EVENT_BYTES."""


@dataclass(frozen=True)
class ProjectionWrite:
    """Read-model rows written by the append's own statement, so they never disagree with it.

    Without `creatures`, `view` is the whole public state at the new head. With it, the write
    is what one action changed: `view` is the battle's part (the state without its creatures
    and map), `creatures` the views of the creatures added or changed and `removed` the ids of
    those gone; unless `complete` (then `creatures` is every creature), it applies only to a
    stored view at the version just before the append's first event (a store that holds
    another drops its view, which reads then render from the log). `map_view` is given only
    when the map changed (or on the first write), because it is the bulky part; `snapshot`
    is the full state at the new head, when one is due.
    """

    reducer_version: int
    view: JsonObject
    map_view: JsonObject | None = None
    snapshot: JsonObject | None = None
    creatures: Mapping[str, JsonObject] | None = None
    removed: tuple[str, ...] = ()
    complete: bool = False

    def split(self) -> tuple[JsonObject, dict[str, JsonObject | None], bool]:
        """(the battle's part, {creature: view, or None when removed}, complete)."""
        if self.creatures is None:
            battle = {k: v for k, v in self.view.items() if k not in ("creatures", "map")}
            return battle, dict(self.view.get("creatures") or {}), True
        changes: dict[str, JsonObject | None] = dict.fromkeys(self.removed)
        changes.update(self.creatures)
        return self.view, changes, self.complete


@dataclass(frozen=True)
class StoredView:
    battle_id: str
    version: int
    reducer_version: int
    view: JsonObject
    map_view: JsonObject


@dataclass(frozen=True)
class Snapshot:
    battle_id: str
    version: int
    reducer_version: int
    state: JsonObject


def with_map(state: JsonObject, grid: JsonObject | None) -> JsonObject | None:
    """A stored snapshot as the state it was: one naming its map (`map_ref`) gets that map's
    grid back; None when the map it names is not stored (then it cannot serve)."""
    if "map_ref" not in state:
        return state
    if grid is None:
        return None
    whole = {k: v for k, v in state.items() if k != "map_ref"}
    whole["grid"] = grid
    return whole


@dataclass(frozen=True)
class AppendResult:
    """What an append wrote, or, for a repeated idempotency key, what the first one wrote."""

    battle_id: str
    envelopes: tuple[Envelope, ...]
    replayed: bool = False
    response: str | None = None

    @property
    def version(self) -> int:
        return self.envelopes[-1].version


ORIGIN_BITS = 48
"""A global position carries its *origin* above these bits: the node whose sequence numbered it.

On one PostgreSQL every position has origin 0. On a Citus cluster each node numbers the events
it commits from its own range of the log's sequence (Citus starts node group g's range at
g << 48), so a position is unique cluster-wide and, within one origin, follows that node's
append order; across origins there is no order to keep (see events/store_postgres.py).
"""


def origin_of(position: int) -> int:
    return position >> ORIGIN_BITS


@dataclass(frozen=True)
class Gap:
    """A hole in one origin's order seen by a reader, and the transaction fence that settles it.

    `position` was taken by a transaction that had not committed when the hole was seen (or
    that rolled back). `fence` is a transaction id of the origin's node assigned after the hole
    was seen; once every transaction id below it has finished there, the hole is final.
    """

    position: int
    fence: int


@dataclass(frozen=True)
class OriginCursor:
    """A reader's place in one origin: after `position`, perhaps waiting on a gap."""

    origin: int
    position: int
    gap: Gap | None = None


@dataclass(frozen=True)
class Cursor:
    """Where a reader of the cross-battle feed stands, one `OriginCursor` per origin it knows.

    Within an origin the reader moves in position order and never past a hole that may still
    fill; origins advance independently of each other.
    """

    origins: tuple[OriginCursor, ...] = ()

    @classmethod
    def after(cls, position: int) -> Cursor:
        """A reader that has seen everything of `position`'s origin up to `position`."""
        return cls((OriginCursor(origin_of(position), position),))

    def of(self, origin: int) -> OriginCursor:
        for kept in self.origins:
            if kept.origin == origin:
                return kept
        return OriginCursor(origin, origin << ORIGIN_BITS)

    def moved(self, *updated: OriginCursor) -> Cursor:
        kept = {c.origin: c for c in self.origins}
        kept.update({c.origin: c for c in updated})
        return Cursor(tuple(kept[o] for o in sorted(kept)))

    @property
    def gaps(self) -> tuple[Gap, ...]:
        return tuple(c.gap for c in self.origins if c.gap is not None)


def as_cursor(cursor: Cursor | int) -> Cursor:
    return Cursor.after(cursor) if isinstance(cursor, int) else cursor


@dataclass(frozen=True)
class AllPage:
    events: tuple[Envelope, ...]
    cursor: Cursor


@dataclass(frozen=True)
class VerifyResult:
    battle_id: str
    ok: bool
    checked: int
    first_broken_version: int | None = None
    reason: str | None = None
    head_hash: bytes | None = None
    """The hash at version `checked` when the chain holds (a head to resume from later)."""
    keyed: bool = False
    """Whether a keyed hash came by version `checked` (what a resumed walk must know)."""


class EventStore(Protocol):
    def append(
        self,
        battle_id: str,
        expected_version: int,
        events: Sequence[Event],
        meta: ActionMeta = ...,
        *,
        idempotency_key: str | None = None,
        request_hash: bytes | None = None,
        response: str | None = None,
        projection: ProjectionWrite | None = None,
    ) -> AppendResult: ...

    def read_stream(
        self, battle_id: str, after: int = 0, up_to: int | None = None
    ) -> list[Envelope]: ...

    def read_all(self, cursor: Cursor | int = 0, limit: int = 500) -> AllPage:
        """The cross-battle feed: events after the cursor, every event once, each origin in
        position order (so each battle in version order), never past a hole that may still
        fill. `limit` bounds what one origin contributes to a page."""
        ...

    def head_version(self, battle_id: str) -> int: ...

    def battle_ids(self) -> list[str]: ...

    def verify(self, battle_id: str, start: tuple[int, bytes, bool] | None = None) -> VerifyResult:
        """The chain checked from the start, or resumed after `start`: a version, the hash it
        had when last verified, and whether a keyed hash came by then."""
        ...

    def read_view(self, battle_id: str) -> StoredView | None: ...

    def latest_snapshot(
        self, battle_id: str, reducer_version: int, at_most: int | None = None
    ) -> Snapshot | None: ...

    def replace_projections(
        self,
        battle_id: str,
        version: int,
        projection: ProjectionWrite,
        snapshots: Sequence[Snapshot],
    ) -> None:
        """Rebuild: set the view and replace every snapshot of the battle (any reducer)."""
        ...

    def restore_view(self, battle_id: str, version: int, projection: ProjectionWrite) -> None:
        """Write the battle's whole view at `version`, rebuilt from the log (after a stored
        one did not check), unless a later view is stored by then."""
        ...

    def find_action(self, battle_id: str, intent_id: str) -> list[Envelope]:
        """The events of one action (all events sharing `intent_id`), in order."""
        ...

    def find_idempotent(self, battle_id: str, key: str, request_hash: bytes) -> AppendResult | None:
        """The first result recorded under `key`, or None; a different request is refused."""
        ...

    def read_actions_backwards(
        self, battle_id: str, before: int | None = None, limit: int = 200
    ) -> list[Envelope]:
        """Action boundaries (IntentAccepted, ActionUndone, ActionRedone), newest first."""
        ...

    def version_at(self, battle_id: str, instant: datetime) -> int:
        """The last version recorded at or before `instant` (0 if none)."""
        ...
