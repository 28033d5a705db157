"""Epic Path, Terrain: impeded, hazardous and squeezing (speeds in feet)."""

from tests.unit.battle_map import moved, ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game, move

# -- Impeded Terrain -------------------------------------------------------------------------


def test_moving_into_impeded_terrain_takes_a_full_round_action_for_five_feet() -> None:
    state = game("A%%..")
    decision, after = ok(state, move(path=[[1, 0]], action="clamber"))
    assert pos(after, "A") == (1, 0, 0) and decision.events[-2].cost == 5
    used = [e.action for e in decision.events if e.type == "ActionUsed"]
    assert used == ["main", "move"]  # the full round: both the standard and the move action
    assert refused(after, move(path=[[2, 0]], action="clamber")).rule == "turn/no-main-action"


def test_a_walk_or_double_move_entering_impeded_terrain_is_refused_naming_the_rule() -> None:
    state = game("A.%..")
    assert refused(state, move(path=[[1, 0], [2, 0]])).rule == "epic-path/impeded"
    assert refused(state, move([2, 0], action="double_move")).rule == "epic-path/impeded"
    assert refused(state, move(path=[[1, 0], [2, 0], [3, 0]], action="run")).rule == (
        "epic-path/run-no-impeded-terrain"
    )


def test_clambering_is_not_a_five_foot_step_and_provokes() -> None:
    state = game(".b.\nA%.", options={"opportunity_attacks": "never"})
    decision, _ = ok(state, move(path=[[1, 1]], action="clamber"))
    assert "OpportunityAttackTriggered" in types(decision)
    step = {"type": "shift", "creature": "A", "to": [1, 1]}
    assert refused(state, step).rule == "epic-path/five-foot-step-no-impeded-terrain"


def test_no_run_or_charge_into_impeded_terrain() -> None:
    state = game("A.%.b")
    charge = move(path=[[1, 0], [2, 0], [3, 0]], action="charge", primary="b")
    assert refused(state, charge).rule == "epic-path/charge-no-impeded-terrain"


def test_clambering_moves_only_five_feet_even_without_turns() -> None:
    state = game("A%%.", options={"turns": False})
    assert refused(state, move([2, 0], action="clamber")).rule == "epic-path/exceeds-speed"
    _, after = ok(state, move([1, 0], action="clamber"))
    _, after = ok(after, move([2, 0], action="clamber"))
    assert pos(after, "A") == (2, 0, 0)


def test_a_prone_creature_clambers_too_and_stays_prone() -> None:
    state = game("A%.", creatures={"A": {"conditions": ["prone"]}})
    assert refused(state, move([1, 0], action="crawl")).rule == "epic-path/impeded"
    _, after = ok(state, move([1, 0], action="clamber"))
    assert pos(after, "A") == (1, 0, 0) and after.creatures["A"].has("prone")


def test_leaving_impeded_terrain_is_free() -> None:
    state = game("%A..", creatures={"A": {}})
    ok(state, move([3, 0]))


# -- Hazardous Terrain -----------------------------------------------------------------------


def test_a_damaging_square_deals_its_damage_on_entry_at_the_normal_cost() -> None:
    state = game("A^..")
    decision, after = ok(state, move(path=[[1, 0], [2, 0]]))
    assert types(decision)[:2] == ["ActionUsed", "Moved"]
    hurt = [e for e in decision.events if e.type == "DamageTaken"]
    assert [(h.amount, h.cause) for h in hurt] == [(3, "hazardous terrain")]
    assert decision.events[1].cost == 10 and after.creatures["A"].hp == 27
    assert any("hazardous" in r for step in decision.trace for r in step.reasons)


def test_a_creature_freely_moves_into_hazards_it_just_does_not_want_to() -> None:
    # the cheapest way is through the damaging square; `to` goes around when it can
    state = game("....\nA^..\n....")
    decision, after = ok(state, move([2, 1]))
    assert "DamageTaken" not in types(decision) and pos(after, "A") == (2, 1, 0)
    assert all(p[:2] != (1, 1) for e in decision.events if e.type == "Moved" for p in e.path)
    # a corridor leaves no way around: the hazard is entered
    corridor = game("####\nA^..\n####")
    decision, _ = ok(corridor, move([2, 1]))
    assert "DamageTaken" in types(decision)


