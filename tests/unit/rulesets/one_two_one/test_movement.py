"""Reclaim the Wild's Movement page, paragraph by paragraph."""

from typing import Any

from projections import BattleState
from tests.unit.battle_map import moved, ok, pos, refused, types
from tests.unit.rulesets import maps
from tests.unit.rulesets.maps import move


def game(rows: str, **kw: Any) -> BattleState:
    return maps.game("one-two-one", rows, kw.pop("walk", 6), **kw)


def test_heroes_have_six_movement_and_a_square_costs_one() -> None:
    state = game("A.......")
    _, after = ok(state, move([6, 0]))
    assert pos(after, "A") == (6, 0, 0)
    assert refused(after, move([7, 0])).rule == "one-two-one/no-movement-left"


def test_every_second_diagonal_costs_two_across_the_turn() -> None:
    state = game("A.....\n......\n......\n......")
    decision, after = ok(state, move(path=[[1, 1], [2, 2], [3, 3]]))
    assert [s.cost for s in decision.trace if s.kind == "step"] == [1, 2, 1]
    # the count carries into the next movement of the same turn: the next diagonal is a 2nd
    decision, _ = ok(after, move(path=[[4, 2]]))
    assert moved(decision).cost == 2


def test_a_square_may_be_entered_when_it_costs_more_than_what_is_left() -> None:
    # "If entering a new square would consume more Movement than you have left, you can
    # still enter that new square." The move says what the square cost and what was paid.
    state = game("A~~~....", walk=3)
    decision, after = ok(state, move(path=[[1, 0], [2, 0]]))
    assert pos(after, "A") == (2, 0, 0)
    event = moved(decision)
    assert event.cost == 3  # all 3 Movement: 2 for the first square, the 1 left for the next
    assert (event.last_square_cost, event.last_square_paid) == (2, 1)
    assert after.creatures["A"].movement_left == 0
    exact, _ = ok(state, move(path=[[1, 0]]))
    assert (moved(exact).last_square_cost, moved(exact).last_square_paid) == (None, None)
    assert refused(state, move(path=[[1, 0], [2, 0], [3, 0]])).rule == (
        "one-two-one/no-movement-left"
    )


def test_enemies_cannot_be_passed_allies_can() -> None:
    state = game("Ab..\nB...")
    assert refused(state, move(path=[[1, 0], [2, 0]])).rule == "one-two-one/cannot-pass-enemy"
    _, after = ok(state, move(path=[[0, 1], [1, 1]]))
    assert pos(after, "A") == (1, 1, 0)


def test_sprinting_spends_the_standard_action_and_doubles_movement() -> None:
    state = game("A.............")
    decision, after = ok(state, move([12, 0], action="sprint"))
    assert types(decision)[:2] == ["ActionUsed", "Tallied"]
    assert pos(after, "A") == (12, 0, 0)
    assert refused(state, move([2, 0], action="run")).rule == "one-two-one/unknown-action"


def test_sprint_may_be_split_over_movements() -> None:
    state = game("A.............")
    _, after = ok(state, move([4, 0], action="sprint"))
    _, after = ok(after, move([12, 0], action="sprint"))
    assert pos(after, "A") == (12, 0, 0)


def test_difficult_terrain_unnatural_movement_and_sneaking_each_add_one() -> None:
    state = game("A~=.")
    decision, _ = ok(state, move(path=[[1, 0], [2, 0]], sneaking=True))
    assert [s.cost for s in decision.trace if s.kind == "step"] == [3, 3]
    swimmer = game("A~=.", creatures={"A": {"speeds": {"walk": 6, "swim": 6}}})
    decision, _ = ok(swimmer, move(path=[[1, 0], [2, 0]]))
    assert [s.cost for s in decision.trace if s.kind == "step"] == [2, 1]


