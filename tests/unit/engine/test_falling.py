"""Draw Steel, Falling (DIGEST 2.7)."""

from dataclasses import replace
from typing import Any

from engine.rulesets.draw_steel.falling import fallers, must_fall
from server.readers.redaction import shown_trace
from tests.unit.battle_map import battle, ok, pos, types

FREE = {"turns": False}


def flier(z: int, **extra: Any) -> dict[str, Any]:
    return {
        "type": "place",
        "creature": {
            "id": "F",
            "side": "heroes",
            "at": [1, 0, z],
            "hp": 60,
            "speeds": {"walk": 5, "fly": 5},
            **extra,
        },
    }


def knocked_prone(state: Any) -> Any:
    return ok(state, {"type": "set_condition", "creature": "F", "condition": "prone"})


def test_a_flier_knocked_prone_falls_two_damage_per_square_and_lands_prone() -> None:
    _, state = ok(battle("b...", options=FREE), flier(3))
    decision, after = knocked_prone(state)
    assert types(decision) == ["ConditionSet", "Fell", "DamageTaken"]
    fell = decision.events[1]
    assert (fell.height, fell.effective_height, fell.landing) == (3, 3, (1, 0, 0))
    assert after.creatures["F"].hp == 54
    assert after.creatures["F"].has("prone")


def test_a_fall_of_one_square_deals_nothing() -> None:
    _, state = ok(battle("b...", options=FREE), flier(1))
    decision, after = knocked_prone(state)
    assert types(decision) == ["ConditionSet", "Fell"]
    assert after.creatures["F"].hp == 60


def test_agility_reduces_the_effective_height() -> None:
    _, state = ok(battle("b...", options=FREE), flier(4, stats={"agility": 2}))
    decision, after = knocked_prone(state)
    assert decision.events[1].effective_height == 2
    assert after.creatures["F"].hp == 56


def test_the_threshold_is_on_the_effective_height_unless_the_option_says_raw() -> None:
    _, state = ok(battle("b...", options=FREE), flier(3, stats={"agility": 2}))
    decision, _ = knocked_prone(state)
    assert "DamageTaken" not in types(decision)
    raw = battle("b...", options={"turns": False, "fall_threshold": "raw"})
    _, state = ok(raw, flier(3, stats={"agility": 2}))
    decision, after = knocked_prone(state)
    assert types(decision) == ["ConditionSet", "Fell", "DamageTaken"]
    assert after.creatures["F"].hp == 58


def test_landing_in_liquid_one_square_deep_reduces_the_fall_by_four() -> None:
    _, state = ok(battle("b=..", options=FREE), flier(6))
    decision, after = knocked_prone(state)
    assert decision.events[1].effective_height == 2
    assert after.creatures["F"].hp == 56


def test_falling_damage_is_capped_at_fifty() -> None:
    _, state = ok(battle("b...", options=FREE), flier(40))
    _, after = knocked_prone(state)
    assert after.creatures["F"].hp == 10


def test_a_hovering_creature_does_not_fall() -> None:
    _, state = ok(battle("b...", options=FREE), flier(3, speeds={"fly": 5, "hover": 5}))
    decision, after = knocked_prone(state)
    assert types(decision) == ["ConditionSet"]
    assert pos(after, "F") == (1, 0, 3)


def test_a_flier_reduced_to_speed_zero_falls() -> None:
    _, state = ok(battle("b...", options=FREE), flier(2))
    decision, _ = ok(state, {"type": "set_condition", "creature": "F", "condition": "restrained"})
    assert "Fell" in types(decision)


def test_falling_onto_a_creature_hurts_both_and_the_faller_lands_beside_it() -> None:
    state = battle(".B..", options=FREE, creatures={"B": {"stats": {"might": 0}}})
    _, state = ok(state, flier(3))
    decision, after = knocked_prone(state)
    assert types(decision) == ["ConditionSet", "Fell", "DamageTaken", "DamageTaken", "KnockedProne"]
    assert pos(after, "F") == (0, 0, 0)
    assert after.creatures["B"].hp == 24
    assert after.creatures["B"].has("prone")


