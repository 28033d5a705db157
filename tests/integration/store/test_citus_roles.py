"""On a Citus cluster the server's role is checked on every worker too (server/trust/roles.py)."""

from __future__ import annotations

import psycopg
import pytest
from sqlalchemy import Engine

from server.operations.database import make_engine
from server.trust.roles import RoleTooStrong, check_app_role, enable_app_login
from tests.conftest import APP_PASSWORD, as_app_role


def test_the_app_role_passes_on_the_coordinator_and_every_worker(
    citus_engine: Engine, citus_database_uri: str
) -> None:
    enable_app_login(citus_engine, APP_PASSWORD)
    app = make_engine(as_app_role(citus_database_uri))
    try:
        check_app_role(app)
        with pytest.raises(RoleTooStrong, match="is a superuser"):
            check_app_role(citus_engine)
    finally:
        app.dispose()


def test_a_grant_on_a_worker_s_shard_is_refused(
    citus_engine: Engine, citus_database_uri: str
) -> None:
    enable_app_login(citus_engine, APP_PASSWORD)
    with psycopg.connect(citus_database_uri, autocommit=True) as conn:
        # behind the coordinator's back: straight on the workers' shards
        conn.execute(
            "SELECT run_command_on_shards('event_log', 'GRANT UPDATE ON %s TO turnledger_app')"
        )
    app = make_engine(as_app_role(citus_database_uri))
    try:
        with pytest.raises(RoleTooStrong, match="may alter a shard of event_log on worker"):
            check_app_role(app)
    finally:
        app.dispose()
