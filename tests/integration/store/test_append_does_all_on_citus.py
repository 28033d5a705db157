"""Migration 0007_i25b's append on a real Citus cluster (c005_i25b): delegated to the worker
holding the battle, it refuses a closed battle with its closure, writes the log questions'
rows there, and a close through the coordinator waits for an append in flight on the worker
(the close's trigger takes the battle's lock on the node holding its shard)."""

from __future__ import annotations

from datetime import UTC, datetime

import psycopg
import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

from events.append_statement import BattleClosed, QuestionRows, append_params, append_sql
from events.chain import build_rows
from events.envelope import GENESIS_HASH, ActionMeta
from events.migrate import current, downgrade, upgrade
from ops.citus.cluster import CitusCluster
from tests.event_fixtures import moved, test_registry
from tests.integration.store.test_citus_cluster import StoreMaker, database_of, port_of_battle

BATTLE = "b1"
CLOSE = "UPDATE battles SET closed_at = now(), closed_reason = 'done' WHERE battle_id = :b"


def a_battle(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO battles (battle_id, ruleset, director_token_hash, created_at)"
                " VALUES (:b, 'draw-steel', '\\x00', now())"
            ),
            {"b": BATTLE},
        )


def first_append(uri: str, autocommit: bool = False) -> psycopg.Connection:  # type: ignore[type-arg]
    """The battle's first event with its log questions' rows, on `uri` (not committed unless
    `autocommit`: only then does the coordinator delegate the call to the worker)."""
    rows = build_rows(
        BATTLE, 0, [moved()], ActionMeta(), datetime.now(UTC), GENESIS_HASH, test_registry
    )
    questions = QuestionRows(
        '{"cursor": {"round": 1}, "events": [[1, null]], "about": [["gob", 1]],'
        ' "facts": [], "marks": []}'
    )
    conn = psycopg.connect(uri, autocommit=autocommit)
    conn.execute(append_sql(1, False, False), append_params(rows, None, b"", None, None, questions))
    return conn


@pytest.mark.parametrize("from_previous_head", [False, True])
def test_the_append_writes_the_question_rows_and_refuses_a_closed_battle_on_the_worker(
    citus_database_uri: str,
    citus_engine: Engine,
    make_citus_store: StoreMaker,
    from_previous_head: bool,
) -> None:
    if from_previous_head:  # a cluster migrated before 0007_i25b, upgraded now
        downgrade(citus_engine, "c004_i24")
        downgrade(citus_engine, "0006_i24")
        assert "0007_i25b" not in (current(citus_engine) or "")
        upgrade(citus_engine)
        assert current(citus_engine) == "c008_i36"  # the head again
    a_battle(citus_engine)
    first_append(citus_database_uri, autocommit=True).close()
    with citus_engine.connect() as conn:
        indexed = conn.execute(
            text("SELECT version, type, round FROM log_index WHERE battle_id = :b"), {"b": BATTLE}
        ).all()
        about = conn.execute(
            text("SELECT creature, version FROM log_creatures WHERE battle_id = :b"),
            {"b": BATTLE},
        ).all()
        position = conn.execute(
            text("SELECT version FROM log_questions_position WHERE battle_id = :b"),
            {"b": BATTLE},
        ).scalar_one()
    assert [tuple(r) for r in indexed] == [(1, "TokenMoved", 1)]
    assert [tuple(r) for r in about] == [("gob", 1)] and position == 1
    with citus_engine.begin() as conn:
        conn.execute(text(CLOSE), {"b": BATTLE})
    with pytest.raises(BattleClosed) as closed:
        make_citus_store().append(BATTLE, 1, [moved()])
    assert closed.value.reason == "done" and closed.value.battle_id == BATTLE
    assert make_citus_store().head_version(BATTLE) == 1


def test_a_close_through_the_coordinator_waits_for_an_append_in_flight_on_the_worker(
    citus_cluster: CitusCluster, citus_database_uri: str, citus_engine: Engine
) -> None:
    a_battle(citus_engine)
    port = port_of_battle(citus_engine, BATTLE)
    worker = next(w for w in citus_cluster.workers if w.port == port)
    first_append(citus_database_uri, autocommit=True).close()
    appending = psycopg.connect(worker.uri(database_of(citus_database_uri)))
    rows = build_rows(
        BATTLE, 1, [moved()], ActionMeta(), datetime.now(UTC), GENESIS_HASH, test_registry
    )  # version 2: a battle's first action is not checked, nor ordered with a close
    appending.execute(append_sql(1, False, False), append_params(rows, None, b"", None))
    try:
        with citus_engine.connect() as conn, pytest.raises(OperationalError, match="cancel"):
            conn.execute(text("SET statement_timeout = '500ms'"))
            conn.execute(text(CLOSE), {"b": BATTLE})
    finally:
        appending.rollback()
        appending.close()
    with citus_engine.begin() as conn:
        assert conn.execute(text(CLOSE), {"b": BATTLE}).rowcount == 1
