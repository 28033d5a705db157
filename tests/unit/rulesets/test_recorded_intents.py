"""An intent judged again from its record (every field written out, as the history stores
it) is judged as it was the first time, under every square ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Accepted, decide
from engine.intents import parse_intent
from tests.unit.rulesets.maps import battle_in

ROWS = """
A . . . .
. . b . .
. . . . .
"""

CASES = [
    ("epic-path", 30, {"type": "move", "creature": "A", "to": [4, 2]}),
    ("one-two-one", 6, {"type": "move", "creature": "A", "to": [4, 2]}),
    ("action-points", 6, {"type": "move", "creature": "A", "to": [4, 2]}),
    ("epic-path", 30, {"type": "move", "creature": "A", "action": "double_move", "to": [4, 0]}),
]


@pytest.mark.parametrize(("ruleset", "walk", "intent"), CASES)
def test_a_recorded_intent_is_judged_as_it_first_was(
    ruleset: str, walk: int, intent: dict[str, Any]
) -> None:
    state = battle_in(ruleset, ROWS, walk=walk, options={"turns": False})
    first = decide(intent, state)
    recorded = parse_intent(intent).model_dump(mode="json", exclude_none=True)
    assert recorded.get("action") is not None  # the record writes the default out
    again = decide(recorded, state)
    assert isinstance(first, Accepted), first
    assert isinstance(again, Accepted), again
    assert again.events == first.events
