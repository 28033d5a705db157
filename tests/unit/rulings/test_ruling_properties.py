"""Properties (hypothesis) of rulings: an overruled intent's events fold and replay to the state
the decision built, the same intent is decided the same way twice, every ruling stands ahead
of the events it allowed, and no ruling crashes the engine or leaves the map."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import event as seen
from hypothesis import strategies as st

from engine import Accepted, Refused, decide
from projections import BattleState, evolve, fold, state_from_json, state_to_json
from tests.unit.engine.test_properties import intents, maps
from tests.unit.rulesets.maps import battle_in

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULESETS = ["draw-steel", "epic-path", "one-two-one", "action-points"]

overrules = st.fixed_dictionaries(
    {"reason": st.text(min_size=1, max_size=40)},
    optional={"cost": st.integers(0, 4), "reactions": st.booleans()},
)


def note_kind(rulings: int) -> None:
    seen(f"rulings in an accepted decision: {min(rulings, 2)}")


def setup(ruleset: str, rows: str, turns: bool) -> tuple[BattleState, list[Any]]:
    state = battle_in(
        ruleset, rows, walk=30 if ruleset == "epic-path" else 5, options={"turns": turns}
    )
    return state, []


@SETTINGS
@given(
    data=st.data(),
    rows=maps(),
    ruleset=st.sampled_from(RULESETS),
    turns=st.booleans(),
)
def test_overruled_intents_fold_and_replay_to_the_state_they_decided(
    data: st.DataObject, rows: str, ruleset: str, turns: bool
) -> None:
    state, log = setup(ruleset, rows, turns)
    start = state
    for _ in range(8):
        intent = data.draw(intents(state))
        ruled = data.draw(st.booleans())
        if ruled:
            intent = {**intent, "overrule": data.draw(overrules)}
        decision = decide(intent, state)
        if isinstance(decision, Refused):
            assert decision.rule != "engine/internal-error", (intent, decision)
            continue
        assert isinstance(decision, Accepted)
        assert decide(intent, state) == decision  # deterministic, ruling or not
        types = [e.type for e in decision.events]
        rulings = types.count("RuleOverruled")
        note_kind(rulings)
        assert types[:rulings] == ["RuleOverruled"] * rulings  # ahead of what they allowed
        assert ruled or rulings == 0
        for event in decision.events:
            state = evolve(state, event)
            log.append(event)
        assert decision.state_after() == state
        for c in state.creatures.values():
            assert 0 <= c.pos[0] < state.grid.width and 0 <= c.pos[1] < state.grid.height, (
                rows,
                intent,
                decision.events,
            )
            assert c.movement_left >= 0
    assert fold(log, start) == state
    assert state_from_json(state_to_json(state)) == state
