"""warcry.md, Jumping, Flying, Climbing."""

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

LEDGE = [platform(2, 2, 6, 4)]


def test_a_jump_counts_the_horizontal_line_and_not_the_drop() -> None:
    s = battle(fighter("f1", [7, 5, 4]), terrain=LEDGE)
    d = accepted(move(s, "f1", ("jump", [10, 5, 0]), rolls=[1]))
    assert d.events[0].cost == pytest.approx(3)
    assert at(after(s, d), "f1") == (10, 5, 0)


def test_a_jump_never_goes_up() -> None:
    s = battle(fighter("f1", [10, 5]), terrain=LEDGE)
    assert refused(move(s, "f1", ("jump", [12, 5, 1]))) == "warcry/jump-upwards"


def test_each_drop_of_3_inches_or_more_in_a_jump_deals_impact_damage() -> None:
    s = battle(fighter("f1", [7, 5, 4]), terrain=LEDGE)
    d = move(s, "f1", ("jump", [10, 5, 0]), rolls=[6])
    assert types(d) == ["MovedInches", "ImpactRolled", "DamageTaken"]
    assert after(s, d).creatures["f1"].hp == 5


def test_a_drop_under_the_impact_threshold_rolls_nothing() -> None:
    s = battle(fighter("f1", [7, 5, 2.5]), terrain=[platform(2, 2, 6, 2.5)])
    assert types(move(s, "f1", ("jump", [10, 5, 0]))) == ["MovedInches"]


def test_the_impact_threshold_option_lowers_it_to_2_inches() -> None:
    s = battle(fighter("f1", [7, 5, 2.5]), terrain=[platform(2, 2, 6, 2.5)], impact_threshold=2)
    assert types(move(s, "f1", ("jump", [10, 5, 0]), rolls=[4]))[1] == "ImpactRolled"


def test_ending_a_move_in_the_air_drops_to_the_first_surface_below() -> None:
    s = battle(fighter("f1", [7, 5, 4]), terrain=LEDGE)
    d = move(s, "f1", ("jump", [10, 5, 4]), rolls=[2])
    assert types(d) == ["MovedInches", "DroppedDown", "ImpactRolled"]
    assert at(after(s, d), "f1") == (10, 5, 0)


def test_a_jump_whose_drop_passes_through_a_fighter_is_disallowed() -> None:
    s = battle(fighter("f1", [7, 5, 4]), fighter("f2", [10, 5]), terrain=LEDGE)
    assert refused(move(s, "f1", ("jump", [10, 5, 0]))) == "warcry/blocked"
    assert refused(move(s, "f1", ("jump", [10, 5, 4]))) == "warcry/blocked"


def test_fighter_height_decides_whether_a_jump_clears_a_fighter() -> None:
    f = [fighter("f1", [7, 5, 1.5]), fighter("f2", [9, 5])]
    terrain = [platform(2, 2, 6, 1.5), platform(10, 2, 6, 1.5)]
    accepted(move(battle(*f, terrain=terrain), "f1", ("jump", [10.6, 5, 1.5])))
    tall = battle(*f, terrain=terrain, fighter_height=2)
    assert refused(move(tall, "f1", ("jump", [10.6, 5, 1.5]))) == "warcry/blocked"


def test_only_fighters_with_the_fly_runemark_fly() -> None:
    s = battle(fighter("f1", [5, 5]))
    assert refused(move(s, "f1", ("fly", [6, 5, 2]), ("fly", [7, 5, 0]))) == "warcry/cannot-fly"


def test_flying_does_not_count_vertical_distance() -> None:
    s = battle(fighter("f1", [5, 5], runemarks=["fly"]), terrain=[obstacle(6, 2, 1, 3)])
    d = accepted(move(s, "f1", ("fly", [5, 5, 3.5]), ("fly", [8, 5, 3.5]), ("fly", [8, 5, 0])))
    assert d.events[0].cost == pytest.approx(3)


def test_a_fighter_cannot_end_a_move_action_flying() -> None:
    s = battle(fighter("f1", [5, 5], runemarks=["fly"]))
    assert refused(move(s, "f1", ("fly", [6, 5, 2]))) == "warcry/cannot-end-flying"


def test_a_climb_starts_touching_an_obstacle() -> None:
    s = battle(fighter("f1", [5, 5]), terrain=[obstacle(6, 4, 2, 3)])
    assert refused(move(s, "f1", ("climb", [5, 5, 2]))) == "warcry/not-touching-obstacle"
    accepted(move(s, "f1", ("normal", [5.5, 5, 0]), ("climb", [5.5, 5, 2])))


def test_a_climb_goes_up_then_across_only_at_the_top() -> None:
    s = battle(fighter("f1", [1.5, 5]), terrain=LEDGE)
    assert refused(move(s, "f1", ("climb", [2.5, 5, 2]))) == "warcry/climb-not-straight"
    up = after(s, move(s, "f1", ("climb", [1.5, 5, 2])))
    assert refused(move(up, "f1", ("climb", [2.6, 5, 2]))) == "warcry/climb-across-not-at-top"
    d = accepted(move(s, "f1", ("climb", [1.5, 5, 4]), ("climb", [2.4, 5, 4])))
    assert d.events[0].cost == pytest.approx(4.9)
    assert "climbing" not in after(s, d).creatures["f1"].conditions


def test_a_climb_goes_no_higher_than_the_obstacle() -> None:
    s = battle(fighter("f1", [1.5, 5]), terrain=LEDGE)
    assert refused(move(s, "f1", ("climb", [1.5, 5, 4.5]))) == "warcry/climb-beyond-obstacle"


def test_climbing_counts_vertical_inches_unless_the_option_says_otherwise() -> None:
    legs = (("climb", [1.5, 5, 4]), ("climb", [2.6, 5, 4]), ("normal", [5, 5, 4]))
    assert refused(move(battle(fighter("f1", [1.5, 5]), terrain=LEDGE), "f1", *legs)) == (
        "warcry/beyond-move"
    )
    s = battle(fighter("f1", [1.5, 5]), terrain=LEDGE, climb_counts_vertical=False)
    assert accepted(move(s, "f1", *legs)).events[0].cost == pytest.approx(3.5)


def test_fighters_with_the_mount_runemark_cannot_climb() -> None:
    s = battle(fighter("f1", [1.5, 5], runemarks=["mount"]), terrain=LEDGE)
    assert refused(move(s, "f1", ("climb", [1.5, 5, 2]))) == "warcry/mount-cannot-climb"
