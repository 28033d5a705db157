"""Fixtures for tests that need a real PostgreSQL: the embedded one, or TEST_DATABASE_URL.

One throwaway server per test session, so one per pytest-xdist worker (`make test` runs
`-n auto --dist loadfile`); the schema is migrated once into a template database of that
worker, and every test that asks for `engine` gets a fresh database cloned from it.

Under xdist the tests of one file run on one worker, so its module-scoped fixtures (the e2e
server) start once; session ones (the Citus cluster, the browser) start once per worker that
needs them. Not `--dist loadgroup` with one group for the cluster's tests: pytest-xdist 3.8
marks groups by rewriting `item._nodeid`, which pytest 9.2 no longer reads, so the groups
are silently ignored.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Engine

from events.migrate import upgrade
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.trust.roles import app_url, enable_app_login
from tests.citus_fixtures import (  # noqa: F401  (fixtures, shared by every test folder)
    citus_cluster,
    citus_database_uri,
    citus_dropper,
    citus_engine,
    citus_module_database_uri,
    citus_template,
)

# One template per xdist worker: with TEST_DATABASE_URL the workers share one server.
TEMPLATE = f"turnledger_test_template_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
APP_PASSWORD = "turnledgertestapp"
"""The application role's password in the test cluster (roles are cluster-wide)."""


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _with_database(admin_uri: str, database: str) -> str:
    base, sep, query = admin_uri.partition("?")
    root = base.rsplit("/", 1)[0]
    return f"{root}/{database}{sep}{query}"


@pytest.fixture(scope="session")
def pg_admin_uri() -> Iterator[str]:
    """A libpq URI with the right to create databases."""
    configured = os.environ.get("TEST_DATABASE_URL")
    if configured:
        yield _libpq(configured)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver
    # Not under pytest's own temporary folder: pytest keeps only its last three, so a second
    # pytest started meanwhile (unit tests beside a full run) would delete this server's data
    # under it and every later database test would fail with "connection refused".
    home = Path(tempfile.mkdtemp(prefix="turnledger-test-pg-"))
    server = pgserver.get_server(home / "pgdata", cleanup_mode="delete")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def template_database(pg_admin_uri: str) -> str:
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{TEMPLATE}"')
        conn.execute(f'CREATE DATABASE "{TEMPLATE}"')
    engine = make_engine(to_sqlalchemy_url(_with_database(pg_admin_uri, TEMPLATE)))
    upgrade(engine)
    enable_app_login(engine, APP_PASSWORD)
    engine.dispose()
    return TEMPLATE


def as_app_role(uri: str) -> str:
    """A database's URI (either form) as the application role, which may only read and append
    (server/trust/roles.py): what the server connects with."""
    return app_url(to_sqlalchemy_url(_libpq(uri)), APP_PASSWORD)


@pytest.fixture
def database_uri(pg_admin_uri: str, template_database: str) -> Iterator[str]:
    """A fresh, migrated database for this test alone (libpq form)."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template_database}"')
    yield _with_database(pg_admin_uri, name)
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def empty_database_uri(pg_admin_uri: str) -> Iterator[str]:
    """A fresh database with no schema at all, for migration tests."""
    name = f"e_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield _with_database(pg_admin_uri, name)
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def engine(database_uri: str) -> Iterator[Engine]:
    eng = make_engine(to_sqlalchemy_url(database_uri), pool_size=20)
    yield eng
    eng.dispose()


@pytest.fixture
def app_engine(database_uri: str) -> Iterator[Engine]:
    """The same fresh database as `engine`, as the application role the server uses."""
    eng = make_engine(as_app_role(database_uri), pool_size=20)
    yield eng
    eng.dispose()


@pytest.fixture
def fixed_clock() -> datetime:
    return datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
