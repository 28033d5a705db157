"""Draw Steel, Movement Types: climb, swim, jump, fly, hover, burrow."""

from projections import fold
from tests.unit.battle_map import battle, ok, pos, refused, setup_for, types

FREE = {"turns": False}
LEDGE = [{"cells": [[2, 0], [3, 0]], "height": 1}]
CLIFF = [{"cells": [[2, 0], [3, 0]], "height": 3}]


def test_climbing_without_a_climb_speed_costs_two_per_square() -> None:
    state = battle("A...", options=FREE, elevation=LEDGE)
    decision, after = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].cost == 3
    assert "climbing without a climb speed costs 2" in decision.trace[1].reasons
    assert pos(after, "A") == (2, 0, 1)


def test_climbing_with_a_climb_speed_costs_one() -> None:
    state = battle(
        "A...", options=FREE, elevation=LEDGE, creatures={"A": {"speeds": {"walk": 5, "climb": 5}}}
    )
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].cost == 2


def test_climbing_a_cliff_face_square_by_square() -> None:
    state = battle(
        "A...", options=FREE, elevation=CLIFF, creatures={"A": {"speeds": {"walk": 5, "climb": 5}}}
    )
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}).rule == (
        "draw-steel/ledge"
    )
    path = [[1, 0, 0], [1, 0, 1], [1, 0, 2], [2, 0, 3]]
    decision, after = ok(state, {"type": "move", "creature": "A", "mode": "climb", "path": path})
    assert decision.events[0].cost == 4
    assert pos(after, "A") == (2, 0, 3)


def test_a_prone_creature_cannot_climb() -> None:
    state = battle(
        "A...", options=FREE, elevation=LEDGE, creatures={"A": {"conditions": ["prone"]}}
    )
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}).rule == (
        "draw-steel/prone-cannot-climb"
    )


def test_swimming_without_a_swim_speed_costs_two_per_square() -> None:
    state = battle("A==.", options=FREE)
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].cost == 4
    swimmer = battle("A==.", options=FREE, creatures={"A": {"speeds": {"walk": 5, "swim": 5}}})
    decision, _ = ok(swimmer, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].cost == 2


def test_a_prone_creature_cannot_swim() -> None:
    state = battle("A==.", options=FREE, creatures={"A": {"conditions": ["prone"]}})
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]}).rule == (
        "draw-steel/prone-cannot-swim"
    )


def test_a_jump_crosses_a_pit_up_to_might_or_agility_squares() -> None:
    rows = "A.__..."
    state = battle(rows, options=FREE, creatures={"A": {"stats": {"agility": 3}}})
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}).rule == (
        "draw-steel/ledge"
    )
    decision, after = ok(
        state, {"type": "move", "creature": "A", "path": [[1, 0], [4, 0]], "jumps": [1]}
    )
    assert decision.events[0].cost == 4
    assert pos(after, "A") == (4, 0, 0)


def test_a_jump_is_at_least_one_square_and_no_longer_than_the_better_score() -> None:
    state = battle("A.__...", options=FREE)
    assert (
        refused(
            state, {"type": "move", "creature": "A", "path": [[1, 0], [4, 0]], "jumps": [1]}
        ).rule
        == "draw-steel/jump-too-long"
    )


def test_a_jump_is_one_square_high() -> None:
    state = battle("A...", options=FREE, elevation=LEDGE)
    decision, _ = ok(
        state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]], "jumps": [1]}
    )
    assert decision.events[0].cost == 2
    high = battle("A...", options=FREE, elevation=[{"cells": [[2, 0]], "height": 2}])
    assert (
        refused(
            high, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]], "jumps": [1]}
        ).rule
        == "draw-steel/jump-too-high"
    )


def test_no_jumping_out_of_difficult_or_damaging_terrain() -> None:
    state = battle("A~_..", options={"turns": False}, creatures={"A": {"stats": {"might": 2}}})
    assert (
        refused(
            state, {"type": "move", "creature": "A", "path": [[1, 0], [3, 0]], "jumps": [1]}
        ).rule
        == "draw-steel/cannot-jump-from-difficult-terrain"
    )


def test_a_prone_creature_cannot_jump() -> None:
    state = battle(
        "A.__..", options=FREE, creatures={"A": {"conditions": ["prone"], "stats": {"might": 3}}}
    )
    assert (
        refused(
            state, {"type": "move", "creature": "A", "path": [[1, 0], [4, 0]], "jumps": [1]}
        ).rule
        == "draw-steel/prone-cannot-jump"
    )


def test_a_flier_moves_through_the_air_and_stays_aloft() -> None:
    state = battle("A.o.", options=FREE, creatures={"A": {"speeds": {"walk": 5, "fly": 5}}})
    _, after = ok(
        state,
        {"type": "move", "creature": "A", "mode": "fly", "path": [[1, 0, 1], [2, 0, 1], [3, 0, 1]]},
    )
    assert pos(after, "A") == (3, 0, 1)


