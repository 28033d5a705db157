"""Epic Path's Types of Movement, paragraph by paragraph (speeds in feet)."""

from typing import Any

from projections import BattleState
from tests.unit.battle_map import act, ok, pos, refused, types
from tests.unit.rulesets import maps
from tests.unit.rulesets.maps import move


def game(rows: str, **kw: Any) -> BattleState:
    return maps.game("epic-path", rows, kw.pop("walk", 30), **kw)


def test_speeds_are_in_feet_and_squares_cost_five_diagonals_too() -> None:
    state = game("A.......\n........\n........")
    decision, _after = ok(state, move(path=[[1, 1], [2, 2], [3, 2]]))
    assert decision.events[-2].cost == 15
    assert refused(state, move([7, 0])).rule == "epic-path/exceeds-speed"
    bad = act(
        state,
        {
            "type": "place",
            "creature": {"id": "x", "side": "m", "at": [5, 2], "speeds": {"walk": 6}},
        },
    )[0]
    assert bad.rule == "epic-path/speed-in-feet"


def test_difficult_terrain_costs_double() -> None:
    state = game("A~~~....")
    decision, _ = ok(state, move(path=[[1, 0], [2, 0], [3, 0]]))
    assert decision.events[-2].cost == 30


def test_double_move_is_twice_the_speed_and_run_four_times() -> None:
    state = game("A" + "." * 25)
    _, after = ok(state, move([12, 0], action="double_move"))
    assert pos(after, "A") == (12, 0, 0)
    _, after = ok(state, move([24, 0], action="run"))
    assert after.creatures["A"].tally("ran") == 1
    heavy = game("A" + "." * 25, creatures={"A": {"stats": {"armor": 2}}})
    assert refused(heavy, move([24, 0], action="run")).rule == "epic-path/exceeds-speed"
    five = game("A" + "." * 31, options={"run_rule": "encumbrance_section"})
    ok(five, move([30, 0], action="run"))


def test_running_never_enters_difficult_terrain() -> None:
    state = game("A.~....")
    assert refused(state, move(path=[[1, 0], [2, 0]], action="run")).rule == (
        "epic-path/run-no-difficult-terrain"
    )


def test_corners_fully_filled_block_partly_filled_do_not() -> None:
    state = game("A#\n..")
    assert refused(state, move(path=[[1, 1]])).rule == "epic-path/cannot-cut-corners"
    ok(game("Ao\n.."), move(path=[[1, 1]]))
    strict = game("Ao\n..", options={"corner_obstacles": "block"})
    assert refused(strict, move(path=[[1, 1]])).rule == "epic-path/cannot-cut-corners"


def test_allies_may_be_passed_and_enemies_stepped_over_only_two_sizes_larger() -> None:
    state = game("AB..\nb...")
    ok(state, move(path=[[1, 0], [2, 0]]))
    assert refused(state, move(path=[[0, 1], [1, 1]])).rule == "epic-path/occupied"
    giant = game("A.b..", creatures={"A": {"size": "1L"}, "b": {"size": "1T"}})
    ok(giant, move(path=[[1, 0], [2, 0], [3, 0]]))


def test_leaving_a_threatened_square_provokes_once_per_enemy_per_action() -> None:
    state = game(".b..\nA...\n....", options={"opportunity_attacks": "never"})
    decision, _ = ok(state, move(path=[[1, 1], [2, 1], [3, 2]]))
    assert types(decision).count("OpportunityAttackTriggered") == 1