def test_slowed_stacks_and_its_surcharge_is_an_option() -> None:
    state = game("A~..", creatures={"A": {"conditions": ["slowed"]}})
    decision, _ = ok(state, move(path=[[1, 0]]))
    assert moved(decision).cost == 3
    light = game(
        "A~..", creatures={"A": {"conditions": ["slowed"]}}, options={"slowed_surcharge": 0}
    )
    decision, _ = ok(light, move(path=[[1, 0]]))
    assert moved(decision).cost == 2


def test_fliers_keep_a_square_clear_and_stay_under_their_altitude() -> None:
    flier = {"speeds": {"walk": 12, "fly": 12}}
    state = game("A.....\n......\n......", creatures={"A": flier})
    _, after = ok(state, move(path=[[1, 1, 1], [2, 1, 2], [3, 1, 2]], mode="fly"))
    assert pos(after, "A") == (3, 1, 2)
    walls = game("A#....\n......", creatures={"A": flier})
    assert refused(walls, move(path=[[0, 1, 1]], mode="fly")).rule == (
        "one-two-one/too-close-to-surface"
    )
    up = [[0, 1, z] for z in range(1, 10)]
    high = game("A.....\n......\n......", creatures={"A": flier})
    assert refused(high, move(path=up, mode="fly")).rule == "one-two-one/above-max-altitude"
    armoured = game("A.....\n......\n......", creatures={"A": {**flier, "stats": {"armor": 2}}})
    assert refused(armoured, move(path=up[:7], mode="fly")).rule == (
        "one-two-one/above-max-altitude"
    )
    no_wings = game("A.....")
    assert refused(no_wings, move(path=[[1, 0, 1]], mode="fly")).rule == "one-two-one/cannot-fly"


def test_gliders_descend_at_least_one_square_a_turn() -> None:
    glider = {"at": [0, 1, 5], "stats": {"natural_glider": 1}}
    state = game(".....\nA....\n.....", creatures={"A": glider})
    _, after = ok(state, move(path=[[1, 1, 5], [2, 1, 4]], mode="glide"))
    assert pos(after, "A") == (2, 1, 4)
    assert refused(state, move(path=[[1, 1, 6]], mode="glide")).rule == (
        "one-two-one/glide-cannot-climb"
    )
    end = {"type": "end_turn", "creature": "A"}
    _, level = ok(state, move(path=[[1, 1, 5]], mode="glide"))
    assert refused(level, end).rule == "one-two-one/glide-must-descend"
    _, later = ok(level, move(path=[[2, 1, 4]], mode="glide"))
    ok(later, end)


def test_without_turns_each_glide_descends_on_its_own() -> None:
    glider = {"at": [0, 1, 5], "stats": {"natural_glider": 1}}
    state = game(".....\nA....\n.....", creatures={"A": glider}, options={"turns": False})
    assert refused(state, move(path=[[1, 1, 5]], mode="glide")).rule == (
        "one-two-one/glide-must-descend"
    )
    ok(state, move(path=[[1, 1, 4]], mode="glide"))


def test_falling_beyond_the_vertical_jump_deals_one_a_square_less_an_athletics_roll() -> None:
    state = game("A.", options={"turns": False}, elevation=[{"cells": [[1, 0]], "height": -4}])
    decision, after = ok(state, move([1, 0]))
    assert types(decision) == ["Moved", "Fell", "DamageTaken"]
    assert after.creatures["A"].hp == 30 - 3
    rolled = game(
        "A.",
        options={"turns": False},
        elevation=[{"cells": [[1, 0]], "height": -4}],
        creatures={"A": {"stats": {"athletics": 1}}},
    )
    _, after = ok(rolled, move([1, 0], rolls=[2]))
    assert after.creatures["A"].hp == 30 - 1


def test_pushing_into_things_deals_the_distance_left() -> None:
    state = game("bA.#", options={"turns": False})
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 3}
    decision, after = ok(state, push)
    assert types(decision) == ["ForceMoved", "Collided", "DamageTaken"]
    assert pos(after, "A") == (2, 0, 0)
    assert after.creatures["A"].hp == 28
    both = game("bAC.", options={"turns": False, "collision_damage": "both"})
    _, after = ok(both, push)
    assert after.creatures["A"].hp == 27 and after.creatures["C"].hp == 27
    moved_only = game("bAC.", options={"turns": False})
    _, after = ok(moved_only, push)
    assert after.creatures["C"].hp == 30


