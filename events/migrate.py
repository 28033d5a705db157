"""Bring a database to the head of the Alembic migrations (the only way the schema is made).

The migrations form two branches. The main line (0001, 0002, ...) makes the schema on any
PostgreSQL. The `citus` branch (c001, ...) distributes it and is applied only when the database
is a Citus coordinator, so a database that was migrated on one node and later given Citus and
workers becomes distributed by running `upgrade` again.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, Engine, text

from events import cluster

MIGRATIONS = Path(__file__).with_name("migrations")
MAIN_HEAD = "0001@head"  # the head of the branch that starts at 0001
CITUS_HEAD = "citus@head"


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # configparser interpolation would read the %-escapes of a socket path in the URL.
    url = engine.url.render_as_string(hide_password=False).replace("%", "%%")
    config.set_main_option("sqlalchemy.url", url)
    return config


MIGRATION_LOCK = 0x7475726E  # any constant shared by every process that migrates


class NotTheCoordinator(RuntimeError):
    """Migrations were pointed at a Citus worker: schema changes run on the coordinator."""


def is_citus_coordinator(conn: Connection) -> bool:
    installed = conn.execute(text("SELECT 1 FROM pg_extension WHERE extname = 'citus'")).first()
    return installed is not None and bool(
        conn.execute(text("SELECT citus_is_coordinator()")).scalar_one()
    )


def upgrade(engine: Engine, revision: str | None = None) -> None:
    """Migrate to `revision`, or to every head that applies to this database.

    Concurrent callers (two servers starting at once) take turns on an advisory lock. A Citus
    worker is refused (NotTheCoordinator): servers may serve from workers (ops/SCALING.md), but
    the schema, its version table and the distribution live on the coordinator.
    """
    with engine.begin() as conn:
        if cluster.is_worker(conn):
            raise NotTheCoordinator(
                "the database to migrate is a Citus worker: run migrations on the coordinator"
                " (set MIGRATION_DATABASE_URL to the coordinator's owner, DATABASE_URL to the"
                " workers the server serves from)"
            )
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config = alembic_config(engine)
        config.attributes["connection"] = conn
        if revision is not None:
            command.upgrade(config, revision)
            return
        command.upgrade(config, MAIN_HEAD)
        if is_citus_coordinator(conn):
            command.upgrade(config, CITUS_HEAD)


def downgrade(engine: Engine, revision: str) -> None:
    with engine.begin() as conn:
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config = alembic_config(engine)
        config.attributes["connection"] = conn
        command.downgrade(config, revision)


def current(engine: Engine) -> str | None:
    """The revisions the database is at: '0003', or '0003+c001' once distributed."""
    with engine.connect() as conn:
        heads = MigrationContext.configure(conn).get_current_heads()
    return "+".join(sorted(heads)) or None
