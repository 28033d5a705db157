"""Epic Path: the properties every ruleset holds (see `tests/unit/rulesets/properties.py`)."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.rulesets.properties import (
    SETTINGS,
    TILES,
    Profile,
    check_reach_agrees,
    lifts,
    run_random_battle,
)
from tests.unit.rulesets.properties import maps as shared_maps

P = Profile(
    "epic-path",
    walk=30,
    actions=("walk", "double_move", "run", "withdraw", "charge", "crawl", "clamber"),
    modes=("walk", "fly"),
    speeds={"fly": 30},
    extra=("shift", "teleport"),
    feet=5,
)
EPIC_TILES = TILES + "%:^"
"""The shared tiles and the terrain Epic Path reads besides: impeded, concealed, a narrow
opening (built for size Small) and a damaging square (hazardous)."""


def maps() -> st.SearchStrategy[str]:
    """The shared generator's maps (`properties.maps`) drawn from Epic Path's tiles."""
    return shared_maps(EPIC_TILES)


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
