"""The live stream: one server-sent event per logged event, resumable with `Last-Event-ID`.

A stream catches up from the log after the client's last seen version, then follows what
the process's `StreamHub` hands it (server/state/stream_hub.py says why nothing is lost or sent
twice across that switch). The SSE `id` is the event's version, so a reconnect resumes
exactly where the client stopped. Heartbeats (SSE comments) keep proxies from closing an
idle stream; a client that stops reading is dropped after `SEND_TIMEOUT`.

What a live event costs each stream is kept to one write, with no wake-up: the bytes are
encoded once per kind of reader (server/api/stream_encoding.py), and while a stream's task
waits with nothing to send, the hub hands it each read's events of its battle (`push`),
which go to its connection as one chunk of the chunked body, written beside the ASGI send
chain (server/api/edge.py's `DirectBody`: the same bytes uvicorn would write). The task is woken
only to catch up or for a heartbeat, and sends those through Starlette's streaming
response as before.

Back-pressure: a live write never waits, and is only made while the connection holds at
most `LIVE_BUFFER_BYTES` unsent. A reader whose connection holds more after a write is sent
back to catch up from the log through `send`, which waits while the connection holds more
than uvicorn's high-water mark; a write that waits more than `SEND_TIMEOUT` ends the stream
(a heartbeat is such a write). It goes live again once the client has read enough. So what
one stream buffers is bounded by `LIVE_BUFFER_BYTES` and one read of the hub (or one
catch-up write), and a slow reader still gets every event, in order, once.

Where the server is not ours (no `DirectBody` in the scope: another ASGI server, the test
client), the hub queues the events and wakes the task, which sends them through `send`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, Protocol

import structlog
from starlette.responses import StreamingResponse
from starlette.types import Message, Receive, Scope, Send

from events.envelope import Envelope
from server.api.edge import DIRECT_BODY, DirectBody
from server.api.problems import is_database_down
from server.api.stream_encoding import CatchUpBudget, EncodedEvents, sse_redacted
from server.readers.redaction import DIRECTOR
from server.readers.view import ReaderView
from server.state.stream_hub import PAGE, StreamHub, Subscription

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
PING = b": ping\r\n\r\n"
"""A heartbeat: an SSE comment, which clients ignore and proxies see as traffic."""
DRAIN_POLL = 0.05
"""Seconds between looks at whether a client that fell behind has read enough to go live."""
LIVE_BUFFER_BYTES = 256 * 1024
"""Unsent bytes a connection may hold after a live write before its stream is sent back to
catch up from the log (at the client's pace) instead."""


class LiveBody(Protocol):
    """Where the hub writes a stream's live events (server/api/edge.py's `DirectBody`)."""

    @property
    def writable(self) -> bool: ...

    @property
    def unsent(self) -> int: ...

    def frame(self, body: bytes) -> bytes: ...

    def write(self, framed: bytes) -> int: ...


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
        view: ReaderView | None = None,
    ) -> None:
        self.hub, self.sub, self._read, self.last = hub, sub, read, after
        self.kind = kind
        """The reader's kind (server/readers/redaction.py): what of each event it may see."""
        self.view = view
        """A player's view: its rights and who may see whom as read so far (None: nothing
        to hide from this reader's kind); each event is read into it before it is encoded."""
        self._encoded = encoded or EncodedEvents(8 * 2**20)
        self._budget = budget or CatchUpBudget(float("inf"))
        self._first: list[bytes] | None = None
        self.first_page_empty = False
        self.body: LiveBody | None = None
        """The connection the hub's live events are written to (server/api/edge.py), if any."""
        self._wrote_at = time.monotonic()
        self.slow = 0
        """How often the stream was sent back to the log for a full connection buffer."""
        self.still_open: Callable[[], Awaitable[bool]] | None = None
        """Asked before each heartbeat: whether the stream's token still opens its battle
        (a revocation by another server process ends the stream there)."""

    async def start(self) -> None:
        """Read the first catch-up page before the answer starts, so a database that is away
        answers 503 instead of a stream that says nothing."""
        self.sub.catch_up_needed()
        self._first = await self._page()
        self.first_page_empty = not self._first

    async def events(self, ping: float = 15.0) -> AsyncIterator[bytes]:
        """The stream's writes: catch-up pages, live events, a heartbeat every `ping`
        seconds without either."""
        try:
            if self._first is not None:
                first, self._first = self._first, None
                async for chunk in self._catch_up(first):
                    yield chunk
            while True:
                # the hub writes only while this task waits: take the sink back before
                # anything is sent from here (a send may wait on the client)
                self.sub.sink = None
                if self.sub.ended:
                    return  # its token was revoked (server/campaign/token_revocation.py)
                if self.sub.catch_up_needed():
                    async for chunk in self._catch_up(None):
                        self._wrote_at = time.monotonic()
                        yield chunk
                    continue
                handed = self.sub.ready(LIVE_BATCH)
                if handed:
                    chunk = self._live(handed)
                    if chunk:
                        self._wrote_at = time.monotonic()
                        yield chunk
                    continue
                quiet = time.monotonic() - self._wrote_at
                if quiet >= ping:
                    self._wrote_at += quiet
                    if self.still_open is not None and not await self.still_open():
                        return  # revoked by another server process
                    yield PING
                    continue
                body = self.body
                if body is not None and body.writable:
                    if body.unsent > LIVE_BUFFER_BYTES:
                        # the client is behind: live again once it has read (what comes
                        # meanwhile is queued; a heartbeat's `send` waits on it)
                        await self.sub.wait(DRAIN_POLL)
                        continue
                    self.sub.sink = self.push  # nothing queued, nothing behind: live
                await self.sub.wait(ping - quiet)
        finally:
            self.hub.unsubscribe(self.sub)

    def push(self, handed: list[Envelope], shared: dict[Any, Any]) -> None:
        """The hub's read of this stream's battle, written to the connection at once (called
        by the hub, on the event loop, while this stream's task waits). When the read is
        the next versions whole (as it is live), its framed chunk is made once per kind of
        reader and `shared` with the other streams of the battle."""
        body = self.body
        assert body is not None
        before = self.last
        first = handed[0].version
        if first == before + 1 and consecutive(handed, shared):
            self._feed(handed)
            key = (self._kind(), first, len(handed))
            framed = shared.get(key)
            if framed is None:
                framed = shared[key] = body.frame(b"".join([self._encode(e) for e in handed]))
            self.last = handed[-1].version
        else:  # overlaps what the catch-up sent, or misses a version
            chunk = self._live(handed)
            if not chunk:
                return
            framed = body.frame(chunk)
        try:
            unsent = body.write(framed)
        except BaseException:
            self.last = before  # nothing was written: the log has them
            raise
        self._wrote_at = time.monotonic()
        if unsent > LIVE_BUFFER_BYTES:
            self.slow += 1
            self.hub.slow_readers += 1
            self.sub.fall_behind()  # the rest at the client's pace, from the log

    def _live(self, handed: list[Envelope]) -> bytes:
        """The next events in order among those handed; a gap sends the stream to the log."""
        run: list[Envelope] = []
        last, gap = self.last, False
        for envelope in handed:
            if envelope.version <= last:
                continue  # already sent by the catch-up read
            if envelope.version > last + 1:
                gap = True  # a version was not handed over: read the log
                break
            last = envelope.version
            run.append(envelope)
        self._feed(run)
        out = [self._encode(e) for e in run]
        self.last = last
        if gap:
            self.sub.fall_behind()
        return b"".join(out)

    async def _catch_up(self, page: list[bytes] | None) -> AsyncIterator[bytes]:
        """Pages after `last` until one is short; while the database is away the stream
        waits with heartbeats rather than ending (a browser's EventSource gives up on a
        stream answered 503)."""
        pause = 0.5
        while True:
            if page is None:
                try:
                    page = await self._page()
                except Exception as exc:
                    if not is_database_down(exc):
                        raise
                    log.warning("stream catch-up waits for the database", error=type(exc).__name__)
                    yield PING
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, RETRY_MAX)
                    continue
            for chunk in chunks(page):
                await self._budget.spend(len(chunk))
                yield chunk
            if len(page) < PAGE:
                return
            page = None

    async def _page(self) -> list[bytes]:
        """The next page after `last`, encoded: from the kept events when they hold a whole
        page, else read from the log (at most `CATCH_UP_READERS` reads at once)."""
        battle, after = self.sub.battle_id, self.last
        kept = self._encoded.run(battle, after, self._kind(), PAGE)
        if len(kept) < PAGE:
            since = after + len(kept)
            async with self._budget.readers:
                read = await asyncio.to_thread(self._read, battle, since, after + PAGE)
            fresh = [e for e in read if e.version > since]
            self._feed(fresh)
            kept += [self._encode(e) for e in fresh]
        self.last = after + len(kept)
        return kept

    def _kind(self) -> str:
        if self.view is None:
            return self.kind
        return self.view.kind

    def _feed(self, run: list[Envelope]) -> None:
        """Read the next events into who may see whom, all of them before any is encoded: a
        hide or a reveal applies from the first event of its action on (the intent that
        reveals a creature is read with it, the one that hides it is not), which the events
        read one at a time would not yet know. `run` follows the versions read so far."""
        if self.view is not None:
            for e in run:
                self.view.read(e)

    def _encode(self, e: Envelope) -> bytes:
        """`e` as this reader reads it, encoded once per kind of reader (`_feed` has read
        it and the rest of its action)."""
        view = self.view
        if view is None:
            return self._encoded.of(e, self.kind)
        kind = view.kind
        if kind == self.kind:  # nothing hidden: the plain kind's bytes
            return self._encoded.of(e, kind)
        return self._encoded.of(e, kind, lambda env: sse_redacted(env, view))


