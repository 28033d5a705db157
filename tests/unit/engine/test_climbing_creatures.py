"""Draw Steel, Climbing Other Creatures."""

from typing import Any

from tests.unit.battle_map import battle, ok, pos, refused, types

GIANT: dict[str, Any] = {"x": {"size": "2", "stats": {"might": 3}}}
ROWS = """
Ax...
.....
.....
"""
CLIMB = {"type": "move", "creature": "A", "onto": "x"}


def arena(**options: Any):  # type: ignore[no-untyped-def]
    return battle(
        ROWS,
        options={"turns": False, **options},
        creatures={**GIANT, "A": {"stats": {"agility": 2}}},
    )


def test_a_willing_creature_is_climbed_without_a_test() -> None:
    decision, after = ok(arena(), {**CLIMB, "willing": True})
    assert types(decision) == ["Moved", "ConditionSet"]
    assert decision.events[0].cost == 2
    assert pos(after, "A") == (1, 0, 2)
    assert after.creatures["A"].climbing_on == "x"


def test_an_unwilling_creature_takes_a_test_that_may_fail_with_a_free_strike() -> None:
    decision, after = ok(arena(), {**CLIMB, "rolls": [9, 8]})
    assert types(decision) == ["PowerRolled", "Moved", "ConditionSet"]
    decision, after = ok(arena(), {**CLIMB, "rolls": [5, 5]})
    assert types(decision) == ["PowerRolled"]
    assert pos(after, "A") == (0, 0, 0)
    decision, after = ok(arena(), {**CLIMB, "rolls": [1, 2]})
    assert types(decision) == ["PowerRolled", "OpportunityAttackTriggered"]
    assert after.pending[0].kind == "free_strike" and after.pending[0].reactor == "x"


def test_only_a_bigger_adjacent_creature_can_be_climbed() -> None:
    state = battle("AB...", options={"turns": False})
    assert (
        refused(state, {"type": "move", "creature": "A", "onto": "B", "willing": True}).rule
        == "draw-steel/not-bigger"
    )
    far = battle("A..x.\n.....", options={"turns": False}, creatures=GIANT)
    assert refused(far, {**CLIMB, "willing": True}).rule == "draw-steel/not-adjacent"


def test_the_climber_is_carried_when_the_creature_moves() -> None:
    _, state = ok(arena(), {**CLIMB, "willing": True})
    decision, state = ok(state, {"type": "move", "creature": "x", "path": [[2, 0], [3, 0]]})
    assert types(decision) == ["Moved", "Moved"]
    assert pos(state, "A") == (3, 0, 2)


def test_knocked_off_on_a_low_roll_the_climber_falls_beside_the_creature() -> None:
    _, state = ok(arena(), {**CLIMB, "willing": True})
    decision, after = ok(
        state, {"type": "knock_off", "creature": "x", "target": "A", "rolls": [1, 1]}
    )
    assert "Fell" in types(decision)
    assert after.creatures["A"].climbing_on is None
    assert after.creatures["A"].pos[2] == 0
    assert after.creatures["A"].has("prone") is False  # a 2-square fall, Agility 2: no damage
    held, after = ok(state, {"type": "knock_off", "creature": "x", "target": "A", "rolls": [9, 9]})
    assert types(held) == ["PowerRolled"]
    slid, after = ok(state, {"type": "knock_off", "creature": "x", "target": "A", "rolls": [5, 5]})
    assert types(slid) == ["PowerRolled", "ConditionSet", "Fell"]
    assert after.creatures["A"].pos[2] == 0


def test_a_climber_knocked_prone_falls_into_a_space_beside_the_creature() -> None:
    state = battle(ROWS, options={"turns": False}, creatures=GIANT)
    _, state = ok(state, {**CLIMB, "willing": True})
    decision, after = ok(state, {"type": "set_condition", "creature": "A", "condition": "prone"})
    assert "Fell" in types(decision)
    assert after.creatures["A"].pos[2] == 0
    assert after.creatures["x"].hp == 30


def test_a_climber_gets_off_by_climbing_down_beside_the_creature() -> None:
    _, state = ok(arena(opportunity_attacks="never"), {**CLIMB, "willing": True})
    decision, after = ok(state, {"type": "move", "creature": "A", "path": [[3, 1], [4, 1]]})
    assert types(decision)[:2] == ["ConditionSet", "Moved"]
    assert decision.events[1].action == "climb_down"
    assert pos(after, "A") == (4, 1, 0)
    assert refused(state, {"type": "move", "creature": "A", "path": [[4, 2]]}).rule == (
        "draw-steel/climb-down-first"
    )


# "≤11: You fall off the creature into an unoccupied adjacent space of your choice ... 12-16:
# You slide down the creature into an unoccupied adjacent space of your choice and don't land
# prone." "If you are knocked prone while climbing or riding a creature, you fall and land
# prone in an adjacent space of your choice, taking damage as usual from the fall."


def test_the_knocked_off_climber_lands_in_the_adjacent_space_it_chooses() -> None:
    _, state = ok(arena(), {**CLIMB, "willing": True})
    knock = {"type": "knock_off", "creature": "x", "target": "A", "rolls": [5, 5]}
    _, after = ok(state, {**knock, "landing": [3, 2]})
    assert pos(after, "A") == (3, 2, 0) and not after.creatures["A"].has("prone")
    _, fell = ok(state, {**knock, "rolls": [1, 1], "landing": [0, 1]})
    assert pos(fell, "A") == (0, 1, 0)
    assert refused(state, {**knock, "landing": [4, 0]}).rule == "draw-steel/landing-not-adjacent"
    crowded = battle(
        "Ax...\n.....\nb....", options={"turns": False}, creatures={**GIANT, "b": {"at": [0, 2]}}
    )
    _, crowded = ok(crowded, {**CLIMB, "willing": True})
    assert refused(crowded, {**knock, "landing": [0, 2]}).rule == "draw-steel/landing-occupied"


def test_a_climber_dropping_prone_falls_off_into_the_adjacent_space_it_chooses() -> None:
    _, state = ok(arena(), {**CLIMB, "willing": True})
    decision, after = ok(state, {"type": "fall_prone", "creature": "A", "landing": [3, 1]})
    assert "Fell" in types(decision)
    assert pos(after, "A") == (3, 1, 0) and after.creatures["A"].has("prone")
    assert after.creatures["A"].climbing_on is None
    ground = arena()
    assert refused(ground, {"type": "fall_prone", "creature": "A", "landing": [0, 1]}).rule == (
        "draw-steel/not-climbing"
    )
