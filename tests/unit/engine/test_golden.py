"""Golden scenarios: an intent list and the expected final state (they double as bench input)."""

import json
from pathlib import Path

import pytest

from engine import Accepted, create_battle, decide
from engine.view import battle_view
from projections import evolve, fold

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.json")))
def test_a_golden_scenario_ends_in_its_recorded_state(name: str) -> None:
    scenario = json.loads((GOLDEN / f"{name}.json").read_text())
    created = create_battle(scenario["setup"])
    assert isinstance(created, Accepted), created
    log = list(created.events)
    state = fold(log)
    for i, intent in enumerate(scenario["intents"]):
        decision = decide(intent, state)
        assert isinstance(decision, Accepted), (i, intent, decision)
        for event in decision.events:
            state = evolve(state, event)
            log.append(event)
    view = battle_view(state)
    expect = scenario["expect"]
    assert view["round"] == expect["round"]
    assert view["active"] == expect["active"]
    for cid, fields in expect["creatures"].items():
        for key, value in fields.items():
            assert view["creatures"][cid][key] == value, (cid, key)
    assert fold(log) == state
