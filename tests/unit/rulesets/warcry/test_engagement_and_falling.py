"""warcry.md: the 1" rule; Falling; Move Actions with Monsters; Impact Damage."""

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
    obstacle,
    platform,
    refused,
    types,
)


def test_a_fighter_within_1_inch_must_end_at_least_as_close_to_the_nearest_enemy() -> None:
    s = battle(fighter("f1", [5, 5]), fighter("e1", [6.5, 5], side="blue"))
    assert refused(move(s, "f1", ("normal", [3, 5, 0]))) == "warcry/engaged"
    accepted(move(s, "f1", ("normal", [5, 3.5, 0]), ("normal", [6.5, 3.5, 0])))


def test_with_enemies_equally_near_the_fighter_stays_as_close_to_each() -> None:
    s = battle(
        fighter("f1", [5, 5]),
        fighter("e1", [6.5, 5], side="blue"),
        fighter("e2", [3.5, 5], side="blue"),
    )
    assert refused(move(s, "f1", ("normal", [5, 6, 0]))) == "warcry/engaged"
    lopsided = battle(
        fighter("f1", [5, 5]),
        fighter("e1", [6.5, 5], side="blue"),
        fighter("e2", [3.3, 5], side="blue"),
    )
    accepted(move(lopsided, "f1", ("normal", [5.4, 5, 0])))


def test_a_fighter_not_within_1_inch_moves_freely() -> None:
    s = battle(fighter("f1", [5, 5]), fighter("e1", [7.1, 5], side="blue"))
    accepted(move(s, "f1", ("normal", [2, 5, 0])))


FALL_TERRAIN = [obstacle(6, 4, 2, 3)]


def test_a_fighter_ending_with_its_centre_unsupported_has_fallen_and_the_opponent_picks() -> None:
    s = battle(
        fighter("f1", [6.5, 3, 4]),
        fighter("e1", [20, 20], side="blue"),
        terrain=[platform(4, 1, 3, 4), *FALL_TERRAIN],
    )
    d = move(s, "f1", ("jump", [6.9, 5, 4]))
    assert types(d)[-1] == "OpportunityAttackTriggered"
    window = after(s, d)
    assert window.pending[0].kind == "fall_landing" and window.pending[0].reactor == "e1"
    assert refused(move(window, "f1", ("normal", [6.9, 6, 3]))) == "reaction/pending"
    far = {"type": "resolve_reaction", "reaction": "r-1", "decision": "take", "at": [6.9, 8, 0]}
    assert refused(decide(far, window)) == "warcry/illegal-landing"
    pick = {
        "type": "resolve_reaction",
        "reaction": "r-1",
        "decision": "take",
        "at": [8.6, 5.5, 0],
        "rolls": [5],
    }
    landed = after(window, decide(pick, window))
    assert at(landed, "f1") == (8.6, 5.5, 0) and landed.creatures["f1"].hp == 7
    assert not landed.pending


def test_declining_the_landing_window_takes_the_automatic_choice() -> None:
    s = battle(
        fighter("f1", [6.5, 3, 4]),
        fighter("e1", [20, 20], side="blue"),
        terrain=[platform(4, 1, 3, 4), *FALL_TERRAIN],
    )
    window = after(s, move(s, "f1", ("jump", [6.9, 5, 4])))
    d = decide(
        {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline", "rolls": [1]}, window
    )
    assert types(d)[:2] == ["ReactionResolved", "FellInches"]
    assert accepted(d).events[1].chosen_by == "auto"


@pytest.mark.parametrize(
    ("rule", "landing_z", "rolls"), [("nearest", 3.0, None), ("lowest", 0.0, [1])]
)
def test_the_automatic_landing_options(
    rule: str, landing_z: float, rolls: list[int] | None
) -> None:
    s = battle(
        fighter("f1", [6.5, 3, 4]),
        fighter("e1", [20, 20], side="blue"),
        terrain=[platform(4, 1, 3, 4), obstacle(6, 4, 2, 3.5), platform(6, 6, 3, 3)],
        fall_landing=rule,
    )
    d = move(s, "f1", ("jump", [6.9, 5, 4]), rolls=rolls)
    fell = next(e for e in accepted(d).events if e.type == "FellInches")
    assert fell.landing[2] == landing_z and fell.chosen_by == "auto"


def test_a_fighter_with_no_legal_landing_off_a_platform_is_taken_down() -> None:
    walls = [obstacle(2, 2, 6, 3)]
    s = battle(fighter("f1", [5, 5, 3], runemarks=[]), terrain=walls, fall_landing="nearest")
    d = move(s, "f1", ("jump", [5.5, 5, 3]))
    assert types(d)[-1] == "TakenDown"
    assert "f1" not in after(s, d).creatures


def test_a_monster_not_wholly_on_a_platform_falls_and_stays_when_nowhere_is_legal() -> None:
    s = battle(
        fighter("m1", [3.9, 5, 3], base=2.0, runemarks=["monster"]),
        terrain=[obstacle(0, 0, 22, 2.9), platform(2, 2, 3, 3)],
        fall_landing="nearest",
        size=(22, 22),
    )
    d = move(s, "m1", ("normal", [4.6, 5, 3]))
    fell = accepted(d).events[-1]
    assert fell.type == "FellInches" and fell.chosen_by == "stays"


def test_a_monster_wholly_on_a_platform_does_not_fall() -> None:
    s = battle(
        fighter("m1", [4, 5, 3], base=2.0, runemarks=["monster"]),
        terrain=[platform(2, 2, 6, 3)],
        fall_landing="nearest",
    )
    assert types(move(s, "m1", ("normal", [5, 5, 3]))) == ["MovedInches"]


def test_a_fighter_still_climbing_when_its_activation_ends_falls() -> None:
    s = battle(
        fighter("f1", [1.5, 5]),
        fighter("e1", [20, 20], side="blue"),
        terrain=[platform(2, 2, 6, 4)],
        turns=True,
        fall_landing="nearest",
    )
    s = after(s, decide({"type": "start_turn", "creature": "f1"}, s))
    s = after(s, move(s, "f1", ("climb", [1.5, 5, 3.5])))
    d = decide({"type": "end_turn", "creature": "f1", "rolls": [6]}, s)
    assert types(d) == ["FellInches", "ImpactRolled", "DamageTaken", "TurnEnded"]
    assert at(after(s, d), "f1")[2] == 0


@pytest.mark.parametrize(("roll", "damage"), [(1, 0), (3, 0), (4, 1), (5, 1), (6, 3)])
def test_impact_damage_rolls_a_dice(roll: int, damage: int) -> None:
    s = battle(fighter("f1", [7, 5, 4]), terrain=[platform(2, 2, 6, 4)])
    d = accepted(move(s, "f1", ("jump", [10, 5, 0]), rolls=[roll]))
    assert d.events[1].damage == damage
    assert after(s, d).creatures["f1"].hp == 8 - damage


def test_with_turns_an_activation_has_two_actions() -> None:
    s = battle(fighter("f1", [5, 5]), turns=True)
    s = after(s, decide({"type": "start_turn", "creature": "f1"}, s))
    s = after(s, move(s, "f1", ("normal", [6, 5, 0])))
    s = after(s, move(s, "f1", ("normal", [7, 5, 0])))
    assert refused(move(s, "f1", ("normal", [8, 5, 0]))) == "warcry/no-actions-left"
