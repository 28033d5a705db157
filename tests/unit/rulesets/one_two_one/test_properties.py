"""Reclaim the Wild: the properties every ruleset holds (see `tests/unit/rulesets/properties.py`)."""

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
    "one-two-one",
    walk=6,
    actions=("move", "sprint"),
    modes=("walk", "climb", "fly", "glide"),
    speeds={"fly": 6},
    extra=(),
    feet=1,
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
    options: dict[str, Any] = {
        "turns": turns,
        **{"collision_damage": "both" if oa == "always" else "moved"},
    }
    run_random_battle(P, data, rows, options)


@settings(SETTINGS, max_examples=25)  # 3-D flight makes each example's search dear
@given(rows=maps(), elevation=lifts, prone=st.booleans(), mode=st.sampled_from(P.modes))
def test_the_reach_generator_and_the_path_judge_agree(
    rows: str, elevation: list[dict[str, Any]], prone: bool, mode: str
) -> None:
    a = {"conditions": ["prone"]} if prone else None
    check_reach_agrees(
        P, rows, elevation, {"turns": False, "opportunity_attacks": "never"}, a, mode
    )


@st.composite
def wild_maps(draw: st.DrawFn) -> str:
    """The shared maps with some floor turned into narrow openings (`|`) and updrafts (`!`)."""
    rows = draw(maps())
    marks = draw(st.lists(st.sampled_from(".|!"), min_size=len(rows), max_size=len(rows)))
    return "".join(m if ch == "." else ch for ch, m in zip(rows, marks, strict=True))


@settings(SETTINGS, max_examples=25)
@given(
    rows=wild_maps(),
    elevation=lifts,
    mode=st.sampled_from(("walk", "glide")),
    a=st.sampled_from(
        [
            {"size": "1L"},
            {"conditions": ["shield_surfing"]},
            {"conditions": ["slowed"], "size": "1L"},
            {"at": [0, 0, 4], "stats": {"natural_glider": 1}},
        ]
    ),
)
def test_reach_and_judge_agree_through_openings_updrafts_and_on_a_shield(
    rows: str, elevation: list[dict[str, Any]], mode: str, a: dict[str, Any]
) -> None:
    if "at" in a:  # a glider placed above A's square
        x, y = next(
            (i, j) for j, r in enumerate(rows.split("\n")) for i, ch in enumerate(r) if ch == "A"
        )
        a = {**a, "at": [x, y, 4 + max((e["height"] for e in elevation), default=0)]}
    check_reach_agrees(P, rows, elevation, {"turns": False}, a, mode)


@SETTINGS
@given(data=st.data(), rows=wild_maps(), turns=st.booleans())
def test_random_battles_through_openings_and_updrafts_replay_and_stay_legal(
    data: st.DataObject, rows: str, turns: bool
) -> None:
    run_random_battle(P, data, rows, {"turns": turns})
