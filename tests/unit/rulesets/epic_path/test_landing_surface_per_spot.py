"""Epic Path, Falling: "This may also be modified by the surface being impacted. Falling onto
jagged broken obsidian shards might add +2 per die, a jumble of broken tree-trunks or solid
stone may add +1 per die. Normal unremarkable 'ground' is base damage. Soft loam or deep grass
might remove -1 per die." A map marks the surface where a fall lands (`landing` terrain, its
`surface`); elsewhere the battle's option `landing_surface` holds."""

from typing import Any

from engine import Accepted, create_battle
from projections import BattleState, fold
from tests.unit.battle_map import ok, setup_for
from tests.unit.rulesets.epic_path.test_movement import move

DROP = [{"cells": [[1, 0], [1, 1]], "height": -4}]
"""Two squares 20 ft below the ground beside them: walked off, a deliberate jump of 20 ft, 1d6
(the first 10 ft free)."""


def pit(landing: list[dict[str, Any]], **options: Any) -> BattleState:
    body = setup_for("A.\n..", creatures={"A": {"speeds": {"walk": 30}}}, elevation=DROP)
    body["ruleset"] = "epic-path"
    body["options"] = {"turns": False, **options}
    body["map"]["terrain"] += landing
    created = create_battle(body)
    assert isinstance(created, Accepted), created
    return fold(created.events)


def fall(state: BattleState, to: list[int]) -> str:
    decision, _ = ok(state, move(to))
    return next(e for e in decision.events if e.type == "DiceRolled").dice


def test_each_spot_keeps_its_own_surface() -> None:
    shards = [{"kind": "landing", "cells": [[1, 0]], "surface": "jagged"}]
    state = pit(shards)
    assert fall(state, [1, 0]) == "1d6+2"  # onto the obsidian shards: +2 a die
    assert fall(state, [1, 1]) == "1d6"  # beside them, normal ground


def test_the_battles_option_holds_where_the_map_marks_no_surface() -> None:
    grass = [{"kind": "landing", "cells": [[1, 0]], "surface": "soft"}]
    state = pit(grass, landing_surface="rough")
    assert fall(state, [1, 0]) == "1d6-1"
    assert fall(state, [1, 1]) == "1d6+1"


def test_the_director_sets_a_spots_surface_mid_battle() -> None:
    state = pit([])
    set_terrain = {"type": "set_terrain", "kind": "landing", "cells": [[1, 1]], "surface": "rough"}
    _, after = ok(state, set_terrain)
    assert fall(after, [1, 1]) == "1d6+1"
    assert {"kind": "landing", "cells": [[1, 1]], "surface": "rough"} in after_view(after)


def after_view(state: BattleState) -> list[dict[str, Any]]:
    from engine.view import battle_view

    return list(battle_view(state)["map"]["terrain"])
