"""Answers sent in pieces, within a process budget of bytes in flight and a write timeout.

A replay page of a large battle is megabytes. Built whole, sixty-four of them unread held
gigabytes in the process (the encoded bodies sat in their connections' buffers, with no
end). A page whose items are made as they are sent (server/queries/lazy_page.py) is instead
encoded a piece at a time (items joined up to `PIECE` bytes; the page's bytes are exactly
those of the page encoded whole) and each piece is written to the connection before the
next is made. So what one answer holds is the step being made, one piece, and what its
connection has not sent yet; and what all answers hold together is bounded by the process's
`BytesInFlight` (`TURNLEDGER_ANSWER_BUDGET_MB`), however many clients ask and however
slowly they read:

* a piece is counted from before it is made (its expected size, then its real one) until
  the connection has handed it to the kernel; what the connection still buffers stays
  counted until it leaves, and so does the estimate of what making the page keeps alive
  between pieces (`LazyPage.holds`: a replay's state as it folds, megabytes for a 200 x 200
  map), so the budget bounds the pages being made as well as their bytes;
* a new answer while the budget has no room for a piece, or while answers already started
  wait for room, is refused before any work: 503 with `Retry-After`, naming the setting
  (`admit`). An answer admitted waits for room for its first piece, at most the write
  timeout, and makes it before its head is sent: no room, or a failure (the database
  away), is still answered with its own status;
* after the head (200, a chunked body) no other status can follow: a later piece waits for
  room at most the write timeout, and if none comes (or making a step fails) the
  connection is aborted and the client sees a body cut short (no final chunk), never a
  well-formed page that is wrong;
* a client that does not take a piece within `TURNLEDGER_WRITE_TIMEOUT` seconds (or the
  page's end, once made) has its connection aborted: what the connection still buffered is
  dropped, and its bytes are counted out;
* pieces are made by at most `ENCODERS` threads at once in the process, so the steps being
  made (a large battle's state as Python objects is ten times its JSON) are bounded too.

Every way out (the end, the client gone, the write timeout, no room, an error while a step
is made, the server stopping) counts the answer's bytes out (`tests/e2e/abuse/
test_replay_bounds.py` shows the gauge back at zero).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import threading
import time
from collections.abc import Callable, Generator
from typing import Any

import orjson
from anyio import to_thread
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from server.api.edge import DIRECT_BODY, DirectBody
from server.api.metrics import Metrics
from server.api.problems import ProblemError
from server.queries.lazy_page import LazyPage

PIECE = 64 * 1024
"""Bytes encoded at a time (items are whole: one larger item is one larger piece)."""
SLICE = 64 * 1024
"""Bytes handed to the connection at a time: uvicorn waits for the client before each
while the connection buffers more than its high-water mark."""
ENCODERS = 2
"""Pieces made at once in a process (the interpreter makes one at a time anyway)."""
POLL = 0.02
"""Seconds between looks at the budget, or at a connection's buffer at the page's end."""
TRIM_EVERY = 1.0
"""Seconds between two hand-backs of freed memory to the system (`BytesInFlight.settle`)."""


def _libc_malloc_trim() -> Callable[[int], int] | None:
    """glibc's `malloc_trim`, or None (another C library, another system)."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


_malloc_trim = _libc_malloc_trim()


