"""The live stream: one server-sent event per logged event, resumable with `Last-Event-ID`.

A stream first catches up from the log (after the client's last seen version), then waits
for news. News comes from one LISTEN connection per process (the `StreamHub`), run in a
thread; the store's notifier coalesces NOTIFYs, so a notice is only a wake-up: every stream
re-reads its battle by version after it, and also after a short timeout in case a notice was
lost. Within a battle, versions are gap-free and commit in order (an append names the version
it follows), so "read versions after the last one sent" can neither skip nor repeat an event,
across reconnects too: the SSE `id` is the version.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

import orjson
import structlog
from starlette.concurrency import run_in_threadpool

from events.envelope import Envelope
from events.notifier import Listener

from .wire import envelope_json

log = structlog.get_logger("turnledger.stream")
PAGE = 500
FALLBACK_SECONDS = 2.0


class StreamHub:
    """Turns the log's NOTIFYs into an asyncio wake-up shared by every open stream."""

    def __init__(self, conninfo: str) -> None:
        self._conninfo = conninfo
        self._loop: asyncio.AbstractEventLoop | None = None
        self._news = asyncio.Event()
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._start_lock = threading.Lock()

    def _ensure_started(self) -> None:
        with self._start_lock:
            if self._thread is not None:
                return
            self._loop = asyncio.get_running_loop()
            self._thread = threading.Thread(target=self._listen, name="turnledger-sse", daemon=True)
            self._thread.start()

    def _listen(self) -> None:
        while not self._stopped.is_set():
            try:
                listener = Listener(self._conninfo)
            except Exception as exc:  # the database is away: streams poll on their timeout
                log.warning("stream listener cannot connect", error=type(exc).__name__)
                self._stopped.wait(2.0)
                continue
            try:
                while not self._stopped.is_set():
                    for position in listener.wait(timeout=1.0):
                        if position is not None and self._loop is not None:
                            self._loop.call_soon_threadsafe(self._wake)
            except Exception as exc:
                log.warning("stream listener lost", error=type(exc).__name__)
            finally:
                with contextlib.suppress(Exception):
                    listener.close()

    def _wake(self) -> None:
        news, self._news = self._news, asyncio.Event()
        news.set()

    def ticket(self) -> asyncio.Event:
        """Taken before reading the log, so news arriving during the read is not missed."""
        self._ensure_started()
        return self._news

    @staticmethod
    async def wait(ticket: asyncio.Event, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ticket.wait(), timeout)

    def close(self) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._thread.join(timeout=3)


def sse_event(e: Envelope) -> dict[str, Any]:
    return {"id": str(e.version), "event": e.type, "data": orjson.dumps(envelope_json(e)).decode()}


async def events_after(
    read: Callable[[str, int, int], list[Envelope]],
    hub: StreamHub,
    battle_id: str,
    after: int,
    *,
    fallback: float = FALLBACK_SECONDS,
) -> AsyncIterator[dict[str, Any]]:
    """Every event of the battle after version `after`, forever: catch-up, then live."""
    while True:
        ticket = hub.ticket()
        page = await run_in_threadpool(read, battle_id, after, after + PAGE)
        for envelope in page:
            yield sse_event(envelope)
            after = envelope.version
        if len(page) < PAGE:
            await hub.wait(ticket, fallback)
