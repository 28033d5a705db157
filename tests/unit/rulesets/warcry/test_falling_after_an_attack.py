"""warcry.md, Falling: "Lastly, fighters can fall as a result of being attacked near the edge
of a platform (pg 46)." The test (DIGEST 5.4 c, the Attack page): the target survived, at least
one critical hit was scored, it is within 1/2" of an unenclosed platform edge (or climbing),
and it lacks the Fly runemark; its controller rolls a D6 and on a 1 it falls."""

from __future__ import annotations

from typing import Any

from engine import decide
from projections import BattleState
from tests.unit.rulesets.warcry.table import (
    accepted,
    after,
    at,
    battle,
    fighter,
    obstacle,
    platform,
    refused,
    types,
)

HIGH = platform(4, 1, 4, 3)
"""A platform 3" high, x 4 to 8."""


def ask_test(state: BattleState, fid: str = "f1", **extra: Any) -> Any:
    return decide({"type": "falling_test", "creature": fid, "critical": True, **extra}, state)


def table(*terrain: dict[str, Any], **f1: Any) -> BattleState:
    return battle(
        fighter("f1", [7.2, 3, 3], **f1),
        fighter("e1", [2, 3], side="blue"),
        terrain=[HIGH, *terrain],
        fall_landing="nearest",
    )


def test_a_one_on_the_d6_near_an_open_edge_falls_and_lands_lower() -> None:
    state = table()
    decision = ask_test(state, rolls=[1, 6])
    assert types(decision)[:2] == ["DiceRolled", "FellInches"]
    landed = after(state, decision)
    assert at(landed, "f1")[2] == 0  # on the floor below, within 2"
    assert landed.creatures["f1"].hp == 8 - 3  # a 3" drop: impact, a 6 deals 3


def test_any_other_roll_keeps_its_footing() -> None:
    decision = ask_test(table(), rolls=[2])
    assert types(decision) == ["DiceRolled"]


def test_no_test_without_a_critical_hit_for_a_flier_or_away_from_an_open_edge() -> None:
    state = table()
    assert refused(ask_test(state, critical=False)) == "warcry/no-falling-test"
    assert refused(ask_test(table(runemarks=["fly"]))) == "warcry/no-falling-test"
    middle = battle(fighter("f1", [6, 3, 3]), terrain=[HIGH])
    assert refused(ask_test(middle)) == "warcry/not-near-an-edge"
    floor = battle(fighter("f1", [6, 3]))
    assert refused(ask_test(floor)) == "warcry/not-near-an-edge"


def test_an_edge_walled_or_continued_at_its_height_is_enclosed() -> None:
    walled = table(obstacle(8, 1, 4, 5))
    assert refused(ask_test(walled)) == "warcry/not-near-an-edge"
    continued = table(platform(8, 1, 4, 3))
    assert refused(ask_test(continued)) == "warcry/not-near-an-edge"
    low_wall = table(obstacle(8, 1, 4, 2))  # below the platform's top: the edge is open
    accepted(ask_test(low_wall, rolls=[3]))
