"""warcry.md, Move Action: "A fighter can use these types of move in any combination as part
of a single move action, so long as the total distance in inches moved does not exceed the
fighter's Move characteristic." A `to` must find what a player could measure by hand: every
route whose legs, given one by one, come to exactly Move is found, and at its cost."""

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
)


def to(state, fid: str, point: list[float]):  # type: ignore[no-untyped-def]
    return decide({"type": "move", "creature": fid, "to": point}, state)


def legs_of(decision) -> list[tuple[str, tuple[float, ...]]]:  # type: ignore[no-untyped-def]
    return [(leg.kind, tuple(leg.to)) for leg in accepted(decision).events[0].legs]


@pytest.mark.parametrize("move_inches", [4, 5])
def test_a_climb_from_where_the_fighter_stands_then_across_is_found_at_exactly_its_cost(
    move_inches: int,
) -> None:
    # touching the side of a 3" platform: 3" up and 1" across onto it, 4" in all
    s = battle(
        fighter("f1", [3.5, 5], speeds={"walk": move_inches}), terrain=[platform(4, 3, 4, 3)]
    )
    by_hand = accepted(move(s, "f1", ("climb", [3.5, 5, 3]), ("climb", [4.5, 5, 3])))
    assert by_hand.events[0].cost == pytest.approx(4)
    found = to(s, "f1", [4.5, 5.0, 3.0])
    assert accepted(found).events[0].cost == pytest.approx(4)  # not refused, not 4.02
    assert at(after(s, found), "f1") == pytest.approx((4.5, 5, 3))


def test_walking_straight_to_a_side_climbing_and_crossing_is_found_at_exactly_move() -> None:
    # the line from the fighter to the goal meets the side away from any sampled climbing point
    s = battle(
        fighter("f1", [1.5, 5], speeds={"walk": 6}),
        terrain=[{"kind": "platform", "polygon": [[4, 3], [8, 3], [8, 8], [4, 8]], "height": 3}],
    )
    legs = (("normal", [3.5, 5, 0]), ("climb", [3.5, 5, 3]), ("climb", [4.5, 5, 3]))
    assert accepted(move(s, "f1", *legs)).events[0].cost == pytest.approx(6)
    assert accepted(to(s, "f1", [4.5, 5.0, 3.0])).events[0].cost == pytest.approx(6)


def test_a_route_around_a_corner_is_no_dearer_than_one_measured_by_hand() -> None:
    # a 10" wall is no cheaper to climb than to walk around: the corners decide the cost
    wall = {"kind": "obstacle", "polygon": [[4, 3], [5, 3], [5, 7], [4, 7]], "height": 10}
    s = battle(fighter("f1", [3, 5], speeds={"walk": 8}), terrain=[wall])
    by_hand = accepted(
        move(s, "f1", ("normal", [3.5, 7.5, 0]), ("normal", [5.5, 7.5, 0]), ("normal", [6, 5, 0]))
    )
    found = accepted(to(s, "f1", [6.0, 5.0]))
    assert found.events[0].cost <= by_hand.events[0].cost
    assert [kind for kind, _ in legs_of(found)] == ["normal"] * len(legs_of(found))


def test_the_cheapest_route_is_found_when_a_dearer_one_also_fits() -> None:
    # Move 9 leaves room to walk around a 1.5" wall; climbing it and jumping down is cheaper
    low = {"kind": "obstacle", "polygon": [[4, 2], [5, 2], [5, 8], [4, 8]], "height": 1.5}
    s = battle(fighter("f1", [3.5, 4.2], speeds={"walk": 9}), terrain=[low])
    by_hand = accepted(
        move(
            s, "f1", ("climb", [3.5, 4.2, 1.5]), ("climb", [5.0, 4.2, 1.5]), ("jump", [5.5, 4.2, 0])
        )
    )
    assert by_hand.events[0].cost == pytest.approx(1.5 + 1.5 + 0.5)
    found = accepted(to(s, "f1", [5.5, 4.2, 0.0]))
    assert found.events[0].cost <= by_hand.events[0].cost + 1e-9
