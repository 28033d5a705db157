"""Bring a database to the head of the Alembic migrations (the only way the schema is made)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # configparser interpolation would read the %-escapes of a socket path in the URL.
    url = engine.url.render_as_string(hide_password=False).replace("%", "%%")
    config.set_main_option("sqlalchemy.url", url)
    return config


MIGRATION_LOCK = 0x7475726E  # any constant shared by every process that migrates


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate to `revision`; concurrent callers (two servers starting at once) take turns."""
    with engine.begin() as conn:
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config = alembic_config(engine)
        config.attributes["connection"] = conn
        command.upgrade(config, revision)


def downgrade(engine: Engine, revision: str) -> None:
    with engine.begin() as conn:
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config = alembic_config(engine)
        config.attributes["connection"] = conn
        command.downgrade(config, revision)


def current(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
