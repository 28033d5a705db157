"""The feed of a campaign: every event of every battle an API key created, in one order that
never skips or repeats, with a checkpoint to resume from (docs/campaigns.md).

It is the log's cross-battle order (`read_all`, events/feed.py): each origin in position
order, never past a hole that may still fill (the transaction-id fence there says why nothing
is skipped, on one PostgreSQL and on a Citus cluster), filtered to the battles the key owns.
A checkpoint is that reader's cursor, written out: one position per origin, and the fence
of a hole it waits on. Every event delivered carries the checkpoint just after it, so a
reader that stops after handling an event resumes exactly there; a page also ends with the
checkpoint after everything it read (other keys' events included), so a reader resumes
without reading them again.

What a feed costs: it reads the whole log, every battle's events, and keeps its key's. Pages
read at one cursor are kept a moment and shared (`SharedPages`): every reader at the live
end asks for the page after the same cursor, and only the first reads it from the database.
"""

from __future__ import annotations

import base64
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import orjson
from sqlalchemy import Engine, text

from events.envelope import Envelope
from events.lru import SizedLRU
from events.store import ORIGIN_BITS, AllPage, Cursor, Gap, OriginCursor, origin_of
from server.errors import BadRequest
from server.operations.settings import Settings

PREFIX = "f1."
MAX_ORIGINS = 256
"""Origins a checkpoint may name (a Citus cluster has one per node group)."""
PAGE = 500
"""Events of the log one read takes per origin (as the stream hub reads)."""
SCAN_PAGES = 8
"""Pages of the log one answer reads at most looking for its key's events."""

_OWNERS = text("SELECT battle_id, created_by FROM battles WHERE battle_id = ANY(:ids)")


def checkpoint_of(cursor: Cursor) -> str:
    """The cursor written out (URL-safe, no padding): origin, position, and a hole's fence."""
    parts = [
        [c.origin, c.position]
        if c.gap is None
        else [c.origin, c.position, c.gap.position, c.gap.fence]
        for c in cursor.origins
    ]
    return PREFIX + base64.urlsafe_b64encode(orjson.dumps(parts)).decode().rstrip("=")


