"""The state cache is bounded by the estimated bytes of the states it holds: filled with
large battles through the real write path, it stays under its budget and lets the least
recently used battles go, which then load from the log as before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine

from projections.memory import state_bytes
from server.operations.settings import Settings
from server.wiring import Wired, wire_services
from tests.integration.service.calls import BattleCalls
from tests.integration.service.conftest import Driven, LoopThread
from tests.unit.projections.test_memory import built, grid_battle

LARGE = {**grid_battle(100, 100, 60, terrain=True), "options": {"turns": False}}
ONE = state_bytes(built(LARGE))
BUDGET_MB = 3.5 * ONE / 2**20  # room for three large battles, not four


@pytest.fixture
def small_cache(engine: Engine, runner: LoopThread) -> Iterator[Wired]:
    services = wire_services(Settings(state_cache_mb=BUDGET_MB), engine, notify="off")
    runner.run(services.start())
    yield services
    runner.run(services.stop())


def test_large_battles_fill_the_cache_to_its_budget_and_the_least_recently_used_go(
    small_cache: Wired, runner: LoopThread
) -> None:
    service: Any = Driven(BattleCalls(small_cache), runner)
    cache = small_cache.ports.states.cache
    budget = BUDGET_MB * 2**20
    made = []
    for _ in range(6):
        made.append(service.create_battle(LARGE))
        assert cache.held_bytes <= budget
    ids = [m.battle_id for m in made]
    assert [i in cache for i in ids] == [False, False, False, True, True, True]
    assert cache.held_bytes == 3 * ONE

    # Using the oldest cached battle makes it the most recently used: the next to go is
    # the one after it.
    director = service.authenticate(ids[3], made[3].director_token)
    moved = service.submit(director, {"type": "move", "creature": "c0", "path": [[0, 1]]})
    assert moved.refused is None
    made.append(service.create_battle(LARGE))
    assert ids[3] in cache and ids[4] not in cache and made[-1].battle_id in cache
    assert cache.held_bytes <= budget

    # An evicted battle still loads, from the log.
    loaded = small_cache.ports.states.current(ids[0])
    assert loaded.version == made[0].version and len(loaded.state.creatures) == 60
