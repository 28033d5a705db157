"""Bad input: every malformed or impossible intent is a refusal with its rule; nothing changes."""

import pytest

from engine import IntentError, parse_intent
from tests.unit.battle_map import battle, ok, refused

STATE = battle("A..b\n....", options={"turns": False})


@pytest.mark.parametrize(
    ("intent", "rule"),
    [
        ({"type": "move", "creature": "nobody", "path": [[1, 0]]}, "battle/unknown-creature"),
        ({"type": "move", "creature": "A", "path": [[-1, 0]]}, "map/off-map"),
        ({"type": "move", "creature": "A", "to": [40, 40]}, "map/off-map"),
        ({"type": "move", "creature": "A", "path": [[2, 0]]}, "path/not-contiguous"),
        ({"type": "move", "creature": "A", "path": [[1, 0], [3, 1]]}, "path/not-contiguous"),
        ({"type": "move", "creature": "A"}, "intent/no-path"),
        (
            {"type": "move", "creature": "A", "action": "sprint", "path": [[1, 0]]},
            "draw-steel/unknown-action",
        ),
        (
            {"type": "move", "creature": "A", "action": "free", "path": [[1, 0]]},
            "intent/distance-required",
        ),
        (
            {"type": "move", "creature": "A", "action": "free", "distance": -3, "path": [[1, 0]]},
            "intent/invalid-distance",
        ),
        (
            {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 10**9},
            "intent/invalid-distance",
        ),
        (
            {"type": "teleport", "creature": "A", "to": [2, 0], "distance": 0},
            "intent/invalid-distance",
        ),
        (
            {"type": "resolve_reaction", "reaction": "r-9", "decision": "take"},
            "reaction/window-closed",
        ),
        ({"type": "jump", "creature": "A"}, "intent/invalid"),
        ({"type": "move", "creature": "A", "path": [[1]]}, "intent/invalid"),
        ({"type": "move", "creature": "A", "path": [[1, 0]], "rolls": [0]}, "dice/out-of-range"),
        ({"type": "move", "creature": "A", "path": [[1, 0]], "rolls": [101]}, "dice/out-of-range"),
        (
            {"type": "set_condition", "creature": "A", "condition": "hasted"},
            "battle/unknown-condition",
        ),
        ({"type": "set_terrain", "kind": "wall", "cells": [[9, 9]]}, "map/off-map"),
        ({"type": "remove", "creature": "ghost"}, "battle/unknown-creature"),
        ("not even a dict", "intent/invalid"),
        ({"type": "start_turn", "creature": "A"}, "turn/no-turns"),
    ],
)
def test_bad_input_is_refused_with_its_rule(intent: object, rule: str) -> None:
    refusal = refused(STATE, intent)  # type: ignore[arg-type]
    assert refusal.rule == rule
    assert refusal.detail


def test_a_move_for_a_creature_whose_turn_it_is_not_is_refused() -> None:
    state = battle("A..b", options={})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    assert refused(state, {"type": "move", "creature": "b", "path": [[2, 0]]}).rule == (
        "turn/not-your-turn"
    )


def test_parse_intent_explains_what_is_wrong() -> None:
    with pytest.raises(IntentError) as caught:
        parse_intent({"type": "force_move", "source": "b"})
    assert "target" in caught.value.detail
    assert parse_intent({"type": "fall_prone", "creature": "A"}).type == "fall_prone"


def test_an_unknown_ruleset_in_the_state_is_refused() -> None:
    from dataclasses import replace

    state = replace(STATE, ruleset="chess")
    assert refused(state, {"type": "fall_prone", "creature": "A"}).rule == (
        "battle/unknown-ruleset"
    )
