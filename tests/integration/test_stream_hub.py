"""The stream hub on real PostgreSQL: where it starts reading (the log's tail) and a stream
that falls behind its queue."""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest
from sqlalchemy import Engine

from events.append_statement import append_params, append_sql
from events.chain import GENESIS_HASH, chain_rows, encode_events, request_fingerprint
from events.envelope import ActionMeta
from events.store_postgres import PostgresEventStore
from server.api import stream
from server.api.stream import Follower
from server.state.stream_hub import StreamHub
from server.wiring import libpq_url
from tests.event_fixtures import moved, test_registry
from tests.integration.service.conftest import LoopThread


def utc_now() -> datetime:
    return datetime.now(UTC)


@pytest.fixture
def store(engine: Engine) -> Iterator[PostgresEventStore]:
    made = PostgresEventStore(engine, utc_now, registry=test_registry, notify="coalesced")
    yield made
    made.close()


def test_the_tail_is_taken_only_once_no_lower_position_can_still_commit(
    store: PostgresEventStore, engine: Engine
) -> None:
    store.append("early", 0, [moved()])
    # A transaction takes a position and stays open; a later append commits above it.
    pending = psycopg.connect(libpq_url(engine))
    encoded = encode_events([moved(x=3)], test_registry)
    rows = chain_rows("slow", 0, encoded, ActionMeta(), utc_now(), GENESIS_HASH)
    inserted = pending.execute(
        append_sql(1, False, False),
        append_params(rows, None, request_fingerprint(0, encoded), None, None),
    ).fetchall()
    slow_position = inserted[0][1]
    store.append("late", 0, [moved()])
    seen: dict[str, object] = {}

    def take_tail() -> None:
        cursor = store.tail()
        seen["cursor"] = cursor.of(0).position
        # Whatever the tail covers must be visible the moment it is handed out.
        seen["slow visible"] = bool(store.read_stream("slow"))

    taker = threading.Thread(target=take_tail)
    taker.start()
    taker.join(timeout=0.3)
    pending.commit()
    pending.close()
    taker.join(timeout=10)
    assert not taker.is_alive()
    assert seen["cursor"] > slow_position
    assert seen["slow visible"] is True


def ids(chunk: bytes) -> list[int]:
    """The event ids in one write of a stream (it may hold several events)."""
    return [int(n) for n in re.findall(rb"^id: (\d+)\r$", chunk, re.MULTILINE)]


def test_a_stream_that_falls_behind_its_queue_reads_the_log_and_misses_nothing(
    store: PostgresEventStore, engine: Engine
) -> None:
    async def scenario() -> list[int]:
        hub = StreamHub(
            libpq_url(engine),
            store.read_all,
            store.tail,
            per_token=5,
            safety_interval=0.5,
            queue_limit=3,
        )
        store.append("b", 0, [moved()])
        sub = await hub.subscribe("b", "token", wait=10)
        follower = Follower(hub, sub, lambda b, a, u: store.read_stream(b, a, u), after=0)
        await follower.start()
        got: list[int] = []
        events = follower.events()
        got += ids(await anext(events))
        # 40 appends while the stream is not read: far more than its queue holds
        for version in range(1, 41):
            await asyncio.to_thread(store.append, "b", version, [moved(x=version % 5)])
            store.append("other", version - 1, [moved()])  # another battle's news meanwhile
        await asyncio.sleep(1.0)  # the hub has handed (and dropped) what it could
        async with asyncio.timeout(20):
            while len(got) < 41:
                got += ids(await anext(events))
                await asyncio.sleep(0.01)  # a slow reader
        await events.aclose()
        assert hub.open_streams == 0  # closing the stream gave its subscription back
        await hub.close()
        return got

    runner = LoopThread()  # a loop of its own: another test may leave one running here
    try:
        assert runner.run(scenario()) == list(range(1, 42))
    finally:
        runner.close()


class UnreadConnection:
    """A connection whose client has stopped reading: every live write stays unsent. What
    the stream sends through `send` goes on the same wire (`wire`), in order."""

    writable = True

    def __init__(self, wire: list[bytes]) -> None:
        self.wire = wire
        self.unsent = 0
        self.largest = 0
        self.reads = False
        self.live: list[bytes] = []
        self.held_before_live: list[int] = []
        """What the connection held unsent before each live write."""

    def frame(self, body: bytes) -> bytes:
        return body

    def write(self, body: bytes) -> int:
        self.wire.append(body)
        self.live.append(body)
        self.held_before_live.append(self.unsent)
        self.largest = max(self.largest, len(body))
        self.unsent = 0 if self.reads else self.unsent + len(body)
        return self.unsent


def test_a_live_reader_that_stops_reading_is_bounded_then_caught_up_from_the_log(
    store: PostgresEventStore, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    bound = 2000
    monkeypatch.setattr(stream, "LIVE_BUFFER_BYTES", bound)

    async def scenario() -> tuple[list[int], UnreadConnection, Follower, StreamHub]:
        hub = StreamHub(
            libpq_url(engine), store.read_all, store.tail, per_token=5, safety_interval=0.5
        )
        store.append("slow", 0, [moved()])
        sub = await hub.subscribe("slow", "token", wait=10)
        follower = Follower(hub, sub, lambda b, a, u: store.read_stream(b, a, u), after=0)
        wire: list[bytes] = []
        connection = UnreadConnection(wire)
        follower.body = connection
        await follower.start()
        events = follower.events()
        reading = asyncio.Event()

        async def client() -> None:
            async for chunk in events:
                # `send` (uvicorn's) waits while the connection holds too much, then writes
                if connection.unsent > bound:
                    await reading.wait()
                wire.append(chunk)
                connection.unsent = 0 if connection.reads else connection.unsent + len(chunk)
                connection.largest = max(connection.largest, len(chunk))

        sending = asyncio.create_task(client())
        await asyncio.sleep(0.2)  # the catch-up is sent; the stream waits, live
        assert sub.sink is not None
        for version in range(1, 60):
            await asyncio.to_thread(store.append, "slow", version, [moved(x=version % 5)])
        async with asyncio.timeout(10):
            while hub.slow_readers == 0:
                await asyncio.sleep(0.02)
        await asyncio.sleep(1.0)  # appends go on arriving; none is written live any more
        # live writes only while the connection held at most the bound; past it, `send`,
        # which waits while it holds more: never more than the bound and one write
        assert max(connection.held_before_live) <= bound
        assert connection.unsent <= bound + connection.largest
        assert sub.sink is None and follower.slow == 1
        connection.unsent, connection.reads = 0, True
        reading.set()  # the client reads again: the rest comes from the log, then live
        async with asyncio.timeout(20):
            while ids(b"".join(wire))[-1:] != [60]:
                await asyncio.sleep(0.02)
        store.append("slow", 60, [moved()])
        async with asyncio.timeout(20):
            while ids(b"".join(wire))[-1:] != [61]:
                await asyncio.sleep(0.02)
        sending.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sending
        await hub.close()
        return ids(b"".join(wire)), connection, follower, hub

    runner = LoopThread()
    try:
        got, connection, follower, hub = runner.run(scenario())
    finally:
        runner.close()
    assert got == list(range(1, 62))  # every event once, in order, across all three paths
    assert hub.handed_live > 0 and follower.slow == 1
    assert ids(connection.live[-1]) == [61]  # live again: written by the hub, not `send`
