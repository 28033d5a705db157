"""Epic Path, Falling into Water: "Characters who deliberately dive into water take no damage on
a successful DC 15 Movement check or DC 15 Acrobatics check, so long as the water is at least
10 feet deep for every 30 feet fallen. The DC of the check, however, increases by 5 for every
50 feet of the dive." A walk off a ledge into water is a deliberate dive."""

from typing import Any

from engine import Accepted, create_battle
from projections import BattleState, fold
from tests.unit.battle_map import ok, setup_for, types
from tests.unit.rulesets.epic_path.test_movement import move


def cliff(height: int, depth: int, **stats: int) -> BattleState:
    """A ledge `height` squares up at [0, 0] above water `depth` squares deep at [1, 0]."""
    creature = {"speeds": {"walk": 30, "swim": 30}, "stats": stats}
    body = setup_for("A.", creatures={"A": creature}, options={"turns": False})
    body["ruleset"] = "epic-path"
    body["map"]["elevation"] = [{"cells": [[0, 0]], "height": height}]
    body["map"]["terrain"] = [{"kind": "water", "cells": [[1, 0]], "depth": depth}]
    created = create_battle(body)
    assert isinstance(created, Accepted), created
    return fold(created.events)


def dive(state: BattleState, rolls: list[int]) -> tuple[Any, BattleState]:
    return ok(state, move(path=[[1, 0]], rolls=rolls))


def test_a_dive_with_a_good_check_takes_no_damage() -> None:
    state = cliff(height=8, depth=4, movement=3)  # 40 ft into 20 ft of water, DC 15
    decision, after = dive(state, [12])
    checks = [e for e in decision.events if e.type == "DiceRolled"]
    assert checks[0].purpose.startswith("dive") and checks[0].total == 15
    assert "DamageTaken" not in types(decision) and after.creatures["A"].hp == 30


def test_a_failed_dive_falls_into_water_as_any_fall() -> None:
    state = cliff(height=8, depth=4, acrobatics=2)
    decision, after = dive(state, [5, 3, 2])  # 7 < 15, then 1d3 x 2 for 20-40 ft
    assert [e.purpose for e in decision.events if e.type == "DiceRolled"][1] == (
        "falling into water"
    )
    assert after.creatures["A"].hp < 30


def test_the_water_must_be_ten_feet_deep_for_every_thirty_feet_fallen() -> None:
    shallow = cliff(height=8, depth=2, movement=10)  # 40 ft into 10 ft: too shallow to dive
    decision, _ = dive(shallow, [20, 3, 3])
    assert all(not e.purpose.startswith("dive") for e in decision.events if e.type == "DiceRolled")


def test_the_dc_rises_by_five_for_every_fifty_feet() -> None:
    state = cliff(height=12, depth=4, movement=5)  # 60 ft: DC 20
    decision, _ = dive(state, [14, 3, 3, 3])
    first = next(e for e in decision.events if e.type == "DiceRolled")
    assert "DC 20" in first.purpose and "DamageTaken" in types(decision)
