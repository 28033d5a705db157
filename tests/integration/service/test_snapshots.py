"""Snapshots hold what changes: the map is stored once per map version and named (issue 25)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from ops.bench.bench_http import battle_body, spot
from projections import REDUCER_VERSION
from server.commands.battles import CreatedBattle
from tests.integration.service.calls import BattleCalls

SNAPSHOT_BUDGET = 100 * 1024


def stored(service: BattleCalls, battle_id: str) -> list[tuple[int, int, bool]]:
    with service.directory.engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT version, octet_length(state::text), state ? 'grid' FROM snapshots"
                " WHERE battle_id = :b ORDER BY version"
            ),
            {"b": battle_id},
        )
        return [tuple(row) for row in rows]  # type: ignore[misc]


def maps(service: BattleCalls, battle_id: str) -> int:
    with service.directory.engine.connect() as conn:
        found = conn.execute(
            text("SELECT count(*) FROM battle_maps WHERE battle_id = :b"), {"b": battle_id}
        )
        return int(found.scalar_one())


def test_a_200_creature_battle_on_a_200x200_map_snapshots_within_100_kb(
    service: BattleCalls, history: Any
) -> None:
    battle = service.create_battle(battle_body(200, (200, 200)))
    assert isinstance(battle, CreatedBattle)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    for n in range(12):  # snapshots every 5 versions here: several of one map
        x, y = spot(n, 200)
        outcome = service.submit(
            director, {"type": "move", "creature": f"c{n}", "path": [[x, y + 1]]}
        )
        assert outcome.refused is None
    terrain = {"type": "set_terrain", "kind": "difficult", "cells": [[150, 150]]}
    terrain_set = service.submit(director, terrain)
    assert terrain_set.refused is None
    for n in range(12, 16):
        x, y = spot(n, 200)
        service.submit(director, {"type": "move", "creature": f"c{n}", "path": [[x, y + 1]]})
    snapshots = stored(service, battle.battle_id)
    assert len(snapshots) >= 5
    assert all(size <= SNAPSHOT_BUDGET and not inline for _, size, inline in snapshots)
    assert maps(service, battle.battle_id) == 2  # one per map version, not one per snapshot
    head = service.store.head_version(battle.battle_id)
    latest = service.store.latest_snapshot(battle.battle_id, REDUCER_VERSION)
    assert latest is not None and latest.version == snapshots[-1][0]
    assert latest.state["grid"]["width"] == 200  # named, and read back with its map
    service.loader.forget(battle.battle_id)
    from_snapshot = service.loader.at(battle.battle_id, head).state
    from_log = service.loader.at(battle.battle_id, head, use_snapshots=False).state
    assert from_snapshot == from_log
    before_terrain = terrain_set.version - len(terrain_set.envelopes)
    undone = history.undo(director, to_version=before_terrain)  # back across the terrain
    assert undone.refused is None
    service.loader.forget(battle.battle_id)
    head = service.store.head_version(battle.battle_id)
    assert (
        service.loader.at(battle.battle_id, head).state
        == service.loader.at(battle.battle_id, head, use_snapshots=False).state
    )
