"""What only a real PostgreSQL can show: concurrency, late commits, immutability, crashes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine, text

from events.append_statement import append_params, append_sql
from events.chain import PendingRow, build_rows
from events.envelope import GENESIS_HASH, ActionMeta
from events.migrate import current, downgrade, upgrade
from events.notifier import Listener
from events.store import Cursor, VersionConflict
from events.store_postgres import PostgresEventStore
from tests.event_fixtures import moved, test_registry


def insert_uncommitted(conn: psycopg.Connection[Any], rows: list[PendingRow]) -> dict[int, int]:
    """The append's one statement (events/append_statement.py) on a connection whose
    transaction the test holds open: {version: global position}."""
    cur = conn.execute(append_sql(len(rows), False, False), append_params(rows, None, b"", None))
    return {row[0]: row[1] for row in cur.fetchall()}


def drain(store: PostgresEventStore, cursor: Cursor) -> tuple[list[int], Cursor]:
    seen: list[int] = []
    while True:
        page = store.read_all(cursor, limit=100)
        seen += [e.global_position for e in page.events]
        if not page.events:
            return seen, page.cursor
        cursor = page.cursor


def test_k_writers_racing_on_one_version_leave_one_winner(
    make_store: Callable[..., PostgresEventStore],
) -> None:
    store = make_store()
    store.append("hot", 0, [moved(x=0)])
    k = 8
    barrier = threading.Barrier(k)
    outcomes: list[str] = []
    lock = threading.Lock()

    def race(i: int) -> None:
        barrier.wait()
        try:
            store.append("hot", 1, [moved(x=i), moved(x=i + 100)])
            outcome = "won"
        except VersionConflict:
            outcome = "conflict"
        with lock:
            outcomes.append(outcome)

    threads = [threading.Thread(target=race, args=(i,)) for i in range(k)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert sorted(outcomes) == ["conflict"] * (k - 1) + ["won"]
    assert [e.version for e in store.read_stream("hot")] == [1, 2, 3]
    assert store.verify("hot").ok


def test_tailing_readers_see_every_event_once_in_order_under_many_writers(
    make_store: Callable[..., PostgresEventStore],
) -> None:
    store = make_store()
    writers, appends_each, readers = 6, 40, 2
    done = threading.Event()
    delivered: list[list[int]] = [[] for _ in range(readers)]

    def write(w: int) -> None:
        version = 0
        for n in range(appends_each):
            size = 1 + n % 3
            store.append(f"battle-{w}", version, [moved(x=n)] * size)
            version += size

    def tail(r: int) -> None:
        cursor = Cursor()
        while True:
            finished = done.is_set()
            page = store.read_all(cursor, limit=37)
            delivered[r] += [e.global_position for e in page.events]
            cursor = page.cursor
            if finished and not page.events and not cursor.gaps:
                return

    tails = [threading.Thread(target=tail, args=(r,)) for r in range(readers)]
    writes = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    for t in tails + writes:
        t.start()
    for t in writes:
        t.join()
    done.set()
    for t in tails:
        t.join(timeout=60)

    total = writers * sum(1 + n % 3 for n in range(appends_each))
    with store.engine.connect() as conn:
        in_log = conn.execute(text("SELECT count(*) FROM event_log")).scalar_one()
    assert in_log == total
    for seen in delivered:
        assert len(seen) == total
        assert seen == sorted(set(seen))  # once each, positions only increase


def test_on_one_node_the_feed_is_in_global_order_across_battles(
    make_store: Callable[..., PostgresEventStore],
) -> None:
    store = make_store()
    store.append("b1", 0, [moved(x=1)])
    store.append("b2", 0, [moved(x=2), moved(x=3)])
    store.append("b1", 1, [moved(x=4)])

    page = store.read_all(0, limit=2)
    rest = store.read_all(page.cursor, limit=10)

    assert [(e.battle_id, e.version) for e in page.events + rest.events] == [
        ("b1", 1),
        ("b2", 1),
        ("b2", 2),
        ("b1", 2),
    ]


def test_a_late_commit_is_delivered_in_order_not_skipped(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    store = make_store()
    meta = ActionMeta()
    slow = psycopg.connect(database_uri)  # not autocommit: the insert stays uncommitted
    now = datetime.now(UTC)
    rows = build_rows("slow", 0, [moved(x=1)], meta, now, GENESIS_HASH, test_registry)
    early_position = insert_uncommitted(slow, rows)[1]  # takes position p, not yet committed

    store.append("fast", 0, [moved(x=2)])  # takes p+1 and commits first

    page = store.read_all(Cursor(), limit=10)
    assert page.events == ()  # the reader waits at the hole instead of skipping p
    gap = page.cursor.of(0).gap
    assert gap is not None and gap.position == early_position

    slow.commit()
    slow.close()
    seen, _ = drain(store, page.cursor)
    assert seen == [early_position, early_position + 1]


def test_a_hole_is_waited_for_even_when_its_writer_took_the_younger_transaction_id(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    """The writer of p+1 owns an older xid than the writer of p, and commits first.

    Then the only completed id is the older one, so a snapshot's xmax (latest completed + 1)
    is p's own id, and p's running transaction is left out of xmin: a fence set at xmax would
    be passed while p is still uncommitted. The reader's fence is a fresh id instead.
    """
    store = make_store()
    now = datetime.now(UTC)
    older = psycopg.connect(database_uri)
    younger = psycopg.connect(database_uri)
    older_xid = int(older.execute("SELECT pg_current_xact_id()::text").fetchone()[0])
    younger_xid = int(younger.execute("SELECT pg_current_xact_id()::text").fetchone()[0])
    late = build_rows("late", 0, [moved(x=1)], ActionMeta(), now, GENESIS_HASH, test_registry)
    early = build_rows("early", 0, [moved(x=2)], ActionMeta(), now, GENESIS_HASH, test_registry)
    p = insert_uncommitted(younger, late)[1]
    assert insert_uncommitted(older, early)[1] == p + 1
    older.commit()
    assert older_xid < younger_xid

    first = store.read_all(Cursor(), limit=10)
    again = store.read_all(first.cursor, limit=10)
    assert first.events == () and again.events == ()  # p's writer still runs: wait
    assert again.cursor.of(0).gap is not None

    younger.commit()
    seen, _ = drain(store, again.cursor)
    assert seen == [p, p + 1]
    older.close()
    younger.close()


def test_a_rolled_back_append_does_not_stall_readers(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    store = make_store()
    aborted = psycopg.connect(database_uri)
    rows = build_rows(
        "gone", 0, [moved()], ActionMeta(), datetime.now(UTC), GENESIS_HASH, test_registry
    )
    hole = insert_uncommitted(aborted, rows)[1]
    store.append("kept", 0, [moved()])

    waiting = store.read_all(Cursor(), limit=10)
    assert waiting.events == () and waiting.cursor.gaps

    aborted.rollback()
    aborted.close()
    seen, cursor = drain(store, waiting.cursor)
    assert seen == [hole + 1]
    assert cursor.of(0).position == hole + 1 and not cursor.gaps


def test_the_application_role_cannot_alter_the_log(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    make_store().append("b1", 0, [moved()])
    with psycopg.connect(database_uri, autocommit=True) as conn:
        conn.execute("SET ROLE turnledger_app")
        conn.execute("SELECT count(*) FROM event_log")  # reading is allowed
        for statement in (
            "UPDATE event_log SET type = 'X'",
            "DELETE FROM event_log",
            "TRUNCATE event_log",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)


def test_even_the_owner_is_stopped_by_the_append_only_trigger(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    store = make_store()
    store.append("b1", 0, [moved()])
    with psycopg.connect(database_uri, autocommit=True) as conn:
        for statement in (
            "UPDATE event_log SET type = 'X'",
            "DELETE FROM event_log",
            "TRUNCATE event_log",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
                conn.execute(statement)
    assert store.head_version("b1") == 1


def test_tampering_by_the_owner_is_found_by_verify(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    store = make_store()
    for version in range(4):
        store.append("b1", version, [moved(x=version)])
    with psycopg.connect(database_uri, autocommit=True) as conn:
        conn.execute("ALTER TABLE event_log DISABLE TRIGGER event_log_no_update_or_delete")
        conn.execute(
            """UPDATE event_log SET data = jsonb_set(data, '{to,0}', '99')
               WHERE battle_id = 'b1' AND version = 3"""
        )
        conn.execute("ALTER TABLE event_log ENABLE TRIGGER event_log_no_update_or_delete")

    result = store.verify("b1")
    assert not result.ok
    assert result.first_broken_version == 3 and result.checked == 2


def write_view_text(engine: Engine) -> str:
    with engine.connect() as conn:
        return str(
            conn.execute(
                text("SELECT pg_get_functiondef('turnledger_write_view'::regproc)")
            ).scalar_one()
        )


def creature_rows_written(engine: Engine, battle: str) -> list[tuple[str, int, object]]:
    """The creature rows `turnledger_write_view` writes for a whole view of two creatures."""
    view = '{"n": 1, "creatures": {"a": {"hp": 1}, "b": {"hp": 2}}}'
    with engine.begin() as conn:
        conn.execute(
            text("SELECT turnledger_write_view(:b, 1, 1, 1, CAST(:v AS jsonb), NULL, now())"),
            {"b": battle, "v": view},
        )
        rows = conn.execute(
            text(
                "SELECT creature_id, version, view FROM creature_views WHERE battle_id = :b"
                " ORDER BY creature_id"
            ),
            {"b": battle},
        ).all()
    return [tuple(row) for row in rows]


def test_a_migration_down_and_up_keeps_working_on_a_populated_database(
    empty_database_uri: str,
) -> None:
    from server.operations.database import make_engine
    from server.operations.embedded_postgres import to_sqlalchemy_url

    engine = make_engine(to_sqlalchemy_url(empty_database_uri))
    upgrade(engine)
    store = PostgresEventStore(
        engine, lambda: datetime.now(UTC), registry=test_registry, notify="off"
    )
    store.append("b1", 0, [moved()])
    downgrade(engine, "base")
    assert current(engine) is None
    upgrade(engine)
    assert current(engine) == "0011_i36"
    assert "VALUES (p_battle_id, v_key," in write_view_text(engine)  # row by row (0007_i25b)
    downgrade(engine, "0006_i24")  # the append overload of 0007_i25b goes, 0003's stays
    with engine.connect() as conn:
        overloads = conn.execute(
            text("SELECT count(*) FROM pg_proc WHERE proname = 'turnledger_append'")
        ).scalar_one()
    assert overloads == 1
    assert "FROM jsonb_each(changes) AS e\n            ON CONFLICT" in write_view_text(engine)
    assert creature_rows_written(engine, "b8") == [("a", 1, {"hp": 1}), ("b", 1, {"hp": 2})]
    upgrade(engine)
    assert current(engine) == "0011_i36"
    assert "VALUES (p_battle_id, v_key," in write_view_text(engine)
    assert creature_rows_written(engine, "b9") == [("a", 1, {"hp": 1}), ("b", 1, {"hp": 2})]
    fresh = PostgresEventStore(
        engine, lambda: datetime.now(UTC), registry=test_registry, notify="off"
    )
    fresh.append("b1", 0, [moved()])
    with (
        psycopg.connect(empty_database_uri, autocommit=True) as conn,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        conn.execute("DELETE FROM event_log")
    engine.dispose()


KILLED_APPENDER = textwrap.dedent(
    """
    import os, sys, time
    import psycopg
    from datetime import UTC, datetime
    from events.append_statement import append_params, append_sql
    from events.chain import build_rows
    from events.envelope import GENESIS_HASH, ActionMeta
    from events.store_postgres import PostgresEventStore
    from server.operations.database import make_engine
    from tests.event_fixtures import moved, test_registry

    engine = make_engine(sys.argv[1])
    store = PostgresEventStore(engine, lambda: datetime.now(UTC), registry=test_registry, notify="off")
    conn = psycopg.connect(sys.argv[2])
    rows = build_rows("doomed", 0, [moved()], ActionMeta(), datetime.now(UTC), GENESIS_HASH, test_registry)
    conn.execute(append_sql(len(rows), False, False), append_params(rows, None, b"", None))
    print("inserted", flush=True)
    time.sleep(60)
    """
)


def test_an_appender_killed_before_commit_leaves_nothing_visible(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    from server.operations.embedded_postgres import to_sqlalchemy_url

    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_APPENDER, to_sqlalchemy_url(database_uri), database_uri],
        stdout=subprocess.PIPE,
        text=True,
        cwd=os.getcwd(),
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "inserted"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)

    store = make_store()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the backend notices the dead client and rolls back
        with store.engine.connect() as conn:
            active = conn.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'"
                )
            ).scalar_one()
        if active == 0:
            break
        time.sleep(0.1)
    assert store.read_stream("doomed") == []
    store.append("doomed", 0, [moved()])  # and the battle starts cleanly at version 1
    assert store.head_version("doomed") == 1


def test_listeners_are_woken_by_coalesced_notices(
    database_uri: str, make_store: Callable[..., PostgresEventStore]
) -> None:
    listener = Listener(database_uri)
    store = make_store(notify="coalesced")
    result = store.append("b1", 0, [moved()])
    announced = [p for p in listener.wait(timeout=5) if p is not None]
    listener.close()
    assert announced and announced[-1] >= result.envelopes[-1].global_position


def test_a_stored_v1_event_is_upcast_when_read_back(engine: Engine) -> None:
    from tests.unit.events.test_vocabulary import old_and_new_registries

    old, new, fell_v2 = old_and_new_registries()
    writer = PostgresEventStore(engine, lambda: datetime.now(UTC), registry=old, notify="off")
    writer.append("b1", 0, [old.model("Fell")(creature="gob", feet=30)])

    reader = PostgresEventStore(engine, lambda: datetime.now(UTC), registry=new, notify="off")
    envelope = reader.read_stream("b1")[0]

    assert envelope.schema_version == 1
    assert envelope.event(new) == fell_v2(creature="gob", squares=6)
    assert reader.verify("b1").ok  # upcasting on read never touches the stored bytes
