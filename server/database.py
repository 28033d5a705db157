"""Connecting to the log's database: the configured URL, or the embedded PostgreSQL."""

from __future__ import annotations

from sqlalchemy import Engine, create_engine

from server import embedded_postgres
from server.settings import Settings, sqlalchemy_url


def database_url(settings: Settings) -> str:
    if settings.database_url:
        return sqlalchemy_url(settings.database_url)
    return embedded_postgres.start(settings.data_dir)


def make_engine(url: str, *, pool_size: int = 10) -> Engine:
    # pre_ping: a pooled connection that PostgreSQL dropped (restart, pg_terminate_backend) is
    # replaced instead of failing the next request.
    return create_engine(
        url,
        pool_size=pool_size,
        max_overflow=pool_size,
        pool_pre_ping=True,
        pool_recycle=1800,
    )
