"""Draw Steel, Movement: counting squares and 'Can't Exceed Speed'."""

from tests.unit.battle_map import battle, ok, pos, refused

FREE = {"turns": False}


def test_every_adjacent_square_costs_one_diagonals_included() -> None:
    state = battle("A....\n.....\n.....", options=FREE)
    decision, after = ok(state, {"type": "move", "creature": "A", "path": [[1, 1], [2, 2]]})
    assert decision.events[0].cost == 2
    assert [step.cost for step in decision.trace] == [1, 1]
    assert pos(after, "A") == (2, 2, 0)


def test_a_move_cannot_exceed_speed() -> None:
    state = battle("A......", options=FREE)
    refusal = refused(
        state, {"type": "move", "creature": "A", "path": [[i, 0] for i in range(1, 7)]}
    )
    assert refusal.rule == "draw-steel/exceeds-speed"
    assert refusal.step == 5


def test_a_move_of_exactly_speed_is_allowed() -> None:
    state = battle("A......", options=FREE)
    ok(state, {"type": "move", "creature": "A", "path": [[i, 0] for i in range(1, 6)]})


def test_slowed_speed_two_caps_an_effect_that_grants_three() -> None:
    state = battle("A......", options=FREE, creatures={"A": {"conditions": ["slowed"]}})
    three = {"type": "move", "creature": "A", "action": "free", "distance": 3}
    assert refused(state, {**three, "path": [[1, 0], [2, 0], [3, 0]]}).rule == (
        "draw-steel/exceeds-speed"
    )
    ok(state, {**three, "path": [[1, 0], [2, 0]]})


def test_an_effect_that_grants_less_than_speed_is_the_limit() -> None:
    state = battle("A......", options=FREE)
    intent = {"type": "move", "creature": "A", "action": "free", "distance": 2}
    assert refused(state, {**intent, "path": [[1, 0], [2, 0], [3, 0]]}).rule == (
        "draw-steel/exceeds-speed"
    )


def test_three_dimensional_distance_is_the_largest_axis_for_a_flier() -> None:
    state = battle("A....\n.....", options=FREE, creatures={"A": {"speeds": {"walk": 5, "fly": 5}}})
    decision, after = ok(
        state, {"type": "move", "creature": "A", "mode": "fly", "path": [[1, 1, 1], [2, 1, 2]]}
    )
    assert decision.events[0].cost == 2
    assert pos(after, "A") == (2, 1, 2)


def test_grabbed_and_restrained_creatures_have_speed_zero() -> None:
    for condition in ("grabbed", "restrained"):
        state = battle("A..", options=FREE, creatures={"A": {"conditions": [condition]}})
        refusal = refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]})
        assert refusal.rule == "draw-steel/speed-zero"


def test_move_to_finds_the_cheapest_path_around_difficult_terrain() -> None:
    state = battle(
        """
        A~~~.
        .....
        """,
        options=FREE,
    )
    decision, after = ok(state, {"type": "move", "creature": "A", "to": [4, 0]})
    assert decision.events[0].cost == 4
    assert pos(after, "A") == (4, 0, 0)
