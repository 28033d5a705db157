"""The battle's head recorded beside its row by the append (migration 0011_i36,
events/battle_head.py), on PostgreSQL and on a Citus cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import Engine, text

from events.battle_head import RecordedHead, head_mac
from events.store import VersionConflict
from events.store_postgres import PostgresEventStore
from server.trust.verification import against_records
from tests.event_fixtures import moved
from tests.integration.store.conftest import TEST_CHAIN_KEY
from tests.integration.store.test_append_groups import Appender, appender_of

StoreMaker = Callable[..., PostgresEventStore]


def head_row(engine: Engine, battle: str) -> tuple[int, bytes, bytes] | None:
    with engine.connect() as conn:
        row = conn.execute(
            text("SELECT version, hash, mac FROM battle_heads WHERE battle_id = :b"), {"b": battle}
        ).first()
    return None if row is None else (row.version, bytes(row.hash), bytes(row.mac))


def version_of_head(engine: Engine, battle: str) -> int | None:
    found = head_row(engine, battle)
    return None if found is None else found[0]


def cut_back(engine: Engine, battle: str, kept: int) -> None:
    """As the database's owner, past the append-only triggers."""
    delete = f"DELETE FROM %s WHERE battle_id = '{battle}' AND version > {kept}"
    with engine.begin() as conn:
        if conn.execute(text("SELECT to_regproc('run_command_on_shards') IS NULL")).scalar_one():
            conn.execute(text("SET LOCAL session_replication_role = replica"))
            conn.execute(text(delete % "event_log"))
            return
        # on a cluster the triggers run on the workers' shards: set the role there
        command = f"DO $d$ BEGIN SET LOCAL session_replication_role = replica; {delete}; END $d$"
        conn.execute(text("SELECT run_command_on_shards('event_log', :c)"), {"c": command}).all()


@pytest.fixture(params=["postgres", "citus"])
def stores(request: pytest.FixtureRequest) -> tuple[StoreMaker, Engine]:
    if request.param == "postgres":
        return request.getfixturevalue("make_store"), request.getfixturevalue("engine")
    return request.getfixturevalue("make_citus_store"), request.getfixturevalue("citus_engine")


def test_each_append_records_the_head_under_its_mac_in_the_same_statement(
    stores: tuple[StoreMaker, Engine],
) -> None:
    make, engine = stores
    store = make()
    store.append("b1", 0, [moved(x=1), moved(x=2)])
    last = store.append("b1", 2, [moved(x=3)]).envelopes[-1]
    assert head_row(engine, "b1") == (3, last.hash, head_mac(TEST_CHAIN_KEY, "b1", 3, last.hash))
    assert store.recorded_head("b1") == RecordedHead(3, last.hash, True)
    # a refused append (a stale version) leaves the head as it was
    with pytest.raises(VersionConflict):
        store.append("b1", 1, [moved(x=9)])
    assert version_of_head(engine, "b1") == 3
    assert against_records(store, store.verify("b1")).ok


def test_a_cut_back_log_is_caught_and_a_later_append_does_not_hide_it(
    stores: tuple[StoreMaker, Engine],
) -> None:
    make, engine = stores
    make().append("b1", 0, [moved(x=n) for n in range(5)])
    cut_back(engine, "b1", 2)
    fresh = make()  # knows nothing of the head it cached: goes on from what the log holds
    assert fresh.head_version("b1") == 2
    fresh.append("b1", 2, [moved(x=7)])
    walked = fresh.verify("b1")
    assert walked.ok and walked.checked == 3  # link by link, what is left holds
    found = against_records(fresh, walked)
    assert not found.ok
    assert found.reason == (
        "the log ends at version 3, but the battle's head was recorded at version 5:"
        " events were removed"
    )
    assert version_of_head(engine, "b1") == 5


def test_a_head_left_behind_by_an_append_that_recorded_none_is_moved_on(
    stores: tuple[StoreMaker, Engine],
) -> None:
    """A server of the previous release (0007_i25b's append, no head) appended meanwhile."""
    make, engine = stores
    make().append("b1", 0, [moved(x=1)])
    make(chain_key=None).append("b1", 1, [moved(x=2)])  # records no head
    assert version_of_head(engine, "b1") == 1
    make().append("b1", 2, [moved(x=3)])
    assert version_of_head(engine, "b1") == 3


@pytest.fixture(params=["async", "citus workers"])
def grouped(request: pytest.FixtureRequest) -> Iterator[Appender]:
    """The async log the server appends with, its appends of one gather in one group."""
    yield from appender_of(request, request.param)


def test_appends_committed_in_a_group_each_record_their_battles_head(grouped: Appender) -> None:
    battles = [f"h{n}" for n in range(6)]
    grouped.gather(*(grouped.append(b, 0, [moved(x=1)]) for b in battles))
    grouped.gather(*(grouped.append(b, 1, [moved(x=2), moved(x=3)]) for b in battles))
    stale = grouped.gather(
        grouped.append(battles[0], 1, [moved(x=9)]),  # refused in the group, alone
        *(grouped.append(b, 3, [moved(x=4)]) for b in battles[1:]),
    )
    assert isinstance(stale[0], VersionConflict)
    assert max(grouped.groups) > 1  # they did go in groups
    store = grouped.store
    assert isinstance(store, PostgresEventStore)
    for battle in battles:
        head = store.read_stream(battle)[-1]
        assert store.recorded_head(battle) == RecordedHead(head.version, head.hash, True)
        assert head.version == (3 if battle == battles[0] else 4)
        assert against_records(store, store.verify(battle)).ok
