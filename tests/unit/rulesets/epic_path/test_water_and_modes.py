"""Epic Path: Combining Movement Types, Falling into Water and deliberate jumps."""

from tests.unit.battle_map import ok, pos, refused
from tests.unit.rulesets.epic_path.test_movement import game, move

SWIMMER = {"A": {"speeds": {"walk": 30, "swim": 120}}}


def test_each_square_comes_off_every_speed_walk_then_swim() -> None:
    # walk 10 ft, then swim on with what is left of the 120 ft swim speed
    state = game("A.=====", creatures=SWIMMER, options={"turns": False})
    decision, after = ok(state, move(path=[[1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]))
    assert pos(after, "A")[:2] == (6, 0)
    assert sum(e.cost for e in decision.events if e.type == "Moved") == 30


def test_a_lake_farther_than_the_walk_speed_cannot_be_reached_in_one_move() -> None:
    state = game("A.......=", creatures=SWIMMER, options={"turns": False})
    path = [[x, 0] for x in range(1, 9)]
    assert refused(state, move(path=path)).rule == "epic-path/mode-allowance-spent"


def test_a_fall_into_deep_water_spares_the_first_twenty_feet() -> None:
    lake = [{"cells": [[2, 0]], "height": -6}]  # pushed off a 30 ft drop into 10 ft of water
    state = game("bA=", options={"turns": False}, elevation=lake)
    water = {"type": "set_terrain", "kind": "water", "depth": 2, "cells": [[2, 0]]}
    _, state = ok(state, water)
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 5}
    decision, _ = ok(state, push)
    dice = [e.dice for e in decision.events if e.type == "DiceRolled"]
    assert dice == ["1d3"]  # 20 ft free, the next 10 ft at 1d3


def test_a_deliberate_jump_with_acrobatics_dc_15_spares_the_second_ten_feet() -> None:
    pit = [{"cells": [[1, 0]], "height": -6}]
    acrobat = {"A": {"stats": {"acrobatics": 5}}}
    state = game("A.", options={"turns": False}, elevation=pit, creatures=acrobat)
    decision, _ = ok(state, move([1, 0], rolls=[10, 4]))
    dice = [(e.purpose, e.dice) for e in decision.events if e.type == "DiceRolled"]
    assert dice == [("Acrobatics DC 15", "1d20+5"), ("falling", "1d6")]