def consecutive(handed: list[Envelope], shared: dict[Any, Any]) -> bool:
    """Whether the handed versions follow one another (asked once per read of the hub)."""
    found = shared.get(consecutive)
    if found is None:
        first = handed[0].version
        found = shared[consecutive] = all(e.version == first + n for n, e in enumerate(handed))
    return bool(found)


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


class StreamResponse(StreamingResponse):
    """The SSE answer: the follower's writes, sent as they come; a write that waits more
    than `SEND_TIMEOUT` on a client that does not read ends the stream; the subscription
    is given back however it ends (even unstarted)."""

    def __init__(
        self, follower: Follower, on_close: Callable[[], None], *, ping: float, **kwargs: Any
    ) -> None:
        headers = {"X-Accel-Buffering": "no", **kwargs.pop("headers", {})}
        super().__init__(
            follower.events(ping), media_type="text/event-stream", headers=headers, **kwargs
        )
        self._follower = follower
        self._on_close = on_close

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        task, loop = asyncio.current_task(), asyncio.get_running_loop()
        stuck = False

        def give_up() -> None:
            nonlocal stuck
            stuck = True
            if task is not None:
                task.cancel()

        async def timed(message: Message) -> None:
            timer = loop.call_later(SEND_TIMEOUT, give_up)
            try:
                await send(message)
            finally:
                timer.cancel()

        body = scope.get("extensions", {}).get(DIRECT_BODY)
        self._follower.body = body if isinstance(body, DirectBody) else None
        try:
            await super().__call__(scope, receive, timed)
        except asyncio.CancelledError:
            if not stuck or task is None:
                raise
            task.uncancel()
            log.info("stream dropped: its client stopped reading", seconds=SEND_TIMEOUT)
        finally:
            self._follower.hub.unsubscribe(self._follower.sub)
            self._on_close()
