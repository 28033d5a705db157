"""The URLs of servers on the Citus workers (ops/SCALING.md, "Servers on the workers"): one
libpq URL that spreads connections over every worker, and the one node where wake-ups meet."""

from __future__ import annotations

import psycopg
from sqlalchemy import create_engine

from ops.citus.stack import spread_over
from server.operations.settings import Settings, sqlalchemy_url
from server.wiring import notify_url

WORKERS = [
    "postgresql://postgres@10.0.0.1:5432/turnledger",
    "postgresql://postgres@10.0.0.2:6543/turnledger",
]


def test_a_host_list_names_every_worker_for_libpq_and_for_sqlalchemy() -> None:
    url = spread_over(WORKERS, user="turnledger_app")
    expected = {
        "user": "turnledger_app",
        "dbname": "turnledger",
        "host": "10.0.0.1,10.0.0.2",
        "port": "5432,6543",
        "load_balance_hosts": "random",
    }
    assert psycopg.conninfo.conninfo_to_dict(url) == expected  # the async log's and notifier's
    engine = create_engine(sqlalchemy_url(url))  # the server's engines (never connected here)
    args = engine.dialect.create_connect_args(engine.url)[1]
    assert {k: args[k] for k in expected} == expected


def test_wake_ups_meet_on_the_named_node_else_on_the_servers_own_database() -> None:
    engine = create_engine(sqlalchemy_url(spread_over(WORKERS)))
    coordinator = "postgresql://turnledger_app:secret@coordinator:5432/turnledger"
    named = Settings(database_url=str(engine.url), notify_database_url=coordinator)
    assert notify_url(named, engine) == coordinator
    alone = Settings(database_url=str(engine.url))
    assert psycopg.conninfo.conninfo_to_dict(notify_url(alone, engine))["host"] == (
        "10.0.0.1,10.0.0.2"
    )
