"""Fixtures for tests on a real Citus cluster: a coordinator and two workers for the session.

The cluster is started only when a test asks for it, from the PostgreSQL of the `pgserver`
wheel with Citus built into it by `make citus`; if Citus is missing the fixture fails with
that instruction in one line (never a skip). The schema is migrated and distributed once into a template
database, and each test that asks for `citus_database_uri` gets a clone of it on every node.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import Engine

from events.migrate import upgrade
from ops.citus.cluster import CitusCluster, CitusMissing, require_citus
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

CITUS_TEMPLATE = "turnledger_citus_template"


@pytest.fixture(scope="session")
def citus_cluster() -> Iterator[CitusCluster]:
    try:
        require_citus()
    except CitusMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    with CitusCluster(workers=2, shard_count=8, durable=False) as cluster:
        yield cluster


@pytest.fixture(scope="session")
def citus_dropper(citus_cluster: CitusCluster) -> Iterator[ThreadPoolExecutor]:
    """Drops finished tests' databases in the background, off the next test's path."""
    with ThreadPoolExecutor(1) as dropper:
        yield dropper


@pytest.fixture(scope="session")
def citus_template(citus_cluster: CitusCluster) -> str:
    uri = citus_cluster.create_database(CITUS_TEMPLATE)
    engine = make_engine(to_sqlalchemy_url(uri))
    upgrade(engine)
    engine.dispose()
    citus_cluster.seal_as_template(CITUS_TEMPLATE)
    return CITUS_TEMPLATE


@pytest.fixture
def citus_database_uri(
    citus_cluster: CitusCluster, citus_template: str, citus_dropper: ThreadPoolExecutor
) -> Iterator[str]:
    """A fresh, migrated, distributed database for this test alone (the coordinator's URI)."""
    name = f"c_{uuid.uuid4().hex[:16]}"
    yield citus_cluster.clone(citus_template, name)
    citus_dropper.submit(citus_cluster.drop_database, name)


@pytest.fixture
def citus_engine(citus_database_uri: str) -> Iterator[Engine]:
    engine = make_engine(to_sqlalchemy_url(citus_database_uri), pool_size=20)
    yield engine
    engine.dispose()


@pytest.fixture(scope="module")
def citus_module_database_uri(
    citus_cluster: CitusCluster, citus_template: str, citus_dropper: ThreadPoolExecutor
) -> Iterator[str]:
    """A fresh distributed database shared by one test module (for servers started once)."""
    name = f"m_{uuid.uuid4().hex[:16]}"
    yield citus_cluster.clone(citus_template, name)
    citus_dropper.submit(citus_cluster.drop_database, name)
