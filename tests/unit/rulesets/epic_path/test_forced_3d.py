"""Epic Path, Forced Movement In 3-D: in the air straight down (or up when a push can't go
down), in mid-water laterally, never into blocked terrain."""

from typing import Any

from projections import BattleState
from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game

WINGS = {"speeds": {"walk": 30, "fly": 30}}


def forced(kind: str, feet: int, **kw: Any) -> dict[str, Any]:
    return {
        "type": "force_move",
        "source": "b",
        "target": "A",
        "kind": kind,
        "distance": feet,
        **kw,
    }


def aloft(rows: str, z: int, b_z: int = 0, **kw: Any) -> BattleState:
    state = game(rows, options={"turns": False, **kw.pop("options", {})}, creatures={"A": WINGS})
    a = state.creatures["A"].pos
    b = state.creatures["b"].pos
    _, state = ok(state, {"type": "remove", "creature": "A"})
    spec = {"id": "A", "side": "heroes", "at": [a[0], a[1], z], **WINGS, "hp": 30}
    _, state = ok(state, {"type": "place", "creature": spec})
    if b_z:
        _, state = ok(state, {"type": "remove", "creature": "b"})
        spec = {"id": "b", "side": "monsters", "at": [b[0], b[1], b_z], **WINGS, "hp": 30}
        _, state = ok(state, {"type": "place", "creature": spec})
    return state


def test_a_creature_in_the_air_is_forced_straight_down() -> None:
    state = aloft("bA..", z=4, b_z=4)
    decision, after = ok(state, forced("push", 10))
    assert types(decision) == ["ForceMoved"] and pos(after, "A") == (1, 0, 2)
    _, after = ok(state, forced("slide", 15))
    assert pos(after, "A") == (1, 0, 1)


def test_forced_down_it_stops_on_the_ground_without_damage() -> None:
    state = aloft("bA..", z=2, b_z=2)
    decision, after = ok(state, forced("push", 25))
    assert types(decision) == ["ForceMoved"]
    assert pos(after, "A") == (1, 0, 0) and after.creatures["A"].hp == 30


def test_a_push_from_below_that_cannot_go_down_moves_it_straight_up() -> None:
    state = aloft("bA..", z=3)
    _, after = ok(state, forced("push", 10))
    assert pos(after, "A") == (1, 0, 5)


def test_up_stops_at_the_altitude_ceiling() -> None:
    state = aloft("bA..", z=3, options={"altitude_ceiling": 20})
    _, after = ok(state, forced("push", 25))
    assert pos(after, "A") == (1, 0, 4)


def test_in_the_air_no_path_sideways() -> None:
    state = aloft("bA..", z=3, b_z=3)
    rule = refused(state, forced("slide", 5, path=[[2, 0]])).rule
    assert rule == "epic-path/forced-straight-in-the-air"
    rule = refused(state, forced("push", 10, prone_after=1)).rule
    assert rule == "epic-path/no-prone-in-the-air"


def test_in_mid_water_it_moves_laterally_and_stays_afloat() -> None:
    state = game(
        "bA...",
        options={"turns": False},
        creatures={"A": {"speeds": {"walk": 30, "swim": 30}}},
    )
    _, state = ok(
        state,
        {
            "type": "set_terrain",
            "kind": "water",
            "depth": 4,
            "cells": [[1, 0], [2, 0], [3, 0], [4, 0]],
            "elevation": -4,
        },
    )
    _, state = ok(state, {"type": "remove", "creature": "A"})
    spec = {
        "id": "A",
        "side": "heroes",
        "at": [1, 0, -2],
        "speeds": {"walk": 30, "swim": 30},
        "hp": 30,
    }
    _, state = ok(state, {"type": "place", "creature": spec})
    decision, after = ok(state, forced("push", 10))
    assert types(decision) == ["ForceMoved"] and pos(after, "A") == (3, 0, -2)


def test_on_the_ground_forced_movement_stays_two_dimensional() -> None:
    state = game("bA...", options={"turns": False})
    _, after = ok(state, forced("push", 10))
    assert pos(after, "A") == (3, 0, 0)
