"""Derived rows planted in the database as the application role are never judged from or shown:
each carries a seal under the chain key (events/seal.py), a row that does not check is
refused, counted, and the answer comes from the log (issue: proof reaches what the server
reads)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from sqlalchemy import Engine, text

from engine.view import battle_view
from events.vocabulary import registry
from projections import REDUCER_VERSION, fold, state_to_json
from projections.history import effective_events
from server.commands.battles import CreatedBattle
from server.operations.settings import Settings
from server.wiring import Wired, wire_services
from tests.integration.service.calls import BattleCalls
from tests.integration.service.conftest import Driven, LoopThread, skirmish

FAR = [10, 6]
"""Where the planted rows put the hero: nine squares from where the log has it."""


class Restarts:
    """The server's services, started again on the same database and key store (a restart:
    nothing cached), counting the derived rows they refused."""

    def __init__(self, engine: Engine, runner: LoopThread) -> None:
        self.engine = engine
        self.runner = runner
        self.refused: Counter[str] = Counter()
        self.wired: Wired | None = None
        self.keyring: Any = None

    def start(self) -> Any:
        if self.wired is not None:
            self.runner.run(self.wired.stop())
        self.wired = wire_services(
            Settings(snapshot_every=5),
            self.engine,
            notify="off",
            keyring=self.keyring,
            on_refused_row=lambda kind: self.refused.update([kind]),
        )
        self.keyring = self.wired.keyring
        self.runner.run(self.wired.start())
        return Driven(BattleCalls(self.wired), self.runner)

    def stop(self) -> None:
        if self.wired is not None:
            self.runner.run(self.wired.stop())
            self.wired = None


@pytest.fixture
def restarts(app_engine: Engine, runner: LoopThread) -> Iterator[Restarts]:
    made = Restarts(app_engine, runner)
    yield made
    made.stop()


def a_battle(service: Any) -> tuple[CreatedBattle, Any]:
    battle = service.create_battle(skirmish())
    assert isinstance(battle, CreatedBattle)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    for path in ([[1, 2]], [[1, 3]], [[1, 2]]):  # past a snapshot (every 5 versions here)
        assert (
            service.submit(director, {"type": "move", "creature": "hero", "path": path}).refused
            is None
        )
    return battle, director


def from_log(service: BattleCalls, battle_id: str) -> dict[str, Any]:
    log = service.store.read_stream(battle_id)
    return {
        "battle_id": battle_id,
        **battle_view(fold(effective_events(log, registry))),
        "version": log[-1].version,
    }


def test_a_planted_snapshot_is_never_judged_from(restarts: Restarts, app_engine: Engine) -> None:
    service = restarts.start()
    battle, director = a_battle(service)
    head = service.store.head_version(battle.battle_id)
    honest = service.loader.at(battle.battle_id, head, use_snapshots=False).state
    forged = state_to_json(honest)
    for creature in forged["creatures"]:
        if creature["id"] == "hero":
            creature["pos"][:2] = FAR
    with app_engine.begin() as conn:  # as the application role, as a SQL injection would
        conn.execute(text("DELETE FROM snapshots WHERE battle_id = :b"), {"b": battle.battle_id})
        conn.execute(
            text(
                "INSERT INTO snapshots (battle_id, version, reducer_version, state, created_at)"
                " VALUES (:b, :v, :r, CAST(:s AS jsonb), now())"
            ),
            {
                "b": battle.battle_id,
                "v": head,
                "r": REDUCER_VERSION,
                "s": orjson.dumps(forged).decode(),
            },
        )

    service = restarts.start()
    director = service.authenticate(battle.battle_id, battle.director_token)
    # one square on from the planted square: legal only if the planted snapshot were believed
    step = {"type": "move", "creature": "hero", "path": [[FAR[0], FAR[1] + 1]]}
    outcome = service.submit(director, step)

    assert outcome.refused is not None and outcome.refused.rule
    assert service.store.head_version(battle.battle_id) == head  # nothing appended
    assert restarts.refused["snapshot"] >= 1
    assert service.view(battle.battle_id)["creatures"]["hero"]["position"][:2] == [1, 2]


def test_a_snapshot_sealed_for_another_battle_is_refused(
    restarts: Restarts, app_engine: Engine
) -> None:
    service = restarts.start()
    first, _ = a_battle(service)
    second, _ = a_battle(service)
    with app_engine.begin() as conn:  # a genuine sealed row, replayed under another battle
        conn.execute(text("DELETE FROM snapshots WHERE battle_id = :b"), {"b": second.battle_id})
        conn.execute(
            text(
                "INSERT INTO snapshots (battle_id, version, reducer_version, state, created_at)"
                " SELECT :to, version, reducer_version, state, created_at FROM snapshots"
                " WHERE battle_id = :b"
            ),
            {"b": first.battle_id, "to": second.battle_id},
        )
    service = restarts.start()
    assert service.store.latest_snapshot(second.battle_id, REDUCER_VERSION) is None
    assert restarts.refused["snapshot"] >= 1
    assert service.store.latest_snapshot(first.battle_id, REDUCER_VERSION) is not None


def test_forged_views_never_reach_a_reader_and_are_rebuilt(
    restarts: Restarts, app_engine: Engine
) -> None:
    service = restarts.start()
    battle, _ = a_battle(service)
    honest = from_log(service.target, battle.battle_id)
    assert service.view(battle.battle_id) == honest
    with app_engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE creature_views SET view = jsonb_set(view, '{position}', CAST(:at AS jsonb))"
                " WHERE battle_id = :b AND creature_id = 'hero'"
            ),
            {"b": battle.battle_id, "at": orjson.dumps([*FAR, 0]).decode()},
        )
        conn.execute(
            text(
                "UPDATE battle_views SET view = jsonb_set(view, '{round}', '9') WHERE battle_id = :b"
            ),
            {"b": battle.battle_id},
        )

    service = restarts.start()
    assert service.view(battle.battle_id) == honest
    assert restarts.refused["view"] == 1
    # rebuilt from the log: the next read takes the stored view again, which now checks
    assert service.store.read_view(battle.battle_id) is not None
    assert service.view(battle.battle_id) == honest
    assert restarts.refused["view"] == 1


@pytest.mark.parametrize(
    "forgery",
    [
        # a creature put back where it started
        "UPDATE creature_views SET view = jsonb_set(view, '{position}', '[1, 1, 0]')"
        " WHERE battle_id = :b AND creature_id = 'hero'",
        # a creature that is not in the battle
        "INSERT INTO creature_views (battle_id, creature_id, version, view)"
        " SELECT battle_id, 'ghost', version, view FROM creature_views"
        " WHERE battle_id = :b AND creature_id = 'hero'",
        # a creature removed from the view
        "DELETE FROM creature_views WHERE battle_id = :b AND creature_id = 'gob'",
        # the map
        "UPDATE battle_views SET map = jsonb_set(map, '{width}', '99') WHERE battle_id = :b",
        # the version it claims, moved on
        "UPDATE battle_views SET version = version + 1 WHERE battle_id = :b",
    ],
)
def test_every_part_of_a_view_is_bound(
    restarts: Restarts, app_engine: Engine, forgery: str
) -> None:
    service = restarts.start()
    battle, _ = a_battle(service)
    honest = from_log(service.target, battle.battle_id)
    with app_engine.begin() as conn:
        conn.execute(text(forgery), {"b": battle.battle_id})
    service = restarts.start()
    assert service.store.read_view(battle.battle_id) is None
    assert restarts.refused["view"] == 1
    assert service.view(battle.battle_id) == honest


@pytest.mark.parametrize(
    "forgery",
    [
        # a move made long
        "UPDATE log_creatures SET distance = 198,"
        " squares = (SELECT jsonb_agg(jsonb_build_array(1, n, 0)) FROM generate_series(1, 198) n)"
        " WHERE battle_id = :b AND creature = 'hero' AND kind = 'willing'",
        # a move that never happened
        "INSERT INTO log_creatures (battle_id, creature, version, type, round, turn, kind,"
        " distance, squares, detail) VALUES (:b, 'hero', 1, 'Moved', 1, NULL, 'willing', 198,"
        " '[[9, 9, 0]]', '{}')"
        " ON CONFLICT (battle_id, creature, version) DO UPDATE SET kind = 'willing',"
        " distance = 198, squares = '[[9, 9, 0]]', detail = '{}'",
        # a move hidden, marked undone
        "UPDATE log_creatures SET undone = true WHERE battle_id = :b AND creature = 'hero'",
    ],
)
def test_forged_log_rows_never_change_the_movement_answer(
    restarts: Restarts, app_engine: Engine, forgery: str
) -> None:
    service = restarts.start()
    battle, _ = a_battle(service)
    assert restarts.wired is not None
    honest = restarts.wired.questions.movement(battle.battle_id, "hero", None, None, "draw-steel")
    assert honest["willing"]["distance"] == 3 and len(honest["squares"]) == 3
    with app_engine.begin() as conn:
        conn.execute(text(forgery), {"b": battle.battle_id})

    service = restarts.start()
    assert restarts.wired is not None
    questions = restarts.wired.questions
    assert questions.movement(battle.battle_id, "hero", None, None, "draw-steel") == honest
    # the rows were written again from the log: the next answer reads them, and they check
    refused = sum(restarts.refused.values())
    assert questions.movement(battle.battle_id, "hero", None, None, "draw-steel") == honest
    assert sum(restarts.refused.values()) == refused
