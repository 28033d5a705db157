"""Epic Path: getting into and through a creature's space by Clamber, Overrun and Tumbling;
extra 5-foot steps from a creature's features; what "part of a move action" allows."""

from typing import Any

from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game, move

NEVER = {"opportunity_attacks": "never"}


# -- Space and Reach: "Entering another hostile creatures space requires a Might roll to
# Clamber, no matter the size difference ... If you wish to move through a hostile creature's
# space, you must declare an Overrun." Internal Flanking: "Simply avoiding attacks of
# opportunity while moving through threatened squares requires the Tumbling feature of
# Acrobatics." ------------------------------------------------------------------------------


def test_a_clamber_enters_and_may_stop_in_a_hostile_creatures_space() -> None:
    state = game(
        "A.b..\n.....", creatures={"A": {"size": "Tiny"}, "b": {"size": "Large"}}, options=NEVER
    )
    assert refused(state, move([2, 0])).rule == "epic-path/cannot-end-in-occupied-space"
    _, after = ok(state, move([2, 0], through={"b": "clamber"}))
    assert pos(after, "A") == (2, 0, 0)
    assert not after.creatures["A"].has("squeezed")  # "neither figure is ... Squeezing"


def test_an_overrun_passes_through_to_a_space_beyond_but_never_stops_inside() -> None:
    state = game("Ab..", options=NEVER)
    through = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}
    assert refused(state, through).rule == "epic-path/occupied"
    _, after = ok(state, {**through, "through": {"b": "overrun"}})
    assert pos(after, "A") == (2, 0, 0)
    stop = {"type": "move", "creature": "A", "path": [[1, 0]], "through": {"b": "overrun"}}
    assert refused(state, stop).rule == "epic-path/cannot-end-in-occupied-space"


def test_tumbling_past_a_creature_spares_its_attack_of_opportunity_only() -> None:
    state = game(".b.\nA..\n.c.", options=NEVER)
    decision, _ = ok(state, move(path=[[1, 1], [2, 1]]))
    assert types(decision).count("OpportunityAttackTriggered") == 2
    decision, _ = ok(state, move(path=[[1, 1], [2, 1]], through={"b": "tumble"}))
    triggered = [e for e in decision.events if e.type == "OpportunityAttackTriggered"]
    assert [e.reactor for e in triggered] == ["c"]


# -- 5-Foot Step, Class Features, Racial Traits, Feats: "some classes (e.g. Prowler) and races
# (e.g. Bru-Kin) have special abilities that allow them to make more than one 5-foot step in
# a single round, or in rounds in which they have already moved." Run: "they may not perform
# any 5-Foot Steps during the same round (except with an action point, or a class feature
# like the prowler's "Shifty")." -----------------------------------------------------------


def step(to: list[int], action: str = "feature") -> dict[str, Any]:
    return {"type": "shift", "creature": "A", "to": to, "action": action}


def test_a_feature_grants_extra_five_foot_steps_even_after_running() -> None:
    state = game("A" + "." * 20, creatures={"A": {"stats": {"feature_steps": 1}}})
    _, ran = ok(state, move([12, 0], action="run"))
    assert refused(ran, step([13, 0], "five_foot_step")).rule == (
        "epic-path/five-foot-step-after-moving"
    )
    decision, after = ok(ran, step([13, 0]))
    assert "OpportunityAttackTriggered" not in types(decision) and pos(after, "A") == (13, 0, 0)
    assert refused(after, step([14, 0])).rule == "epic-path/no-feature-steps"
    assert refused(game("A.."), step([1, 0])).rule == "epic-path/no-feature-steps"
    rough = game("A~.", creatures={"A": {"stats": {"feature_steps": 1}}})
    assert refused(rough, step([1, 0])).rule == "epic-path/five-foot-step-no-difficult-terrain"


# -- Part of a Move Action: "this type of action specifically allows the user to use the move
# action to both perform the action and move up to their speed ... if you degrade your move
# action to a Swift Action, take a Full Attack Action, or a Full-Round Action, you cannot
# perform a 'part of a move action' action this round." -----------------------------------


def test_part_of_a_move_action_goes_with_a_walk_not_a_double_move_or_a_run() -> None:
    state = game("A" + "." * 20)
    _, after = ok(state, move([6, 0], part_of_move="draw a weapon"))
    assert pos(after, "A") == (6, 0, 0) and after.creatures["A"].tally("part_of_move") == 1
    for action in ("double_move", "run"):
        assert refused(state, move([6, 0], action=action, part_of_move="draw a weapon")).rule == (
            "epic-path/part-of-move-needs-move-action"
        )
    _, traded = ok(
        game("A....", creatures={"A": {"stats": {"base_attacks": 2}}}),
        step([1, 0], "full_attack"),
    )
    assert refused(traded, move([2, 0], part_of_move="sheathe")).rule == (
        "epic-path/part-of-move-needs-move-action"
    )


def test_a_clamber_never_stops_where_sharing_would_squeeze_a_hostile_creature() -> None:
    # "Squeezing can only occur if the two creatures sharing a space both agree"; inside a
    # creature two sizes larger "neither figure is considered to be Squeezing"; Tiny
    # creatures share a square as far as it holds them.
    near = game("A.b..\n.....", creatures={"b": {"size": "Large"}}, options=NEVER)
    assert refused(near, move([2, 0], through={"b": "clamber"})).rule == (
        "epic-path/cannot-end-in-occupied-space"
    )
    same = game("Ab...", options=NEVER)
    assert refused(same, move([1, 0], through={"b": "clamber"})).rule == (
        "epic-path/cannot-end-in-occupied-space"
    )
    tiny = {"size": "Tiny"}
    small = game("Ab...", creatures={"A": tiny, "b": tiny}, options=NEVER)
    _, after = ok(small, move([1, 0], through={"b": "clamber"}))
    assert pos(after, "A") == (1, 0, 0) and not after.creatures["b"].has("squeezed")
