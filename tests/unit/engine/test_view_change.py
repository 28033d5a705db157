"""The read model's update after one action (engine.view.view_change) renders only the
creatures whose view changed, and applied to the view before, it is the view after."""

from typing import Any

from engine.view import battle_view, view_change
from projections import BattleState
from tests.unit.battle_map import battle, ok


def step(state: BattleState, intent: dict[str, Any]) -> tuple[BattleState, set[str], bool]:
    """Act, check the change against a full render, and say what it rendered."""
    _, after = ok(state, intent)
    change = view_change(state, after)
    assert change.applied_to(battle_view(state)) == battle_view(after), intent
    return after, set(change.creatures) | set(change.removed), change.complete


def test_a_move_renders_the_mover_alone() -> None:
    state = battle("A.b.c.d\n.......", options={"turns": False, "opportunity_attacks": "never"})
    _, rendered, complete = step(state, {"type": "move", "creature": "A", "path": [[0, 1]]})
    assert (rendered, complete) == ({"A"}, False)


def test_a_turn_changing_hands_renders_the_creature_whose_turn_ends_and_the_one_starting() -> None:
    state = battle("A.b.c", options={"opportunity_attacks": "never"})
    state, rendered, _ = step(state, {"type": "start_turn", "creature": "A"})
    assert rendered == {"A"}
    state, _, _ = step(state, {"type": "end_turn", "creature": "A"})
    state, rendered, _ = step(state, {"type": "start_turn", "creature": "b"})
    assert "b" in rendered and "c" not in rendered


def test_grabbing_renders_the_grabber_whose_speed_it_halves() -> None:
    state = battle("Ab.c", options={"turns": False, "opportunity_attacks": "never"})
    intent = {"type": "set_condition", "creature": "b", "condition": "grabbed", "source": "A"}
    _, rendered, _ = step(state, intent)
    assert rendered == {"A", "b"}


def test_placing_removing_and_changing_the_map() -> None:
    state = battle("A.b.c\n.....", options={"turns": False, "opportunity_attacks": "never"})
    spec = {"id": "d", "name": "d", "side": "monsters", "at": [4, 1], "speeds": {"walk": 5}}
    state, rendered, _ = step(state, {"type": "place", "creature": spec})
    assert rendered == {"d"}
    state, rendered, complete = step(state, {"type": "remove", "creature": "b"})
    assert (rendered, complete) == ({"b"}, False)
    intent = {"type": "set_terrain", "kind": "difficult", "cells": [[1, 1]]}
    _, after = ok(state, intent)
    change = view_change(state, after)
    assert change.complete and change.map is not None
    assert change.applied_to(battle_view(state)) == battle_view(after)


def test_a_new_battle_is_rendered_whole() -> None:
    state = battle("A.b")
    change = view_change(None, state)
    assert change.complete and change.applied_to(None) == battle_view(state)