def test_the_step_of_landing_on_a_creature_says_whom_it_is_about() -> None:
    """A reader who may not see the creature fallen on is not told its name by the faller's
    trace (server/readers/redaction.py drops the steps about a creature hidden from it)."""
    state = battle(".B..", options=FREE, creatures={"B": {"stats": {"might": 0}}})
    _, state = ok(state, flier(3))
    decision, _ = knocked_prone(state)
    trace = [s.to_json() for s in decision.trace]
    landed = [s for s in trace if s["kind"] == "landed-on"]
    assert [s["about"] for s in landed] == [["B"]]
    shown = shown_trace(trace, {"B"})
    assert "landed-on" not in [s["kind"] for s in shown]
    assert "fall" in [s["kind"] for s in shown]


def test_a_creature_fallen_on_stays_standing_if_its_might_is_at_least_the_fallers_size() -> None:
    state = battle(".B..", options=FREE, creatures={"B": {"stats": {"might": 1}}})
    _, state = ok(state, flier(3))
    _, after = knocked_prone(state)
    assert not after.creatures["B"].has("prone")


def test_falling_never_provokes() -> None:
    state = battle(".b..", options=FREE)
    _, state = ok(state, flier(3))
    decision, _ = knocked_prone(state)
    assert "OpportunityAttackTriggered" not in types(decision)


def test_falling_far_takes_a_hundred_squares_a_round() -> None:
    state = battle("bA..", elevation=[{"cells": [[3, 0]], "height": -250}])
    _, state = ok(state, {"type": "start_turn", "creature": "b"})
    decision, state = ok(
        state, {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 2}
    )
    assert types(decision) == ["ForceMoved", "Fell", "ConditionSet"]
    assert pos(state, "A") == (3, 0, -100)
    assert state.creatures["A"].has("falling")
    _, state = ok(state, {"type": "end_turn", "creature": "b"})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    _, state = ok(state, {"type": "end_turn", "creature": "A"})
    decision, state = ok(state, {"type": "start_turn", "creature": "b"})
    assert types(decision) == ["Fell", "TurnStarted"]
    assert pos(state, "A") == (3, 0, -200)
    _, state = ok(state, {"type": "end_turn", "creature": "b"})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    _, state = ok(state, {"type": "end_turn", "creature": "A"})
    decision, state = ok(state, {"type": "start_turn", "creature": "b"})
    assert types(decision)[:3] == ["ConditionSet", "Fell", "DamageTaken"]
    assert pos(state, "A") == (3, 0, -250)
    assert state.creatures["A"].hp == 30 - 50
    assert state.creatures["A"].has("prone") and not state.creatures["A"].has("falling")


def test_without_the_falling_far_option_the_whole_fall_happens_at_once() -> None:
    state = battle(
        "bA..", options={"falling_far": False}, elevation=[{"cells": [[3, 0]], "height": -250}]
    )
    _, state = ok(state, {"type": "start_turn", "creature": "b"})
    _, state = ok(
        state, {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 2}
    )
    assert pos(state, "A") == (3, 0, -250)


def test_who_must_fall_is_asked_again_only_of_what_changed_and_answers_as_a_full_scan() -> None:
    """`falling.fallers` remembers the last roster on a map: a creature the same object as
    there keeps its answer, any other is asked again (here: a state never settled, with a
    creature in the air, then the same creatures in a new mapping, then one gone)."""

    def scan(state: Any) -> list[str]:
        return sorted(c.id for c in state.creatures.values() if must_fall(state, c))

    def asked(state: Any) -> list[str]:
        return sorted(c.id for c in fallers(state))

    _, state = ok(battle("b...", options=FREE), flier(3))
    _, state = ok(state, {**flier(0), "creature": {**flier(0)["creature"], "id": "G"}})
    flying = state.creatures["F"]
    prone = replace(flying, conditions=flying.conditions | {"prone"})
    steps = [
        state,
        replace(state, creatures={**state.creatures, "F": prone}),  # in the air, unsettled
        replace(state, creatures={**state.creatures, "F": prone}),  # same objects, new mapping
        replace(state, creatures={**state.creatures}),  # caught again
        replace(state, creatures={"F": prone}),  # G gone: every creature asked
        replace(state, creatures={"F": prone, "G": state.creatures["G"]}),
    ]
    answers = [asked(s) for s in steps]
    assert answers == [scan(s) for s in steps]
    assert answers == [[], ["F"], ["F"], [], ["F"], ["F"]]
