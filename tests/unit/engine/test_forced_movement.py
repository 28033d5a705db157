"""Forced movement (DIGEST 2.6): push, pull, slide, collisions, hurling, stability."""

from tests.unit.battle_map import battle, ok, pos, refused, types

FREE = {"turns": False}


def push(target: str = "A", distance: int = 3, **kw: object) -> dict[str, object]:
    return {
        "type": "force_move",
        "source": "b",
        "target": target,
        "kind": "push",
        "distance": distance,
        **kw,
    }


def test_a_push_moves_the_target_straight_away_from_the_source() -> None:
    state = battle("bA....", options=FREE)
    decision, after = ok(state, push())
    assert types(decision) == ["ForceMoved"]
    assert decision.events[0].path == [(2, 0, 0), (3, 0, 0), (4, 0, 0)]
    assert pos(after, "A") == (4, 0, 0)


def test_a_pull_moves_the_target_toward_the_source() -> None:
    state = battle("b....A", options=FREE)
    _, after = ok(state, {**push(), "kind": "pull"})
    assert pos(after, "A") == (2, 0, 0)


def test_the_distance_is_a_maximum_and_the_forcer_may_choose_fewer() -> None:
    state = battle("bA....", options=FREE)
    _, after = ok(state, push(path=[[2, 0]]))
    assert pos(after, "A") == (2, 0, 0)


def test_a_push_path_must_go_away_in_a_straight_line() -> None:
    state = battle("bA....\n......", options=FREE)
    assert refused(state, push(path=[[2, 0], [3, 1]])).rule == "draw-steel/push-not-straight"
    assert refused(state, push(path=[[1, 1]])).rule == "draw-steel/push-not-straight"
    monotone = battle("bA....\n......", options={"turns": False, "push_line": "monotone"})
    ok(monotone, push(path=[[2, 0], [3, 1]]))


def test_a_slide_may_take_any_path_within_its_distance() -> None:
    state = battle("bA....\n......", options=FREE)
    _, after = ok(state, {**push(), "kind": "slide", "path": [[1, 1], [0, 1]]})
    assert pos(after, "A") == (0, 1, 0)
    assert (
        refused(state, {**push(distance=1), "kind": "slide", "path": [[1, 1], [0, 1]]}).rule
        == "draw-steel/exceeds-distance"
    )


def test_forced_movement_ignores_difficult_terrain() -> None:
    state = battle("bA~~~.", options=FREE)
    _, after = ok(state, push())
    assert pos(after, "A") == (4, 0, 0)


def test_stability_reduces_the_distance() -> None:
    state = battle("bA....", options=FREE, creatures={"A": {"stability": 2}})
    _, after = ok(state, push())
    assert pos(after, "A") == (2, 0, 0)
    ignored = battle(
        "bA....", options={"turns": False, "stability": "none"}, creatures={"A": {"stability": 2}}
    )
    _, after = ok(ignored, push())
    assert pos(after, "A") == (4, 0, 0)


def test_a_larger_creatures_melee_weapon_ability_moves_one_square_more() -> None:
    state = battle("b.A...\n......", options=FREE, creatures={"b": {"size": "2"}})
    slide = {**push(distance=2), "kind": "slide", "path": [[3, 0], [4, 0], [5, 0]]}
    assert refused(state, slide).rule == "draw-steel/exceeds-distance"
    _, after = ok(state, {**slide, "melee_weapon": True})
    assert pos(after, "A") == (5, 0, 0)


def test_a_collision_with_a_creature_hurts_both_one_per_remaining_square() -> None:
    state = battle("bA.c..", options=FREE)
    decision, after = ok(state, push(distance=4))
    assert types(decision) == ["ForceMoved", "Collided", "DamageTaken", "DamageTaken"]
    assert pos(after, "A") == (2, 0, 0)
    assert after.creatures["A"].hp == 27
    assert after.creatures["c"].hp == 27


def test_a_collision_with_an_object_deals_two_plus_remaining() -> None:
    state = battle("bA.#..", options=FREE)
    decision, after = ok(state, push(distance=4))
    collided = decision.events[1]
    assert (collided.obstacle, collided.remaining) == ("wall", 3)
    assert after.creatures["A"].hp == 25


def test_a_creature_is_hurled_through_glass_and_keeps_going() -> None:
    state = battle("bA.g....", options=FREE)
    decision, after = ok(state, push(distance=5))
    assert types(decision)[:3] == ["HurledThrough", "DamageTaken", "ForceMoved"]
    assert pos(after, "A") == (6, 0, 0)
    assert after.creatures["A"].hp == 27
    assert after.grid.solid[3] == 0


def test_hurling_through_wood_spends_three_squares() -> None:
    state = battle("bA.w....", options=FREE)
    _, after = ok(state, push(distance=5))
    assert pos(after, "A") == (4, 0, 0)
    assert after.creatures["A"].hp == 25


def test_stone_needs_six_squares_or_it_is_a_collision() -> None:
    state = battle("bA.o...", options=FREE)
    decision, after = ok(state, push(distance=3))
    assert "Collided" in types(decision)
    assert after.creatures["A"].hp == 30 - (2 + 2)


