"""Appends of different battles committed in groups (events/append_group.py): the contract.

Every test runs against the in-memory store, the PostgreSQL store (the sync wrapper, whose
appends from many threads meet on its loop), the async log the server appends with (where the
groups are certain: every append of one `gather` goes in one group) and that log over the
workers of a Citus cluster (a group per worker). What must hold: one battle's refusal fails
only that battle's append, a replay inside a group answers as alone, and under any
interleaving nothing is lost or duplicated and each battle's versions stay dense.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections import Counter
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, text

from events.append_statement import BattleClosed
from events.envelope import ActionMeta, Envelope
from events.store import (
    MAX_EVENT_BYTES,
    AppendResult,
    EventStore,
    EventTooLarge,
    IdempotencyKeyReused,
    ProjectionWrite,
    VersionConflict,
)
from events.store_async import AsyncPostgresLog
from events.store_memory import InMemoryEventStore
from events.store_postgres import PostgresEventStore
from events.vocabulary import Event
from ops.citus.cluster import CitusCluster
from ops.citus.stack import spread_over
from tests.event_fixtures import NoteWritten, moved, test_registry
from tests.integration.store.conftest import TEST_CHAIN_KEY, utc_now

T = TypeVar("T")
_battles = itertools.count()


def fresh(prefix: str = "g") -> str:
    """A battle no example used before (the hypothesis examples share one database)."""
    return f"{prefix}{next(_battles)}"


class LoopThread:
    """An event loop in a thread of its own, for the async log across hypothesis examples."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        done: Future[T] = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return done.result(timeout=120)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


@dataclass
class Appender:
    """One way of appending, seen through one interface: `append` is a coroutine that the
    test gathers, `run` runs a gathering, `store` reads back."""

    kind: str
    store: EventStore
    log: AsyncPostgresLog | None = None
    loop: LoopThread | None = None
    groups: Counter[int] = field(default_factory=Counter)

    async def append(
        self,
        battle: str,
        expected: int,
        events: Sequence[Event],
        key: str | None = None,
        projection: ProjectionWrite | None = None,
    ) -> AppendResult:
        meta = ActionMeta()
        if self.log is not None:
            return await self.log.append(
                battle, expected, events, meta, idempotency_key=key, projection=projection
            )
        if self.kind == "memory":
            return self.store.append(
                battle, expected, events, meta, idempotency_key=key, projection=projection
            )
        return await asyncio.to_thread(
            self.store.append,
            battle,
            expected,
            events,
            meta,
            idempotency_key=key,
            projection=projection,
        )

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.loop.run(coroutine) if self.loop is not None else asyncio.run(coroutine)

    def gather(self, *appends: Coroutine[Any, Any, AppendResult]) -> list[Any]:
        """Each append's result, or the exception it raised, all started at once."""

        async def together() -> list[Any]:
            return list(await asyncio.gather(*appends, return_exceptions=True))

        return self.run(together())


def async_appender(kind: str, conninfo: str, engine: Engine) -> Iterator[Appender]:
    loop = LoopThread()
    groups: Counter[int] = Counter()
    log = AsyncPostgresLog(
        conninfo,
        utc_now,
        registry=test_registry,
        chain_key=TEST_CHAIN_KEY,
        group_flights=1,
        on_group=lambda size: groups.update([size]),
    )
    loop.run(log.open())
    reader = PostgresEventStore(
        engine, utc_now, registry=test_registry, notify="off", chain_key=TEST_CHAIN_KEY
    )
    try:
        yield Appender(kind, reader, log, loop, groups)
    finally:
        loop.run(log.close())
        loop.stop()
        reader.close()


def appender_of(request: pytest.FixtureRequest, kind: str) -> Iterator[Appender]:
    if kind == "memory":
        yield Appender(
            kind, InMemoryEventStore(utc_now, registry=test_registry, chain_key=TEST_CHAIN_KEY)
        )
    elif kind == "postgres":
        yield Appender(kind, request.getfixturevalue("postgres_store"))
    elif kind == "async":
        uri: str = request.getfixturevalue("database_uri")
        yield from async_appender(kind, uri, request.getfixturevalue("engine"))
    else:
        cluster: CitusCluster = request.getfixturevalue("citus_cluster")
        name = request.getfixturevalue("citus_database_uri").rsplit("/", 1)[1]
        workers = spread_over([w.uri(name) for w in cluster.workers])
        yield from async_appender(kind, workers, request.getfixturevalue("citus_engine"))


@pytest.fixture(params=["memory", "postgres", "async", "citus workers"])
def appender(request: pytest.FixtureRequest) -> Iterator[Appender]:
    yield from appender_of(request, request.param)


