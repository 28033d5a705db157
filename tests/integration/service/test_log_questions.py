"""The log's question read models on PostgreSQL: kept by battle, caught up a page at a time,
never written twice, and agreeing with the effective log after undo and redo."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import text

import server.questions.answering as questions_module
import server.questions.store as store_module
from server.commands.battles import CreatedBattle
from server.questions.store import Filters
from server.wiring import Wired
from tests.integration.service.calls import BattleCalls
from tests.integration.service.conftest import skirmish


@pytest.fixture(autouse=True)
def catch_up_only(wired: Wired) -> None:
    """These tests are of the catch-up and the follower: the appends here write no log
    questions' rows themselves (test_log_questions_by_append.py tests those)."""
    wired.ports.writer.questions = None


def director_of(service: Any) -> tuple[CreatedBattle, Any]:
    battle = service.create_battle(skirmish())
    assert isinstance(battle, CreatedBattle)
    director = service.authenticate(battle.battle_id, battle.director_token)
    return battle, director


def walk(service: BattleCalls, director: Any, steps: int) -> None:
    for i in range(steps):
        path = [[1, 2]] if i % 2 == 0 else [[1, 1]]
        outcome = service.submit(director, {"type": "move", "creature": "hero", "path": path})
        assert outcome.refused is None, outcome.refused


def rows(wired: Wired, battle_id: str) -> int:
    with wired.store.engine.connect() as conn:
        found = conn.execute(
            text("SELECT count(*) FROM log_index WHERE battle_id = :b"), {"b": battle_id}
        )
        return int(found.scalar_one())


def test_the_projector_catches_up_in_pages_and_a_second_run_writes_nothing(
    service: Any, wired: Wired, monkeypatch: Any
) -> None:
    battle, director = director_of(service)
    walk(service, director, 7)
    monkeypatch.setattr(store_module, "PAGE", 3)  # several transactions for one catch-up
    head = wired.questions.refresh(battle.battle_id)
    assert rows(wired, battle.battle_id) == head
    wired.questions.refresh(battle.battle_id)
    assert rows(wired, battle.battle_id) == head
    moved = wired.questions.movement(battle.battle_id, "hero", None, None, "draw-steel")
    assert moved["willing"]["distance"] == 7
    assert [e["version"] for e in moved["willing"]["events"]] == sorted(
        e["version"] for e in moved["willing"]["events"]
    )


def test_projectors_racing_on_one_battle_index_each_event_once(service: Any, wired: Wired) -> None:
    battle, director = director_of(service)
    walk(service, director, 6)
    with ThreadPoolExecutor(4) as pool:
        heads = list(pool.map(wired.questions.refresh, [battle.battle_id] * 8))
    assert rows(wired, battle.battle_id) == heads[0]


def test_undo_and_redo_mark_the_rows_they_take_back_and_give_back(
    service: Any, history: Any, wired: Wired
) -> None:
    battle, director = director_of(service)
    walk(service, director, 2)
    wired.questions.refresh(battle.battle_id)
    assert history.undo(director).refused is None
    after_undo = wired.questions.movement(battle.battle_id, "hero", None, None, "draw-steel")
    assert history.redo(director).refused is None
    after_redo = wired.questions.movement(battle.battle_id, "hero", None, None, "draw-steel")
    assert after_undo["willing"]["distance"] == 1
    assert after_redo["willing"]["distance"] == 2
    # the events filter is the log itself: undone events stay listed
    moved = wired.questions.events(battle.battle_id, 0, 100, Filters(types=("Moved",)))
    assert len(moved) == 2


def test_following_catches_each_battle_up_once_however_many_appends_came(
    service: Any, wired: Wired
) -> None:
    import time

    battle, director = director_of(service)
    walk(service, director, 5)
    head = wired.store.head_version(battle.battle_id)
    for _ in range(20):
        wired.questions.follow(battle.battle_id)
    deadline = time.monotonic() + 30
    while rows(wired, battle.battle_id) < head and time.monotonic() < deadline:
        time.sleep(0.05)
    assert rows(wired, battle.battle_id) == head
    wired.questions.stop()
    wired.questions.follow(battle.battle_id)  # after stopping: noted nowhere, no thread


def test_a_page_of_rulings_reads_on_past_those_a_reader_may_not_see_within_a_bound(
    service: Any, wired: Wired, monkeypatch: Any
) -> None:
    battle, director = director_of(service)
    ruled = {"overrule": {"reason": "so ruled"}}
    for path in ([[2, 1], [3, 1], [4, 1]], [[3, 1], [2, 1], [1, 1]], [[2, 1], [3, 1], [4, 1]]):
        intent = {"type": "move", "creature": "hero", "path": path, **ruled}
        assert service.submit(director, intent).refused is None
    b = battle.battle_id
    every, _ = wired.questions.rulings(b, 0, 100)
    assert len(every) >= 3
    last = every[-1]["version"]

    def only_the_last(e: Any) -> bool:
        return bool(e.version == last)

    monkeypatch.setattr(questions_module, "READ_ON_CHUNK", 1)  # a read per ruling
    found, next_after = wired.questions.rulings(b, 0, 1, only_the_last)
    assert [r["version"] for r in found] == [last] and next_after == last
    assert wired.questions.rulings(b, last, 1, only_the_last) == ([], last)
    monkeypatch.setattr(questions_module, "MAX_READ_ON", 2)
    pages = [wired.questions.rulings(b, 0, 1, only_the_last)]
    while (
        not pages[-1][0] and len(pages) < 9
    ):  # each page stops short after two reads and says where it stopped
        pages.append(wired.questions.rulings(b, pages[-1][1], 1, only_the_last))
    versions = [r["version"] for r in every]
    assert pages == [([], versions[1]), ([], versions[3]), (every[-1:], last)]


