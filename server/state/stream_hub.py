"""One reader of the log for every live stream of a process.

Each process keeps one LISTEN connection and one cursor in the global order (`read_all`).
On a notice (the store's notifier coalesces them: a notice only says "the log grew"), or
when the safety interval passes without one (a notice can be lost: the listener may have
been reconnecting), the hub reads what is new once and hands every event to the open
streams of its battle. A stream reads the log itself only to catch up: when it opens
(resuming after `Last-Event-ID`), when it fell too far behind to be queued, or when a
version is missing from what it was handed.

Why a stream never loses or repeats an event across the switch from catch-up to live:

* The hub's cursor only moves past positions that are final: `read_all` waits at a hole
  until the transaction that may fill it has ended, and the cursor a (re)started hub takes
  (`tail()`) has no open hole below it. So when the hub's cursor stands at c, every event
  at or below c has committed already.
* A subscription is registered (on the event loop, between two dispatches) before its
  catch-up read starts. Events above the cursor at that moment are dispatched to it
  later; events at or below it committed before the catch-up read began, so that read
  sees them. Together they are every event.
* The two overlap (an event above the cursor may also be in the catch-up read): the
  stream drops whatever is at or below the last version it sent. Within a battle versions
  are gap-free and a version is only appended after the one before it committed, so "the
  next version after the last one sent" is the only one a stream may send; anything
  further ahead means something was not handed over (an overflow), and the stream reads
  the log again from its last version, clearing its queue first: what was dispatched
  before the clear committed before the re-read.

The live path wakes no task per stream: while a stream's task waits with nothing queued,
its subscription holds a `sink`, and the hub hands each battle's events of a read to every
sink of that battle in one pass (the stream writes their encoded bytes to its connection
there and then, server/api/stream.py). The task is woken only to catch up (a gap, an
overflow, a reader too slow for its connection's buffer) or for a heartbeat; it takes the
sink back before it sends anything itself, so the hub and the task never write at once and
the order of the bytes is the order of the versions.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import Any

import prometheus_client
import psycopg
import structlog

from events.envelope import Envelope
from events.notifier import CHANNEL
from events.store import AllPage, Cursor

log = structlog.get_logger("turnledger.stream")
Sink = Callable[[list[Envelope], dict[Any, Any]], None]
"""A stream's live path: takes the events of its battle the hub read, in order, and a dict
the streams handed the same events share (what one stream encoded, the next reuses)."""
PAGE = 500
QUEUE_LIMIT = 1000
"""Events queued for one stream before it is sent back to reading the log itself."""
GAP_RETRY = 0.02
"""Seconds before reading again when the global order stopped at an unsettled hole."""


class TooManyStreams(Exception):
    """The token, the battle or the process already holds as many open streams as it may."""


class HubUnavailable(Exception):
    """The hub could not find the log's tail (the database is away)."""


class Subscription:
    """One open stream's mailbox: the events of its battle the hub handed it, in order."""

    def __init__(self, battle_id: str, key: Any, limit: int = QUEUE_LIMIT) -> None:
        self.battle_id = battle_id
        self.key = key
        self.limit = limit
        self._queue: deque[Envelope] = deque()
        self._wake = asyncio.Event()
        self._behind = True  # a new stream starts by catching up from the log
        self.sink: Sink | None = None
        """Set by the stream while its task waits: the hub hands events to it at once
        instead of queueing them and waking the task. Cleared by `fall_behind`."""
        self.token: bytes | None = None
        """The hash of the token that opened the stream (its revocation ends the stream)."""
        self.ended = False
        """The stream's token was revoked: it ends at its next step."""

    def end(self) -> None:
        """End the stream: its token was revoked."""
        self.ended = True
        self.sink = None
        self._wake.set()

    def deliver(self, envelope: Envelope) -> None:
        if len(self._queue) >= self.limit:
            self.fall_behind()
        else:
            self._queue.append(envelope)
        self._wake.set()

    def fall_behind(self) -> None:
        """Forget the queue: the stream must read the log after its last version."""
        self.sink = None
        self._queue.clear()
        self._behind = True
        self._wake.set()

    def catch_up_needed(self) -> bool:
        """Whether the stream must read the log now; the queue starts afresh from here."""
        if not self._behind:
            return False
        self._behind = False
        self._queue.clear()
        return True

    def ready(self, limit: int) -> list[Envelope]:
        """Up to `limit` more handed events, without waiting (none while behind)."""
        if self._behind:
            return []
        taken: list[Envelope] = []
        while self._queue and len(taken) < limit:
            taken.append(self._queue.popleft())
        return taken

    async def wait(self, timeout: float) -> bool:
        """Until an event is handed or the stream must catch up (True), or `timeout` seconds
        pass with neither (False: time for a heartbeat). A timer, not `wait_for`: no task is
        made per wait, which every live event of every stream would pay."""
        if self._queue or self._behind or self.ended:
            return True
        self._wake.clear()
        timer = asyncio.get_running_loop().call_later(timeout, self._wake.set)
        try:
            await self._wake.wait()
        finally:
            timer.cancel()
        return bool(self._queue) or self._behind or self.ended


