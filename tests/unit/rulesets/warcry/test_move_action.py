"""warcry.md, Move Action: Move bounds the whole action; the kinds combine; the base's
farthest-moving part measures; the general limitations; disallowed moves are refused whole."""

from __future__ import annotations

import pytest

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
    types,
)


def test_move_bounds_the_total_inches_of_one_move_action() -> None:
    s = battle(fighter("f1", [5, 5]))
    assert accepted(move(s, "f1", ("normal", [10, 5, 0]))).events[0].cost == pytest.approx(5)
    assert refused(move(s, "f1", ("normal", [8, 5, 0]), ("normal", [8, 7.5, 0]))) == (
        "warcry/beyond-move"
    )


def test_the_four_kinds_combine_in_one_action() -> None:
    s = battle(
        fighter("f1", [5, 5], runemarks=["fly"]),
        terrain=[platform(7, 3, 4, 2)],
    )
    d = move(
        s,
        "f1",
        ("normal", [6.5, 5, 0]),
        ("climb", [6.5, 5, 2]),
        ("climb", [7.6, 5, 2]),
        ("normal", [8, 5, 2]),
    )
    assert [leg.kind for leg in accepted(d).events[0].legs] == [
        "normal",
        "climb",
        "climb",
        "normal",
    ]
    assert at(after(s, d), "f1") == (8, 5, 2)


def test_a_round_base_moves_every_part_as_far_as_its_centre() -> None:
    s = battle(fighter("f1", [5, 5], base=2.0))
    d = accepted(move(s, "f1", ("normal", [8, 9, 0])))
    assert d.events[0].cost == pytest.approx(5)


def test_a_fighter_cannot_move_through_other_fighters() -> None:
    s = battle(fighter("f1", [5, 5]), fighter("f2", [7, 5]))
    assert refused(move(s, "f1", ("normal", [9, 5, 0]))) == "warcry/blocked"
    accepted(move(s, "f1", ("normal", [6, 6.1, 0]), ("normal", [8, 6.1, 0])))


def test_a_fighter_cannot_move_through_any_part_of_a_terrain_feature() -> None:
    s = battle(fighter("f1", [5, 5]), terrain=[obstacle(6.5, 4, 1, 3)])
    assert refused(move(s, "f1", ("normal", [9, 5, 0]))) == "warcry/blocked"


def test_no_part_of_a_fighter_moves_over_the_battlefield_edge() -> None:
    s = battle(fighter("f1", [1, 5]))
    assert refused(move(s, "f1", ("normal", [0.4, 5, 0]))) == "warcry/over-the-edge"
    accepted(move(s, "f1", ("normal", [0.5, 5, 0])))


def test_a_disallowed_move_is_refused_whole_and_names_the_limitation() -> None:
    s = battle(fighter("f1", [5, 5]), fighter("f2", [9, 5]))
    d = move(s, "f1", ("normal", [7, 5, 0]), ("normal", [11, 5, 0]))
    assert refused(d) == "warcry/blocked"
    assert d.step == 1 and "fighter f2" in d.detail


def test_normal_moves_start_with_the_centre_on_the_floor_or_a_platform() -> None:
    s = battle(fighter("f1", [6.5, 5]), terrain=[obstacle(7, 3, 4, 3)])
    climbed = after(s, move(s, "f1", ("climb", [6.5, 5, 2])))
    assert "climbing" in climbed.creatures["f1"].conditions
    assert refused(move(climbed, "f1", ("normal", [6.5, 6, 2]))) == "warcry/normal-needs-ground"


def test_a_normal_move_keeps_the_centre_on_the_platform() -> None:
    s = battle(fighter("f1", [8, 5, 3]), terrain=[platform(7, 3, 4, 3)])
    assert refused(move(s, "f1", ("normal", [12, 5, 3]))) == "warcry/normal-leaves-platform"
    accepted(move(s, "f1", ("normal", [10.9, 5, 3])))


def test_low_terrain_is_crossed_and_its_height_not_counted() -> None:
    s = battle(fighter("f1", [5, 5]), terrain=[obstacle(6, 3, 2, 1)])
    d = accepted(move(s, "f1", ("normal", [10, 5, 0])))
    assert d.events[0].cost == pytest.approx(5)
    onto = accepted(move(s, "f1", ("normal", [7, 5, 1])))
    assert onto.events[0].cost == pytest.approx(2)


def test_terrain_higher_than_1_inch_is_not_low_terrain() -> None:
    s = battle(fighter("f1", [5, 5]), terrain=[obstacle(6, 3, 2, 1.5)])
    assert refused(move(s, "f1", ("normal", [10, 5, 0]))) == "warcry/blocked"


def test_a_move_event_names_its_legs_and_cost() -> None:
    s = battle(fighter("f1", [5, 5]))
    assert types(move(s, "f1", ("normal", [6, 5, 0]))) == ["MovedInches"]
