"""The rules' sentences a player reads (refusals, trace reasons) are for people: squares as
(x, y), counts with their plural, never "square(s)" or a raw list."""

from __future__ import annotations

from engine import Refused
from tests.unit.battle_map import battle, ok, refused

FREE = {"turns": False}


def test_a_move_too_far_says_where_and_how_far_in_words() -> None:
    state = battle("A.........\n..........", options=FREE)
    found = refused(state, {"type": "move", "creature": "A", "to": [9, 1]})
    assert isinstance(found, Refused) and found.rule == "draw-steel/exceeds-speed"
    assert found.detail == "(9, 1) is farther than the 5 squares this move has"


def test_trace_reasons_count_squares_with_their_plural() -> None:
    state = battle(
        "A....\n.....", options=FREE, creatures={"A": {"speeds": {"walk": 5, "teleport": 1}}}
    )
    one, _ = ok(state, {"type": "teleport", "creature": "A", "to": [1, 0], "distance": 1})
    reasons = [r for step in one.trace for r in step.reasons]
    assert "teleport 1 square, bypassing what lies between" in reasons
    assert not any("(s)" in r for r in reasons)
