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

P = Profile(
    "epic-path",
    walk=30,
    actions=("walk", "double_move", "run", "withdraw", "charge", "crawl", "clamber"),
    modes=("walk", "fly"),
    speeds={"fly": 30},
    extra=("shift",),
    feet=5,
)
EPIC_TILES = TILES + "%:^"
"""The shared tiles and the terrain Epic Path reads besides: impeded, concealed, a narrow
opening (built for size Small) and a damaging square (hazardous)."""


@st.composite
def maps(draw: st.DrawFn) -> str:
    """The shared generator's maps (`properties.maps`) drawn from Epic Path's tiles."""
    width = draw(st.integers(4, 7))
    height = draw(st.integers(3, 5))
    rows = [[draw(st.sampled_from(EPIC_TILES)) for _ in range(width)] for _ in range(height)]
    cells = [(x, y) for y in range(height) for x in range(width)]
    spots = draw(st.lists(st.sampled_from(cells), min_size=3, max_size=3, unique=True))
    for letter, (x, y) in zip("Abc", spots, strict=True):
        rows[y][x] = letter
    return "\n".join("".join(r) for r in rows)


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