def test_metal_needs_nine_squares() -> None:
    state = battle("bAm..........", options=FREE)
    _, after = ok(state, push(distance=10))
    assert pos(after, "A") == (3, 0, 0)
    assert after.creatures["A"].hp == 19


def test_without_hurling_a_glass_pane_is_a_collision() -> None:
    state = battle("bA.g....", options={"turns": False, "hurl_through": "never"})
    decision, _ = ok(state, push(distance=5))
    assert "HurledThrough" not in types(decision)
    assert "Collided" in types(decision)


def test_a_restrained_target_cannot_be_force_moved() -> None:
    state = battle("bA..", options=FREE, creatures={"A": {"conditions": ["restrained"]}})
    assert refused(state, push()).rule == "draw-steel/target-restrained"


def test_a_grabbed_target_moves_only_by_its_grabber_and_the_grab_ends_out_of_reach() -> None:
    state = battle("bA..c", options=FREE)
    _, state = ok(
        state, {"type": "set_condition", "creature": "A", "condition": "grabbed", "source": "c"}
    )
    assert refused(state, push()).rule == "draw-steel/target-grabbed"
    _, state = ok(
        state, {"type": "set_condition", "creature": "A", "condition": "grabbed", "source": "b"}
    )
    decision, state = ok(state, push(distance=2))
    assert types(decision)[-1] == "ConditionSet"
    assert not state.creatures["A"].has("grabbed")


def test_a_burrowed_target_is_not_moved_and_takes_one_per_square() -> None:
    state = battle(
        "b.....\n......",
        options=FREE,
        creatures={"Z": {"at": [1, 0, 0], "speeds": {"walk": 5, "burrow": 5}, "side": "x"}},
        elevation=[{"cells": [[1, 0], [2, 0], [3, 0]], "height": 3}],
    )
    state = battle(
        "b.....\n......",
        options=FREE,
        elevation=[{"cells": [[1, 0], [2, 0], [3, 0]], "height": 3}],
    )
    _, state = ok(
        state,
        {
            "type": "place",
            "creature": {
                "id": "Z",
                "side": "heroes",
                "at": [1, 0, 0],
                "hp": 10,
                "speeds": {"walk": 5, "burrow": 5},
            },
        },
    )
    decision, state = ok(state, push("Z", 3))
    assert types(decision) == ["DamageTaken"]
    assert pos(state, "Z") == (1, 0, 0)
    assert state.creatures["Z"].hp == 7


def test_a_target_pushed_over_an_edge_completes_the_push_then_falls() -> None:
    state = battle(
        "bA....",
        options=FREE,
        elevation=[{"cells": [[0, 0], [1, 0]], "height": 4}],
    )
    decision, after = ok(state, push(distance=2))
    assert types(decision) == ["ForceMoved", "Fell", "DamageTaken", "KnockedProne"]
    assert decision.events[0].path == [(2, 0, 4), (3, 0, 4)]
    assert pos(after, "A") == (3, 0, 0)
    assert after.creatures["A"].hp == 22


def test_the_source_chooses_the_order_of_several_targets() -> None:
    state = battle("bAB....", options=FREE)
    first, after = ok(state, {**push(distance=2), "target": ["B", "A"]})
    assert "Collided" not in types(first)
    assert (pos(after, "A"), pos(after, "B")) == ((3, 0, 0), (4, 0, 0))
    other, after = ok(state, {**push(distance=2), "target": ["A", "B"]})
    assert "Collided" in types(other)


def test_a_vertical_slide_upward_leaves_a_non_flier_falling() -> None:
    state = battle("bA..", options=FREE)
    decision, after = ok(
        state,
        {**push(), "kind": "slide", "vertical": True, "path": [[1, 0, 1], [1, 0, 2], [1, 0, 3]]},
    )
    assert types(decision)[:2] == ["ForceMoved", "Fell"]
    assert pos(after, "A") == (1, 0, 0)
    assert after.creatures["A"].hp == 24


def test_only_vertical_forced_movement_changes_height() -> None:
    state = battle("bA..", options=FREE)
    assert refused(state, {**push(), "kind": "slide", "path": [[1, 0, 1]]}).rule == (
        "draw-steel/not-vertical"
    )


def test_being_force_moved_downward_is_falling() -> None:
    state = battle("b...", options=FREE)
    _, state = ok(
        state,
        {
            "type": "place",
            "creature": {
                "id": "F",
                "side": "heroes",
                "at": [1, 0, 4],
                "hp": 30,
                "speeds": {"fly": 5},
            },
        },
    )
    decision, after = ok(
        state,
        {
            **push("F"),
            "kind": "slide",
            "distance": 4,
            "path": [[1, 0, 3], [1, 0, 2], [1, 0, 1], [1, 0, 0]],
        },
    )
    assert types(decision) == ["ForceMoved", "Fell", "DamageTaken", "KnockedProne"]
    assert after.creatures["F"].hp == 22


def test_negative_or_absurd_distances_are_refused() -> None:
    state = battle("bA..", options=FREE)
    assert refused(state, push(distance=-1)).rule == "intent/invalid-distance"
    assert refused(state, push(distance=10**9)).rule == "intent/invalid-distance"
