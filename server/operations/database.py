"""Connecting to the log's database: the configured URL, or the embedded PostgreSQL, with
the request timeouts for the server and longer ones for migrations and tools."""

from __future__ import annotations

from sqlalchemy import Engine

from events.connections import make_engine
from events.timeouts import DatabaseTimeouts
from server.operations import embedded_postgres
from server.operations.settings import Settings, sqlalchemy_url

__all__ = [
    "app_database_url",
    "database_url",
    "maintenance_engine",
    "make_engine",
    "owner_database_url",
    "server_engine",
]

MAINTENANCE_STATEMENT_SECONDS = 3600.0
MAINTENANCE_LOCK_SECONDS = 600.0


def database_url(settings: Settings) -> str:
    if settings.database_url:
        return sqlalchemy_url(settings.database_url)
    return embedded_postgres.start(settings.data_dir)


def owner_database_url(settings: Settings) -> str:
    """The schema owner's URL, for migrations and the command line's tools."""
    if settings.migration_database_url:
        return sqlalchemy_url(settings.migration_database_url)
    return database_url(settings)


def app_database_url(settings: Settings, owner_url: str) -> str:
    """The URL the server serves with: `DATABASE_URL` when the owner's is given apart, else
    `turnledger_app` on the owner's database, given a login first (server/trust/roles.py)."""
    from server.trust import roles

    if settings.migration_database_url:
        if not settings.database_url:
            raise roles.RoleSetupFailed(
                "MIGRATION_DATABASE_URL is set but DATABASE_URL is not: set it to the login"
                " role the server serves with"
            )
        return sqlalchemy_url(settings.database_url)
    password = roles.app_password(settings.data_dir)
    owner = maintenance_engine(owner_url, settings)
    try:
        roles.enable_app_login(owner, password)
    finally:
        owner.dispose()
    return roles.app_url(owner_url, password)


def server_engine(url: str, settings: Settings) -> Engine:
    """The server's engine: its pool size and the request timeouts, as configured."""
    return make_engine(url, pool_size=settings.pool_size, timeouts=settings.database_timeouts())


def maintenance_engine(url: str, settings: Settings) -> Engine:
    """An engine for migrations and the command line's tools: a request's timeouts would
    cut short a migration on a large log, or one server's migration that another waits for;
    an hour per statement and ten minutes per lock still end a wait on a frozen database."""
    timeouts = DatabaseTimeouts(
        connect=settings.connect_timeout,
        statement=MAINTENANCE_STATEMENT_SECONDS,
        lock=MAINTENANCE_LOCK_SECONDS,
    )
    return make_engine(url, pool_size=settings.pool_size, timeouts=timeouts)
