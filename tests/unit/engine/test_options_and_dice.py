"""Battle options not covered elsewhere, and the dice."""

from engine.dice import HashDice, Roller
from tests.unit.battle_map import battle, ok, pos, types


def test_the_map_edge_stops_forced_movement_without_damage_by_default() -> None:
    state = battle("..bA", options={"turns": False})
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 3}
    decision, after = ok(state, push)
    assert types(decision) == ["ForceMoved"]
    assert after.creatures["A"].hp == 30
    edged = battle("..bA", options={"turns": False, "map_edge_collision": True})
    decision, after = ok(edged, push)
    assert "Collided" in types(decision)
    assert after.creatures["A"].hp == 30 - (2 + 3)


def test_the_free_strike_damage_table_is_an_option() -> None:
    rows = ".....\n.Ab..\n....."
    away = {"type": "move", "creature": "A", "path": [[0, 1], [0, 0]], "rolls": [1, 1]}
    state = battle(
        rows,
        options={"turns": False, "opportunity_attacks": "always", "free_strike_damage": [3, 6, 9]},
    )
    decision, _ = ok(state, away)
    assert decision.events[1].damage == 3


def test_a_slam_into_the_ground_adds_falling_damage_with_agility_zero() -> None:
    state = battle("b...", options={"turns": False})
    _, state = ok(
        state,
        {
            "type": "place",
            "creature": {
                "id": "F",
                "side": "heroes",
                "at": [1, 0, 3],
                "hp": 40,
                "speeds": {"fly": 5},
                "stats": {"agility": 2},
            },
        },
    )
    slide = {
        "type": "force_move",
        "source": "b",
        "target": "F",
        "kind": "slide",
        "distance": 5,
        "vertical": True,
        "path": [[1, 0, 2], [1, 0, 1], [1, 0, 0], [1, 0, -1], [1, 0, -2]],
    }
    decision, after = ok(state, slide)
    assert types(decision)[:3] == ["ForceMoved", "Collided", "DamageTaken"]
    assert "Fell" in types(decision)
    # collision 2 + 2 remaining, then a 3-square fall at Agility 0: 6
    assert after.creatures["F"].hp == 40 - 4 - 6
    assert pos(after, "F") == (1, 0, 0)


def test_hash_dice_are_a_pure_function_of_seed_and_counter() -> None:
    dice = HashDice()
    faces = [dice.face(7, n, 10) for n in range(200)]
    assert faces == [dice.face(7, n, 10) for n in range(200)]
    assert set(faces) == set(range(1, 11))
    assert faces != [dice.face(8, n, 10) for n in range(200)]


def test_a_roller_uses_the_tables_rolls_in_order_then_the_seeded_source() -> None:
    roller = Roller(HashDice(), 7, 0, [3, 4, 5])
    assert roller.roll(2, 10) == [3, 4]
    assert not roller.seeded
    seeded = Roller(HashDice(), 7, 0, None).roll(2, 10)
    assert roller.roll(2, 10) == seeded  # one left is too few: the source rolls both
    assert roller.seeded and roller.left_over == 1 and roller.stopped is not None
    # once the table's rolls stop covering the decision, the source rolls on from its counter
    assert roller.roll(1, 10) == Roller(HashDice(), 7, 2, None).roll(1, 10)
    assert roller.seeded and roller.left_over == 1


def test_a_supplied_face_the_die_lacks_hands_the_rest_to_the_seeded_source() -> None:
    roller = Roller(HashDice(), 7, 0, [11, 3])
    assert roller.roll(1, 10) == Roller(HashDice(), 7, 0, None).roll(1, 10)
    assert roller.seeded and roller.left_over == 2
    assert roller.stopped == "roll 11 is not a face of a d10"


def test_the_seeded_roller_continues_from_the_states_counter() -> None:
    a = Roller(HashDice(), 7, 0, None)
    first = a.roll(4, 10)
    b = Roller(HashDice(), 7, 2, None)
    assert b.roll(2, 10) == first[2:]


def test_a_nominal_slam_falls_the_whole_forced_distance() -> None:
    state = battle("b...", options={"turns": False, "slam_fall": "nominal"})
    _, state = ok(
        state,
        {
            "type": "place",
            "creature": {
                "id": "F",
                "side": "heroes",
                "at": [1, 0, 3],
                "hp": 40,
                "speeds": {"fly": 5},
            },
        },
    )
    slide = {
        "type": "force_move",
        "source": "b",
        "target": "F",
        "kind": "slide",
        "distance": 5,
        "vertical": True,
        "path": [[1, 0, 2], [1, 0, 1], [1, 0, 0], [1, 0, -1], [1, 0, -2]],
    }
    _, after = ok(state, slide)
    # collision 2 + 2 remaining, then a 3 + 2 = 5-square fall: 10
    assert after.creatures["F"].hp == 40 - 4 - 10


def test_a_grabbers_halved_speed_rounds_down_or_up() -> None:
    rows = "Ab.....\n......."
    for rounding, squares in (("down", 2), ("up", 3)):
        state = battle(
            rows,
            options={
                "turns": False,
                "opportunity_attacks": "never",
                "grab_speed_rounding": rounding,
            },
        )
        _, state = ok(
            state, {"type": "set_condition", "creature": "b", "condition": "grabbed", "source": "A"}
        )
        from engine import reach

        assert max(reach(state, "A").values()) == squares
