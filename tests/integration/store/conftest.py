from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine

from events.chain_key import ChainKey
from events.store import EventStore
from events.store_memory import InMemoryEventStore
from events.store_postgres import PostgresEventStore
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


@pytest.fixture(params=["memory", "postgres", "citus"])
def store(request: pytest.FixtureRequest) -> Iterator[EventStore]:
    """Every contract test runs against every implementation: in memory, one PostgreSQL, and
    a Citus cluster of a coordinator and two workers."""
    if request.param == "memory":
        yield InMemoryEventStore(utc_now, registry=test_registry, chain_key=TEST_CHAIN_KEY)
    else:
        yield request.getfixturevalue(f"{request.param}_store")


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