@pytest.fixture(params=["postgres", "async", "citus workers"])
def database_appender(request: pytest.FixtureRequest) -> Iterator[Appender]:
    """The stores where a battle can be closed (`battles.closed_at`, the database's)."""
    yield from appender_of(request, request.param)


def xs(stream: Sequence[Envelope]) -> list[int]:
    return [e.data["to"][0] for e in stream]


def test_one_stale_battle_in_a_group_fails_alone(appender: Appender) -> None:
    battles = [fresh() for _ in range(6)]
    appender.gather(*(appender.append(b, 0, [moved(x=1)]) for b in battles))
    stale = battles[2]
    # another writer (another server, for the async log) moves it on: its head is 2 now,
    # which this writer learns only from the log's refusal of its part
    appender.store.append(stale, 1, [moved(x=2)])

    before = Counter(appender.groups)
    results = appender.gather(*(appender.append(b, 1, [moved(x=3), moved(x=4)]) for b in battles))

    refused = results[2]
    assert isinstance(refused, VersionConflict)
    assert (refused.expected, refused.actual) == (1, 2)
    for battle, result in zip(battles, results, strict=True):
        if battle != stale:
            assert isinstance(result, AppendResult) and not result.replayed
            assert [e.version for e in result.envelopes] == [2, 3]
            assert xs(appender.store.read_stream(battle)) == [1, 3, 4]
            assert appender.store.verify(battle).ok
    assert xs(appender.store.read_stream(stale)) == [1, 2]
    if appender.log is not None:  # they went in groups (one per worker on Citus)
        sent = appender.groups - before
        assert sum(size * n for size, n in sent.items()) == len(battles)
        assert max(sent) > 1


def test_a_replay_and_a_reused_key_inside_a_group_answer_as_alone(appender: Appender) -> None:
    first, reused, plain = fresh(), fresh(), fresh()
    original = appender.gather(
        appender.append(first, 0, [moved(x=1)], key="k1"),
        appender.append(reused, 0, [moved(x=1)], key="k2"),
        appender.append(plain, 0, [moved(x=1)]),
    )
    assert all(isinstance(r, AppendResult) for r in original)

    again = appender.gather(
        appender.append(first, 0, [moved(x=1)], key="k1"),  # the same request: replayed
        appender.append(reused, 1, [moved(x=9)], key="k2"),  # another request: refused
        appender.append(plain, 1, [moved(x=2)], key="k3"),
    )

    assert isinstance(again[0], AppendResult) and again[0].replayed
    assert again[0].envelopes == original[0].envelopes
    assert isinstance(again[1], IdempotencyKeyReused)
    assert isinstance(again[2], AppendResult) and not again[2].replayed
    assert [xs(appender.store.read_stream(b)) for b in (first, reused, plain)] == [
        [1],
        [1],
        [1, 2],
    ]


def test_each_part_of_a_group_writes_its_own_read_model(appender: Appender) -> None:
    battles = [fresh() for _ in range(4)]
    first = [
        ProjectionWrite(1, {"round": 1, "creatures": {"a": {"hp": 1}}}, {"w": 1}),
        None,  # no read model beside ones that have one
        ProjectionWrite(1, {"round": 1, "creatures": {}}, {"w": 3}, {"at": 1}),
        ProjectionWrite(1, {"round": 1, "creatures": {"a": {"hp": 4}, "b": {"hp": 4}}}, {"w": 4}),
    ]
    appender.gather(
        *(
            appender.append(b, 0, [moved()], projection=p)
            for b, p in zip(battles, first, strict=True)
        )
    )
    second = [
        ProjectionWrite(1, {"round": 2}, None, creatures={"a": {"hp": 0}}),
        ProjectionWrite(1, {"round": 2, "creatures": {}}, {"w": 2}),
        None,
        ProjectionWrite(1, {"round": 2}, None, creatures={"c": {"hp": 5}}, removed=("b",)),
    ]
    results = appender.gather(
        appender.append(battles[0], 1, [moved()], projection=second[0]),
        appender.append(battles[1], 1, [moved()], projection=second[1]),
        appender.append(battles[2], 1, [moved()], projection=second[2]),
        appender.append(battles[3], 1, [moved()], projection=second[3]),
        appender.append(battles[3], 0, [moved()], projection=first[0]),  # stale: writes none
    )

    assert all(isinstance(r, AppendResult) for r in results[:4])
    assert isinstance(results[4], VersionConflict)
    views = [appender.store.read_view(b) for b in battles]
    assert [(v.version, v.view, v.map_view) if v else None for v in views] == [
        (2, {"round": 2, "creatures": {"a": {"hp": 0}}}, {"w": 1}),
        (2, {"round": 2, "creatures": {}}, {"w": 2}),
        (1, {"round": 1, "creatures": {}}, {"w": 3}),  # appended without one: left behind
        (2, {"round": 2, "creatures": {"a": {"hp": 4}, "c": {"hp": 5}}}, {"w": 4}),
    ]
    snapshot = appender.store.latest_snapshot(battles[2], 1)
    assert snapshot is not None and (snapshot.version, snapshot.state) == (1, {"at": 1})


