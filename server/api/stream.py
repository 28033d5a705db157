"""The live stream: one server-sent event per logged event, resumable with `Last-Event-ID`.

A stream catches up from the log after the client's last seen version, then follows what
the process's `StreamHub` hands it (server/stream_hub.py says why nothing is lost or sent
twice across that switch). The SSE `id` is the event's version, so a reconnect resumes
exactly where the client stopped. Heartbeats (SSE comments) keep proxies from closing an
idle stream; a client that stops reading is dropped after `SEND_TIMEOUT`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import orjson
import structlog
from sse_starlette import EventSourceResponse
from starlette.types import Receive, Scope, Send

from events.envelope import Envelope
from server.redaction import Reader, Visibility
from server.stream_hub import PAGE, StreamHub, Subscription

from .problems import is_database_down
from .wire import redacted_json

log = structlog.get_logger("turnledger.stream")
SEND_TIMEOUT = 30.0
"""Seconds one write to a stream may wait on a client that does not read."""
RETRY_MAX = 10.0
"""Longest pause between catch-up reads while the database is away (heartbeats go on)."""

ReadStream = Callable[[str, int, int], list[Envelope]]


def sse_event(e: Envelope, reader: Reader, seen: Visibility) -> dict[str, Any]:
    """One logged event as `reader` may read it; `seen` reads it first (a hide or a reveal
    applies from its own version on)."""
    seen.feed(e)
    shown = redacted_json(e, reader, seen)
    return {"id": str(e.version), "event": shown["type"], "data": orjson.dumps(shown).decode()}


class Follower:
    """One stream's events after version `after`: catch-up from the log, then live."""

    def __init__(
        self,
        hub: StreamHub,
        sub: Subscription,
        read: ReadStream,
        after: int,
        *,
        reader: Reader | None = None,
        seen: Visibility | None = None,
    ) -> None:
        self.hub, self.sub, self._read, self.last = hub, sub, read, after
        self.reader = reader or Reader(True)
        """Who reads: a player's events lack the seed and what is hidden from it."""
        self.seen = seen or Visibility()
        self._first: list[Envelope] | None = None

    async def start(self) -> None:
        """Read the first catch-up page before the answer starts, so a database that is away
        answers 503 instead of a stream that says nothing."""
        self.sub.catch_up_needed()
        self._first = await self._page()

    async def events(self) -> AsyncIterator[dict[str, Any]]:
        try:
            if self._first is not None:
                first, self._first = self._first, None
                async for envelope in self._catch_up(first):
                    yield sse_event(envelope, self.reader, self.seen)
            while True:
                if self.sub.catch_up_needed():
                    async for envelope in self._catch_up(await self._page_retrying()):
                        yield sse_event(envelope, self.reader, self.seen)
                    continue
                handed = await self.sub.next()
                if handed is None or handed.version <= self.last:
                    continue  # catch up first / already sent by the catch-up read
                if handed.version > self.last + 1:
                    self.sub.fall_behind()  # a version was not handed over: read the log
                    continue
                self.last = handed.version
                yield sse_event(handed, self.reader, self.seen)
        finally:
            self.hub.unsubscribe(self.sub)

    async def _catch_up(self, page: list[Envelope]) -> AsyncIterator[Envelope]:
        while True:
            for envelope in page:
                if envelope.version > self.last:
                    self.last = envelope.version
                    yield envelope
            if len(page) < PAGE:
                return
            page = await self._page_retrying()

    async def _page(self) -> list[Envelope]:
        battle, after = self.sub.battle_id, self.last
        return await asyncio.to_thread(self._read, battle, after, after + PAGE)

    async def _page_retrying(self) -> list[Envelope]:
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
