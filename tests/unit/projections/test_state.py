"""Evolve, fold, snapshots and the public view."""

from dataclasses import replace

from engine import Accepted, create_battle
from events.battle_events import (
    ConditionSet,
    DamageTaken,
    Moved,
    OpportunityAttackTriggered,
    ReactionResolved,
    ResumeMove,
    TerrainSet,
)
from events.vocabulary import Event, registry
from projections import (
    REDUCER_VERSION,
    empty_state,
    evolve,
    fold,
    state_from_json,
    state_to_json,
    state_view,
)
from tests.unit.battle_map import battle, ok, setup_for


def test_evolve_never_raises_for_an_event_about_an_unknown_creature() -> None:
    state = battle("A..")
    for event in (
        Moved(
            creature="ghost",
            path=[(1, 0, 0)],
            cost=1,
            mode="walk",
            action="advance",
            movement_left=0,
        ),
        DamageTaken(creature="ghost", amount=3, cause="x"),
        ConditionSet(creature="ghost", condition="prone", on=True),
        ReactionResolved(reaction="r-404", decision="decline"),
    ):
        assert evolve(state, event) == state


def test_a_log_that_does_not_start_with_battle_created_folds_from_the_empty_state() -> None:
    assert fold([DamageTaken(creature="A", amount=1, cause="x")]) == empty_state()


def test_unchanged_structure_is_shared_between_states() -> None:
    state = battle("A..\n...")
    after = evolve(state, DamageTaken(creature="A", amount=1, cause="x"))
    assert after.grid is state.grid
    assert after.options is state.options


def test_the_director_changes_terrain() -> None:
    state = battle("A..")
    after = evolve(state, TerrainSet(cells=[(2, 0)], kind="wall", height=2))
    assert after.grid.surface[2] == 2 and after.grid.wall[2]
    cleared = evolve(after, TerrainSet(cells=[(2, 0)], kind="clear"))
    assert cleared.grid.surface[2] == 0


def test_snapshots_round_trip_exactly() -> None:
    state = battle("A.~#\nb=^_", elevation=[{"cells": [[0, 1]], "height": 2}])
    resume = ResumeMove(creature="A", path=[(1, 0, 0)], mode="walk", action="advance")
    state = evolve(
        state,
        OpportunityAttackTriggered(
            reaction="r-1", reactor="b", target="A", at=(0, 0, 0), resume=resume
        ),
    )
    state = replace(state, acted=frozenset({"A"}), active="A")
    assert state_from_json(state_to_json(state)) == state


def test_the_view_holds_what_the_design_promises() -> None:
    state = battle(".....\n.Ab..\n.....", options={"turns": False})
    _, state = ok(state, {"type": "move", "creature": "A", "path": [[0, 1], [0, 0]]})
    view = state_view(state)
    assert view["ruleset"] == "draw-steel"
    assert view["creatures"]["A"]["position"] == [1, 1, 0]
    assert view["creatures"]["A"]["hp"] == 30
    assert view["creatures"]["A"]["side"] == "heroes"
    assert view["pending_reactions"] == [
        {"id": "r-1", "kind": "opportunity_attack", "reactor": "b", "target": "A", "at": [1, 1, 0]}
    ]
    assert view["map"]["width"] == 5
    assert view["options"]["opportunity_attacks"] == "ask"


def test_every_battle_event_is_registered_and_round_trips_through_the_registry() -> None:
    decision = create_battle(setup_for("A~b\n#.."))
    assert isinstance(decision, Accepted)
    event: Event = decision.events[0]
    data = event.model_dump(mode="json")
    data.pop("type")
    assert registry.decode(event.type, 1, data) == event
    for name in (
        "Moved",
        "ForceMoved",
        "Fell",
        "KnockedProne",
        "ReactionResolved",
        "OpportunityAttackTriggered",
        "TerrainSet",
        "HurledThrough",
    ):
        assert registry.knows(name)


def test_the_reducer_has_a_version() -> None:
    assert isinstance(REDUCER_VERSION, int)
