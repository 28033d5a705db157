"""Epic Path: collisions of uncautious movement, blindness, the 5-foot step's other ways,
running endurance and encumbrance (speeds in feet)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rulesets.epic_path import economy
from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game, move
from tests.unit.rulesets.maps import battle_in

# -- Collisions ------------------------------------------------------------------------------

# A stone obstacle the runner can't see: the director makes its square concealed.


def hidden_wall(action: str, walk: int = 30) -> tuple[object, object]:
    state = game("A...o...", walk=walk, options={"turns": False})
    _, state = ok(state, {"type": "set_terrain", "kind": "concealed", "cells": [[4, 0]]})
    path = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]
    return ok(state, move(path=path, action=action))


def test_a_run_into_an_unseen_obstruction_stops_before_it_and_takes_d6_per_ten_feet() -> None:
    decision, after = hidden_wall("run", walk=50)
    assert pos(after, "A") == (3, 0, 0)
    assert types(decision) == ["Moved", "Collided", "DiceRolled", "DamageTaken"]
    dice = decision.events[2]
    assert dice.dice == "5d6"  # "1d6 of damage per ten feet of his speed"
    assert after.creatures["A"].hp == 30 - sum(dice.rolls)


def test_a_charge_is_not_cautious_either() -> None:
    state = game("A...o..b", options={"turns": False})
    _, state = ok(state, {"type": "set_terrain", "kind": "concealed", "cells": [[4, 0]]})
    path = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]
    decision, after = ok(state, move(path=path, action="charge", primary="b"))
    assert pos(after, "A") == (3, 0, 0) and "Collided" in types(decision)


def test_a_collision_after_an_attack_of_opportunity_window_still_happens() -> None:
    state = game(".b......\nA...o...", walk=50, options={"turns": False})
    _, state = ok(state, {"type": "set_terrain", "kind": "concealed", "cells": [[4, 1]]})
    path = [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]]
    decision, paused = ok(state, move(path=path, action="run"))
    assert types(decision)[-1] == "OpportunityAttackTriggered"
    decline = {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"}
    decision, after = ok(paused, decline)
    assert "Collided" in types(decision) and pos(after, "A") == (3, 1, 0)


def test_a_cautious_walk_or_double_move_just_stops_the_reward_for_moving_cautiously() -> None:
    for action in ("walk", "double_move"):
        decision, after = hidden_wall(action)
        assert types(decision) == ["Moved"] and pos(after, "A") == (3, 0, 0)
        assert after.creatures["A"].hp == 30


def test_a_seen_obstruction_is_simply_blocked_and_creatures_never_collide() -> None:
    state = game("A...#...", options={"turns": False})
    path = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]
    assert refused(state, move(path=path, action="run")).rule == "epic-path/blocked"
    crowd = game("A..c....", options={"turns": False})
    assert refused(crowd, move(path=path, action="run")).rule == "epic-path/occupied"


def test_a_deliberate_charge_into_its_target_never_harms_the_charger() -> None:
    state = game("A....b", options={"turns": False})
    decision, after = ok(state, move([4, 0], action="charge", primary="b"))
    assert "Collided" not in types(decision) and after.creatures["A"].hp == 30


# -- Blinded ---------------------------------------------------------------------------------


def test_a_blinded_creature_can_neither_run_nor_withdraw() -> None:
    state = game(".Ab..\n.....", creatures={"A": {"conditions": ["blinded"]}})
    assert refused(state, move([0, 0], action="run")).rule == "epic-path/blind-cannot-run"
    withdraw = move([0, 1], action="withdraw", primary="b")
    assert refused(state, withdraw).rule == "epic-path/blind-cannot-withdraw"
    ok(state, move([0, 1]))
    sighted = game(".Ab..\n.....")
    blind = {"type": "set_condition", "creature": "A", "condition": "blinded", "on": True}
    _, blinded = ok(sighted, blind)
    assert refused(blinded, move([0, 0], action="run")).rule == "epic-path/blind-cannot-run"


# -- The 5-foot step's other ways --------------------------------------------------------------


def step(to: list[int], **kw: object) -> dict[str, object]:
    return {"type": "shift", "creature": "A", "to": to, **kw}


def test_no_five_foot_step_into_a_concealed_square_without_darkvision() -> None:
    assert refused(game("A:.."), step([1, 0])).rule == "epic-path/five-foot-step-concealed"
    ok(game("A:..", creatures={"A": {"stats": {"darkvision": 60}}}), step([1, 0]))


def test_a_hovering_creature_may_step_into_difficult_terrain() -> None:
    ok(game("A~..", creatures={"A": {"speeds": {"walk": 30, "hover": 30}}}), step([1, 0]))


def test_an_action_point_buys_a_five_foot_step_even_after_moving() -> None:
    state = game("A....", creatures={"A": {"stats": {"action_points": 1}}})
    _, moved = ok(state, move([2, 0]))
    assert refused(moved, step([3, 0])).rule == "epic-path/five-foot-step-after-moving"
    _, after = ok(moved, step([3, 0], action="action_point"))
    assert pos(after, "A") == (3, 0, 0) and after.creatures["A"].tally("battle:action_points") == 1
    _, again = ok(after, {"type": "end_turn", "creature": "A"})
    _, again = ok(again, {"type": "start_turn", "creature": "A"})
    assert refused(again, step([4, 0], action="action_point")).rule == (
        "epic-path/no-action-points"
    )


def test_a_full_attack_trades_attacks_for_steps_that_are_not_movement() -> None:
    state = game("A.....", creatures={"A": {"stats": {"base_attacks": 2}}})
    decision, after = ok(state, step([1, 0], action="full_attack"))
    assert [e.action for e in decision.events if e.type == "ActionUsed"] == ["main", "move"]
    _, after = ok(after, step([2, 0], action="full_attack"))
    assert refused(after, step([3, 0], action="full_attack")).rule == (
        "epic-path/no-attacks-to-trade"
    )
    _, after = ok(after, step([3, 0]))  # they don't count as movement: a normal step follows
    assert pos(after, "A") == (3, 0, 0)
    assert refused(game("A..."), step([1, 0], action="full_attack")).rule == (
        "epic-path/no-attacks-to-trade"
    )


# -- Running endurance -----------------------------------------------------------------------


def next_round(state: object) -> object:
    _, state = ok(state, {"type": "end_turn", "creature": "A"})  # type: ignore[arg-type]
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    return state


def test_a_creature_runs_for_its_constitution_in_rounds_then_checks_might() -> None:
    state = game(
        "A" + "." * 30 + "\n" + "." * 31,
        creatures={"A": {"stats": {"constitution": 1, "might": 0}}},
    )
    decision, state = ok(state, move([12, 0], action="run"))
    assert "DiceRolled" not in types(decision)
    state = next_round(state)
    decision, after = ok(state, move([24, 0], action="run", rolls=[20]))
    dice = next(e for e in decision.events if e.type == "DiceRolled")
    assert dice.purpose == "Might check DC 30 (keep running)"  # 20 + 0 < 30: must stop
    assert pos(after, "A") == (12, 0, 0) and after.creatures["A"].has("fatigued")
    assert refused(after, move([24, 0], action="run")).rule == "epic-path/fatigued-cannot-run"
    ok(after, move([18, 0]))  # the move action is still there


def test_each_further_check_is_two_harder() -> None:
    strong = {"A": {"stats": {"constitution": 0, "might": 12}}}
    state = game("A" + "." * 40, creatures=strong)
    decision, state = ok(state, move([12, 0], action="run", rolls=[18]))
    assert "Moved" in types(decision)  # 18 + 12 = 30 vs DC 30
    state = next_round(state)
    decision, state = ok(state, move([24, 0], action="run", rolls=[20]))
    dice = next(e for e in decision.events if e.type == "DiceRolled")
    assert dice.purpose.startswith("Might check DC 32") and "Moved" in types(decision)


def test_no_check_is_rolled_for_a_run_the_actions_left_cannot_pay_for() -> None:
    state = game("A" + "." * 20, creatures={"A": {"stats": {"constitution": 0}}})
    _, walked = ok(state, move([2, 0]))
    assert refused(walked, move([10, 0], action="run")).rule == "turn/no-move-action"


# -- Encumbrance -----------------------------------------------------------------------------


def test_medium_and_heavy_encumbrance_slow_a_walker() -> None:
    medium = game("A........", creatures={"A": {"stats": {"encumbrance": 1}}})
    ok(medium, move([5, 0]))
    assert refused(medium, move([6, 0])).rule == "epic-path/exceeds-speed"
    heavy = game("A........", creatures={"A": {"stats": {"encumbrance": 2}}})
    ok(heavy, move([4, 0]))
    assert refused(heavy, move([5, 0])).rule == "epic-path/exceeds-speed"
    slow = game("A........", walk=20, creatures={"A": {"stats": {"encumbrance": 1}}})
    ok(slow, move([4, 0]))  # not above 20 ft: medium costs nothing
    slow = game("A........", walk=20, creatures={"A": {"stats": {"encumbrance": 2}}})
    assert refused(slow, move([4, 0])).rule == "epic-path/exceeds-speed"


def test_encumbrance_lowers_the_run_multiplier_stacking_with_armour() -> None:
    # "a creature wearing heavy armor and carrying a heavy encumbrance has a Run multiplier
    # of only x1": 30 ft less 10 for the armour and 10 for the load, run at x1
    loaded = {"A": {"stats": {"encumbrance": 2, "armor": 2}}}
    options = {"run_rule": "encumbrance_section"}
    state = game("A" + "." * 20, walk=30, options=options, creatures=loaded)
    ok(state, move([2, 0], action="run"))
    assert refused(state, move([3, 0], action="run")).rule == "epic-path/exceeds-speed"
    # a listed speed that already includes the armour pays the load alone: 20 less 5
    listed = {"A": {"stats": {"encumbrance": 2, "armor": 2, "armor_in_speed": 1}}}
    state = game("A" + "." * 20, walk=20, options=options, creatures=listed)
    ok(state, move([3, 0], action="run"))
    assert refused(state, move([4, 0], action="run")).rule == "epic-path/exceeds-speed"


def test_heavy_armour_and_medium_encumbrance_cost_fifteen_feet_above_twenty_else_ten() -> None:
    # "Wearing heavy armor and carrying enough weight to place you in Medium encumbrance
    # reduces your movement by 15 feet if your Walk speed is above twenty feet or 10 feet if
    # your Walk speed is twenty feet or below."
    both = {"A": {"stats": {"armor": 2, "encumbrance": 1}}}
    fast = game("A........", walk=30, creatures=both)
    ok(fast, move([3, 0]))  # 15 ft
    assert refused(fast, move([4, 0])).rule == "epic-path/exceeds-speed"
    slow = game("A........", walk=20, creatures=both)
    ok(slow, move([2, 0]))  # 10 ft
    assert refused(slow, move([3, 0])).rule == "epic-path/exceeds-speed"


def test_armour_slows_a_walker_as_the_encumbrance_of_the_same_name() -> None:
    # "Each of the encumbrance categories affects your movement exactly as the armor of the
    # same name category": medium -5 ft above a 20 ft Walk speed, heavy -10 (else -5)
    for armor, walk, squares in ((1, 30, 5), (2, 30, 4), (1, 20, 4), (2, 20, 3)):
        state = game("A........", walk=walk, creatures={"A": {"stats": {"armor": armor}}})
        ok(state, move([squares, 0]))
        assert refused(state, move([squares + 1, 0])).rule == "epic-path/exceeds-speed"
    listed = {"A": {"stats": {"armor": 2, "armor_in_speed": 1}}}
    ok(game("A........", walk=30, creatures=listed), move([6, 0]))


def test_at_zero_speed_a_standard_action_moves_five_feet() -> None:
    state = game("A...", walk=5, creatures={"A": {"stats": {"encumbrance": 2}}})
    decision, after = ok(state, move([1, 0]))
    assert [e.action for e in decision.events if e.type == "ActionUsed"] == ["main"]
    assert refused(after, move([2, 0])).rule == "epic-path/overburdened"
    assert refused(state, move([1, 0], action="double_move")).rule == "epic-path/overburdened"


@settings(max_examples=60, deadline=None)
@given(
    walk=st.integers(min_value=1, max_value=24).map(lambda n: 5 * n),
    armor=st.integers(min_value=0, max_value=2),
    load=st.integers(min_value=0, max_value=2),
)
def test_armour_and_load_of_one_name_slow_alike_and_only_ever_slow(
    walk: int, armor: int, load: int
) -> None:
    def speed(armor: int, load: int) -> int:
        stats = {"armor": armor, "encumbrance": load}
        state = battle_in("epic-path", "A.", walk=walk, creatures={"A": {"stats": stats}})
        return economy.speed(state.creatures["A"], "walk")

    here = speed(armor, load)
    assert here == speed(load, armor)  # "exactly as the armor of the same name category"
    assert 0 <= here <= walk and here % 5 == 0
    if armor < 2:
        assert speed(armor + 1, load) <= here  # the penalties stack
