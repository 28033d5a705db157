"""Draw Steel, Movement: allies, enemies, stopping in spaces, difficult terrain, corners."""

from tests.unit.battle_map import battle, ok, pos, refused

FREE = {"turns": False}


def test_difficult_terrain_costs_one_additional_square() -> None:
    state = battle("A~.", options=FREE)
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].cost == 3
    assert "difficult terrain +1" in decision.trace[0].reasons


def test_a_creature_moves_freely_through_an_allys_space() -> None:
    state = battle("AB..", options=FREE)
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].cost == 2


def test_an_enemys_space_counts_as_difficult_terrain() -> None:
    state = battle("Ab..", options={"turns": False, "opportunity_attacks": "never"})
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    moved = next(e for e in decision.events if e.type == "Moved")
    assert moved.cost == 3
    assert any("enemy space" in r for step in decision.trace for r in step.reasons)


def test_a_creature_cannot_stop_in_an_allys_space() -> None:
    state = battle("AB..", options=FREE)
    refusal = refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]})
    assert refusal.rule == "draw-steel/cannot-end-in-occupied-space"


def test_a_creature_may_stop_in_the_space_of_one_two_sizes_different() -> None:
    state = battle("AB..", options=FREE, creatures={"A": {"size": "1T"}, "B": {"size": "1L"}})
    _, after = ok(state, {"type": "move", "creature": "A", "path": [[1, 0]]})
    assert pos(after, "A") == (1, 0, 0)


def test_sizes_one_apart_cannot_share_a_space() -> None:
    state = battle("AB..", options=FREE, creatures={"A": {"size": "1S"}, "B": {"size": "1M"}})
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]}).rule == (
        "draw-steel/cannot-end-in-occupied-space"
    )


def test_a_creature_cannot_cut_the_corner_of_a_wall() -> None:
    state = battle(
        """
        .#.
        A..
        """,
        options=FREE,
    )
    refusal = refused(state, {"type": "move", "creature": "A", "path": [[1, 1], [2, 0]]})
    assert refusal.rule == "draw-steel/cannot-cut-corners"
    assert refusal.step == 1


def test_one_wall_beside_the_diagonal_is_enough_to_block_it() -> None:
    state = battle(
        """
        A#
        ..
        """,
        options=FREE,
    )
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 1]]}).rule == (
        "draw-steel/cannot-cut-corners"
    )


def test_with_the_both_sides_option_one_wall_does_not_block_the_corner() -> None:
    state = battle("A#\n..", options={"turns": False, "corner_rule": "both"})
    ok(state, {"type": "move", "creature": "A", "path": [[1, 1]]})
    walled = battle("A#\n#.", options={"turns": False, "corner_rule": "both"})
    assert refused(walled, {"type": "move", "creature": "A", "path": [[1, 1]]}).rule == (
        "draw-steel/cannot-cut-corners"
    )


def test_creatures_never_block_corners() -> None:
    state = battle("Ab\nc.", options={"turns": False, "opportunity_attacks": "never"})
    ok(state, {"type": "move", "creature": "A", "path": [[1, 1]]})


def test_the_tactician_leaves_the_building_in_three_squares_without_cutting_corners() -> None:
    state = battle(
        """
        ###.
        #A#.
        #...
        """,
        options=FREE,
    )
    assert refused(state, {"type": "move", "creature": "A", "path": [[2, 2], [3, 1]]}).rule == (
        "draw-steel/cannot-cut-corners"
    )
    decision, after = ok(state, {"type": "move", "creature": "A", "to": [3, 2]})
    assert decision.events[0].cost == 3
    assert decision.events[0].path[0] == (1, 2, 0)
    assert pos(after, "A") == (3, 2, 0)


def test_a_wall_blocks_movement() -> None:
    state = battle("A#.", options=FREE)
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]}).rule == (
        "map/blocked"
    )


def test_damaging_terrain_deals_its_damage_on_entry() -> None:
    state = battle("A^^.", options=FREE)
    decision, after = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0], [3, 0]]})
    damage = [e for e in decision.events if e.type == "DamageTaken"]
    assert [d.amount for d in damage] == [3, 3]
    assert after.creatures["A"].hp == 24


def test_damaging_terrain_once_per_move_when_the_option_says_so() -> None:
    state = battle("A^^.", options={"turns": False, "damaging_terrain": "once_per_move"})
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0], [3, 0]]})
    assert [e.amount for e in decision.events if e.type == "DamageTaken"] == [3]


def test_a_size_two_creature_fills_two_by_two_squares() -> None:
    state = battle(
        """
        A...
        ....
        ..#.
        """,
        options=FREE,
        creatures={"A": {"size": "2"}},
    )
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 1]]}).rule == (
        "map/blocked"
    )
    ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})


def test_penalties_stack_by_default_and_take_the_largest_when_the_option_is_off() -> None:
    rows = "A~."
    prone = {"A": {"conditions": ["prone"]}}
    stacked = battle(rows, options=FREE, creatures=prone)
    decision, _ = ok(stacked, {"type": "move", "creature": "A", "path": [[1, 0]]})
    assert decision.events[0].cost == 3
    single = battle(rows, options={"turns": False, "stack_penalties": False}, creatures=prone)
    decision, _ = ok(single, {"type": "move", "creature": "A", "path": [[1, 0]]})
    assert decision.events[0].cost == 2


NARROW = """
# # # # #
A . | . .
# # # # #
"""


def test_an_opening_built_for_a_smaller_size_is_impassable() -> None:
    """Draw Steel has no rule for squeezing through a gap narrower than one's space (DIGEST
    2.9: treat it as impassable, or leave it to the Director): `|` is built for size 1S."""
    state = battle(NARROW, options=FREE)
    bad = refused(state, {"type": "move", "creature": "A", "path": [[1, 1], [2, 1]]})
    assert bad.rule == "draw-steel/too-narrow" and bad.step == 1
    assert refused(state, {"type": "move", "creature": "A", "to": [4, 1]}).rule in (
        "draw-steel/too-narrow",
        "path/unreachable",
    )
    small = battle(NARROW, options=FREE, creatures={"A": {"size": "1S"}})
    _, after = ok(small, {"type": "move", "creature": "A", "to": [4, 1]})
    assert pos(after, "A")[:2] == (4, 1)