def test_corners_follow_draw_steels_rule_by_default() -> None:
    state = game("A#\n..")
    assert refused(state, move(path=[[1, 1]])).rule == "one-two-one/cannot-cut-corners"
    loose = game("A#\n..", options={"corner_rule": "none"})
    ok(loose, move(path=[[1, 1]]))


def test_standing_up_costs_the_option() -> None:
    state = game("A...", creatures={"A": {"conditions": ["prone"]}})
    assert refused(state, move([1, 0])).rule == "one-two-one/prone"
    _, after = ok(state, {"type": "stand_up", "creature": "A"})
    assert after.creatures["A"].tally("spent") == 3


def test_a_creature_without_a_walk_speed_has_the_movement_option() -> None:
    # "Typically, Heroes have 6 Movement": the option, for a creature that names none
    state = game("A.........", creatures={"A": {"speeds": {}}}, options={"movement": 8})
    _, after = ok(state, move([8, 0]))
    assert refused(after, move([9, 0])).rule == "one-two-one/no-movement-left"


def test_sprinting_needs_hands_emptied_of_all_but_travel_items() -> None:
    busy = {"A": {"stats": {"hands_busy": 1}}}
    state = game("A.............", creatures=busy)
    rule = refused(state, move([8, 0], action="sprint")).rule
    assert rule == "one-two-one/sprint-needs-empty-hands"
    ok(state, move([6, 0]))
    waived = game("A.......", creatures=busy, options={"sprint_needs_empty_hands": False})
    ok(waived, move([7, 0], action="sprint"))


def test_sprint_is_split_around_the_minor_action() -> None:
    # "use your Minor action between portions of your Sprint" (here: to start Shield Surfing)
    hill = [{"cells": [[x, 0] for x in range(5)], "height": 1}]
    state = game("A.............", creatures={"A": {"stats": {"shield": 3}}}, elevation=hill)
    _, after = ok(state, move([4, 0], action="sprint"))
    decision, after = ok(after, {"type": "shield_surf", "creature": "A"})
    assert types(decision)[0] == "ActionUsed" and decision.events[0].action == "maneuver"
    _, after = ok(after, move([12, 0], action="sprint"))
    assert pos(after, "A") == (12, 0, 0)


def test_sprinting_doubles_the_vertical_jump_a_fall_is_measured_against() -> None:
    # "In addition, while Sprinting, your maximum Horizontal and Vertical Jump are doubled."
    # With turns or without: a free move with `action: sprint` is a Sprint in full.
    pit = [{"cells": [[1, 0]], "height": -2}]
    for options in ({}, {"turns": False}):
        state = game("A.", elevation=pit, options=options)
        decision, _ = ok(state, move([1, 0]))
        assert [e.type for e in decision.events if e.type == "DamageTaken"] == ["DamageTaken"]
        decision, _ = ok(state, move([1, 0], action="sprint"))
        assert "DamageTaken" not in types(decision), options


def test_above_its_maximum_altitude_a_flier_can_only_glide_or_come_down() -> None:
    # "If you find yourself above your maximum altitude, you may still glide safely."
    tower = [{"cells": [[0, 0]], "height": 10}]
    flier = {"A": {"speeds": {"walk": 12, "fly": 12}}}
    state = game("A.....\n......\n......", creatures=flier, elevation=tower)
    # 1 over the tower is within 8; level flight out over the plain is 11 up
    rule = refused(state, move(path=[[0, 0, 11], [1, 1, 11]], mode="fly")).rule
    assert rule == "one-two-one/above-max-altitude"
    ok(state, move(path=[[0, 0, 11], [0, 0, 12], [1, 1, 11]], mode="fly"))
    ok(state, move(path=[[1, 1, 9]], mode="glide"))