class BytesInFlight:
    """Bytes of answers encoded and not yet handed to their clients' kernels, in the whole
    process (`TURNLEDGER_ANSWER_BUDGET_MB`); `answers` in progress."""

    def __init__(self, limit: int, on_abort: Callable[[str], None] = lambda why: None) -> None:
        self.limit = limit
        self.used = 0
        self.answers = 0
        self.waiting = 0
        """Answers in progress waiting for room for their next piece."""
        self.on_abort = on_abort
        """Told why an answer's connection was aborted (a metric's counter)."""
        self._lock = threading.Lock()
        self._encoders: asyncio.Semaphore | None = None
        self._trimmed = -TRIM_EVERY

    def settle(self) -> None:
        """The last answer in progress ended: hand the memory its pages freed back to the
        system, in a worker thread, at most once every `TRIM_EVERY` seconds. glibc's malloc
        keeps freed memory for the process otherwise (the states a page folds are many
        arrays of hundreds of KB): measured by ops/bench/bench_replay_memory.py."""
        now = time.monotonic()
        if _malloc_trim is None or now - self._trimmed < TRIM_EVERY:
            return
        self._trimmed = now
        asyncio.get_running_loop().run_in_executor(None, _malloc_trim, 0)

    @property
    def encoders(self) -> asyncio.Semaphore:
        """Turns to make a piece (`ENCODERS`), made on the event loop that first asks."""
        if self._encoders is None:
            self._encoders = asyncio.Semaphore(ENCODERS)
        return self._encoders

    def fits(self, size: int, mine: int = 0) -> bool:
        """Whether `size` bytes more fit now for an answer counting `mine` already (a piece
        larger than the whole budget fits when nothing else is in flight)."""
        return self.used == mine or self.used + size <= self.limit

    def take(self, size: int, mine: int = 0) -> bool:
        """Count `size` bytes in, if they fit."""
        with self._lock:
            if not self.fits(size, mine):
                return False
            self.used += size
            return True

    def change(self, by: int) -> None:
        """Count `by` bytes more (or fewer, when negative) than before."""
        with self._lock:
            self.used += by


def answer_budget(megabytes: float, metrics: Metrics) -> BytesInFlight:
    """The process's budget: its bytes shown on `metrics`' gauge, its aborts counted."""
    budget = BytesInFlight(
        int(megabytes * 2**20), lambda why: metrics.answer_aborts.labels(why).inc()
    )
    metrics.answer_bytes.set_function(lambda: budget.used)
    return budget


def admit(budget: BytesInFlight) -> BytesInFlight:
    """`budget`, or 503 with Retry-After when it has no room for a piece, or answers
    already started wait for room (they go first), before any work is done."""
    if budget.waiting or not budget.fits(PIECE):
        raise no_room(budget)
    return budget


def no_room(budget: BytesInFlight) -> ProblemError:
    """503 with Retry-After, naming the limit: nothing of the answer was sent."""
    return ProblemError(
        503,
        "answer-budget",
        f"the server holds {budget.limit / 2**20:g} MB of answers its clients have not read"
        " yet (TURNLEDGER_ANSWER_BUDGET_MB); ask again shortly",
        headers={"Retry-After": "1"},
    )


