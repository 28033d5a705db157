"""Reclaim the Wild, Shield Surfing: down a hill on a shield (`stats.shield`, its Durability)."""

from typing import Any

from projections import BattleState
from tests.unit.battle_map import moved, ok, pos, refused, types
from tests.unit.rulesets.one_two_one.test_movement import game, move

HILL = "A...........\n............"
SLOPE = [{"cells": [[x, 0], [x, 1]], "height": 11 - x} for x in range(12)]
"""Each square east is one lower: [0, 0] is 11 up, [11, 0] is at 0."""
SURF = {"type": "shield_surf", "creature": "A"}
STOP = {**SURF, "stop": True}
END = {"type": "end_turn", "creature": "A"}
START = {"type": "start_turn", "creature": "A"}


def hill(shield: int = 3, rows: str = HILL, **kw: Any) -> BattleState:
    creatures = {"A": {"stats": {"shield": shield}, **kw.pop("a", {})}}
    return game(rows, elevation=kw.pop("elevation", SLOPE), creatures=creatures, **kw)


def surfing(state: BattleState) -> BattleState:
    _, after = ok(state, SURF)
    return after


def next_turn(state: BattleState) -> tuple[Any, BattleState]:
    _, state = ok(state, END)
    return ok(state, START)


def test_beginning_takes_the_minor_action_a_shield_and_a_downward_slope() -> None:
    # "If you have a Shield on your hip or in your hand, and you are on a downward slope,
    # you may use a Minor Action to begin Shield Surfing."
    decision, after = ok(hill(), SURF)
    assert types(decision) == ["ActionUsed", "ShieldSurfStarted", "Tallied"]
    assert decision.events[0].action == "maneuver"
    assert "shield_surfing" in after.creatures["A"].conditions
    assert refused(hill(shield=0), SURF).rule == "one-two-one/surf-needs-shield"
    assert refused(hill(elevation=[]), SURF).rule == "one-two-one/surf-needs-slope"
    ok(hill(elevation=[], options={"surf_needs_slope": False}), SURF)
    assert refused(after, SURF).rule == "one-two-one/already-surfing"


def test_movement_costs_are_halved() -> None:
    # "in most cases, your Movement costs will be halved, similar to Sprinting"
    state = surfing(hill())
    decision, after = ok(state, move([6, 0]))
    assert [s.cost for s in decision.trace if s.kind == "step"] == [0, 1, 0, 1, 0, 1]
    # the halving is counted over the turn, so 6 Movement surfs 12 squares, as a Sprint runs
    decision, after = ok(after, move([11, 0]))
    assert moved(decision).cost == 2 and pos(after, "A") == (11, 0, 0)
    ok(after, move([11, 1]))
    full = surfing(hill(options={"surf_cost": "full"}))
    assert refused(full, move([7, 0])).rule == "one-two-one/exceeds-speed"


def test_a_surfer_keeps_its_standard_action() -> None:
    # "unlike Sprinting, you still have your Standard Action while Shield Surfing"
    state = surfing(hill())
    assert state.creatures["A"].main_actions == 1
    _, after = ok(state, move([12 - 1, 0], action="sprint"))
    assert pos(after, "A") == (11, 0, 0)


def test_a_surfer_uses_at_least_half_its_movement() -> None:
    state = surfing(hill())
    assert refused(state, END).rule == "one-two-one/surf-must-move"
    _, short = ok(state, move([4, 0]))
    assert refused(short, END).rule == "one-two-one/surf-must-move"
    _, enough = ok(short, move([6, 0]))
    ok(enough, END)


def test_a_surfer_with_nowhere_to_go_may_end_its_turn() -> None:
    # the slope's only square is an enemy's
    state = surfing(hill(rows="Ab\n##", elevation=[{"cells": [[0, 0]], "height": 1}]))
    ok(state, END)


def test_a_surfer_cannot_end_its_turn_uphill_of_where_it_started() -> None:
    state = surfing(hill())
    _, after = ok(state, move([6, 0]))
    _, turn = next_turn(after)  # starts the turn at [6, 0], 5 up
    _, back = ok(turn, move(path=[[7, 0], [8, 0], [9, 0], [8, 1], [7, 1], [6, 1], [5, 1]]))
    assert refused(back, END).rule == "one-two-one/surf-ends-uphill"
    _, down = ok(turn, move(path=[[7, 0], [8, 0], [9, 0], [8, 1], [7, 1], [6, 1]]))
    ok(down, END)


