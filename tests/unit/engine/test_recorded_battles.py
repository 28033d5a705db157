"""Battles recorded by the engine before its restructuring (issue 17) replay to the same
states, and every recorded intent is judged again as it was: the same events, or a refusal
by the same rule. The games are in `tests/unit/engine/recorded` (see `record.py` there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import Accepted, Refused, create_battle, decide
from events.vocabulary import encode, registry
from projections import BattleState, evolve, fold
from tests.unit.engine.recorded.record import recorded_view, view_digest

RECORDED = Path(__file__).parent / "recorded"
GAMES = sorted(p.stem for p in RECORDED.glob("*.json"))


def _decoded(recorded: list[dict[str, Any]]) -> list[Any]:
    return [
        registry.model(e["type"]).model_validate({**e["data"], "type": e["type"]}) for e in recorded
    ]


def _encoded(events: Any) -> list[dict[str, Any]]:
    return json.loads(json.dumps([{"type": e.type, "data": encode(e)} for e in events]))


def test_every_ruleset_has_recorded_games() -> None:
    rulesets = {json.loads((RECORDED / f"{g}.json").read_text())["ruleset"] for g in GAMES}
    assert rulesets == {"draw-steel", "epic-path", "one-two-one", "action-points", "warcry"}


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_battle_replays_to_the_states_it_was_recorded_with(game: str) -> None:
    recorded = json.loads((RECORDED / f"{game}.json").read_text())
    state: BattleState = fold(_decoded(recorded["created"]))
    replayed = 0
    for n, entry in enumerate(recorded["intents"]):
        if "events" not in entry:
            continue
        for event in _decoded(entry["events"]):
            state = evolve(state, event)
        assert view_digest(state) == entry["view"], (n, entry["intent"])
        replayed += 1
    assert replayed > 40
    assert recorded_view(state) == recorded["view"]


@pytest.mark.parametrize("game", GAMES)
def test_every_recorded_intent_is_judged_again_as_it_was(game: str) -> None:
    recorded = json.loads((RECORDED / f"{game}.json").read_text())
    created = create_battle(recorded["setup"])
    assert isinstance(created, Accepted), created
    assert _encoded(created.events) == recorded["created"]
    state = fold(created.events)
    for n, entry in enumerate(recorded["intents"]):
        decision = decide(entry["intent"], state)
        if "events" in entry:
            assert isinstance(decision, Accepted), (n, entry["intent"], decision)
            assert _encoded(decision.events) == entry["events"], (n, entry["intent"])
            for event in decision.events:
                state = evolve(state, event)
        else:
            assert isinstance(decision, Refused), (n, entry["intent"], decision)
            assert decision.rule == entry["refused"], (n, entry["intent"], decision.detail)
