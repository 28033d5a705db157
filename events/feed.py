"""The cross-battle feed: every event once, read by position, never past a hole that may fill.

Projectors, the live stream's fan-out and anything else that follows every battle at once read
this feed; a reader of one battle follows its stream by version instead, which is gapless by
construction (an append names the version it follows, so version v+1 is only written once v
has committed). Positions are numbered per *origin* (events/store.py, `ORIGIN_BITS`): one origin
on a single PostgreSQL, one per node group on a Citus cluster.

Why a reader never skips a late commit, on one node or many
-----------------------------------------------------------
A transaction can take position p, stall, and commit after another transaction took and
committed p+1. A reader that saw p+1 and moved past p would never see p. So a reader that meets
a hole waits on a transaction-id fence of the hole's origin node, instead of skipping it:

1. Positions of origin o come only from node o's range of the log's sequence (Citus hands each
   node group its own range), inside the transaction that inserts the row on that node, after
   that transaction took its transaction id there: `turnledger_append` (migration 0003) calls
   `pg_current_xact_id()` before `nextval()`. On a cluster the call is delegated whole to the
   node holding the battle's shards, and refuses to run anywhere else, so the node that
   numbers a row is the node that commits it; no coordinator transaction brackets it.
2. A reader sees a hole at p below a visible q of the same origin. q committed before the
   read; p was taken before q from the same sequence, so p's transaction owned its id on node
   o before the read ended.
3. After the read, the reader takes a fresh transaction id F on node o (`pg_current_xact_id()`
   in a transaction of its own): F is above every id node o had handed out, p's included.
   Not the snapshot's `xmax`: that is the latest *completed* id plus one, and a running
   transaction whose id is at or above it is left out of `xmin`, so an `xmax` fence could settle
   while p's transaction still runs.
4. Once node o's oldest running id (`pg_snapshot_xmin`) reaches F, p's transaction has ended:
   committed, so p is visible to every later read (a shard move copies committed rows before it
   switches, and blocks writes meanwhile), or rolled back, so p will never exist. The reader
   observes that before reading the rows again, then delivers p or skips it for good.

Rows stay visible once committed (the log is append-only), so the first visible row after a
settled hole can only be one seen when the fence was taken: every position skipped was taken
before the fence. Appends never wait on readers or on each other across battles; only a reader
facing a hole waits, and only for the transactions in flight on that hole's node.

None of this depends on the node the reader or the writer is connected to: servers may use
the coordinator or any worker (ops/SCALING.md, "Servers on the workers"). A worker delegates
the append call to the battle's node as the coordinator does (or runs it itself when it holds
the battle), so positions still come from the committing node's range (step 1), and the
fences are asked of every node through `run_command_on_all_nodes`, which any node that holds
Citus's metadata runs (Citus 11 and later keep it on every node).

Origins advance independently: Citus has no snapshot across nodes, so there is no order
between events committed on different nodes to keep. Within an origin the feed is in position
order, hence each battle in version order while it stays on one node; after a shard move a
battle's later events come from another origin, and a consumer that needs them in order
follows the envelope's version (and `read_stream`) across the move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, Engine, text

from events import cluster
from events.rows import COLUMNS, envelope_from_row
from events.store import (
    ORIGIN_BITS,
    AllPage,
    Cursor,
    Gap,
    OriginCursor,
    StoreError,
    origin_of,
)

_READ_ORIGIN = text(
    f"SELECT {COLUMNS} FROM event_log WHERE global_position > :after"
    " AND global_position < :upper ORDER BY global_position LIMIT :limit"
)
_HIGHEST = text(
    "SELECT max(global_position) FROM event_log"
    " WHERE global_position >= :low AND global_position < :upper"
)
_NO_UPPER = 2**63 - 1
_NEVER = 2**63  # the oldest running id of a node that no longer exists: nothing runs there


class FeedReader:
    """Reads the feed of one database; `distributed` says whether it is a Citus coordinator."""

    def __init__(self, engine: Engine, distributed: bool) -> None:
        self._engine = engine
        self._distributed = distributed

    def read(self, cursor: Cursor, limit: int) -> AllPage:
        delivered: list[Any] = []
        updated: dict[int, OriginCursor] = {}
        holes: dict[int, int] = {}
        with self._engine.connect() as conn:
            origins = self._origins(conn, cursor)
            waiting = [c.origin for c in cursor.origins if c.gap is not None]
            # Observed before the rows are read (step 4 of the module doc).
            oldest = self._ask(conn, cluster.OLDEST_RUNNING, waiting) if waiting else {}
            for origin in origins:
                at = cursor.of(origin)
                rows = self._rows(conn, at, limit, last=origin == origins[-1])
                events, updated[origin], hole, newer = _walk(rows, at, oldest.get(origin))
                delivered += events
                if hole is not None:
                    holes[origin] = hole
                for found in newer - set(origins):
                    updated[found] = cursor.of(found)
        fences = self._fences(list(holes))  # taken after the read (step 3)
        for origin, position in holes.items():
            if origin in fences:  # without a fence, the next read meets the hole again
                at = updated[origin]
                updated[origin] = OriginCursor(origin, at.position, Gap(position, fences[origin]))
        envelopes = tuple(envelope_from_row(row) for row in delivered)
        return AllPage(envelopes, cursor.moved(*updated.values()))

    def tail(
        self, max_wait: float, clock: Callable[[], float], pause: Callable[[], None]
    ) -> Cursor:
        """A cursor at the feed's end now, with no hole below it that may still fill, so that
        a live subscriber starting from it misses nothing committed later.

        Per origin: the highest position now; every lower position was taken, from the same
        sequence, before that one was, so its transaction owned its id before the fresh fence
        taken after the read (module doc, steps 2-4); once the node's oldest running id
        reaches the fence, all of them have ended.
        """
        with self._engine.connect() as conn:
            origins = self._origins(conn, Cursor())
            highest = {o: self._highest(conn, o) for o in origins}
        fences = self._fences(origins)
        deadline = clock() + max_wait
        while True:
            with self._engine.connect() as conn:
                oldest = self._ask(conn, cluster.OLDEST_RUNNING, fences)
            if all(oldest.get(o, _NEVER) >= fence for o, fence in fences.items()):
                return Cursor(tuple(OriginCursor(o, highest[o]) for o in origins))
            if clock() > deadline:
                raise StoreError("transactions older than the log's tail did not end in time")
            pause()

    def _highest(self, conn: Connection, origin: int) -> int:
        params = {"low": origin << ORIGIN_BITS, "upper": (origin + 1) << ORIGIN_BITS}
        found = conn.execute(_HIGHEST, params).scalar()
        return int(found) if found is not None else origin << ORIGIN_BITS

    def _origins(self, conn: Connection, cursor: Cursor) -> list[int]:
        known = {c.origin for c in cursor.origins}
        if not self._distributed:
            return sorted(known | {0})
        return sorted(known | set(range(cluster.highest_origin(conn) + 1)))

    def _rows(self, conn: Connection, at: OriginCursor, limit: int, last: bool) -> Sequence[Any]:
        # The last origin's read has no upper bound, so rows of a newer origin reveal it.
        upper = _NO_UPPER if last else (at.origin + 1) << ORIGIN_BITS
        params = {"after": at.position, "upper": upper, "limit": limit}
        return conn.execute(_READ_ORIGIN, params).all()

    def _ask(self, conn: Connection, command: str, origins: Iterable[int]) -> Mapping[int, int]:
        """`command`'s integer answer from each origin's node; _NEVER for a node that is gone."""
        if not self._distributed:
            return {0: int(conn.execute(text(command)).scalar_one())}
        answers = cluster.on_every_node(conn, command)
        asked: dict[int, int] = {}
        for origin in origins:
            if origin not in answers:
                asked[origin] = _NEVER if command == cluster.OLDEST_RUNNING else 0
            elif (answer := answers[origin]) is not None:
                asked[origin] = answer
        return asked

    def _fences(self, origins: list[int]) -> Mapping[int, int]:
        if not origins:
            return {}
        # Transactions of their own (rolled back here, committed on each node by Citus): the
        # id only has to be handed out, and neither writes anything that must reach the disk.
        with self._engine.connect() as conn:
            return self._ask(conn, cluster.NEXT_XID, origins)


def _walk(
    rows: Sequence[Any], at: OriginCursor, oldest: int | None
) -> tuple[list[Any], OriginCursor, int | None, set[int]]:
    """Deliverable rows of one origin, its new cursor, a new hole to fence, newer origins seen."""
    expected = at.position + 1
    gap = at.gap
    delivered: list[Any] = []
    newer: set[int] = set()
    for row in rows:
        if origin_of(row.global_position) != at.origin:
            newer.add(origin_of(row.global_position))
            break
        if row.global_position != expected:
            settled = (
                gap is not None
                and gap.position == expected
                and oldest is not None
                and oldest >= gap.fence
            )
            if not settled:
                if gap is not None and gap.position == expected:
                    return delivered, OriginCursor(at.origin, expected - 1, gap), None, newer
                return delivered, OriginCursor(at.origin, expected - 1), expected, newer
        delivered.append(row)
        expected = row.global_position + 1
        gap = None
    return delivered, OriginCursor(at.origin, expected - 1, gap), None, newer
