"""The services and the write path wired together: one recipe for the app, tests and tools.

`create_app` (server/app.py) is the composition root of the HTTP server; it, the service
tests and the history benchmark all take their services from `wire_services`, so the write
path they exercise is the one the server runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import structlog
from sqlalchemy import Engine, make_url, text

from engine import map_memo
from engine.budget import Budget
from events.notifier import Notifier
from events.store_async import AsyncPostgresLog
from events.store_postgres import NotifyMode, PostgresEventStore
from server.battle_service import BattleService
from server.campaign.catalog import BattleCatalog
from server.campaign.directory import BattleDirectory
from server.commands.creation_keys import CreationKeys
from server.commands.pipeline import CommandPipeline
from server.history_service import HistoryService
from server.operations.settings import Settings, sqlalchemy_url
from server.questions.answering import LogQuestions
from server.questions.store import LogQuestionsStore
from server.state.loader import StateLoader
from server.trust.keyring import Keyring, replace_file
from server.trust.keyring import load as load_keyring
from server.trust.keyring import parse as parse_keyring

logger = structlog.get_logger("turnledger.wiring")


def utc_now() -> datetime:
    return datetime.now(UTC)


def libpq_url(engine: Engine) -> str:
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


def notify_url(settings: Settings, engine: Engine) -> str:
    """Where this server announces new events and listens for others' (libpq URL).

    NOTIFY reaches only the listeners of the node it is sent to. Servers on one database, or
    all on a Citus coordinator, meet there; servers spread over Citus workers must all name one
    node in TURNLEDGER_NOTIFY_DATABASE_URL (the coordinator), or a stream would hear only the
    appends of servers that happen to use its node (ops/SCALING.md)."""
    if settings.notify_database_url:
        url = make_url(sqlalchemy_url(settings.notify_database_url))
        return url.set(drivername="postgresql").render_as_string(hide_password=False)
    return libpq_url(engine)


def keyring_of(settings: Settings, *, create: bool = True) -> Keyring:
    """The server's key store as configured (server/trust/keyring.py says where it is found)."""
    found = load_keyring(
        settings.data_dir,
        configured=settings.keyring,
        configured_file=settings.keyring_file,
        create=create,
    )
    return found.with_sealing_secret(settings.secret)


_LEGACY = text(
    "SELECT battle_id, max(version) AS version FROM event_log WHERE recorded_at < :since"
    " GROUP BY battle_id"
)


def recorded_legacy(keyring: Keyring, engine: Engine) -> Keyring:
    """The key store with where keyed hashing began (`Keyring.chain_legacy`), recorded once.

    A key store that has not recorded it yet (made by this server just now, or by a release
    before the record) takes it from the log as the first server to use it finds it: each
    battle with events recorded before the key was made, and the last such version. From then
    on the record is the key store's, outside the database: a battle re-chained with plain
    hashes later, whatever times it claims, is not legacy (events/chain_key.py). A key store
    given whole in TURNLEDGER_KEYRING cannot be written back: the record is taken at each
    start then, and a warning says to add it."""
    if keyring.chain_legacy is not None:
        return keyring
    with engine.connect() as conn:
        rows = conn.execute(_LEGACY, {"since": keyring.chain_keyed_since})
        found = {row.battle_id: int(row.version) for row in rows}
    if keyring.path is None:
        logger.warning("keyring.legacy-not-recorded", battles=len(found))
        return replace(keyring, chain_legacy=found)
    # as stored (TURNLEDGER_SECRET must not be written into the file), with the record
    stored = parse_keyring(keyring.path.read_bytes(), keyring.path)
    if stored.chain_legacy is None:
        replace_file(keyring.path, replace(stored, chain_legacy=found))
    else:
        found = dict(stored.chain_legacy)  # another process recorded it first: theirs
    return replace(keyring, chain_legacy=found)


@dataclass
class Wired:
    store: PostgresEventStore
    log: AsyncPostgresLog
    executor: ThreadPoolExecutor
    battles: BattleService
    history: HistoryService
    questions: LogQuestions
    catalog: BattleCatalog
    keyring: Keyring

    async def start(self) -> None:
        await self.log.open()

    async def stop(self) -> None:
        self.questions.stop()
        await self.log.close()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()


def wire_services(
    settings: Settings,
    engine: Engine,
    *,
    clock: Callable[[], datetime] = utc_now,
    notify: NotifyMode = "coalesced",
    on_conflict: Callable[[], None] = lambda: None,
    keyring: Keyring | None = None,
    on_refused_row: Callable[[str], None] = lambda kind: None,
    on_group: Callable[[int], None] = lambda size: None,
) -> Wired:
    """The store, the async append path, the executor, and the services over them.
    `on_refused_row(kind)` counts a derived row whose seal did not check (events/seal.py)."""
    keyring = recorded_legacy(keyring or keyring_of(settings), engine)
    store = PostgresEventStore(
        engine,
        clock,
        writer_pool_size=settings.pool_size,
        notify=notify,
        notifier=Notifier(notify_url(settings, engine)) if notify == "coalesced" else None,
        chain_key=keyring.chain_key,
    )
    assert store.seals is not None  # keyed: the server's store always has the chain key

    def refused(kind: str, battle_id: str, why: str) -> None:
        # never used: the caller answers from the log and rebuilds the row
        logger.warning("derived-row.refused", kind=kind, battle_id=battle_id, why=why)
        on_refused_row(kind)

    store.seals.on_refused = refused
    log = AsyncPostgresLog(
        libpq_url(engine),
        clock,
        notifier=store.notifier,
        heads=store.heads,
        seals=store.seals,
        pool_size=settings.pool_size,
        timeouts=settings.database_timeouts(),
        chain_key=keyring.chain_key,
        group_flights=settings.append_groups,
        group_max=settings.append_group_max,
        on_group=on_group,
    )
    # Decisions that may search at length, and cold synchronous reads, run here; a small
    # pool, because one interpreter computes on one core at a time anyway.
    executor = ThreadPoolExecutor(settings.decide_threads, thread_name_prefix="turnledger-decide")

    catalog = BattleCatalog(engine)
    questions = LogQuestions(store, LogQuestionsStore(engine, store.seals))

    def pipeline(loader: StateLoader, new_id: Callable[[], str]) -> CommandPipeline:
        return CommandPipeline(
            log,
            loader,
            new_id,
            executor,
            max_retries=settings.max_retries,
            snapshot_every=settings.snapshot_every,
            on_conflict=on_conflict,
            questions=questions,
        )

    def budget(what: str) -> Budget:
        return Budget(settings.search_steps, settings.search_seconds, time.monotonic, what)

    map_memo.configure(int(settings.map_memo_mb * 2**20))
    battles = BattleService(
        store,
        BattleDirectory(engine),
        clock,
        pipeline,
        budget,
        creations=CreationKeys(engine, keyring.sealing_secret),
        state_cache_bytes=int(settings.state_cache_mb * 2**20),
        seats_per_battle=settings.seats_per_battle,
        refuse_if_closed=catalog.refuse_if_closed,
    )
    history = HistoryService(battles, snapshot_every=settings.snapshot_every)
    return Wired(store, log, executor, battles, history, questions, catalog, keyring)