def test_the_shield_takes_one_durability_at_the_start_of_each_turn() -> None:
    state = surfing(hill())
    _, after = ok(state, move([6, 0]))
    decision, _ = next_turn(after)
    worn = [e for e in decision.events if e.type == "ShieldWorn"]
    assert [(e.amount, e.left, e.terrain) for e in worn] == [(1, 2, "normal")]


def test_harsh_terrain_wears_two_gentle_terrain_one_every_other_turn() -> None:
    # "On particularly harsh terrain, such as jagged rocks, ... 2 Durability damage per
    # turn; on gentler terrain, such as water, snow, or sand, ... 1 every other turn."
    rocks = surfing(hill(rows="A.....^.....\n............"))
    _, rocks = ok(rocks, move([6, 0]))
    decision, _ = next_turn(rocks)
    assert [e.amount for e in decision.events if e.type == "ShieldWorn"] == [2]
    lake = hill(rows="A.....=.....\n......=.....", a={"stats": {"shield": 5, "fortitude": 9}})
    _, lake = ok(surfing(lake), move([6, 0]))
    wear = []
    for _ in range(3):
        decision, lake = next_turn(lake)
        wear.append(sum(e.amount for e in decision.events if e.type == "ShieldWorn"))
        _, lake = ok(lake, move(path=[[6, 1]] if pos(lake, "A")[1] == 0 else [[6, 0]]))
        _, lake = ok(lake, move(path=[[6, 0]] if pos(lake, "A")[1] == 1 else [[6, 1]]))
        _, lake = ok(lake, move(path=[[6, 1]] if pos(lake, "A")[1] == 0 else [[6, 0]]))
    assert wear == [1, 0, 1]


def test_a_shield_always_suffers_at_least_one_durability() -> None:
    state = surfing(hill())
    _, after = ok(state, move([6, 0]))
    _, turn = next_turn(after)
    decision, _ = ok(turn, STOP)
    assert "ShieldWorn" not in types(decision)  # it wore 1 at the turn's start
    # a session that began and ended before any turn start still wears 1
    free = hill(options={"turns": False})
    _, free = ok(free, SURF)
    decision, _ = ok(free, STOP)
    worn = [e for e in decision.events if e.type == "ShieldWorn"]
    assert [(e.amount, e.terrain) for e in worn] == [(1, "minimum")]


def test_ending_it_is_a_minor_action() -> None:
    state = surfing(hill())
    assert refused(state, STOP).rule == "one-two-one/no-minor-action"
    _, after = ok(state, move([6, 0]))
    _, turn = next_turn(after)
    decision, stopped = ok(turn, STOP)
    assert types(decision)[:2] == ["ActionUsed", "ShieldSurfEnded"]
    assert not decision.events[1].forced and "prone" not in stopped.creatures["A"].conditions
    assert refused(stopped, STOP).rule == "one-two-one/not-surfing"


def test_halted_frozen_or_disarmed_end_it_and_knock_the_surfer_prone() -> None:
    # "If your Shield Surfing session is forcibly ended, you are Knocked Prone, and the
    # Shield ... falls to the ground on a random square next to you."
    for condition in ("halted", "frozen", "disarmed"):
        state = surfing(hill())
        body = {"type": "set_condition", "creature": "A", "condition": condition}
        decision, after = ok(state, {**body, "rolls": [2]})
        assert types(decision)[1:3] == ["DiceRolled", "ShieldSurfEnded"]
        assert types(decision)[-1] == "KnockedProne"
        ended = decision.events[2]
        assert ended.forced and ended.reason == condition and ended.shield_at is not None
        assert "prone" in after.creatures["A"].conditions


def test_being_knocked_prone_ends_it() -> None:
    state = surfing(hill())
    decision, after = ok(state, {"type": "fall_prone", "creature": "A"})
    assert types(decision)[0] == "KnockedProne" and "ShieldSurfEnded" in types(decision)
    assert "shield_surfing" not in after.creatures["A"].conditions


def test_a_shield_that_breaks_ends_it() -> None:
    state = surfing(hill(shield=1))
    _, after = ok(state, move([6, 0]))
    decision, turn = next_turn(after)
    ended = [e for e in decision.events if e.type == "ShieldSurfEnded"]
    assert ended and ended[0].reason == "broken" and "prone" in turn.creatures["A"].conditions
    _, up = ok(turn, {"type": "stand_up", "creature": "A"})
    assert refused(up, SURF).rule == "one-two-one/surf-needs-shield"


def test_a_surfer_rides_over_the_ground() -> None:
    state = surfing(hill())
    assert refused(state, move(path=[[1, 0]], mode="climb")).rule == "one-two-one/surfer-walks"
