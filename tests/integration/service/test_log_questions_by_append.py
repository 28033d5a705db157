"""The log questions' rows the append writes itself (migration 0007_i25b) are the rows the
catch-up writes from the log: over random play with undo and redo, and when the position
stood elsewhere (then the append writes none of them and a question catches up)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, text

from server.commands.battles import CreatedBattle
from server.wiring import Wired
from tests.cast import goblin, tactician
from tests.integration.service.conftest import skirmish
from tests.integration.service.test_history_properties import battles, steps
from tests.integration.service.test_log_questions import director_of, walk

TABLES = {
    "log_index": "version",
    "log_creatures": "creature, version",
    "log_questions_position": "battle_id",
}


def stored(engine: Engine, battle_id: str) -> dict[str, list[dict[str, Any]]]:
    with engine.connect() as conn:
        return {
            table: [
                dict(r._mapping)
                for r in conn.execute(
                    text(f"SELECT * FROM {table} WHERE battle_id = :b ORDER BY {order}"),
                    {"b": battle_id},
                )
            ]
            for table, order in TABLES.items()
        }


def forget(engine: Engine, battle_id: str) -> None:
    with engine.begin() as conn:
        for table in TABLES:
            conn.execute(text(f"DELETE FROM {table} WHERE battle_id = :b"), {"b": battle_id})


def position(engine: Engine, battle_id: str) -> int | None:
    with engine.connect() as conn:
        return conn.execute(
            text("SELECT version FROM log_questions_position WHERE battle_id = :b"),
            {"b": battle_id},
        ).scalar()


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_rows_written_by_the_append_are_the_rows_the_catch_up_writes(
    service: Any, history: Any, wired: Wired, engine: Engine, data: st.DataObject
) -> None:
    setup = data.draw(battles())
    setup["options"]["opportunity_attacks"] = data.draw(st.sampled_from(["always", "never"]))
    battle = service.create_battle(setup)
    if not isinstance(battle, CreatedBattle):
        return  # an illegal random setup is refused; nothing to play
    director = service.authenticate(battle.battle_id, battle.director_token)
    bid = battle.battle_id
    ruled = data.draw(st.booleans())
    for step in data.draw(steps(setup)):
        if step["type"] == "undo":
            outcome = history.undo(director)
        elif step["type"] == "redo":
            outcome = history.redo(director)
        else:
            outcome = service.submit(
                director, {**step, "overrule": {"reason": "so ruled"}} if ruled else step
            )
        event(f"{step['type']}: {'refused' if outcome.refused else 'accepted'}")
    if data.draw(st.booleans()):  # a rewind, or the undo of one earlier action alone
        log = service.store.read_stream(bid)
        if data.draw(st.booleans()):
            outcome = history.undo(director, to_version=data.draw(st.integers(1, log[-1].version)))
        else:
            intents = [e.intent_id for e in log if e.type == "IntentAccepted" and e.intent_id]
            outcome = history.undo(director, intent_id=data.draw(st.sampled_from(intents)))
        event(f"rewind or undo of one: {'refused' if outcome.refused else 'accepted'}")
    head = service.store.head_version(bid)
    assert position(engine, bid) == head  # every append wrote its rows; nothing caught up
    by_append = stored(engine, bid)
    event(f"facts: {sum(1 for r in by_append['log_creatures'] if r['kind'])}")
    event(f"undone: {sum(1 for r in by_append['log_index'] if r['undone'])}")
    forget(engine, bid)
    assert wired.questions.refresh(bid) == head
    assert stored(engine, bid) == by_append


def test_an_append_writes_no_rows_where_the_position_stands_elsewhere_and_a_question_catches_up(
    service: Any, wired: Wired, engine: Engine
) -> None:
    battle, director = director_of(service)
    walk(service, director, 2)
    bid = battle.battle_id
    full = stored(engine, bid)
    with engine.begin() as conn:  # as if the last append had not written its rows
        head = service.store.head_version(bid)
        conn.execute(
            text("DELETE FROM log_index WHERE battle_id = :b AND version = :v"),
            {"b": bid, "v": head},
        )
        conn.execute(
            text("DELETE FROM log_creatures WHERE battle_id = :b AND version = :v"),
            {"b": bid, "v": head},
        )
        conn.execute(
            text("UPDATE log_questions_position SET version = :v - 1 WHERE battle_id = :b"),
            {"b": bid, "v": head},
        )
    walk(service, director, 2)
    new_head = service.store.head_version(bid)
    assert position(engine, bid) == head - 1  # not at the version before: nothing written
    assert len(stored(engine, bid)["log_index"]) == head - 1
    moved = wired.questions.movement(bid, "hero", None, None, "draw-steel")  # catches up
    assert moved["willing"]["distance"] == 4
    assert position(engine, bid) == new_head
    assert stored(engine, bid)["log_index"][:head] == full["log_index"]
    walk(service, director, 2)  # the position is the append's again
    assert position(engine, bid) == service.store.head_version(bid)


def test_a_process_without_the_cursor_reads_it_from_the_position(
    service: Any, wired: Wired, engine: Engine
) -> None:
    battle, director = director_of(service)
    walk(service, director, 2)
    bid = battle.battle_id
    pipeline = wired.ports.writer
    pipeline.cursors = type(pipeline.cursors)()  # another process's, or after a restart
    service.loader.forget(bid)
    walk(service, director, 2)
    head = service.store.head_version(bid)
    assert position(engine, bid) == head
    by_append = stored(engine, bid)
    forget(engine, bid)
    wired.questions.refresh(bid)
    assert stored(engine, bid) == by_append


def test_turns_reactions_and_rulings_written_by_the_append_are_the_catch_ups(
    service: Any, history: Any, wired: Wired, engine: Engine
) -> None:
    setup = {
        **skirmish(),
        "options": {"turns": True, "opportunity_attacks": "ask"},
        "creatures": [tactician([4, 4]), goblin([5, 4])],
    }
    battle = service.create_battle(setup)
    director = service.authenticate(battle.battle_id, battle.director_token)
    bid = battle.battle_id

    def submit(intent: dict[str, Any]) -> Any:
        outcome = service.submit(director, intent)
        assert outcome.refused is None, (intent, outcome.refused)
        return outcome

    submit({"type": "start_turn", "creature": "hero"})
    submit({"type": "move", "creature": "hero", "path": [[3, 4], [2, 4]]})  # away: provokes
    pending = service.view(bid)["pending_reactions"]
    assert pending, "the move away from the goblin opens a reaction"
    submit({"type": "resolve_reaction", "reaction": pending[0]["id"], "decision": "take"})
    submit({"type": "end_turn", "creature": "hero"})
    submit({"type": "start_turn", "creature": "gob"})
    submit(
        {
            "type": "force_move",
            "source": "gob",
            "target": "hero",
            "kind": "slide",
            "distance": 1,
            "path": [[2, 5]],
            "overrule": {"reason": "a slide at range"},
        }
    )
    assert history.undo(director).refused is None
    assert history.redo(director).refused is None
    by_append = stored(engine, bid)
    kinds = {r["kind"] for r in by_append["log_creatures"]}
    assert {"willing", "provoked", "reacted", "forced"} <= kinds, kinds
    assert {r["turn"] for r in by_append["log_index"]} >= {1, 2}
    forget(engine, bid)
    wired.questions.refresh(bid)
    assert stored(engine, bid) == by_append
