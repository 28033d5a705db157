"""warcry.md, Flying: "the fighter can move through the air vertically and horizontally. Count
the horizontal distance moved towards the number of inches that fighter can move in total in
that move action as normal, but do not count the distance moved vertically." A fly leg goes
up, across and down (or straight, when that is clear); it reaches any point such a route
reaches clear of terrain and fighters, for its horizontal distance."""

from __future__ import annotations

import pytest

from engine import decide
from tests.unit.rulesets.warcry.table import (
    accepted,
    after,
    at,
    battle,
    fighter,
    move,
    platform,
    refused,
)


def flier(at_: list[float], walk: int = 4) -> dict:  # type: ignore[type-arg]
    return fighter("f1", at_, runemarks=["fly"], speeds={"walk": walk})


def test_a_flight_rises_crosses_and_lands_on_a_platform_for_its_horizontal_distance() -> None:
    # the 5" platform's side is 3" away: a straight slanted line would pass through it
    s = battle(flier([5, 5, 0]), terrain=[platform(8, 3, 4, 5)])
    d = accepted(move(s, "f1", ("fly", [9, 5, 5])))
    assert d.events[0].cost == pytest.approx(4)  # the 5" up is not counted
    assert at(after(s, d), "f1") == (9, 5, 5)
    assert d.events[0].legs[0].via == [(5, 5, 5)]  # up at the start, then across onto the top
    reasons = " ".join(d.trace[0].reasons)
    assert 'up 5.00"' in reasons and "across to [9.0, 5.0, 5.0]" in reasons


def test_a_to_finds_the_same_flight() -> None:
    s = battle(flier([5, 5, 0]), terrain=[platform(8, 3, 4, 5)])
    d = accepted(decide({"type": "move", "creature": "f1", "to": [9.0, 5.0, 5.0]}, s))
    assert d.events[0].cost == pytest.approx(4)
    assert at(after(s, d), "f1") == (9, 5, 5)


def test_a_flight_goes_over_a_wall_and_down_the_other_side() -> None:
    wall = {"kind": "obstacle", "polygon": [[6, 2], [7, 2], [7, 8], [6, 8]], "height": 6}
    s = battle(flier([5, 5, 0]), terrain=[wall])
    d = accepted(move(s, "f1", ("fly", [8.5, 5, 0])))
    assert d.events[0].cost == pytest.approx(3.5)
    assert d.events[0].legs[0].via == [(5, 5, 6), (8.5, 5, 6)]  # up, across, down
    assert at(after(s, d), "f1") == (8.5, 5, 0)


def test_a_clear_flight_goes_straight() -> None:
    s = battle(flier([5, 5, 0]))
    d = accepted(move(s, "f1", ("fly", [7, 5, 3]), ("fly", [8, 5, 0])))
    assert [leg.via for leg in d.events[0].legs] == [None, None]
    assert d.events[0].cost == pytest.approx(3)


def test_a_flight_passes_over_another_fighter_as_tall_as_the_option_says() -> None:
    s = battle(flier([5, 5, 0]), fighter("f2", [7, 5], side="blue"))
    d = accepted(move(s, "f1", ("fly", [9, 5, 0])))
    assert d.events[0].legs[0].via == [(5, 5, 1), (9, 5, 1)]  # a fighter is 1" tall
    tall = battle(flier([5, 5, 0]), fighter("f2", [7, 5], side="blue"), fighter_height=2)
    assert accepted(move(tall, "f1", ("fly", [9, 5, 0]))).events[0].legs[0].via == [
        (5, 5, 2),
        (9, 5, 2),
    ]


def slab(x0: float, y0: float, x1: float, y1: float, height: float, bottom: float = 0) -> dict:  # type: ignore[type-arg]
    polygon = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    return {"kind": "obstacle", "polygon": polygon, "height": height, "bottom": bottom}


def test_a_point_no_flight_reaches_is_refused() -> None:
    # a box walled on four sides under a roof: no way in from above or from the side
    box = [
        slab(10, 10, 14, 10.5, 2),
        slab(10, 13.5, 14, 14, 2),
        slab(10, 10, 10.5, 14, 2),
        slab(13.5, 10, 14, 14, 2),
        slab(10, 10, 14, 14, 1, bottom=2),
    ]
    s = battle(flier([8, 12, 0], walk=8), terrain=box)
    assert refused(move(s, "f1", ("fly", [12, 12, 0]))) == "warcry/blocked"
    open_top = battle(flier([8, 12, 0], walk=8), terrain=box[:4])
    assert accepted(move(open_top, "f1", ("fly", [12, 12, 0]))).events[0].legs[0].via


def test_a_flight_still_ends_on_the_floor_or_a_platform() -> None:
    s = battle(flier([5, 5, 0]), terrain=[platform(8, 3, 4, 5)])
    assert refused(move(s, "f1", ("fly", [7, 5, 6]))) == "warcry/cannot-end-flying"


def test_a_fighter_without_the_fly_runemark_does_not_fly_over_the_platform() -> None:
    s = battle(fighter("f1", [5, 5, 0], speeds={"walk": 4}), terrain=[platform(8, 3, 4, 5)])
    assert refused(move(s, "f1", ("fly", [9, 5, 5]))) == "warcry/cannot-fly"
