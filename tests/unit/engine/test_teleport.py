"""Draw Steel, Teleport."""

from tests.unit.battle_map import battle, ok, pos, refused, types

FREE = {"turns": False}
ROWS = """
A.#...
......
"""


def test_teleport_bypasses_what_lies_between_and_may_exceed_speed() -> None:
    state = battle("A.~~~~~~.", options=FREE, creatures={"A": {"speeds": {"walk": 2}}})
    decision, after = ok(state, {"type": "teleport", "creature": "A", "to": [8, 0], "distance": 8})
    assert types(decision) == ["Teleported"]
    assert pos(after, "A") == (8, 0, 0)


def test_teleport_needs_line_of_effect() -> None:
    state = battle(ROWS, options=FREE)
    refusal = refused(state, {"type": "teleport", "creature": "A", "to": [4, 0], "distance": 5})
    assert refusal.rule == "draw-steel/no-line-of-effect"


def test_the_destination_cannot_be_occupied() -> None:
    state = battle("A..b", options=FREE)
    assert (
        refused(state, {"type": "teleport", "creature": "A", "to": [3, 0], "distance": 5}).rule
        == "draw-steel/teleport-occupied"
    )
    walled = battle("A.o.", options=FREE)
    assert (
        refused(walled, {"type": "teleport", "creature": "A", "to": [2, 0, 0], "distance": 5}).rule
        == "draw-steel/teleport-occupied"
    )


def test_a_creature_cannot_teleport_to_its_own_space() -> None:
    state = battle("A..", options=FREE)
    assert (
        refused(state, {"type": "teleport", "creature": "A", "to": [0, 0], "distance": 3}).rule
        == "draw-steel/teleport-same-space"
    )


def test_the_effects_distance_is_the_limit() -> None:
    state = battle("A.....", options=FREE)
    assert (
        refused(state, {"type": "teleport", "creature": "A", "to": [5, 0], "distance": 3}).rule
        == "draw-steel/exceeds-speed"
    )


def test_advance_teleports_up_to_the_unmodified_teleport_speed() -> None:
    state = battle(
        "A.......",
        creatures={"A": {"speeds": {"walk": 5, "teleport": 6}, "conditions": ["slowed"]}},
    )
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    decision, state = ok(state, {"type": "teleport", "creature": "A", "to": [6, 0]})
    assert decision.events[0].starts_action is True
    assert state.creatures["A"].move_actions == 0


def test_without_a_teleport_speed_a_teleport_needs_an_effect() -> None:
    state = battle("A...", options=FREE)
    assert refused(state, {"type": "teleport", "creature": "A", "to": [2, 0]}).rule == (
        "draw-steel/cannot-teleport"
    )


def test_teleporting_ends_grabbed_and_restrained() -> None:
    state = battle("A...", options=FREE, creatures={"A": {"conditions": ["grabbed", "restrained"]}})
    decision, after = ok(state, {"type": "teleport", "creature": "A", "to": [3, 0], "distance": 3})
    assert types(decision) == ["Teleported", "ConditionSet", "ConditionSet"]
    assert after.creatures["A"].conditions == frozenset()


def test_a_prone_teleporter_may_arrive_standing_or_stay_prone() -> None:
    state = battle("A...", options=FREE, creatures={"A": {"conditions": ["prone"]}})
    decision, after = ok(state, {"type": "teleport", "creature": "A", "to": [3, 0], "distance": 3})
    assert types(decision) == ["Teleported", "StoodUp"]
    assert not after.creatures["A"].has("prone")
    _, after = ok(
        state, {"type": "teleport", "creature": "A", "to": [3, 0], "distance": 3, "stand": False}
    )
    assert after.creatures["A"].has("prone")


def test_a_creature_teleporting_another_needs_line_of_effect_to_both_spaces() -> None:
    state = battle(
        """
        b.#.
        ....
        A...
        """,
        options=FREE,
    )
    move_a = {"type": "teleport", "creature": "A", "source": "b", "distance": 5}
    assert refused(state, {**move_a, "to": [3, 0]}).rule == "draw-steel/no-line-of-effect"
    _, after = ok(state, {**move_a, "to": [3, 2]})
    assert pos(after, "A") == (3, 2, 0)
    assert (
        refused(state, {"type": "teleport", "creature": "A", "source": "b", "to": [3, 2]}).rule
        == "intent/distance-required"
    )


def test_the_teleporter_decides_whether_a_prone_creature_stands() -> None:
    state = battle("b..A", options=FREE, creatures={"A": {"conditions": ["prone"]}})
    _, after = ok(
        state,
        {
            "type": "teleport",
            "creature": "A",
            "source": "b",
            "to": [1, 0],
            "distance": 3,
            "stand": False,
        },
    )
    assert after.creatures["A"].has("prone")


def test_the_teleport_ruler_lists_exactly_the_legal_destinations() -> None:
    from engine import Accepted, decide, reach

    state = battle(
        "A.#...\n..b...\n......",
        options=FREE,
        creatures={"A": {"speeds": {"walk": 5, "teleport": 3}}},
    )
    squares = reach(state, "A", kind="teleport")
    assert (1, 0, 0) in squares and (2, 1, 0) not in squares and (3, 0, 0) not in squares
    for (x, y, _), cost in squares.items():
        decision = decide({"type": "teleport", "creature": "A", "to": [x, y]}, state)
        assert isinstance(decision, Accepted)
        assert decision.events[0].distance == cost
