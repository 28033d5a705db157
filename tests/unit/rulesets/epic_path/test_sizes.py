"""Epic Path, sizes: its own categories, Fine to Titanic, and the wire's sizes mapped onto them
(Space and Reach, Stepover, Squeezing)."""

from typing import Any

import pytest

from engine.rulesets.epic_path import EpicPath, sizes
from tests.unit.battle_map import act, ok, refused, types
from tests.unit.rulesets.epic_path.test_movement import game, move

RS = EpicPath()


def door(state: Any, fits: str, at: tuple[int, int]) -> Any:
    """A director builds a narrow opening for `fits` at `at`."""
    _, state = ok(
        state, {"type": "set_terrain", "kind": "narrow", "fits": fits, "cells": [list(at)]}
    )
    return state


# -- Stepover: "If a creature is 2 size categories or larger than a nearby creature, it can
# effectively ignore that creature when moving" ---------------------------------------------


def test_a_large_creature_is_one_category_above_medium_and_cannot_step_over_it() -> None:
    for large in ("2", "Large", "large"):
        state = game("A..b...\n.......", creatures={"A": {"size": large}})
        assert refused(state, move(path=[[1, 0], [2, 0], [3, 0]])).rule == "epic-path/occupied"


def test_a_large_creature_steps_over_a_small_one_and_a_huge_one_over_a_medium() -> None:
    small = game("A..b...\n.......", creatures={"A": {"size": "2"}, "b": {"size": "1S"}})
    ok(small, move(path=[[1, 0], [2, 0], [3, 0], [4, 0]]))
    huge = game("A...b....\n.........\n.........", creatures={"A": {"size": "Huge"}})
    ok(huge, move(path=[[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]))


def test_two_creatures_one_category_apart_never_share_a_space_when_placed() -> None:
    state = game("A......\n.......", creatures={"A": {"size": "2"}})
    medium = {"id": "m", "side": "monsters", "at": [1, 1], "speeds": {"walk": 30}}
    assert act(state, {"type": "place", "creature": medium})[0].rule == (
        "battle/overlapping-creatures"
    )
    small = {**medium, "size": "Small"}
    ok(state, {"type": "place", "creature": small})


# -- Squeezing: "a space that is designed for creatures one size category smaller than he is,
# but wider than his head ... A large-sized creature couldn't fit through the size-small door
# at all." --------------------------------------------------------------------------------


def test_a_large_creature_squeezes_through_a_doorway_built_for_medium() -> None:
    for fits in ("1M", "Medium"):
        state = door(game("A.....\n......", creatures={"A": {"size": "2"}}), fits, (3, 0))
        decision, after = ok(state, move(path=[[1, 0], [2, 0]]))
        moved = next(e for e in decision.events if e.type == "Moved")
        assert moved.cost == 5 + 10  # the square that squeezes counts as difficult terrain
        assert after.creatures["A"].has("squeezed")


def test_a_large_creature_cannot_pass_a_door_built_for_small_a_medium_one_squeezes() -> None:
    large = door(game("A.....\n......", creatures={"A": {"size": "Large"}}), "Small", (3, 0))
    assert refused(large, move(path=[[1, 0], [2, 0]])).rule == "epic-path/too-narrow"
    medium = door(game("A.....\n......"), "1S", (1, 0))
    decision, _ = ok(medium, move(path=[[1, 0], [2, 0]]))
    assert next(e for e in decision.events if e.type == "Moved").cost == 10 + 5


# -- Space and Reach ---------------------------------------------------------------------------


def test_tiny_and_smaller_figures_have_no_reach_so_leaving_them_provokes_nothing() -> None:
    for size, provokes in (("Diminutive", False), ("1T", False), ("Small", True)):
        state = game(".b..\nA...\n....", creatures={"b": {"size": size}})
        decision, _ = ok(state, move(path=[[0, 2]]))
        assert ("OpportunityAttackTriggered" in types(decision)) is provokes, size


@pytest.mark.parametrize(
    ("wire", "category", "side"),
    [
        ("1T", "tiny", 1),
        ("1S", "small", 1),
        ("1M", "medium", 1),
        ("1L", "medium", 1),
        ("2", "large", 2),
        ("3", "huge", 3),
        ("4", "gargantuan", 4),
        ("5", "colossal", 5),
        ("6", "titanic", 6),
        ("8", "titanic-plus", 8),
    ],
)
def test_the_wires_sizes_map_to_the_category_whose_space_they_fill(
    wire: str, category: str, side: int
) -> None:
    assert sizes.category(wire) == category
    assert RS.size_side(wire) == side
    assert RS.size_rank(wire) == RS.size_rank(category.title())


def test_the_categories_each_stand_one_above_the_last_and_never_take_less_space() -> None:
    ranks = [RS.size_rank(name) for name in sizes.CATEGORIES]
    assert ranks == list(range(len(sizes.CATEGORIES)))
    sides = [RS.size_side(name) for name in sizes.CATEGORIES]
    assert sides == sorted(sides)
    assert RS.size_side("Large") == 2 and RS.size_side("Titanic") == 6


def test_an_unknown_size_is_refused_naming_epic_paths_categories() -> None:
    state = game("A.....")
    bad = {"id": "x", "side": "m", "at": [3, 0], "size": "Enormous", "speeds": {"walk": 30}}
    refusal = act(state, {"type": "place", "creature": bad})[0]
    assert refusal.rule == "battle/unknown-size"
    assert "Gargantuan" in refusal.detail
