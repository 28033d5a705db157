"""All of turnledger's configuration, read once from the environment (and `.env`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from events.timeouts import DatabaseTimeouts


def _rate(value: str) -> str:
    """A rate the `limits` library reads (`120/minute`, `10 per second`), checked at start."""
    from limits import parse

    try:
        parse(value)
    except ValueError as exc:
        raise ValueError(f"not a rate like '120/minute': {value!r}") from exc
    return value


def _database_url(value: str | None) -> str | None:
    """A PostgreSQL URL SQLAlchemy can read, checked when the settings are read, so a typo is
    one line naming the variable instead of a traceback from deep inside the first connect."""
    if not value:
        return value
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    example = "postgresql://USER:PASSWORD@HOST:5432/DATABASE"
    try:
        url = make_url(sqlalchemy_url(value))
    except (ArgumentError, ValueError) as exc:
        raise ValueError(f"not a PostgreSQL URL like {example} ({exc})") from None
    if url.drivername != "postgresql+psycopg":
        raise ValueError(f"not a PostgreSQL URL like {example} (scheme {url.drivername!r})")
    return value


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TURNLEDGER_", env_file=".env", extra="ignore")

    database_url: Annotated[str | None, AfterValidator(_database_url)] = Field(
        default=None,
        validation_alias=AliasChoices("DATABASE_URL", "TURNLEDGER_DATABASE_URL"),
        description="PostgreSQL URL; when unset an embedded PostgreSQL is started in data_dir.",
    )
    data_dir: Path = Field(default=Path(".turnledger"), description="Embedded PostgreSQL home.")
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    api_key: str | None = Field(default=None, description="Required to create battles when set.")
    secret: str | None = Field(
        default=None,
        description="Seals the director tokens that idempotent creations keep for their retries;"
        " unset, one is made once and kept in the database.",
    )
    log_format: Literal["auto", "json", "console"] = "auto"
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    pool_size: int = Field(default=10, ge=1, le=200)
    notify_interval: float = Field(default=0.005, ge=0, le=5)
    snapshot_every: int = Field(default=200, ge=1)
    max_retries: int = Field(
        default=10,
        ge=1,
        le=50,
        description="Decisions of a command before it gives up on version conflicts (503).",
    )
    decide_threads: int = Field(
        default=2, ge=1, le=32, description="Threads for decisions that search, and cold reads."
    )
    rate_limits: bool = Field(
        default=True, description="Rate limits on battle creations and writes (`off` to lift)."
    )
    rate_create: Annotated[str, AfterValidator(_rate)] = Field(
        default="120/minute",
        description="Battle creations per API key (when set) or client address.",
    )
    rate_write: Annotated[str, AfterValidator(_rate)] = Field(
        default="6000/minute",
        description="Intents, undo, redo and seats per API key or client address.",
    )
    search_seconds: float = Field(
        default=5.0,
        gt=0,
        le=600,
        description="Seconds of route search, reach or re-judgement one answer may cost.",
    )
    search_steps: int = Field(
        default=5_000_000,
        ge=1000,
        description="Search steps one answer may cost (a cap that needs no clock).",
    )
    connect_timeout: float = Field(
        default=3.0,
        gt=0,
        le=120,
        description="Seconds to wait for a database connection (libpq counts at least 2).",
    )
    statement_timeout: float = Field(
        default=5.0,
        gt=0,
        le=600,
        description="Seconds a database statement may run; a database that answers nothing"
        " is given up one second later, its connection closed and the request answered 503.",
    )
    lock_timeout: float = Field(
        default=2.0, gt=0, le=600, description="Seconds a statement may wait for a lock."
    )
    health_timeout: float = Field(
        default=2.0, gt=0, le=60, description="Seconds /healthz waits for the database."
    )

    streams_per_token: int = Field(
        default=8, ge=1, le=10_000, description="Open live streams one token may hold."
    )
    stream_heartbeat: float = Field(
        default=15.0, gt=0, le=300, description="Seconds between heartbeats on a live stream."
    )
    stream_safety_poll: float = Field(
        default=5.0,
        gt=0,
        le=300,
        description="Seconds after which the stream hub reads the log even without a notice"
        " (one query per process, in case a notice was lost).",
    )

    state_cache_mb: float = Field(
        default=256,
        ge=0,
        le=1_000_000,
        description="Megabytes of battle states each server process keeps (estimated from"
        " each state's map and creatures; least recently used go first).",
    )
    principal_cache_mb: float = Field(
        default=8, ge=0, le=100_000, description="Megabytes of authenticated tokens kept."
    )
    map_memo_mb: float = Field(
        default=64,
        ge=0,
        le=1_000_000,
        description="Megabytes of what the engine keeps per map and kind of mover (the steps"
        " it has judged) for the next decision on the same map; least recently used go first.",
    )

    def database_timeouts(self) -> DatabaseTimeouts:
        return DatabaseTimeouts(
            connect=self.connect_timeout, statement=self.statement_timeout, lock=self.lock_timeout
        )


def sqlalchemy_url(url: str) -> str:
    """Accept the plain `postgresql://` form too, and always drive it with psycopg 3."""
    for prefix in ("postgresql+psycopg2://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url
