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


def _networks(value: str) -> str:
    """Addresses or networks, comma-separated (`10.0.0.5, 172.18.0.0/16`), checked at start."""
    import ipaddress

    for part in filter(None, (p.strip() for p in value.split(","))):
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError as exc:
            raise ValueError(f"not an address or network: {part!r}") from exc
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
    guide_dir: Path | None = Field(
        default=None,
        description="The folder of the guide's Markdown pages served at /guide; unset, the"
        " `docs/` folder beside the packages (a clone's).",
    )
    secret: str | None = Field(
        default=None,
        description="Seals the director tokens that idempotent creations keep for their retries;"
        " unset, the key store's sealing secret does.",
    )
    keyring: str | None = Field(
        default=None,
        description="The key store itself (its JSON): signing keys, chain key, sealing secret.",
    )
    keyring_file: Path | None = Field(
        default=None,
        description="The key store's file; unset, keyring.json in data_dir, made once.",
    )
    api_keys_file: Path | None = Field(
        default=None,
        description="The API keys' file (`turnledger keys`); unset, api-keys.json in data_dir.",
    )
    migration_database_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices(
            "MIGRATION_DATABASE_URL", "TURNLEDGER_MIGRATION_DATABASE_URL"
        ),
        description="The schema owner's URL, for migrations; the server itself connects with"
        " DATABASE_URL, a role that may only read and append.",
    )
    notify_database_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("TURNLEDGER_NOTIFY_DATABASE_URL", "NOTIFY_DATABASE_URL"),
        description="Where every server announces new events and listens for them (wake-ups"
        " of live streams); unset, DATABASE_URL. With servers on Citus workers, set it to the"
        " coordinator: all servers must meet on one node (ops/SCALING.md).",
    )
    log_format: Literal["auto", "json", "console"] = "auto"
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    pool_size: int = Field(default=10, ge=1, le=200)
    append_groups: int = Field(
        default=2,
        ge=0,
        le=32,
        description="Groups of appends of different battles each process may have on their"
        " round trip to a node at once (events/append_group.py); appends that arrive meanwhile"
        " wait and go together, in one statement and one commit. 0: each append alone.",
    )
    append_group_max: int = Field(
        default=64, ge=1, le=1000, description="Appends in one group at most."
    )
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
    questions_follow: bool = Field(
        default=False,
        description="A thread also catches the log's question read models up after each"
        " answered append (`off`: the append writes their rows itself, and a question brings"
        " them up to date first when it did not, as after appends by another tool).",
    )
    rate_limits: bool = Field(
        default=True, description="Rate limits on battle creations and writes (`off` to lift)."
    )
    rate_create: Annotated[str, AfterValidator(_rate)] = Field(
        default="120/minute",
        description="Battle creations per API key (when set) or client address (the real"
        " peer: proxy headers count only from TURNLEDGER_TRUSTED_PROXIES).",
    )
    rate_write: Annotated[str, AfterValidator(_rate)] = Field(
        default="6000/minute",
        description="Intents, undo, redo, seats, what-if (every POST of a battle) per token.",
    )
    rate_read: Annotated[str, AfterValidator(_rate)] = Field(
        default="12000/minute",
        description="Reads of a battle (state, log, stream, verify, replay...) per token.",
    )
    rate_auth: Annotated[str, AfterValidator(_rate)] = Field(
        default="120/minute",
        description="Requests with a wrong battle token or API key per client address (then"
        " 429 for wrong ones; a valid token from the same address is still served).",
    )
    rate_peer: Annotated[str, AfterValidator(_rate)] = Field(
        default="60000/minute",
        description="Requests of any kind per client address (the real peer), authenticated"
        " or not: what one address may send in all.",
    )
    rate_open: Annotated[str, AfterValidator(_rate)] = Field(
        default="1200/minute",
        description="Requests per client address to routes that take no token (/healthz,"
        " /keys, /metrics, /openapi.json, the docs and the viewer's files).",
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

    trusted_proxies: Annotated[str, AfterValidator(_networks)] = Field(
        default="",
        description="Comma-separated addresses or networks (e.g. `10.0.0.5,172.18.0.0/16`) whose"
        " X-Forwarded-For and X-Forwarded-Proto are believed; by default none, so a client's"
        " own headers never change who it is.",
    )
    max_connections: int = Field(
        default=4096,
        ge=1,
        le=1_000_000,
        description="Open connections one server process holds (at most its file handles"
        " less 128); past it, 503 with Retry-After before anything is read.",
    )
    max_connections_per_client: int = Field(
        default=256,
        ge=1,
        le=1_000_000,
        description="Open connections from one client address (a trusted proxy counts only"
        " against the total); past it, 503 with Retry-After.",
    )
    header_bytes: int = Field(
        default=32 * 1024, ge=1024, le=2**24, description="Bytes of one request head; 431 past it."
    )
    header_line_bytes: int = Field(
        default=8 * 1024,
        ge=256,
        le=2**24,
        description="Bytes of the request line or of one header line; 431 past it.",
    )
    header_timeout: float = Field(
        default=10.0,
        gt=0,
        le=600,
        description="Seconds a request head may take to arrive (from its first byte, or from the"
        " connection opening); 408 past it.",
    )
    body_timeout: float = Field(
        default=30.0,
        gt=0,
        le=3600,
        description="Seconds a request body may take to arrive after its head; 408 past it.",
    )
    keep_alive_timeout: float = Field(
        default=5.0, gt=0, le=600, description="Seconds an idle keep-alive connection stays open."
    )
    write_timeout: float = Field(
        default=20.0,
        gt=0,
        le=3600,
        description="Seconds a client may take to read each piece of an answer sent in pieces"
        " (a replay page); past it, the connection is closed.",
    )
    answer_budget_mb: float = Field(
        default=64,
        ge=1,
        le=100_000,
        description="Megabytes of answers sent in pieces (replay pages) a process may hold"
        " encoded and not yet taken by their clients; past it, 503 with Retry-After.",
    )

    streams_per_token: int = Field(
        default=8, ge=1, le=10_000, description="Open live streams one token may hold."
    )
    streams_per_battle: int = Field(
        default=64, ge=1, le=100_000, description="Open live streams of one battle."
    )
    streams_per_process: int = Field(
        default=2000, ge=1, le=1_000_000, description="Open live streams one process holds."
    )
    stream_cache_mb: float = Field(
        default=32,
        ge=0,
        le=100_000,
        description="Megabytes of encoded stream events kept, each encoded once per kind of"
        " reader and sent to every stream (least recently used go first).",
    )
    stream_catch_up_mb_per_s: float = Field(
        default=32,
        gt=0,
        le=100_000,
        description="Megabytes per second all streams of a process may send while catching up"
        " a backlog (their share of the process; live events are never held back).",
    )
    seats_per_battle: int = Field(
        default=64, ge=1, le=100_000, description="Player seats one battle may have."
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