def test_a_creature_without_fly_cannot_fly_and_a_prone_flier_cannot_either() -> None:
    state = battle("A...", options=FREE)
    assert (
        refused(state, {"type": "move", "creature": "A", "mode": "fly", "path": [[1, 0, 1]]}).rule
        == "draw-steel/cannot-fly"
    )
    prone = battle(
        "A...", options=FREE, creatures={"A": {"speeds": {"fly": 5}, "conditions": ["prone"]}}
    )
    assert (
        refused(prone, {"type": "move", "creature": "A", "mode": "fly", "path": [[1, 0, 1]]}).rule
        == "draw-steel/prone-cannot-fly"
    )


def test_a_burrower_moves_through_earth_but_not_through_stone() -> None:
    state = battle("A.#..", options=FREE, creatures={"A": {"speeds": {"walk": 5, "burrow": 3}}})
    dig = {"type": "move", "creature": "A", "mode": "burrow", "action": "dig"}
    decision, state = ok(state, {**dig, "path": [[0, 0, -1]]})
    assert decision.events[0].action == "dig"
    path = [[1, 0, -1], [2, 0, -1], [3, 0, -1]]
    _, after = ok(state, {"type": "move", "creature": "A", "mode": "burrow", "path": path})
    assert pos(after, "A") == (3, 0, -1)
    assert (
        refused(
            state,
            {"type": "move", "creature": "A", "mode": "burrow", "path": [[1, 0, -1], [1, 0, 0]]},
        ).rule
        == "draw-steel/dig-maneuver-needed"
    )
    walker = battle("A....", options=FREE)
    assert (
        refused(
            walker, {"type": "move", "creature": "A", "mode": "burrow", "path": [[1, 0, -1]]}
        ).rule
        == "draw-steel/cannot-burrow"
    )


def test_going_down_through_the_ground_takes_the_dig_maneuver() -> None:
    state = battle("A....", creatures={"A": {"speeds": {"walk": 5, "burrow": 3}}})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    move = {"type": "move", "creature": "A", "mode": "burrow"}
    assert refused(state, {**move, "path": [[1, 0, -1]]}).rule == "draw-steel/dig-maneuver-needed"
    dig = {**move, "action": "dig"}
    assert refused(state, {**dig, "path": [[0, 0, -1], [0, 0, -2]]}).rule == (
        "draw-steel/exceeds-speed"
    )
    assert refused(state, {**dig, "path": [[1, 0, -1]]}).rule == "draw-steel/dig-is-vertical"
    _, state = ok(state, {**dig, "path": [[0, 0, -1]]})
    assert state.creatures["A"].maneuvers == 0
    assert refused(state, {**dig, "path": [[0, 0, -2]]}).rule == "turn/no-maneuver"


def test_a_creature_whose_burrow_speed_is_below_its_size_cannot_dig() -> None:
    state = battle(
        "A...\n....",
        options=FREE,
        creatures={"A": {"size": "2", "speeds": {"walk": 5, "burrow": 1}}},
    )
    assert (
        refused(
            state,
            {
                "type": "move",
                "creature": "A",
                "mode": "burrow",
                "action": "dig",
                "path": [[0, 0, -1]],
            },
        ).rule
        == "draw-steel/cannot-dig"
    )


def test_a_jump_test_jumps_farther_and_higher_and_records_its_roll() -> None:
    state = battle("A.___..", options=FREE, creatures={"A": {"stats": {"agility": 2}}})
    jump = {"type": "move", "creature": "A", "path": [[1, 0], [5, 0]], "jumps": [1]}
    assert refused(state, jump).rule == "draw-steel/jump-too-long"
    decision, after = ok(state, {**jump, "jump_test": True, "rolls": [9, 8]})
    tested = decision.events[0]
    assert (tested.type, tested.tier, tested.bonus) == ("JumpTested", 3, 2)
    assert pos(after, "A") == (5, 0, 0)
    assert refused(state, {**jump, "jump_test": True, "rolls": [1, 2]}).rule == (
        "draw-steel/jump-too-long"
    )


def test_squares_jumped_count_against_movement_unless_the_option_says_otherwise() -> None:
    rows = "A.__..."
    jump = {"type": "move", "creature": "A", "path": [[1, 0], [4, 0]], "jumps": [1]}
    stats = {"A": {"stats": {"agility": 3}}}
    decision, _ = ok(battle(rows, options=FREE, creatures=stats), jump)
    assert decision.events[0].cost == 4
    cheap = battle(rows, options={"turns": False, "jump_costs_movement": False}, creatures=stats)
    decision, _ = ok(cheap, jump)
    assert decision.events[0].cost == 2


def test_move_to_plans_a_jump_across_a_pit() -> None:
    state = battle("A.__..\n##__##", options=FREE, creatures={"A": {"stats": {"might": 3}}})
    decision, after = ok(state, {"type": "move", "creature": "A", "to": [4, 0]})
    moved = decision.events[0]
    assert moved.path == [(1, 0, 0), (4, 0, 0)]
    assert moved.cost == 4
    assert pos(after, "A") == (4, 0, 0)