def snapshot(wired: Wired, battle_id: str) -> list[Any]:
    with wired.store.engine.connect() as conn:
        found = [
            tuple(r)
            for table in ("log_index", "log_creatures")
            for r in conn.execute(
                text(f"SELECT * FROM {table} WHERE battle_id = :b ORDER BY 2, 3"), {"b": battle_id}
            )
        ]
        found.append(
            tuple(
                conn.execute(
                    text("SELECT version, cursor FROM log_questions_position WHERE battle_id = :b"),
                    {"b": battle_id},
                ).one()
            )
        )
        return found


def test_following_indexes_the_appended_events_it_is_handed_without_reading_them_back(
    service: Any, history: Any, wired: Wired, engine: Any, monkeypatch: Any
) -> None:
    import time

    battle, director = director_of(service)
    b = battle.battle_id
    walk(service, director, 1)
    wired.questions.refresh(b)  # the position at the head: what follows is handed over
    appended = []
    for i in range(4):  # the hero stands on (1, 2): back and forth
        path = [[1, 1]] if i % 2 == 0 else [[1, 2]]
        intent = {"type": "move", "creature": "hero", "path": path, "overrule": {"reason": "r"}}
        appended.append(service.submit(director, intent).envelopes)
    appended.append(history.undo(director).envelopes)
    appended.append(history.redo(director).envelopes)
    appended.append(history.undo(director).envelopes)
    head = wired.store.head_version(b)
    assert appended[-1][-1].version == head
    reads: list[tuple[int, int]] = []
    read_log = wired.questions._read
    monkeypatch.setattr(
        wired.questions, "_read", lambda b_, a, u: reads.append((a, u)) or read_log(b_, a, u)
    )
    monkeypatch.setattr(wired.store, "head_version", lambda b_: 1 / 0)  # never asked for
    for envelopes in appended:
        wired.questions.follow(b, envelopes)
    deadline = time.monotonic() + 30
    while rows(wired, b) < head and time.monotonic() < deadline:
        time.sleep(0.05)
    assert rows(wired, b) == head
    assert reads == []
    monkeypatch.undo()
    followed = snapshot(wired, b)
    with engine.begin() as conn:  # the same battle indexed from the log alone (as its owner)
        for table in ("log_index", "log_creatures", "log_questions_position"):
            conn.execute(text(f"DELETE FROM {table} WHERE battle_id = :b"), {"b": b})
    wired.questions.refresh(b)
    assert snapshot(wired, b) == followed
    with wired.store.engine.connect() as conn:  # the undone action's rows are marked so
        undone = conn.execute(
            text("SELECT count(*) FROM log_index WHERE battle_id = :b AND undone"), {"b": b}
        ).scalar_one()
    assert undone == len(appended[3])


def test_following_reads_from_the_log_what_it_was_not_handed(service: Any, wired: Wired) -> None:
    import time

    battle, director = director_of(service)
    walk(service, director, 3)  # never followed: the position is behind what is handed over
    outcome = service.submit(director, {"type": "move", "creature": "hero", "path": [[1, 1]]})
    assert outcome.refused is None, outcome.refused
    wired.questions.follow(battle.battle_id, outcome.envelopes)
    head = outcome.envelopes[-1].version
    deadline = time.monotonic() + 30
    while rows(wired, battle.battle_id) < head and time.monotonic() < deadline:
        time.sleep(0.05)
    assert rows(wired, battle.battle_id) == head
    moved = wired.questions.movement(battle.battle_id, "hero", None, None, "draw-steel")
    assert moved["willing"]["distance"] == 4


def test_following_after_the_answer_runs_on_the_event_loop_and_indexes_the_append(
    service: Any, wired: Wired, runner: Any
) -> None:
    import threading
    import time

    battle, director = director_of(service)
    outcome = service.submit(director, {"type": "move", "creature": "hero", "path": [[1, 2]]})
    assert outcome.refused is None, outcome.refused
    before = threading.active_count()
    follow = wired.questions.follow_after_answer(battle.battle_id, outcome.envelopes)
    runner.run(follow)  # a coroutine: awaited on the loop, no worker thread of its own
    head = outcome.envelopes[-1].version
    deadline = time.monotonic() + 30
    while rows(wired, battle.battle_id) < head and time.monotonic() < deadline:
        time.sleep(0.05)
    assert rows(wired, battle.battle_id) == head
    assert threading.active_count() <= before + 1  # at most the follower thread started


def test_facts_of_whole_and_fractional_distances_are_written_in_one_batch(wired: Wired) -> None:
    # a push (3 squares) and the fall it caused (0.0) in one catch-up: psycopg refused a list
    # of mixed ints and floats for the batched insert, and the follower lost the page
    from projections.log_questions import Fact, Rows

    pushed = Fact("scout", 16, "forced", "ForceMoved", 1, None, 3, ((2, 2, 4), (2, 3, 4)))
    fell = Fact("scout", 17, "fall", "Fell", 1, None, 0.0, ((1, 3, 0),))
    with wired.store.engine.begin() as conn:
        store_module.LogQuestionsStore._write(conn, "mixed", Rows(facts=[pushed, fell]))
    with wired.store.engine.connect() as conn:
        found = conn.execute(
            text("SELECT version, distance FROM log_creatures WHERE battle_id = 'mixed'")
        ).all()
    assert sorted((v, float(d)) for v, d in found) == [(16, 3.0), (17, 0.0)]
