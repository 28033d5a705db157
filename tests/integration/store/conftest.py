from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine

from events.chain_key import ChainKey
from events.store import EventStore
from events.store_memory import InMemoryEventStore
from events.store_postgres import PostgresEventStore
from ops.citus.cluster import CitusCluster
from ops.citus.stack import spread_over
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.event_fixtures import test_registry


def utc_now() -> datetime:
    return datetime.now(UTC)


TEST_CHAIN_KEY = ChainKey(b"a chain key for the store's contract tests", datetime.now(UTC))
"""Every store under contract keys its chain, as the server's do."""


@pytest.fixture
def postgres_store(engine: Engine) -> Iterator[PostgresEventStore]:
    store = PostgresEventStore(
        engine, utc_now, registry=test_registry, notify="off", chain_key=TEST_CHAIN_KEY
    )
    yield store
    store.close()


@pytest.fixture
def citus_store(citus_engine: Engine) -> Iterator[PostgresEventStore]:
    store = PostgresEventStore(
        citus_engine, utc_now, registry=test_registry, notify="off", chain_key=TEST_CHAIN_KEY
    )
    assert store.distributed  # the contract must hold on a real cluster, not a fallback
    yield store
    store.close()


@pytest.fixture
def citus_workers_store(
    citus_cluster: CitusCluster, citus_database_uri: str
) -> Iterator[PostgresEventStore]:
    """A store whose `DATABASE_URL` names the cluster's workers, as servers on the workers
    are run (ops/SCALING.md): its writer appends on each battle's own worker."""
    name = citus_database_uri.rsplit("/", 1)[1]
    workers = spread_over([worker.uri(name) for worker in citus_cluster.workers])
    engine = make_engine(to_sqlalchemy_url(workers), pool_size=20)
    store = PostgresEventStore(
        engine, utc_now, registry=test_registry, notify="off", chain_key=TEST_CHAIN_KEY
    )
    assert store.distributed
    yield store
    # whatever the test wrote, the writer sent to each battle's worker, not through whichever
    # node it reached (a test whose appends were all refused before the database wrote none)
    assert store._writer.log._nodes is not None or not store.battle_ids()
    store.close()
    engine.dispose()


@pytest.fixture(params=["memory", "postgres", "citus", "citus-workers"])
def store(request: pytest.FixtureRequest) -> Iterator[EventStore]:
    """Every contract test runs against every implementation, each appending with the writer
    the server uses (events/store_async.py, run by the sync store on a loop of its own): in
    memory, one PostgreSQL, and a Citus cluster of a coordinator and two workers, reached
    through the coordinator and through the workers (each battle's appends on its own)."""
    if request.param == "memory":
        yield InMemoryEventStore(utc_now, registry=test_registry, chain_key=TEST_CHAIN_KEY)
    else:
        yield request.getfixturevalue(f"{request.param.replace('-', '_')}_store")


@pytest.fixture
def make_citus_store(citus_engine: Engine) -> Iterator[Callable[..., PostgresEventStore]]:
    made: list[PostgresEventStore] = []

    def build(**kwargs: object) -> PostgresEventStore:
        kwargs.setdefault("registry", test_registry)
        kwargs.setdefault("notify", "off")
        kwargs.setdefault("chain_key", TEST_CHAIN_KEY)
        store = PostgresEventStore(citus_engine, kwargs.pop("clock", utc_now), **kwargs)  # type: ignore[arg-type]
        made.append(store)
        return store

    yield build
    for store in made:
        store.close()


@pytest.fixture
def make_store(engine: Engine) -> Iterator[Callable[..., PostgresEventStore]]:
    made: list[PostgresEventStore] = []

    def build(**kwargs: object) -> PostgresEventStore:
        kwargs.setdefault("registry", test_registry)
        kwargs.setdefault("notify", "off")
        kwargs.setdefault("chain_key", TEST_CHAIN_KEY)
        store = PostgresEventStore(engine, kwargs.pop("clock", utc_now), **kwargs)  # type: ignore[arg-type]
        made.append(store)
        return store

    yield build
    for store in made:
        store.close()