def pieces(page: LazyPage) -> Generator[bytes]:
    """`page` as JSON in pieces of about `PIECE` bytes (its head, items, then tail), which
    join to exactly `orjson.dumps(page.whole())` (the head, the items' key and the tail
    name different keys)."""
    head = orjson.dumps(page.head)
    buffer = bytearray(head[:-1])
    if len(head) > 2:
        buffer += b","
    buffer += orjson.dumps(page.items_key) + b":["
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
    """A 200 answer sending `page` in pieces within `budget` and `write_timeout` (see the
    module docstring); chunked, as any answer of unknown length."""

    media_type = "application/json"

    def __init__(self, page: LazyPage, budget: BytesInFlight, write_timeout: float) -> None:
        # Response's own __init__ would render a body and count its length: there is none
        self.page = page
        self.budget = budget
        self.write_timeout = write_timeout
        self.status_code = 200
        self.background = None
        self.body = b""
        self.raw_headers = [(b"content-type", b"application/json")]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found: Any = scope.get("extensions", {}).get(DIRECT_BODY)
        direct = found if isinstance(found, DirectBody) else None
        page, budget = self.page, self.budget
        made = pieces(page)
        held, started = 0, False

        def hold(size: int) -> None:
            """Count `size` bytes for this answer from now on (in place of `held`)."""
            nonlocal held
            budget.change(size - held)
            held = size

        budget.answers += 1
        try:
            want = PIECE + page.holds()  # the first piece, and what making it will keep
            while True:
                if not await self._room_for(want, held, direct):
                    if not started:  # nothing sent yet: the client may ask again
                        raise no_room(budget)
                    await self._abort(scope, direct, "no-room")
                    return
                held += want  # `_room_for` counted it in
                async with budget.encoders:
                    piece = await to_thread.run_sync(next, made, None)
                if piece is None:
                    break
                hold(_unsent(direct) + page.holds() + len(piece))
                want = max(PIECE, len(piece))
                if not started:
                    # the first piece made (the page's events read, its first state folded)
                    # before the head: a failure until here is answered as any other
                    await send(
                        {"type": "http.response.start", "status": 200, "headers": self.raw_headers}
                    )
                    started = True
                for start in range(0, len(piece), SLICE):
                    message = {
                        "type": "http.response.body",
                        "body": piece[start : start + SLICE],
                        "more_body": True,
                    }
                    try:
                        await asyncio.wait_for(send(message), self.write_timeout)
                    except TimeoutError:
                        await self._abort(scope, direct, "write-timeout")
                        return
                    if direct is not None and direct.gone:
                        await asyncio.sleep(0)  # uvicorn hears of it before we return
                        return  # the client went away: nothing more to make
                del piece
                hold(_unsent(direct) + page.holds())
            hold(_unsent(direct))
            if not await self._drained(direct, hold):
                await self._abort(scope, direct, "write-timeout")
                return
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except BaseException:
            if started:
                # an error while a step was made, or the server stopping: the head has gone,
                # so the body is cut short rather than ended as if it were whole
                await self._abort(scope, direct, "error")
            raise
        finally:
            budget.answers -= 1
            budget.change(-held)
            with contextlib.suppress(ValueError):  # a generator still running elsewhere
                made.close()
                close = getattr(page.items, "close", None)
                if close is not None:
                    close()  # the page's steps, and the state they fold, go now
            del made, page
            if not budget.answers:
                budget.settle()

    async def _room_for(self, size: int, mine: int, direct: DirectBody | None) -> bool:
        """Count `size` bytes in once they fit beside the `mine` this answer counts already,
        waiting at most the write timeout (and no longer than the client stays)."""
        if self.budget.take(size, mine):
            return True
        deadline = time.monotonic() + self.write_timeout  # the clock: a loaded loop sleeps long
        self.budget.waiting += 1
        try:
            while not self.budget.take(size, mine):
                if time.monotonic() >= deadline or (direct is not None and direct.gone):
                    return False
                await asyncio.sleep(POLL)
            return True
        finally:
            self.budget.waiting -= 1

    async def _drained(self, direct: DirectBody | None, hold: Callable[[int], None]) -> bool:
        """Whether the connection sends all it buffers within the write timeout (what it
        still holds stays counted meanwhile)."""
        deadline = time.monotonic() + self.write_timeout
        while (unsent := _unsent(direct)) and direct is not None and not direct.gone:
            if time.monotonic() >= deadline:
                return False
            hold(unsent)
            await asyncio.sleep(POLL)
        return True

    async def _abort(self, scope: Scope, direct: DirectBody | None, why: str) -> None:
        """Close the connection at once, dropping what it buffers: its client does not read
        (or the budget never had room, or a step failed). uvicorn then sees it disconnected
        and expects no more of the answer. The request's log line says why."""
        if direct is None or direct.gone:
            return  # another ASGI server, or the connection is gone already
        scope.setdefault("state", {})["outcome"] = f"aborted: {why}"
        self.budget.on_abort(why)
        direct.abort()
        await asyncio.sleep(0)  # uvicorn hears of the lost connection before we return


def _unsent(direct: DirectBody | None) -> int:
    return direct.unsent if direct is not None else 0
