"""The live stream: one server-sent event per logged event, resumable with `Last-Event-ID`.

A stream catches up from the log after the client's last seen version, then follows what
the process's `StreamHub` hands it (server/stream_hub.py says why nothing is lost or sent
twice across that switch). The SSE `id` is the event's version, so a reconnect resumes
exactly where the client stopped. Heartbeats (SSE comments) keep proxies from closing an
idle stream; a client that stops reading is dropped after `SEND_TIMEOUT`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import structlog
from sse_starlette import EventSourceResponse
from starlette.types import Receive, Scope, Send

from events.envelope import Envelope
from server.redaction import DIRECTOR
from server.stream_hub import PAGE, StreamHub, Subscription

from .problems import is_database_down
from .stream_encoding import CatchUpBudget, EncodedEvents

log = structlog.get_logger("turnledger.stream")
SEND_TIMEOUT = 30.0
"""Seconds one write to a stream may wait on a client that does not read."""
RETRY_MAX = 10.0
"""Longest pause between catch-up reads while the database is away (heartbeats go on)."""

ReadStream = Callable[[str, int, int], list[Envelope]]
CHUNK_BYTES = 256 * 1024
"""A catch-up page is sent in writes of about this size (a page of large events is split)."""
LIVE_BATCH = 200
"""Live events already queued that one write sends together."""


class Follower:
    """One stream's events after version `after`: catch-up from the log, then live.

    Yields bytes: each event's server-sent event encoded once per kind of reader and kept
    (`EncodedEvents`), several events to a write; catch-up pages pay the process's
    `CatchUpBudget` before they are sent (server/api/stream_encoding.py says why)."""

    def __init__(
        self,
        hub: StreamHub,
        sub: Subscription,
        read: ReadStream,
        after: int,
        *,
        kind: str = DIRECTOR,
        encoded: EncodedEvents | None = None,
        budget: CatchUpBudget | None = None,
    ) -> None:
        self.hub, self.sub, self._read, self.last = hub, sub, read, after
        self.kind = kind
        """The reader's kind (server/redaction.py): what of each event it may see."""
        self._encoded = encoded or EncodedEvents(8 * 2**20)
        self._budget = budget or CatchUpBudget(float("inf"))
        self._first: list[bytes] | None = None
        self.first_page_empty = False

    async def start(self) -> None:
        """Read the first catch-up page before the answer starts, so a database that is away
        answers 503 instead of a stream that says nothing."""
        self.sub.catch_up_needed()
        self._first = await self._page()
        self.first_page_empty = not self._first

    async def events(self) -> AsyncIterator[bytes]:
        try:
            if self._first is not None:
                first, self._first = self._first, None
                async for chunk in self._catch_up(first):
                    yield chunk
            while True:
                if self.sub.catch_up_needed():
                    async for chunk in self._catch_up(await self._page_retrying()):
                        yield chunk
                    continue
                handed = await self.sub.next()
                if handed is None:
                    continue  # catch up first
                chunk = self._live([handed, *self.sub.ready(LIVE_BATCH)])
                if chunk:
                    yield chunk
        finally:
            self.hub.unsubscribe(self.sub)

    def _live(self, handed: list[Envelope]) -> bytes:
        """The next events in order among those handed; a gap sends the stream to the log."""
        out: list[bytes] = []
        for envelope in handed:
            if envelope.version <= self.last:
                continue  # already sent by the catch-up read
            if envelope.version > self.last + 1:
                self.sub.fall_behind()  # a version was not handed over: read the log
                break
            self.last = envelope.version
            out.append(self._encoded.of(envelope, self.kind))
        return b"".join(out)

    async def _catch_up(self, page: list[bytes]) -> AsyncIterator[bytes]:
        while True:
            for chunk in chunks(page):
                await self._budget.spend(len(chunk))
                yield chunk
            if len(page) < PAGE:
                return
            page = await self._page_retrying()

    async def _page(self) -> list[bytes]:
        """The next page after `last`, encoded: from the kept events when they hold a whole
        page, else read from the log (at most `CATCH_UP_READERS` reads at once)."""
        battle, after = self.sub.battle_id, self.last
        kept = self._encoded.run(battle, after, self.kind, PAGE)
        if len(kept) < PAGE:
            since = after + len(kept)
            async with self._budget.readers:
                read = await asyncio.to_thread(self._read, battle, since, after + PAGE)
            kept += [self._encoded.of(e, self.kind) for e in read if e.version > since]
        self.last = after + len(kept)
        return kept

    async def _page_retrying(self) -> list[bytes]:
        """A catch-up page; while the database is away the stream waits (with heartbeats)
        rather than ending: a browser's EventSource gives up on a stream answered 503."""
        pause = 0.5
        while True:
            try:
                return await self._page()
            except Exception as exc:
                if not is_database_down(exc):
                    raise
                log.warning("stream catch-up waits for the database", error=type(exc).__name__)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RETRY_MAX)


def chunks(page: list[bytes]) -> Iterator[bytes]:
    """The page's events joined into writes of about `CHUNK_BYTES`."""
    start, size = 0, 0
    for n, event in enumerate(page):
        size += len(event)
        if size >= CHUNK_BYTES:
            yield b"".join(page[start : n + 1])
            start, size = n + 1, 0
    if start < len(page):
        yield b"".join(page[start:])


class StreamResponse(EventSourceResponse):
    """An SSE answer that gives its subscription back however it ends (even unstarted)."""

    def __init__(self, follower: Follower, on_close: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(follower.events(), send_timeout=SEND_TIMEOUT, **kwargs)
        self._follower = follower
        self._on_close = on_close

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._follower.hub.unsubscribe(self._follower.sub)
            self._on_close()
