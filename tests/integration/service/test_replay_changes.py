"""Replay as keyframes plus changes (`states=changes`, issue 25): applied in order, the
changes give every state the full form gives, and the answer grows with what happened."""

from __future__ import annotations

from typing import Any

import orjson

from ops.bench.bench_http import battle_body, spot
from server.commands.battles import CreatedBattle
from tests.integration.service.conftest import skirmish


def applied(state: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    creatures = {k: v for k, v in state["creatures"].items() if k not in change["removed"]}
    creatures.update(change["creatures"])
    after = {k: v for k, v in change.items() if k not in ("creatures", "removed", "map")}
    return {**after, "creatures": creatures, "map": change["map"] or state["map"]}


def replayed_states(replay: dict[str, Any]) -> list[dict[str, Any] | None]:
    shown: list[dict[str, Any] | None] = []
    state = None
    for step in replay["steps"]:
        if step["state"] is not None:
            state = step["state"]
        elif step.get("change") is not None:
            assert state is not None, "a change before any keyframe"
            state = applied(state, step["change"])
        shown.append(state)
    return shown


def test_changes_give_back_every_state_through_placement_removal_terrain_and_undo(
    service: Any, history: Any
) -> None:
    battle = service.create_battle(skirmish())
    assert isinstance(battle, CreatedBattle)
    director = service.authenticate(battle.battle_id, battle.director_token)
    kobold = {"id": "kobold", "name": "Kobold", "side": "monsters", "at": [6, 2]}
    kobold |= {"speeds": {"walk": 5}, "stats": {"might": 0, "agility": 1}, "hp": 5}
    for intent in [
        {"type": "move", "creature": "hero", "path": [[1, 2]]},
        {"type": "place", "creature": kobold},
        {"type": "set_terrain", "kind": "difficult", "cells": [[2, 2]]},
        {"type": "remove", "creature": "gob"},
        {"type": "move", "creature": "kobold", "path": [[6, 3]]},
    ]:
        assert service.submit(director, intent).refused is None
    assert history.undo(director).refused is None
    assert history.undo(director, to_version=4).refused is None
    whole = history.replay(director, None, None, "each")
    compact = history.replay(director, None, None, "changes")
    assert [s["state"] for s in whole["steps"]] == replayed_states(compact)
    keyframes = [s for s in compact["steps"] if s["state"] is not None]
    assert len(keyframes) == 1
    later = history.replay(director, 5, None, "changes")  # a page starts with a keyframe
    assert [s["state"] for s in whole["steps"][4:]] == replayed_states(later)


def test_a_replay_of_200_versions_of_a_60_creature_200x200_battle_is_under_1_mb(
    service: Any, history: Any
) -> None:
    battle = service.create_battle(battle_body(60, (200, 200)))
    assert isinstance(battle, CreatedBattle)
    director = service.authenticate(battle.battle_id, battle.director_token)
    n = 0
    while service.store.head_version(battle.battle_id) < 200:
        x, y = spot(n % 60, 200)
        target = y + 1 if (n // 60) % 2 == 0 else y
        intent = {"type": "move", "creature": f"c{n % 60}", "path": [[x, target]]}
        assert service.submit(director, intent).refused is None
        n += 1
    compact = history.replay(director, 1, 200, "changes")
    assert compact["to"] == 200 and "next_from" not in compact
    assert len(orjson.dumps(compact)) < 2**20
    whole = history.replay(director, 1, 200, "each")
    assert len(orjson.dumps(whole)) > 4 * len(orjson.dumps(compact))
    assert [s["state"] for s in whole["steps"]][: len(compact["steps"])] == replayed_states(
        compact
    )[: len(whole["steps"])]
