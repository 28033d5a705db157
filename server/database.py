"""Connecting to the log's database: the configured URL, or the embedded PostgreSQL."""

from __future__ import annotations

from events.connections import make_engine
from server import embedded_postgres
from server.settings import Settings, sqlalchemy_url

__all__ = ["database_url", "make_engine"]


def database_url(settings: Settings) -> str:
    if settings.database_url:
        return sqlalchemy_url(settings.database_url)
    return embedded_postgres.start(settings.data_dir)
