"""A stream's events encoded once per kind of reader, and the budget catching up spends.

Every open stream of a battle sends the same events; what differs is only what its reader
may see (server/readers/redaction.py decides the reader's kind). So the server-sent event of an
event is encoded once per (battle, version, kind) and kept, by bytes, least recently used
first out: the live fan-out and every catch-up of the same backlog send those same bytes,
and a catch-up page found whole in the cache costs no database read at all.

Catching up is what a stream costs most: a backlog of thousands of events, times as many
streams as a client can open. Its reads and its bytes are shared, process-wide, so that no
number of streams can take more than a bounded share of the process from the writers: at
most `CATCH_UP_READERS` catch-up reads of the log at once, and a budget of bytes per second
that every catch-up page pays for before it is sent (a token bucket; a page waits its turn).
Live events are never held back by it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import orjson

from events.envelope import Envelope
from events.lru import SizedLRU
from server.api.wire import envelope_json, redacted_json
from server.readers.redaction import sees_secrets
from server.readers.view import ReaderView

CATCH_UP_READERS = 2
"""Catch-up reads of the log one process runs at once (others wait their turn)."""
ENTRY_OVERHEAD = 120
"""Bytes an entry of the cache costs beyond its encoded event (key and bookkeeping)."""


def sse_bytes(e: Envelope, kind: str) -> bytes:
    """The server-sent event of `e` as a reader of `kind` reads it (`id` its version)."""
    data = orjson.dumps(envelope_json(e, director=sees_secrets(kind)))
    return b"id: %d\r\nevent: %s\r\ndata: %s\r\n\r\n" % (e.version, e.type.encode(), data)


def sse_redacted(e: Envelope, view: ReaderView) -> bytes:
    """The server-sent event of `e` as `view`'s reader reads it (a placeholder's `event`
    is `Unseen`)."""
    shown = redacted_json(e, view)
    data = orjson.dumps(shown)
    kind = str(shown["type"]).encode()
    return b"id: %d\r\nevent: %s\r\ndata: %s\r\n\r\n" % (e.version, kind, data)


class EncodedEvents:
    """Server-sent events by (battle, version, reader kind), each encoded once."""

    def __init__(self, budget_bytes: int) -> None:
        self._kept: SizedLRU[tuple[str, int, str], bytes] = SizedLRU(
            budget_bytes, lambda key, value: len(value) + len(key[0]) + ENTRY_OVERHEAD
        )
        self.encoded = 0
        """How many encodings were made (a hit makes none): for tests and benchmarks."""

    def of(
        self, e: Envelope, kind: str, encode: Callable[[Envelope], bytes] | None = None
    ) -> bytes:
        """`e` as a reader of `kind` reads it; `encode` encodes it for a kind that tells
        hidden creatures' readers apart (server/readers/redaction.py's `kind_of`)."""
        key = (e.battle_id, e.version, kind)
        found = self._kept.get(key)
        if found is None:
            found = sse_bytes(e, kind) if encode is None else encode(e)
            self.encoded += 1
            self._kept.put(key, found)
        return found

    def run(self, battle_id: str, after: int, kind: str, limit: int) -> list[bytes]:
        """The kept events after version `after`, consecutive, at most `limit`."""
        found: list[bytes] = []
        for version in range(after + 1, after + 1 + limit):
            held = self._kept.get((battle_id, version, kind))
            if held is None:
                break
            found.append(held)
        return found


class CatchUpBudget:
    """Bytes per second all catch-ups of a process may send, and their shared reads."""

    def __init__(
        self, bytes_per_second: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = bytes_per_second
        self.burst = max(bytes_per_second, 1.0)
        self._clock = clock
        self._level = self.burst
        self._at = clock()
        self._turn = asyncio.Lock()
        self.readers = asyncio.Semaphore(CATCH_UP_READERS)
        self.waited = 0.0
        """Seconds catch-ups have waited for the budget (for tests and benchmarks)."""

    async def spend(self, size: int) -> None:
        """Wait until `size` bytes may be sent, in turn with every other catch-up."""
        async with self._turn:
            now = self._clock()
            self._level = min(self.burst, self._level + (now - self._at) * self.rate)
            self._at = now
            self._level -= size
            if self._level < 0:
                pause = -self._level / self.rate
                self.waited += pause
                await asyncio.sleep(pause)
