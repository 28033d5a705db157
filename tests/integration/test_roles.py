"""The server's role may only read and append: it refuses to start with any power over the
log (server/trust/roles.py), and what it may do is exactly what the store needs."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import Engine, text

from server.operations.embedded_postgres import to_sqlalchemy_url
from server.trust.roles import RoleTooStrong, check_app_role
from tests.e2e.conftest import free_port


def test_the_application_role_passes_the_check(app_engine: Engine) -> None:
    check_app_role(app_engine)


def test_a_superuser_is_refused(engine: Engine) -> None:
    with pytest.raises(RoleTooStrong, match="is a superuser"):
        check_app_role(engine)


def test_a_grant_to_update_the_log_is_refused(database_uri: str, app_engine: Engine) -> None:
    with psycopg.connect(database_uri, autocommit=True) as conn:
        conn.execute("GRANT UPDATE, TRUNCATE ON event_log TO turnledger_app")
    with pytest.raises(RoleTooStrong, match="may UPDATE event_log, may TRUNCATE event_log"):
        check_app_role(app_engine)


@pytest.fixture
def owner_role(database_uri: str) -> Iterator[str]:
    name = f"owner_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_uri, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {name} NOLOGIN")
    yield name
    with psycopg.connect(database_uri, autocommit=True) as conn:
        conn.execute(f"REVOKE {name} FROM turnledger_app")
        conn.execute(f"REASSIGN OWNED BY {name} TO current_user")
        conn.execute(f"DROP ROLE {name}")


def test_a_member_of_a_tables_owner_is_refused(
    database_uri: str, app_engine: Engine, owner_role: str
) -> None:
    with psycopg.connect(database_uri, autocommit=True) as conn:
        conn.execute(f"ALTER TABLE battle_seats OWNER TO {owner_role}")
        conn.execute(f"GRANT {owner_role} TO turnledger_app")
    with pytest.raises(RoleTooStrong, match="owns"):
        check_app_role(app_engine)


def test_the_right_to_switch_the_triggers_off_is_refused(
    database_uri: str, app_engine: Engine
) -> None:
    with psycopg.connect(database_uri, autocommit=True) as conn:
        conn.execute("GRANT SET ON PARAMETER session_replication_role TO turnledger_app")
    try:
        with pytest.raises(RoleTooStrong, match="may set session_replication_role"):
            check_app_role(app_engine)
    finally:
        with psycopg.connect(database_uri, autocommit=True) as conn:
            conn.execute("REVOKE SET ON PARAMETER session_replication_role FROM turnledger_app")


def test_the_application_role_cannot_alter_the_log_nor_switch_the_triggers_off(
    app_engine: Engine,
) -> None:
    with app_engine.connect() as conn:
        for statement in (
            "UPDATE event_log SET data = data",
            "DELETE FROM event_log",
            "TRUNCATE event_log",
            "SET session_replication_role = replica",
            "ALTER TABLE event_log DISABLE TRIGGER ALL",
            "UPDATE idempotency_keys SET response = NULL",
            "SELECT * FROM server_secrets",
        ):
            with pytest.raises(Exception, match=r"permission denied|must be owner"):
                conn.execute(text(statement))
            conn.rollback()


def test_serve_refuses_to_start_as_a_role_that_could_alter_the_log(
    database_uri: str, tmp_path: object
) -> None:
    url = to_sqlalchemy_url(database_uri)  # the superuser, named as the server's role
    env = {**os.environ, "DATABASE_URL": url, "MIGRATION_DATABASE_URL": url}
    env["TURNLEDGER_DATA_DIR"] = str(tmp_path)
    ran = subprocess.run(
        [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(free_port())],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [line for line in ran.stderr.splitlines() if line.strip()]
    assert ran.returncode == 1, ran.stderr
    assert len(lines) == 1 and "could alter the log (is a superuser" in lines[0], ran.stderr
