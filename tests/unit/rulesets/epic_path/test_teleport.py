"""Epic Path, teleport. Blocked Terrain: "Note that teleport can move through blocked terrain
as long as line of sight and line of effect rules are satisfied. Further note that many types
of blocked terrain also block line of sight and/or line of effect." Falling: "Casting Teleport
... while falling does not end your momentum, it just changes your location, meaning that you
still take Falling Damage, even if you arrive atop a solid surface." """

from typing import Any

from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game


def tp(to: list[int], **kw: Any) -> dict[str, Any]:
    return {"type": "teleport", "creature": "A", "to": to, **kw}


def test_a_teleport_passes_an_object_but_no_wall_and_never_arrives_inside_one() -> None:
    state = game("Ao..\n....")
    decision, after = ok(state, tp([2, 0], distance=10))
    assert pos(after, "A") == (2, 0, 0)  # past the statue
    assert types(decision) == ["Teleported"]
    walled = game("A#..\n....")
    assert refused(walled, tp([2, 0], distance=10)).rule == "epic-path/no-line-of-effect"
    assert refused(walled, tp([1, 0, 0], distance=10)).rule == "epic-path/teleport-blocked"
    ok(walled, tp([2, 1], distance=10))  # the line to it passes beside the wall
    strict = game("Ao..", options={"teleport_line_of_effect": "blocked"})
    assert refused(strict, tp([2, 0], distance=10)).rule == "epic-path/no-line-of-effect"


def test_distances_are_in_feet_and_a_teleport_speed_spends_the_move_action() -> None:
    state = game("A.......", creatures={"A": {"speeds": {"walk": 30, "teleport": 30}}})
    assert refused(state, tp([7, 0])).rule == "epic-path/exceeds-speed"  # 35 ft
    _, after = ok(state, tp([6, 0]))
    assert pos(after, "A") == (6, 0, 0)
    assert after.creatures["A"].move_actions == 0
    assert refused(game("A..."), tp([2, 0])).rule == "epic-path/cannot-teleport"
    assert refused(game("A..."), tp([2, 0], distance=7)).rule == "epic-path/distance-in-feet"
    assert refused(game("A..b"), tp([3, 0], distance=15)).rule == "epic-path/teleport-occupied"


def test_teleporting_while_falling_keeps_the_momentum() -> None:
    # A is 20 ft up with no fly speed: falling. It teleports onto solid ground and still
    # takes the 2d6 of its 20 ft fall, and falls prone.
    state = game("A...", options={"turns": False}, creatures={"A": {"at": [0, 0, 4]}})
    decision, after = ok(state, tp([3, 0], distance=20, rolls=[3, 4]))
    assert types(decision)[:2] == ["Teleported", "Fell"]
    fell = next(e for e in decision.events if e.type == "Fell")
    assert fell.height == 0 and fell.effective_height == 4
    assert after.creatures["A"].hp == 30 - 7 and after.creatures["A"].has("prone")
    # On the ground, a teleport ends nowhere but where it arrives.
    _, calm = ok(game("A...", options={"turns": False}), tp([3, 0], distance=15))
    assert calm.creatures["A"].hp == 30 and not calm.creatures["A"].has("prone")


def test_teleporting_another_creature_needs_a_distance_and_line_of_effect_to_both() -> None:
    state = game("A..b\n....\n#...", options={"turns": False})
    other = {"type": "teleport", "creature": "A", "source": "b", "to": [0, 1]}
    assert refused(state, other).rule == "intent/distance-required"
    _, after = ok(state, {**other, "distance": 5})
    assert pos(after, "A") == (0, 1, 0)
    walled = game("A#.b\n....", options={"turns": False})
    assert refused(walled, {**other, "to": [1, 1], "distance": 5}).rule == (
        "epic-path/no-line-of-effect"  # b sees the destination, not the space A leaves
    )
