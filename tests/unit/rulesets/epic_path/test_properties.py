"""Epic Path: the properties every ruleset holds (see `tests/unit/rulesets/properties.py`)."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.rulesets.properties import (
    SETTINGS,
    Profile,
    check_reach_agrees,
    lifts,
    maps,
    run_random_battle,
)

P = Profile(
    "epic-path",
    walk=30,
    actions=("walk", "double_move", "run", "withdraw", "charge", "crawl"),
    modes=("walk", "fly"),
    speeds={"fly": 30},
    extra=("shift",),
    feet=5,
)


@SETTINGS
@given(
    data=st.data(),
    rows=maps(),
    turns=st.booleans(),
    oa=st.sampled_from(["ask", "always", "never"]),
)
def test_replay_equals_live_refusals_change_nothing_and_moves_stay_legal_and_in_budget(
    data: st.DataObject, rows: str, turns: bool, oa: str
) -> None:
    options: dict[str, Any] = {"turns": turns, **{"opportunity_attacks": oa}}
    run_random_battle(P, data, rows, options)


@settings(SETTINGS, max_examples=25)  # 3-D flight makes each example's search dear
@given(rows=maps(), elevation=lifts, prone=st.booleans(), mode=st.sampled_from(P.modes))
def test_the_reach_generator_and_the_path_judge_agree(
    rows: str, elevation: list[dict[str, Any]], prone: bool, mode: str
) -> None:
    a = {"conditions": ["prone"]} if prone else None
    check_reach_agrees(
        P,
        rows,
        elevation,
        {"turns": False, "opportunity_attacks": "never", "altitude_ceiling": 15},
        a,
        mode,
    )
