"""Epic Path, Run: "After any turn in which a character performs the run action, they gain the
flat-footed condition until the start of their next turn, unless they have the Runner (Feat)"."""

from typing import Any

from projections import BattleState
from tests.unit.battle_map import ok, types
from tests.unit.rulesets.epic_path.test_movement import game, move


def turn(state: BattleState, kind: str, cid: str) -> BattleState:
    return ok(state, {"type": kind, "creature": cid})[1]


def ran_then_ended(**kw: Any) -> BattleState:
    state = game("A" + "." * 14 + "\n" + "." * 15 + "\nb" + "." * 14, **kw)
    _, state = ok(state, move([12, 0], action="run"))
    assert not state.creatures["A"].has("flat-footed")  # "After any turn": not yet
    decision, state = ok(state, {"type": "end_turn", "creature": "A"})
    assert ("ConditionSet" in types(decision)) is state.creatures["A"].has("flat-footed")
    return state


def test_a_runner_is_flat_footed_after_its_turn_until_the_start_of_its_next() -> None:
    state = ran_then_ended()
    assert state.creatures["A"].has("flat-footed")
    state = turn(state, "start_turn", "b")
    assert state.creatures["A"].has("flat-footed")  # others' turns: still flat-footed
    state = turn(state, "end_turn", "b")
    state = turn(state, "start_turn", "A")
    assert not state.creatures["A"].has("flat-footed")


def test_the_runner_feat_spares_it_and_a_walk_never_sets_it() -> None:
    state = ran_then_ended(creatures={"A": {"stats": {"runner": 1}}})
    assert not state.creatures["A"].has("flat-footed")
    walked = game("A....")
    _, walked = ok(walked, move([2, 0]))
    _, walked = ok(walked, {"type": "end_turn", "creature": "A"})
    assert not walked.creatures["A"].has("flat-footed")


def test_a_flat_footed_runner_takes_no_attack_of_opportunity_in_the_others_turns() -> None:
    # The runner ends beside b's path: b walks out of the square A threatens, and A (flat-
    # footed, no Combat Reflexes) takes no attack; with Combat Reflexes it does.
    for reflexes, provoked in ((0, False), (1, True)):
        state = game(
            "A......b\n........\n........",
            creatures={"A": {"stats": {"combat_reflexes": reflexes}}},
            options={"opportunity_attacks": "never"},
        )
        _, state = ok(state, move([6, 1], action="run"))
        state = turn(state, "end_turn", "A")
        state = turn(state, "start_turn", "b")
        decision, _ = ok(state, {"type": "move", "creature": "b", "to": [7, 2]})
        assert ("OpportunityAttackTriggered" in types(decision)) is provoked