def test_move_to_jumps_onto_a_low_ledge_rather_than_climbing() -> None:
    state = battle("A...", options=FREE, elevation=LEDGE)
    decision, _ = ok(state, {"type": "move", "creature": "A", "to": [2, 0]})
    assert decision.events[0].cost == 2
    assert any("jump" in r for step in decision.trace for r in step.reasons)


def test_a_diagonal_jump_cannot_cut_a_corner() -> None:
    state = battle("A#..\n.._.\n....", options=FREE, creatures={"A": {"stats": {"might": 2}}})
    assert (
        refused(state, {"type": "move", "creature": "A", "path": [[2, 2]], "jumps": [0]}).rule
        == "draw-steel/cannot-cut-corners"
    )


def test_claw_dirt_moves_a_non_burrower_one_square_into_the_ground_by_power_roll() -> None:
    state = battle("A...", creatures={"A": {"stats": {"might": 2}}})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    claw = {"type": "move", "creature": "A", "action": "claw_dirt", "path": [[0, 0, -1]]}
    decision, after = ok(state, {**claw, "rolls": [9, 8]})
    assert types(decision) == ["ActionUsed", "PowerRolled", "Moved"]
    assert pos(after, "A") == (0, 0, -1)
    decision, after = ok(state, {**claw, "rolls": [5, 6]})
    assert types(decision) == ["ActionUsed", "PowerRolled", "ActionUsed", "Moved", "ConditionSet"]
    assert after.creatures["A"].main_actions == 0
    decision, after = ok(state, {**claw, "rolls": [1, 2]})
    assert [e.condition for e in decision.events if e.type == "ConditionSet"] == [
        "slowed",
        "weakened",
    ]
    _, after = ok(after, {"type": "end_turn", "creature": "A"})
    assert not after.creatures["A"].has("slowed") and not after.creatures["A"].has("weakened")


def test_claw_dirt_is_for_creatures_that_cannot_burrow_with_speed_two() -> None:
    claw = {
        "type": "move",
        "creature": "A",
        "action": "claw_dirt",
        "path": [[0, 0, -1]],
        "rolls": [9, 9],
    }
    burrower = battle("A..", options=FREE, creatures={"A": {"speeds": {"walk": 5, "burrow": 2}}})
    assert refused(burrower, claw).rule == "draw-steel/can-burrow"
    slow = battle("A..", options=FREE, creatures={"A": {"speeds": {"walk": 1}}})
    assert refused(slow, claw).rule == "draw-steel/speed-too-low"
    flat = battle("A..", options=FREE)
    assert refused(flat, {**claw, "path": [[1, 0]]}).rule == "draw-steel/not-through-ground"


def test_an_adjacent_creature_pulls_a_willing_burrower_out_of_the_ground() -> None:
    state = battle("B...", options=FREE)
    _, state = ok(
        state,
        {
            "type": "place",
            "creature": {
                "id": "M",
                "side": "heroes",
                "at": [1, 0, -1],
                "hp": 10,
                "speeds": {"burrow": 3},
            },
        },
    )
    pull = {"type": "move", "creature": "M", "action": "pull_up", "by": "B"}
    decision, after = ok(state, pull)
    assert pos(after, "M") == (1, 0, 0)
    assert decision.events[0].action == "pull_up"
    assert refused(after, pull).rule == "draw-steel/not-burrowed"


def test_a_hard_climb_calls_for_a_might_test_that_wastes_no_movement_on_failure() -> None:
    setup = setup_for("A...", options=FREE, elevation=LEDGE)
    setup["map"]["terrain"].append({"kind": "climbable", "cells": [[2, 0]], "hard": True})
    state = fold(create_ok(setup))
    climb = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}
    decision, after = ok(state, {**climb, "rolls": [2, 3]})
    assert types(decision) == ["PowerRolled", "Moved"]
    assert decision.events[1].path == [(1, 0, 0)] and decision.events[1].cost == 1
    decision, after = ok(state, {**climb, "rolls": [8, 8]})
    assert pos(after, "A") == (2, 0, 1)
    easy = battle("A...", options={"turns": False, "hard_terrain_test": False}, elevation=LEDGE)
    ok(easy, climb)


def test_hard_water_calls_for_a_might_test_to_swim() -> None:
    setup = setup_for("A==.", options=FREE)
    setup["map"]["terrain"].append({"kind": "water", "cells": [[1, 0], [2, 0]], "hard": True})
    state = fold(create_ok(setup))
    decision, after = ok(
        state, {"type": "move", "creature": "A", "path": [[1, 0]], "rolls": [1, 1]}
    )
    assert types(decision) == ["PowerRolled"]
    assert pos(after, "A") == (0, 0, 0)


def create_ok(setup: dict[str, object]) -> tuple[object, ...]:
    from engine import Accepted, create_battle

    decision = create_battle(setup)
    assert isinstance(decision, Accepted), decision
    return decision.events
