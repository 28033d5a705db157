"""Answers sent in pieces, within a process budget of bytes in flight and a write timeout.

A page whose items are made as they are sent (server/queries/lazy_page.py) is encoded a
piece at a time (items joined up to `PIECE` bytes) in a worker thread, and each piece is
counted against the process's `BytesInFlight` from when it is encoded until the client's
connection has taken it. So memory is bounded by the budget however many clients ask and
however slowly they read:

* a new answer while the budget is spent is refused before any work: 503 with Retry-After,
  naming `TURNLEDGER_ANSWER_BUDGET_MB`;
* a piece that does not fit waits for room, at most the write timeout;
* a client that does not take a piece within `TURNLEDGER_WRITE_TIMEOUT` seconds has its
  connection closed (aborted, dropping what the connection still buffered), and its bytes
  are counted out.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import orjson
from anyio import to_thread
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from server.api.edge import DIRECT_BODY
from server.api.problems import ProblemError
from server.queries.lazy_page import LazyPage

PIECE = 64 * 1024
"""Bytes encoded at a time (items are whole: one larger item is one larger piece)."""
SLICE = 64 * 1024
"""Bytes handed to the connection at a time: uvicorn waits for the client before each."""
_WAIT_STEP = 0.05


class BytesInFlight:
    """Bytes of answers encoded and not yet taken by their clients, in the whole process."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._lock = threading.Lock()

    def take(self, size: int) -> bool:
        """Count `size` bytes in, if they fit (a piece larger than the whole budget fits
        only when nothing else is in flight)."""
        with self._lock:
            if self.used and self.used + size > self.limit:
                return False
            self.used += size
            return True

    def give_back(self, size: int) -> None:
        with self._lock:
            self.used -= size

    @property
    def spent(self) -> bool:
        return self.used >= self.limit


@lru_cache(maxsize=8)
def budget(limit_bytes: int) -> BytesInFlight:
    """The process's budget (one per configured size)."""
    return BytesInFlight(limit_bytes)


def admit(answer_budget_mb: float) -> BytesInFlight:
    """The process's budget, or 503 with Retry-After when it is spent."""
    spent = budget(int(answer_budget_mb * 1024 * 1024))
    if spent.spent:
        raise ProblemError(
            503,
            "answer-budget",
            f"the server holds {answer_budget_mb:g} MB of answers its clients have not read"
            " yet (TURNLEDGER_ANSWER_BUDGET_MB); ask again shortly",
            headers={"Retry-After": "1"},
        )
    return spent


def pieces(page: LazyPage) -> Iterator[bytes]:
    """`page` as JSON, in pieces of about `PIECE` bytes (its head, items, then tail)."""
    head = orjson.dumps(page.head)
    buffer = bytearray(head[:-1])
    buffer += b',"%s":[' % page.items_key.encode()
    first = True
    for item in page.items:
        if not first:
            buffer += b","
        first = False
        buffer += orjson.dumps(item)
        if len(buffer) >= PIECE:
            yield bytes(buffer)
            buffer.clear()
    tail = orjson.dumps(page.tail())
    buffer += b"]" + (b"," + tail[1:] if len(tail) > 2 else b"}")
    yield bytes(buffer)


class PiecewiseJSON(Response):
    """An answer sending `page` in pieces within `spent` and `write_timeout`."""

    media_type = "application/json"

    def __init__(self, page: LazyPage, spent: BytesInFlight, write_timeout: float) -> None:
        # Response's own __init__ would render a body and count its length: there is none
        self.page = page
        self.spent = spent
        self.write_timeout = write_timeout
        self.status_code = 200
        self.background = None
        self.body = b""
        self.raw_headers = [(b"content-type", b"application/json")]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        made = pieces(self.page)
        await send(
            {
                "type": "http.response.start",
                "status": self.status_code,
                "headers": self.raw_headers,
            }
        )
        while True:
            piece = await to_thread.run_sync(next, made, None)
            if piece is None:
                break
            if not await self._room_for(len(piece)):
                await self._abort(scope)
                return
            try:
                for start in range(0, len(piece), SLICE):
                    message = {
                        "type": "http.response.body",
                        "body": piece[start : start + SLICE],
                        "more_body": True,
                    }
                    await asyncio.wait_for(send(message), self.write_timeout)
            except TimeoutError:
                await self._abort(scope)
                return
            finally:
                self.spent.give_back(len(piece))
        await send({"type": "http.response.body", "body": b"", "more_body": False})
        if self.background is not None:
            await self.background()

    async def _room_for(self, size: int) -> bool:
        waited = 0.0
        while not self.spent.take(size):
            if waited >= self.write_timeout:
                return False
            await asyncio.sleep(_WAIT_STEP)
            waited += _WAIT_STEP
        return True

    @staticmethod
    async def _abort(scope: Scope) -> None:
        """Close the connection at once: its client does not read (or the budget never had
        room). uvicorn sees it disconnected and expects no more of the answer."""
        direct: Any = scope.get("extensions", {}).get(DIRECT_BODY)
        if direct is None:
            raise ConnectionAbortedError("the client did not read the answer in time")
        direct.abort()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