def test_an_explicit_path_may_enter_a_hazard_and_reach_reports_the_way_around() -> None:
    from engine import reach

    state = game("....\nA^..\n....", options={"turns": False})
    assert reach(state, "A")[(2, 1, 0)] == 10
    decision, _ = ok(state, move(path=[[1, 1], [2, 1]]))
    assert "DamageTaken" in types(decision)


def test_a_pit_makes_the_mover_fall() -> None:
    state = game("A_.", options={"turns": False})
    decision, after = ok(state, move(path=[[1, 0]]))
    assert "Fell" in types(decision) and pos(after, "A") == (1, 0, -2)


def test_forced_into_a_damaging_square_the_hazard_happens() -> None:
    state = game("bA^.", options={"turns": False})
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 5}
    decision, after = ok(state, push)
    assert types(decision) == ["ForceMoved", "DamageTaken"]
    assert after.creatures["A"].hp == 27


# -- Squeezing -------------------------------------------------------------------------------


def test_a_creature_one_size_larger_squeezes_through_a_narrow_space_as_difficult_terrain() -> None:
    state = game("#.#\nA|.\n#.#")  # a door built for size Small
    decision, after = ok(state, move(path=[[1, 1], [2, 1]]))
    assert [e.cost for e in decision.events if e.type == "Moved"] == [15]
    assert not after.creatures["A"].has("squeezed")


def test_two_sizes_larger_cannot_pass_a_space_narrower_than_its_head() -> None:
    state = game("A.|..\n.....", creatures={"A": {"size": "Large"}})
    assert refused(state, move(path=[[1, 0], [2, 0]])).rule == "epic-path/too-narrow"
    small = game("A|.", creatures={"A": {"size": "1S"}})
    decision, _ = ok(small, move(path=[[1, 0], [2, 0]]))
    assert decision.events[-2].cost == 10


def test_no_run_charge_or_five_foot_step_squeezes() -> None:
    state = game("A|...")
    assert refused(state, move(path=[[1, 0], [2, 0]], action="run")).rule == (
        "epic-path/run-no-squeezing"
    )
    step = {"type": "shift", "creature": "A", "to": [1, 0]}
    assert refused(state, step).rule == "epic-path/five-foot-step-no-squeezing"


def test_ending_in_a_narrow_square_leaves_it_squeezed_and_leaving_lifts_it() -> None:
    state = game("A|..", options={"turns": False})
    decision, after = ok(state, move([1, 0]))
    assert types(decision)[-1] == "ConditionSet" and after.creatures["A"].has("squeezed")
    decision, after = ok(after, move([3, 0]))
    assert not after.creatures["A"].has("squeezed")


def test_allies_may_share_a_space_when_the_table_allows_and_both_squeeze() -> None:
    rows = "AB.."
    assert refused(game(rows), move([1, 0])).rule == "epic-path/cannot-end-in-occupied-space"
    state = game(rows, options={"turns": False, "allies_may_share": True})
    _, after = ok(state, move([1, 0]))
    assert after.creatures["A"].has("squeezed") and after.creatures["B"].has("squeezed")
    _, after = ok(after, move([3, 0]))
    assert not after.creatures["A"].has("squeezed")
    assert not after.creatures["B"].has("squeezed")
    enemy = game("Ab..", options={"turns": False, "allies_may_share": True})
    assert refused(enemy, move([1, 0])).rule == "epic-path/cannot-end-in-occupied-space"


def test_a_dead_creature_is_rough_terrain_unless_the_gm_ignores_it() -> None:
    dead = {"B": {"hp": 0}}
    state = game("AB..", creatures=dead, options={"turns": False})
    decision, after = ok(state, move(path=[[1, 0], [2, 0]]))
    assert moved(decision).cost == 15
    _, after = ok(state, move([1, 0]))
    assert pos(after, "A") == (1, 0, 0) and not after.creatures["A"].has("squeezed")
    ignored = game("AB..", creatures=dead, options={"turns": False, "dead_are_rough": False})
    decision, _ = ok(ignored, move(path=[[1, 0], [2, 0]]))
    assert moved(decision).cost == 10


def test_a_stepover_squeezes_neither_creature() -> None:
    sizes = {"A": {"size": "1L"}, "b": {"size": "1T"}}
    state = game("Ab..", creatures=sizes, options={"turns": False})
    decision, after = ok(state, move([1, 0]))
    assert "ConditionSet" not in types(decision)
    assert not after.creatures["A"].has("squeezed") and not after.creatures["b"].has("squeezed")