def test_an_oversized_append_fails_alone_beside_a_group(appender: Appender) -> None:
    battles = [fresh() for _ in range(4)]
    huge = NoteWritten(text="x" * (MAX_EVENT_BYTES + 1))
    results = appender.gather(
        *(appender.append(b, 0, [huge if i == 1 else moved(x=i)]) for i, b in enumerate(battles))
    )
    assert isinstance(results[1], EventTooLarge)
    assert appender.store.read_stream(battles[1]) == []
    assert [xs(appender.store.read_stream(b)) for b in battles if b != battles[1]] == [
        [0],
        [2],
        [3],
    ]


def test_a_closed_battle_in_a_group_fails_alone(database_appender: Appender) -> None:
    appender = database_appender
    battles = [fresh() for _ in range(4)]
    appender.gather(*(appender.append(b, 0, [moved(x=1)]) for b in battles))
    engine = appender.store.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(
            text("INSERT INTO battles VALUES (:b, 'draw-steel', 'hash', now())"), {"b": battles[0]}
        )
        conn.execute(
            text(
                "UPDATE battles SET closed_at = now(), closed_reason = 'done' WHERE battle_id = :b"
            ),
            {"b": battles[0]},
        )

    results = appender.gather(*(appender.append(b, 1, [moved(x=2)]) for b in battles))

    assert isinstance(results[0], BattleClosed) and results[0].reason == "done"
    assert all(isinstance(r, AppendResult) for r in results[1:])
    assert [xs(appender.store.read_stream(b)) for b in battles] == [[1], [1, 2], [1, 2], [1, 2]]


# -- any interleaving -----------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One append of a round: to battle `battle`, `stale` (from a version already passed) or
    from the head as the round began, with `events` events, keyed or not; or the replay of an
    earlier append that was written."""

    battle: int
    stale: bool
    events: int
    keyed: bool
    replay: int | None


steps = st.builds(
    Step,
    battle=st.integers(0, 4),
    stale=st.booleans(),
    events=st.integers(1, 3),
    keyed=st.booleans(),
    replay=st.none() | st.integers(0, 50),
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(rounds=st.lists(st.lists(steps, min_size=1, max_size=8), min_size=1, max_size=4))
def test_no_interleaving_loses_or_duplicates_an_append(
    appender: Appender, rounds: list[list[Step]]
) -> None:
    battles = [fresh("h") for _ in range(5)]
    heads = [0] * len(battles)
    made = itertools.count(1)
    written: dict[int, list[int]] = {i: [] for i in range(len(battles))}  # xs in log order
    answered: list[tuple[int, int, list[int], str | None, AppendResult]] = []
    for round_ in rounds:
        plan: list[tuple[int, int, list[int], str | None]] = []
        for step in round_:
            if step.replay is not None and answered:
                battle, expected, moves, key, _ = answered[step.replay % len(answered)]
                plan.append((battle, expected, moves, key))
                continue
            head = heads[step.battle]
            moves = [next(made) for _ in range(step.events)]
            key = f"key-{moves[0]}" if step.keyed else None
            plan.append((step.battle, head - 1 if step.stale and head else head, moves, key))
        results = appender.gather(
            *(
                appender.append(battles[b], v, [moved(x=x) for x in moves], key)
                for b, v, moves, key in plan
            )
        )
        for (battle, expected, moves, key), result in zip(plan, results, strict=True):
            if isinstance(result, AppendResult) and result.replayed:
                assert key is not None and xs(result.envelopes) == moves
                continue
            if isinstance(result, AppendResult):
                # at most one append per battle and version is written: the one at the head
                assert expected == heads[battle]
                assert [e.version for e in result.envelopes] == list(
                    range(expected + 1, expected + len(moves) + 1)
                )
                heads[battle] += len(moves)
                written[battle] += moves
                answered.append((battle, expected, moves, key, result))
            else:
                assert isinstance(result, VersionConflict), result
    for i, name in enumerate(battles):
        stream = appender.store.read_stream(name)
        assert [e.version for e in stream] == list(range(1, heads[i] + 1))  # dense
        assert xs(stream) == written[i]  # every written append once, nothing else
    everything = [x for per in written.values() for x in per]
    assert len(everything) == len(set(everything))
