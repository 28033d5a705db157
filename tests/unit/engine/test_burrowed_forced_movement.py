"""Draw Steel, Burrowing Forced Movement.

"While a creature who is completely beneath the ground while burrowing is force moved by
movement that isn't vertical, they aren't moved, and they take 1 damage for each square they
would have been force moved. If the forced movement is vertical, the creature is moved
through the dirt as if it were air."
"""

from typing import Any

from engine.rulesets.draw_steel.forced_movement import auto_path_3d
from projections import BattleState
from tests.unit.battle_map import battle, ok, pos, types

FREE = {"turns": False}
RAISED = [{"cells": [[x, y] for x in range(6) for y in range(2)], "height": 4}]
"""The whole map's ground is 4 squares up: everything below is dirt."""


def with_burrower(
    rows: str = "b.....\n......", at: tuple[int, int, int] = (1, 0, 0)
) -> BattleState:
    state = battle(rows, options=FREE, elevation=RAISED)
    creature = {
        "id": "Z",
        "side": "heroes",
        "at": list(at),
        "hp": 20,
        "speeds": {"walk": 5, "burrow": 5},
    }
    _, state = ok(state, {"type": "place", "creature": creature})
    return state


def forced(kind: str, distance: int, **kw: Any) -> dict[str, Any]:
    return {
        "type": "force_move",
        "source": "b",
        "target": "Z",
        "kind": kind,
        "distance": distance,
        "vertical": True,
        **kw,
    }


def test_a_vertical_pull_moves_a_burrowed_creature_up_through_the_dirt() -> None:
    state = with_burrower()
    assert pos(state, "b") == (0, 0, 4)
    decision, after = ok(state, forced("pull", 2))
    assert types(decision) == ["ForceMoved"]
    assert decision.events[0].distance == 2
    assert pos(after, "Z")[2] == 2
    assert after.creatures["Z"].hp == 20
    assert any("through the dirt" in r for step in decision.trace for r in step.reasons)


def test_a_vertical_push_moves_it_down_through_the_dirt_and_it_does_not_fall() -> None:
    state = with_burrower()
    decision, after = ok(state, forced("push", 3, path=[[1, 0, -1], [1, 0, -2], [1, 0, -3]]))
    assert types(decision) == ["ForceMoved"]
    assert pos(after, "Z") == (1, 0, -3)
    assert after.creatures["Z"].hp == 20
    assert not after.creatures["Z"].has("prone")


def test_the_same_push_not_vertical_leaves_it_where_it_was_one_damage_a_square() -> None:
    state = with_burrower()
    decision, after = ok(state, {**forced("push", 3), "vertical": False})
    assert types(decision) == ["DamageTaken"]
    assert pos(after, "Z") == (1, 0, 0)
    assert after.creatures["Z"].hp == 17


def test_pulled_up_out_of_the_ground_it_is_in_the_air_and_falls() -> None:
    # the source hovers high above: the pull carries the burrower out of the ground and
    # 2 squares above it, where nothing holds it up (DIGEST 2.6: a non-flier left in
    # mid-air falls; 2 squares: 4 damage, prone)
    state = with_burrower()
    flier = {
        "id": "f",
        "side": "monsters",
        "at": [1, 1, 12],
        "hp": 20,
        "speeds": {"fly": 5, "hover": 5},
    }
    _, state = ok(state, {"type": "place", "creature": flier})
    path = [[1, 0, z] for z in range(1, 7)]
    decision, after = ok(state, {**forced("pull", 6, path=path), "source": "f"})
    assert types(decision)[:2] == ["ForceMoved", "Fell"]
    assert decision.events[0].path[-1] == (1, 0, 6)
    assert pos(after, "Z") == (1, 0, 4)
    assert after.creatures["Z"].hp == 16
    assert after.creatures["Z"].has("prone")


def test_a_wall_standing_on_the_ground_still_stops_it() -> None:
    # the dirt is air to it, a wall is not: pulled up into the wall's base it collides
    state = battle("b.....\n.#....", options=FREE, elevation=RAISED)
    creature = {"id": "Z", "side": "heroes", "at": [1, 1, 1], "hp": 20, "speeds": {"burrow": 5}}
    _, state = ok(state, {"type": "place", "creature": creature})
    path = [[1, 1, 2], [1, 1, 3], [1, 1, 4], [1, 1, 5]]
    decision, after = ok(state, forced("slide", 4, path=path))
    assert types(decision)[:3] == ["ForceMoved", "Collided", "DamageTaken"]
    assert pos(after, "Z") == (1, 1, 3)
    assert decision.events[2].amount == 2 + 2


def test_damaging_terrain_on_the_surface_does_not_hurt_a_creature_moved_beneath_it() -> None:
    state = with_burrower("b.^...\n......")
    decision, after = ok(state, forced("slide", 1, path=[[2, 0, 1]]))
    assert types(decision) == ["ForceMoved"]
    assert after.creatures["Z"].hp == 20


def test_the_default_vertical_line_runs_from_the_source_in_three_dimensions() -> None:
    state = with_burrower()
    b, z = state.creatures["b"], state.creatures["Z"]
    up = auto_path_3d(b, z, "pull", 3)
    down = auto_path_3d(b, z, "push", 3)
    assert [p[2] for p in up] == [1, 2, 3]
    assert [p[2] for p in down] == [-1, -2, -3]
    for path in (up, down):
        prev = z.pos
        for p in path:
            assert max(abs(p[k] - prev[k]) for k in range(3)) == 1
            prev = p
