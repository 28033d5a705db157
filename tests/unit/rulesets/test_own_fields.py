"""Intent fields one ruleset's text gives a meaning to are refused by the others rather than
ignored: Epic Path's `through` and `part_of_move`, Draw Steel's `landing`."""

import pytest

from tests.unit.battle_map import refused
from tests.unit.rulesets import maps

OTHERS = {
    "through": ["draw-steel", "one-two-one", "action-points"],
    "part_of_move": ["draw-steel", "one-two-one", "action-points"],
    "landing": ["epic-path", "one-two-one", "action-points"],
}


@pytest.mark.parametrize(("field", "ruleset"), [(f, r) for f, rs in OTHERS.items() for r in rs])
def test_a_field_only_another_ruleset_reads_is_refused(field: str, ruleset: str) -> None:
    state = maps.game(ruleset, "A...\n....", 30 if ruleset == "epic-path" else 5)
    value = {"through": {"A": "tumble"}, "part_of_move": "draw", "landing": [1, 1]}[field]
    kind = "fall_prone" if field == "landing" else "move"
    intent = {"type": kind, "creature": "A", field: value}
    if kind == "move":
        intent["to"] = [1, 0]
    assert refused(state, intent).rule == "intent/field-unsupported"
