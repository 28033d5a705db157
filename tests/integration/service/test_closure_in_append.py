"""A closed battle appends nothing, refused by the append itself (migration 0007_i25b): the
same 409 as the catalog's, for a new command, a retry of an answered one, a refused one and
an undo; and a close and an append of one battle are strictly ordered (appends hold the
battle's lock shared, a close exclusively)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

from events.append_statement import BattleClosed, append_params, append_sql
from events.chain import build_rows
from events.envelope import ActionMeta
from events.store_postgres import PostgresEventStore
from server.campaign.catalog import BattleCatalog, Closed
from server.wiring import Wired, libpq_url
from tests.event_fixtures import moved, test_registry
from tests.integration.service.test_log_questions import director_of

STEP = {"type": "move", "creature": "hero", "path": [[1, 2]]}
BACK = {"type": "move", "creature": "hero", "path": [[1, 1]]}
CLOSE = (
    "UPDATE battles SET closed_at = now(), closed_reason = 'in flight'"
    " WHERE battle_id = :b AND closed_at IS NULL"
)


def closed_detail(wired: Wired, battle_id: str) -> str:
    with pytest.raises(Closed) as found:
        BattleCatalog.refuse_if_closed(wired.catalog, battle_id)  # the class's own, unpatched
    return str(found.value.detail)


def test_every_command_on_a_closed_battle_gets_the_catalogs_409_and_appends_nothing(
    service: Any, history: Any, wired: Wired
) -> None:
    battle, director = director_of(service)
    b = battle.battle_id
    # commands never ask it: the append does
    wired.ports.catalog.refuse_if_closed = lambda _: 1 / 0  # type: ignore[method-assign]
    first = service.submit(director, STEP, idempotency_key="k-1")
    assert first.refused is None
    wired.catalog.close(b, "the party fled", datetime.now(UTC))
    head = service.store.head_version(b)
    expected = closed_detail(wired, b)
    assert "the party fled" in expected
    commands = {
        "new": lambda: service.submit(director, BACK),
        "retry of an answered key": lambda: service.submit(director, STEP, idempotency_key="k-1"),
        "refused by the rules": lambda: service.submit(director, STEP),  # already there
        "undo": lambda: history.undo(director),
    }
    for name, command in commands.items():
        with pytest.raises(Closed) as refused:
            command()
        assert refused.value.detail == expected, name
        assert refused.value.status == 409 and refused.value.kind == "battle-closed"
    service.loader.forget(b)  # from the log: the closure is found on a cold state too
    with pytest.raises(Closed):
        service.submit(director, BACK)
    assert service.store.head_version(b) == head


def test_a_retried_first_action_of_a_battle_closed_since_replays_its_first_answer(
    wired: Wired, engine: Engine
) -> None:
    """Version 1 (a creation) is not checked: a retry of it replays, as before."""
    store = PostgresEventStore(
        wired.store.engine, lambda: datetime.now(UTC), registry=test_registry, notify="off"
    )
    first = store.append("made", 0, [moved()], idempotency_key="make-1")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO battles (battle_id, ruleset, director_token_hash, created_at,"
                " closed_at, closed_reason) VALUES ('made', 'draw-steel', '\\x00', now(),"
                " now(), 'closed at once')"
            )
        )
    again = store.append("made", 0, [moved()], idempotency_key="make-1")
    assert again.replayed and again.envelopes == first.envelopes
    with pytest.raises(BattleClosed):
        store.append("made", 1, [moved()])
    store.close()


def pending_append(wired: Wired, battle_id: str) -> psycopg.Connection[Any]:
    """An append of one event after the battle's head, left uncommitted."""
    conn = psycopg.connect(libpq_url(wired.store.engine))
    head = wired.store.head_version(battle_id)
    rows = build_rows(
        battle_id, head, [moved()], ActionMeta(), datetime.now(UTC), b"\0" * 32, test_registry
    )
    conn.execute(append_sql(1, False, False), append_params(rows, None, b"", None))
    return conn


def test_a_close_waits_for_an_append_in_flight(service: Any, wired: Wired, engine: Engine) -> None:
    battle, _ = director_of(service)
    b = battle.battle_id
    appending = pending_append(wired, b)
    try:
        with engine.connect() as conn, pytest.raises(OperationalError, match="lock timeout"):
            conn.execute(text("SET lock_timeout = '300ms'"))
            conn.execute(text(CLOSE), {"b": b})
    finally:
        appending.rollback()
        appending.close()
    with engine.begin() as conn:
        assert conn.execute(text(CLOSE), {"b": b}).rowcount == 1


def test_an_append_waits_for_a_close_in_flight_and_is_refused_once_it_lands(
    service: Any, wired: Wired, engine: Engine
) -> None:
    battle, director = director_of(service)
    b = battle.battle_id
    head = service.store.head_version(b)
    answers: list[BaseException | object] = []

    def submit() -> None:
        try:
            answers.append(service.submit(director, STEP))
        except BaseException as exc:
            answers.append(exc)

    with engine.begin() as closing:
        closing.execute(text(CLOSE), {"b": b})
        writer = threading.Thread(target=submit)
        writer.start()
        writer.join(0.5)
        assert writer.is_alive()  # the append waits for the close's row lock
    writer.join(30)
    assert len(answers) == 1 and isinstance(answers[0], Closed), answers
    assert "in flight" in str(answers[0].detail)
    assert service.store.head_version(b) == head
