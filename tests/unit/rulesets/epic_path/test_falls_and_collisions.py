"""Epic Path, Falling (the landing surface) and Collisions (uncautious movement)."""

from typing import Any

from tests.unit.battle_map import ok, types
from tests.unit.rulesets.epic_path.test_movement import game, move

PIT = [{"cells": [[1, 0]], "height": -4}]


def fall_on(surface: str) -> Any:
    state = game("A.", options={"turns": False, "landing_surface": surface}, elevation=PIT)
    decision, after = ok(state, move([1, 0]))
    dice = next(e for e in decision.events if e.type == "DiceRolled")
    return dice, after.creatures["A"].hp


def test_jagged_ground_adds_two_a_die_and_stone_one() -> None:
    dice, hp = fall_on("jagged")
    assert dice.dice == "1d6+2" and hp == 30 - (dice.rolls[0] + 2)
    dice, hp = fall_on("rough")
    assert dice.dice == "1d6+1" and hp == 30 - (dice.rolls[0] + 1)


def test_ordinary_ground_is_the_base_damage_and_soft_loam_removes_one_a_die() -> None:
    dice, hp = fall_on("normal")
    assert dice.dice == "1d6" and hp == 30 - dice.rolls[0]
    dice, hp = fall_on("soft")
    assert dice.dice == "1d6-1" and hp == 30 - max(0, dice.rolls[0] - 1)


def push(distance: int) -> dict[str, Any]:
    return {
        "type": "force_move",
        "source": "b",
        "target": "A",
        "kind": "push",
        "distance": distance,
    }


def test_a_push_into_a_wall_deals_no_damage_unless_the_table_rules_it_uncautious() -> None:
    decision, _ = ok(game("bA.#", options={"turns": False}), push(25))
    assert types(decision) == ["ForceMoved"]
    rough = game("bA.#", options={"turns": False, "forced_collisions": True})
    decision, after = ok(rough, push(25))
    assert types(decision) == ["ForceMoved", "Collided", "DiceRolled", "DamageTaken"]
    dice = decision.events[2]
    assert dice.dice == "2d6" and after.creatures["A"].hp == 30 - sum(dice.rolls)


def test_creatures_duck_rather_than_collide() -> None:
    rough = game("bA.c", options={"turns": False, "forced_collisions": True})
    decision, after = ok(rough, push(25))
    assert types(decision) == ["ForceMoved", "Collided"]
    assert after.creatures["A"].hp == 30