def test_the_five_foot_step_never_provokes_and_needs_no_other_movement() -> None:
    state = game(".b..\nA...\n....")
    decision, after = ok(state, {"type": "shift", "creature": "A", "to": [0, 2]})
    assert "OpportunityAttackTriggered" not in types(decision)
    assert refused(after, move([1, 2])).rule == "epic-path/stepped-this-round"
    _, moved = ok(state, move([1, 2]))
    _, moved = ok(moved, {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"})
    shift = {"type": "shift", "creature": "A", "to": [0, 2]}
    assert refused(moved, shift).rule == "epic-path/five-foot-step-after-moving"
    slow = game("A...", walk=5)
    assert refused(slow, {"type": "shift", "creature": "A", "to": [1, 0]}).rule == (
        "epic-path/too-slow-to-step"
    )
    rough = game("A~..")
    assert refused(rough, {"type": "shift", "creature": "A", "path": [[1, 0]]}).rule == (
        "epic-path/five-foot-step-no-difficult-terrain"
    )


def test_one_attack_of_opportunity_per_round_and_none_when_flat_footed() -> None:
    state = game(
        ".b..\nA...\n....",
        options={"opportunity_attacks": "always"},
        creatures={"b": {"stats": {"damage": 3}}},
    )
    _decision, after = ok(state, move(path=[[0, 2]], rolls=[15]))
    assert after.creatures["A"].hp == 27
    assert after.creatures["b"].tally("aoo") == 1


def test_withdraw_moves_farther_from_the_primary_which_cannot_strike() -> None:
    state = game(".Ab..\n.....\n.....")
    decision, _ = ok(state, move([0, 1], action="withdraw", primary="b"))
    assert "OpportunityAttackTriggered" not in types(decision)
    assert refused(state, move(path=[[1, 1]], action="withdraw", primary="b")).rule == (
        "epic-path/withdraw-farther"
    )


def test_a_charge_goes_straight_clear_and_at_least_ten_feet_then_ends_the_turn() -> None:
    state = game("A....b")
    decision, _after = ok(state, move([4, 0], action="charge", primary="b"))
    assert types(decision)[-1] == "TurnEnded"
    assert refused(game("A.b"), move([1, 0], action="charge", primary="b")).rule == (
        "epic-path/charge-too-short"
    )


def test_prone_creatures_crawl_five_feet() -> None:
    state = game("A...", creatures={"A": {"conditions": ["prone"]}})
    assert refused(state, move([1, 0])).rule == "epic-path/prone-crawls"
    _, after = ok(state, move([1, 0], action="crawl"))
    assert pos(after, "A") == (1, 0, 0)
    assert refused(state, move([2, 0], action="crawl")).rule == "epic-path/exceeds-speed"


def test_push_stops_before_an_obstruction_without_damage_and_resistance_stacks() -> None:
    state = game("bA.#", options={"turns": False})
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 15}
    decision, after = ok(state, push)
    assert types(decision) == ["ForceMoved"]
    assert pos(after, "A") == (2, 0, 0) and after.creatures["A"].hp == 30
    sturdy = game("bA....", options={"turns": False}, creatures={"A": {"stability": 10}})
    _, after = ok(sturdy, push)
    assert pos(after, "A") == (2, 0, 0)
    assert refused(state, {**push, "distance": 7}).rule == "epic-path/distance-in-feet"


def test_a_pull_brings_a_target_closer_then_around_the_puller_within_its_range() -> None:
    # Pull: "Each square of this forced movement must be closer to the attacker's square(s)
    # than the square being exited. If a pulled creature is already adjacent to your space,
    # you can continue to pull them into any other square adjacent to your own space within
    # the range of the pull."
    state = game("....\n.b.A\n....", options={"turns": False})
    pull = {"type": "force_move", "source": "b", "target": "A", "kind": "pull"}
    _, after = ok(state, {**pull, "distance": 15, "path": [[2, 1], [2, 2], [1, 2]]})
    assert pos(after, "A") == (1, 2, 0)
    beside = game("...\n.bA\n...", options={"turns": False})
    _, after = ok(beside, {**pull, "distance": 10, "path": [[2, 0], [1, 0]]})
    assert pos(after, "A") == (1, 0, 0)
    assert refused(beside, {**pull, "distance": 5, "path": [[2, 0], [1, 0]]}).rule == (
        "epic-path/exceeds-distance"
    )
    away = game("....\n.bA.\n....", options={"turns": False})
    assert refused(away, {**pull, "distance": 10, "path": [[3, 1]]}).rule == (
        "epic-path/pull-must-come-closer"
    )


def test_a_creature_that_dropped_prone_ignores_forced_movement() -> None:
    state = game("bA..", options={"turns": False})
    _, prone = ok(state, {"type": "fall_prone", "creature": "A"})
    _decision, after = ok(
        prone, {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 10}
    )
    assert pos(after, "A") == (1, 0, 0)


def test_falling_deals_a_d6_per_ten_feet_less_the_first_ten_for_a_jump() -> None:
    state = game("bA._", options={"turns": False}, elevation=[{"cells": [[3, 0]], "height": -2}])
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 10}
    decision, _after = ok(
        state,
        push,
    )
    assert "Fell" in types(decision)
    rolled = [e for e in decision.events if e.type == "DiceRolled"]
    assert rolled and rolled[0].dice == "2d6"
    assert "KnockedProne" in types(decision)
    jumper = game("A.", options={"turns": False}, elevation=[{"cells": [[1, 0]], "height": -4}])
    decision, _ = ok(jumper, move([1, 0]))
    assert [e.dice for e in decision.events if e.type == "DiceRolled"] == ["1d6"]
