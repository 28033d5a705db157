"""`GET /feed`: every event of the battles an API key created, as JSON pages or server-sent
events, resumable from a checkpoint (server/campaign/feed.py says why nothing is skipped or
repeated).

The key reads its battles as their director does (it created them, and acts as their
director): nothing in them is hidden from it. Bounded as the per-battle streams are: open
feeds per key (`TURNLEDGER_STREAMS_PER_TOKEN`) and per process (with the streams,
`TURNLEDGER_STREAMS_PER_PROCESS`), 429 with `Retry-After` past them; a feed catching up
reads with the streams' catch-up readers and pays the process's catch-up budget for what it
sends; a revoked key's feeds end.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Header, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import Field
from starlette.responses import StreamingResponse

from events.envelope import Envelope
from events.store import Cursor
from server.api.answers.common import Answer
from server.api.deps import Deps, Services, bearer, given_key, known_key
from server.api.problems import ProblemError, responses
from server.api.rate_limits import peer_of
from server.api.stream import PING
from server.api.wire import OrjsonResponse, envelope_json
from server.campaign.feed import FeedPage, TooManyFeeds, cursor_of
from server.trust.api_keys import ApiKey

router = APIRouter(tags=["campaign"])
RETRY_AFTER = 5
GAP_RETRY = 0.02
"""Seconds before reading again when the log's order stopped at an unsettled hole."""


class FedEventOut(Answer):
    checkpoint: str = Field(description="Resume here to read what comes after this event.")
    event: dict[str, Any] = Field(
        description="The event: its envelope as `GET /battles/{battle_id}/events` answers it"
        " (`LoggedEvent`), of whichever battle of the key's it belongs to."
    )


class FeedPageOut(Answer):
    """The key's next events, oldest first, each with the checkpoint after it."""

    events: list[FedEventOut] = Field(description="A page of events of the key's battles.")
    checkpoint: str = Field(
        description="Where this page ended (past other keys' events too): the next page's `after`."
    )
    caught_up: bool = Field(
        description="Whether the page reached the log's end (false: ask again at once)."
    )


def feed_key(request: Request, deps: Services) -> ApiKey:
    """The API key whose feed is asked for (X-API-Key, or a bearer that is a key)."""
    given = given_key(request) or bearer(request)
    if not given:
        raise ProblemError(401, "unauthorized", "the feed is an API key's: send it as X-API-Key")
    key = known_key(deps, given, lambda: peer_of(request))
    deps.rate_limits.check("read", f"feed:{key.scope}")
    return key


def event_bytes(deps: Services, e: Envelope) -> bytes:
    """The event as the key reads it (as its battle's director), encoded once and kept."""
    return deps.encoded.of(e, "feed", lambda env: orjson.dumps(envelope_json(env)))


def sse_of(deps: Services, page: FeedPage, sent: str | None) -> tuple[bytes, str | None]:
    """The page as server-sent events (`id` the checkpoint after each event), ending with a
    `checkpoint` event when the page read past the last event it sent; and the last id."""
    out = []
    for fed in page.events:
        data = event_bytes(deps, fed.envelope)
        out.append(
            b"id: %s\r\nevent: %s\r\ndata: %s\r\n\r\n"
            % (fed.checkpoint.encode(), fed.envelope.type.encode(), data)
        )
        sent = fed.checkpoint
    ended = page.checkpoint
    if ended != sent:
        data = orjson.dumps({"checkpoint": ended})
        out.append(b"id: %s\r\nevent: checkpoint\r\ndata: %s\r\n\r\n" % (ended.encode(), data))
        sent = ended
    return b"".join(out), sent


CHECKPOINT: dict[str, Any] = {"pattern": r"^(f1\.[A-Za-z0-9_-]*)?$"}
"""A checkpoint's form, as the server gives them out (server/campaign/feed.py), or empty (read
as absent: the start): documented so a client knows one from other text; any other is refused
by `cursor_of` (422), as before."""


