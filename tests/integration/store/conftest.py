from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine

from events.store import EventStore
from events.store_memory import InMemoryEventStore
from events.store_postgres import PostgresEventStore
from tests.event_fixtures import test_registry


def utc_now() -> datetime:
    return datetime.now(UTC)


@pytest.fixture
def postgres_store(engine: Engine) -> Iterator[PostgresEventStore]:
    store = PostgresEventStore(engine, utc_now, registry=test_registry, notify="off")
    yield store
    store.close()


@pytest.fixture
def citus_store(citus_engine: Engine) -> Iterator[PostgresEventStore]:
    store = PostgresEventStore(citus_engine, utc_now, registry=test_registry, notify="off")
    assert store.distributed  # the contract must hold on a real cluster, not a fallback
    yield store
    store.close()


@pytest.fixture(params=["memory", "postgres", "citus"])
def store(request: pytest.FixtureRequest) -> Iterator[EventStore]:
    """Every contract test runs against every implementation: in memory, one PostgreSQL, and
    a Citus cluster of a coordinator and two workers."""
    if request.param == "memory":
        yield InMemoryEventStore(utc_now, registry=test_registry)
    else:
        yield request.getfixturevalue(f"{request.param}_store")


@pytest.fixture
def make_citus_store(citus_engine: Engine) -> Iterator[Callable[..., PostgresEventStore]]:
    made: list[PostgresEventStore] = []

    def build(**kwargs: object) -> PostgresEventStore:
        kwargs.setdefault("registry", test_registry)
        kwargs.setdefault("notify", "off")
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
        store = PostgresEventStore(engine, kwargs.pop("clock", utc_now), **kwargs)  # type: ignore[arg-type]
        made.append(store)
        return store

    yield build
    for store in made:
        store.close()