class FanOutMetrics:
    """What handing events to streams costs: CPU seconds of the hub's dispatch (the live
    path's encoding and writes happen there) and events handed, once per stream; exported
    when the app gives its registry."""

    def __init__(self, registry: prometheus_client.CollectorRegistry | None) -> None:
        self.seconds = 0.0
        self.events = 0
        self._seconds: prometheus_client.Counter | None = None
        self._events: prometheus_client.Counter | None = None
        if registry is not None:
            self._seconds = prometheus_client.Counter(
                "turnledger_stream_fanout_cpu_seconds",
                "CPU seconds the stream hub spent handing events to live streams: encoding"
                " and writing them for streams waiting live (a stream catching up queues"
                " them, and its own task sends them later, not counted here)",
                registry=registry,
            )
            self._events = prometheus_client.Counter(
                "turnledger_stream_fanout_events",
                "Events the stream hub handed to live streams, counted once per stream",
                registry=registry,
            )

    def spent(self, seconds: float, events: int) -> None:
        self.seconds += seconds
        self.events += events
        if self._seconds is not None and self._events is not None:
            self._seconds.inc(seconds)
            self._events.inc(events)


class StreamHub:
    """The process's listener, global cursor and fan-out (see the module docstring)."""

    def __init__(
        self,
        conninfo: str,
        read_all: Callable[[Cursor, int], AllPage],
        tail: Callable[[], Cursor],
        *,
        per_token: int,
        safety_interval: float,
        per_battle: int = 64,
        per_process: int = 2000,
        connect_timeout: int = 3,
        on_read: Callable[[], None] = lambda: None,
        on_failure: Callable[[], None] = lambda: None,
        queue_limit: int = QUEUE_LIMIT,
        registry: prometheus_client.CollectorRegistry | None = None,
    ) -> None:
        self._conninfo = conninfo
        self._read_all = read_all
        self._tail = tail
        self.per_token = per_token
        self.per_battle = per_battle
        self.per_process = per_process
        self.safety_interval = safety_interval
        self._connect_timeout = connect_timeout
        self._subs: dict[str, set[Subscription]] = {}
        self._per_key: Counter[Any] = Counter()
        self._open = 0
        self._cursor: Cursor | None = None
        self._ready = asyncio.Event()
        self._news = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._on_read = on_read
        self._on_failure = on_failure
        self._queue_limit = queue_limit
        self._gap_pause = GAP_RETRY
        self.sink_failures = 0
        """Sinks that raised (their stream was sent back to the log): for tests."""
        self.handed_live = 0
        """Batches handed to a stream's sink (written without waking its task)."""
        self.slow_readers = 0
        """Times a stream was sent back to the log for a connection that held too much."""
        self.fanout = FanOutMetrics(registry)
        self._watchers: set[asyncio.Event] = set()

    @property
    def open_streams(self) -> int:
        return self._open

    def _refusal(self, battle_id: str, key: Any) -> str | None:
        if self._per_key[key] >= self.per_token:
            return (
                f"this token already has {self.per_token} open streams"
                " (TURNLEDGER_STREAMS_PER_TOKEN)"
            )
        if len(self._subs.get(battle_id, ())) >= self.per_battle:
            return (
                f"this battle already has {self.per_battle} open streams"
                " (TURNLEDGER_STREAMS_PER_BATTLE)"
            )
        if self._open >= self.per_process:
            return (
                f"this server already has {self.per_process} open streams"
                " (TURNLEDGER_STREAMS_PER_PROCESS)"
            )
        return None

    async def subscribe(self, battle_id: str, key: Any, wait: float) -> Subscription:
        """Register a stream; once this returns, every event the log commits later reaches
        it, and every earlier one is visible to its catch-up read."""
        refused = self._refusal(battle_id, key)
        if refused is not None:
            raise TooManyStreams(refused)
        self._start()
        sub = Subscription(battle_id, key, self._queue_limit)
        self._subs.setdefault(battle_id, set()).add(sub)
        self._per_key[key] += 1
        self._open += 1
        self._news.set()  # wake the pump: it may be paused with no subscriber
        try:
            await asyncio.wait_for(self._ready.wait(), wait)
        except TimeoutError:
            self.unsubscribe(sub)
            raise HubUnavailable("the log's tail could not be read") from None
        return sub

    def watch(self) -> asyncio.Event:
        """An event set whenever the log may have grown (a notice, or the safety interval):
        what a campaign's feed (server/campaign/feed.py) waits on between its own reads."""
        self._start()
        news = asyncio.Event()
        self._watchers.add(news)
        return news

    def unwatch(self, news: asyncio.Event) -> None:
        self._watchers.discard(news)

    def _tell_watchers(self) -> None:
        for news in self._watchers:
            news.set()

    def end_streams(self, battle_id: str, tokens: frozenset[bytes]) -> int:
        """End the battle's streams opened by any of `tokens` (revoked); how many."""
        ended = [s for s in self._subs.get(battle_id, ()) if s.token in tokens]
        for sub in ended:
            sub.end()
        return len(ended)

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.battle_id)
        if subs is None or sub not in subs:
            return
        subs.discard(sub)
        if not subs:
            del self._subs[sub.battle_id]
        self._per_key[sub.key] -= 1
        self._open -= 1
        if self._per_key[sub.key] <= 0:
            del self._per_key[sub.key]

    def _start(self) -> None:
        if not self._tasks:
            self._tasks = [
                asyncio.create_task(self._pump(), name="turnledger-stream-pump"),
                asyncio.create_task(self._listen(), name="turnledger-stream-listener"),
            ]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []

    # -- the pump: one reader of the global order ------------------------------------------

    async def _pump(self) -> None:
        pause = self.safety_interval
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._news.wait(), pause)
            self._news.clear()
            if not self._subs:
                # Nobody listens: stop following, and take a fresh tail when someone does,
                # rather than read every battle's events for no one.
                self._cursor = None
                self._ready.clear()
                pause = self.safety_interval
                continue
            try:
                pause = await self._follow()
            except Exception as exc:  # the database is away: try again a little later
                self._on_failure()
                log.warning("stream hub cannot read the log", error=type(exc).__name__)
                pause = min(self.safety_interval, 1.0)

    async def _follow(self) -> float:
        """Read and dispatch what is new; how long to wait before the next read at most."""
        if self._cursor is None:
            self._cursor = await asyncio.to_thread(self._tail)
            self._ready.set()
            return self.safety_interval
        while True:
            page = await asyncio.to_thread(self._read_all, self._cursor, PAGE)
            self._on_read()
            self._dispatch(page.events)
            self._cursor = page.cursor
            if len(page.events) < PAGE:
                if not page.cursor.gaps:
                    self._gap_pause = GAP_RETRY
                    return self.safety_interval
                # Stopped at a hole whose transaction may still commit: look again soon,
                # less and less often if a long transaction elsewhere keeps it open.
                pause, self._gap_pause = self._gap_pause, min(2 * self._gap_pause, 1.0)
                return pause

    def _dispatch(self, envelopes: tuple[Envelope, ...]) -> None:
        """Hand each battle's events, in order, to its streams: at once to a stream's sink,
        else to its queue (waking its task)."""
        subs = self._subs
        if not subs:
            return
        started = time.thread_time()
        handed = 0
        batches: dict[str, list[Envelope]] = {}
        for envelope in envelopes:
            if envelope.battle_id in subs:
                batches.setdefault(envelope.battle_id, []).append(envelope)
        for battle_id, batch in batches.items():
            readers = tuple(subs.get(battle_id, ()))
            handed += len(batch) * len(readers)
            shared: dict[Any, Any] = {}
            for sub in readers:
                sink = sub.sink
                if sink is None:
                    for envelope in batch:
                        sub.deliver(envelope)
                    continue
                self.handed_live += 1
                try:
                    sink(batch, shared)
                except Exception as exc:  # one stream's failure is not the others'
                    self.sink_failures += 1
                    log.warning("stream sink failed", error=type(exc).__name__)
                    sub.fall_behind()
        if handed:
            self.fanout.spent(time.thread_time() - started, handed)

    # -- the listener: one LISTEN connection --------------------------------------------

    async def _listen(self) -> None:
        backoff = 0.5
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True, connect_timeout=self._connect_timeout
                )
            except Exception as exc:
                log.warning("stream listener cannot connect", error=type(exc).__name__)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, self.safety_interval)
                continue
            try:
                await conn.execute(f"LISTEN {CHANNEL}")
                backoff = 0.5
                self._news.set()  # notices sent while we were away are lost: read anyway
                self._tell_watchers()
                async for _ in conn.notifies():
                    self._news.set()
                    self._tell_watchers()
            except Exception as exc:
                log.warning("stream listener lost", error=type(exc).__name__)
            finally:
                with contextlib.suppress(Exception):
                    await conn.close()
            await asyncio.sleep(backoff)