def cursor_of(checkpoint: str) -> Cursor:
    """A checkpoint this server gave out, read back; anything else is bad input, named."""
    try:
        if not checkpoint.startswith(PREFIX):
            raise ValueError(f"it does not start with {PREFIX!r}")
        raw = checkpoint[len(PREFIX) :]
        parts = orjson.loads(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
        if not isinstance(parts, list) or len(parts) > MAX_ORIGINS:
            raise ValueError("not a list of origins")
        return Cursor(tuple(sorted((_origin(p) for p in parts), key=lambda c: c.origin)))
    except (ValueError, TypeError) as exc:
        raise BadRequest(f"not a checkpoint this server gave out: {exc}") from None


def _origin(part: object) -> OriginCursor:
    if not (isinstance(part, list) and len(part) in (2, 4)):
        raise ValueError("an origin is [origin, position] or [origin, position, hole, fence]")
    if not all(isinstance(n, int) and 0 <= n < 2**63 for n in part):
        raise ValueError("positions are whole numbers")
    origin, position = part[0], part[1]
    if origin_of(position) != origin and position != origin << ORIGIN_BITS:
        raise ValueError(f"position {position} is not of origin {origin}")
    gap = Gap(part[2], part[3]) if len(part) == 4 else None
    return OriginCursor(origin, position, gap)


@dataclass(frozen=True)
class FedEvent:
    """An event of the feed and the checkpoint just after it."""

    envelope: Envelope
    checkpoint: str


@dataclass(frozen=True)
class FeedPage:
    events: list[FedEvent]
    cursor: Cursor
    full: bool
    """The last read filled its page: more may be read at once (the reader is catching up)."""

    @property
    def checkpoint(self) -> str:
        return checkpoint_of(self.cursor)

    @property
    def waiting(self) -> bool:
        """Stopped at a hole whose transaction may still commit: read again soon."""
        return bool(self.cursor.gaps)


class Owners:
    """Who created each battle (an API key's scope, or None), asked once per battle: a
    battle's creator never changes."""

    def __init__(self, engine: Engine, budget: int = 4 * 2**20) -> None:
        self._engine = engine
        self._known: SizedLRU[str, str] = SizedLRU(budget, lambda k, v: 2 * len(k) + len(v) + 120)

    def of(self, battle_ids: set[str]) -> dict[str, str]:
        found = {b: o for b in battle_ids if (o := self._known.get(b)) is not None}
        missing = [b for b in battle_ids if b not in found]
        if missing:
            with self._engine.connect() as conn:
                for row in conn.execute(_OWNERS, {"ids": missing}):
                    owner = row.created_by or ""  # "": created without a key
                    self._known.put(row.battle_id, owner)
                    found[row.battle_id] = owner
        return found


class SharedPages:
    """Pages of the log by the cursor they were read after, kept briefly for the readers at
    the same cursor. Any read after a cursor is a correct page after it (the log only
    grows), so a kept page is never wrong; a page that did not move its cursor is not kept,
    so a reader waiting at the end always reads afresh."""

    def __init__(self, size: int = 64) -> None:
        self._pages: OrderedDict[Cursor, AllPage] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()
        self.reads = 0
        """Reads of the database (a page found kept costs none): for tests and benchmarks."""

    def read(self, cursor: Cursor, read_all: Callable[[Cursor, int], AllPage]) -> AllPage:
        with self._lock:
            kept = self._pages.get(cursor)
        if kept is not None:
            return kept
        page = read_all(cursor, PAGE)
        self.reads += 1
        if page.cursor != cursor:
            with self._lock:
                self._pages[cursor] = page
                while len(self._pages) > self._size:
                    self._pages.popitem(last=False)
        return page


class Feed:
    """An API key's feed over the log (see the module docstring)."""

    def __init__(
        self, read_all: Callable[[Cursor, int], AllPage], owners: Owners, pages: SharedPages
    ) -> None:
        self._read_all = read_all
        self._owners = owners
        self.pages = pages

    def page(self, scope: str, cursor: Cursor, limit: int, scan: int = SCAN_PAGES) -> FeedPage:
        """The key's next events after `cursor`, at most `limit` (and at most `scan` pages
        of the log read), each with the checkpoint after it; a page ends where its last
        read ended, past other keys' events."""
        found: list[FedEvent] = []
        full = False
        for _ in range(scan):
            page = self.pages.read(cursor, self._read_all)
            kept, cursor, cut = self._keep(scope, cursor, page, limit - len(found))
            found += kept
            full = cut or len(page.events) >= PAGE
            if not full or len(found) >= limit:
                break
        return FeedPage(found, cursor, full)

    def _keep(
        self, scope: str, cursor: Cursor, page: AllPage, room: int
    ) -> tuple[list[FedEvent], Cursor, bool]:
        """The page's events of the key's battles, up to `room`, the cursor after them (the
        page's own when all fit: its holes and fences are the read's to say), and whether
        some did not fit."""
        owners = self._owners.of({e.battle_id for e in page.events})
        kept: list[FedEvent] = []
        at = cursor
        for envelope in page.events:
            at = at.moved(
                OriginCursor(origin_of(envelope.global_position), envelope.global_position)
            )
            if owners.get(envelope.battle_id) != scope:
                continue
            if len(kept) == room:
                return kept, _before(at, envelope), True
            kept.append(FedEvent(envelope, checkpoint_of(at)))
        return kept, page.cursor, False


def _before(at: Cursor, envelope: Envelope) -> Cursor:
    """`at` with the envelope's origin set back to just before it (nothing was skipped:
    positions below it in its origin were all read)."""
    origin = origin_of(envelope.global_position)
    return at.moved(OriginCursor(origin, envelope.global_position - 1))


class TooManyFeeds(Exception):
    """The key, or the process, already holds as many open feeds and streams as it may."""


class OpenFeeds:
    """Open feed streams, per key and in all, bounded as the per-battle streams are."""

    def __init__(self) -> None:
        self.per_key: Counter[str] = Counter()
        self.open = 0

    def take(self, key: str, settings: Settings, streams: int) -> None:
        """Count one more open feed of `key` (its digest); `streams` are the process's
        per-battle streams, which share the process's cap."""
        if self.per_key[key] >= settings.streams_per_token:
            raise TooManyFeeds(
                f"this API key already has {settings.streams_per_token} open feeds"
                " (TURNLEDGER_STREAMS_PER_TOKEN)"
            )
        if self.open + streams >= settings.streams_per_process:
            raise TooManyFeeds(
                f"this server already has {settings.streams_per_process} open streams"
                " (TURNLEDGER_STREAMS_PER_PROCESS)"
            )
        self.per_key[key] += 1
        self.open += 1

    def give_back(self, key: str) -> None:
        self.per_key[key] -= 1
        self.open -= 1
        if self.per_key[key] <= 0:
            del self.per_key[key]