@router.get(
    "/feed",
    response_model=FeedPageOut,
    responses={
        **responses(401, 422, 429, 503),
        200: {
            "description": "JSON: a page of events (`FeedPageOut`). With `Accept:"
            " text/event-stream`: server-sent events, one per event, `id:` the checkpoint"
            " after it, `event:` its type, `data:` its envelope; a `checkpoint` event marks"
            " where a read ended past other keys' events.",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
    },
    operation_id="feed",
    # both answers are real: JSON pages by default, the stream on `Accept: text/event-stream`
    openapi_extra={"x-json-pages": True},
)
async def feed(
    request: Request,
    deps: Deps,
    after: Annotated[
        str | None,
        Query(
            max_length=20_000,
            json_schema_extra=CHECKPOINT,
            description="A checkpoint: start after it (absent: the start).",
        ),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=1000, description="At most this many events.")] = 500,
    last_event_id: Annotated[
        str | None,
        Header(
            max_length=20_000,
            json_schema_extra=CHECKPOINT,
            description="Resume the event stream after this checkpoint.",
        ),
    ] = None,
) -> Any:
    """Every event of the battles the API key created, in one order that never skips or
    repeats: JSON pages (`after` the last page's `checkpoint`), or, with `Accept:
    text/event-stream`, a live stream resumable with `Last-Event-ID`."""
    key = feed_key(request, deps)
    given = last_event_id or after
    cursor = cursor_of(given) if given else Cursor()
    streaming = "text/event-stream" in request.headers.get("accept", "")
    if not streaming:
        async with deps.catch_up.readers:
            page = await run_in_threadpool(deps.feed.page, key.scope, cursor, limit)
        body = [
            {"checkpoint": f.checkpoint, "event": envelope_json(f.envelope)} for f in page.events
        ]
        await deps.catch_up.spend(sum(len(orjson.dumps(b)) for b in body) if page.full else 0)
        return OrjsonResponse(
            {"events": body, "checkpoint": page.checkpoint, "caught_up": not page.full}
        )
    try:
        deps.open_feeds.take(key.digest, deps.settings, deps.hub.open_streams)
    except TooManyFeeds as exc:
        raise ProblemError(
            429,
            "too-many-streams",
            f"{exc}; close one, or retry later",
            headers={"Retry-After": str(RETRY_AFTER)},
        ) from None
    news = deps.hub.watch()  # before the first read: a notice after it is not missed
    try:
        first = await run_in_threadpool(deps.feed.page, key.scope, cursor, limit)
    except BaseException:
        deps.hub.unwatch(news)
        deps.open_feeds.give_back(key.digest)
        raise
    return StreamingResponse(
        follow(deps, key, first, limit, news),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


async def follow(
    deps: Services, key: ApiKey, page: FeedPage, limit: int, news: asyncio.Event
) -> AsyncIterator[bytes]:
    """The feed's writes: pages as they come, a heartbeat every `stream_heartbeat` seconds
    without one, until the key is revoked or the client goes. `news` is set by the stream
    hub whenever the log may have grown; it is cleared before each read, so a notice that
    comes during a read is not lost."""
    ping = deps.settings.stream_heartbeat
    safety = deps.settings.stream_safety_poll
    sent: str | None = None
    wrote_at = time.monotonic()
    pause = GAP_RETRY
    try:
        while usable(deps, key):
            chunk, sent = sse_of(deps, page, sent)
            if chunk:
                if page.full:
                    await deps.catch_up.spend(len(chunk))
                yield chunk
                wrote_at = time.monotonic()
            if page.full:  # catching up: the next page at once, with the other catch-ups
                async with deps.catch_up.readers:
                    page = await read(deps, key, page, limit, news)
                continue
            quiet = time.monotonic() - wrote_at
            if quiet >= ping:
                yield PING
                wrote_at, quiet = time.monotonic(), 0.0
            if page.waiting:
                await asyncio.sleep(pause)
                pause = min(2 * pause, 1.0)
            else:
                pause = GAP_RETRY
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(news.wait(), min(ping - quiet, safety))
            page = await read(deps, key, page, limit, news)
    finally:
        deps.hub.unwatch(news)
        deps.open_feeds.give_back(key.digest)


async def read(
    deps: Services, key: ApiKey, page: FeedPage, limit: int, news: asyncio.Event
) -> FeedPage:
    news.clear()
    return await run_in_threadpool(deps.feed.page, key.scope, page.cursor, limit)


def usable(deps: Services, key: ApiKey) -> bool:
    """Whether the key still opens its feed (asked before each write: revoked, it ends)."""
    found = deps.keys.find_digest(key.digest)
    return found is not None and not found.revoked
