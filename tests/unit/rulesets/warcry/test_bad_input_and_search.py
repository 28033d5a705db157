"""Bad input is refused with a rule id; `to` finds legs; the reach region agrees with decide."""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine import Refused, create_battle, decide, reach
from engine.rulesets.warcry.reach import region
from tests.unit.rulesets.warcry.table import (
    accepted,
    after,
    at,
    battle,
    fighter,
    move,
    obstacle,
    platform,
    refused,
)


def setup(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "ruleset": "warcry",
        "board": {"width": 10, "height": 10, "terrain": []},
        "creatures": [fighter("f1", [5, 5])],
    }
    return {**body, **changes}


@pytest.mark.parametrize(
    ("changes", "rule"),
    [
        ({"creatures": [fighter("f1", [5, 5], base=0)]}, "battle/invalid-creature"),
        ({"creatures": [fighter("f1", [5, 5], base=-1)]}, "battle/invalid-creature"),
        ({"creatures": [fighter("f1", [math.nan, 5])]}, "battle/invalid-creature"),
        ({"creatures": [fighter("f1", [0.2, 5])]}, "board/off-board"),
        ({"board": {"width": -3, "height": 10}}, "board/invalid"),
        ({"board": None, "map": {"width": 5, "height": 5}}, "battle/needs-board"),
        (
            {
                "board": {"width": 10, "height": 10, "terrain": [obstacle(4, 4, 2, 2)]},
                "creatures": [fighter("f1", [5, 5, 0])],
            },
            "board/blocked",
        ),
    ],
)
def test_a_bad_setup_is_refused_with_a_rule(changes: dict[str, Any], rule: str) -> None:
    decision = create_battle(setup(**changes))
    assert isinstance(decision, Refused) and decision.rule == rule, decision


def test_legs_leaving_the_board_are_refused() -> None:
    s = battle(fighter("f1", [5, 5]), size=(10, 10))
    assert refused(move(s, "f1", ("normal", [12, 5, 0]))) == "warcry/over-the-edge"


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_nan_and_infinite_coordinates_are_refused(bad: float) -> None:
    s = battle(fighter("f1", [5, 5]))
    assert refused(move(s, "f1", ("normal", [bad, 5, 0]))) == "warcry/not-a-number"
    assert refused(decide({"type": "move", "creature": "f1", "to": [bad, 5.0]}, s)) == (
        "warcry/not-a-number"
    )


def test_a_grid_path_is_refused_in_a_gridless_battle() -> None:
    s = battle(fighter("f1", [5, 5]))
    d = decide({"type": "move", "creature": "f1", "path": [[6, 5], [7, 5]]}, s)
    assert refused(d) == "warcry/gridless"


def test_to_finds_a_climb_onto_a_platform() -> None:
    s = battle(fighter("f1", [3, 5]), terrain=[platform(5, 3, 4, 2)])
    d = accepted(decide({"type": "move", "creature": "f1", "to": [5.8, 5.0, 2.0]}, s))
    assert "climb" in [leg.kind for leg in d.events[0].legs]
    assert at(after(s, d), "f1") == pytest.approx((5.8, 5.0, 2.0))


def test_to_goes_around_a_wall() -> None:
    wall = {"kind": "obstacle", "polygon": [[4, 3], [5, 3], [5, 7], [4, 7]], "height": 4}
    s = battle(fighter("f1", [3, 5], speeds={"walk": 9}), terrain=[wall])
    d = accepted(decide({"type": "move", "creature": "f1", "to": [6.0, 5.0]}, s))
    assert len(d.events[0].legs) >= 2 and d.events[0].cost <= 9


def test_to_out_of_reach_is_refused() -> None:
    s = battle(fighter("f1", [3, 5]))
    assert refused(decide({"type": "move", "creature": "f1", "to": [12.5, 5.0]}, s)) == (
        "warcry/no-route"
    )


def test_every_point_of_the_reach_region_is_accepted_by_decide() -> None:
    s = battle(fighter("f1", [4, 4], speeds={"walk": 3}), terrain=[platform(5.5, 3, 2, 1.5)])
    found = region(s, "f1", resolution=1.0)
    assert len(found.points) > 15
    for _point, (cost, legs) in found.points.items():
        d = accepted(move(s, "f1", *[(k, to) for k, to in legs]))
        assert d.events[0].cost == pytest.approx(cost) and cost <= 3 + 1e-6
    squares = reach(s, "f1")
    assert all(cost <= 3 for cost in squares.values())
