"""Jumping (Draw Steel, Jump): as part of any movement, a straight long jump of up to Might
or Agility squares (minimum 1), 1 square high, never out of difficult or damaging terrain; a
Might or Agility test jumps 1 (tier 2) or 2 (tier 3) squares longer and higher. Squares jumped
count against movement (option `jump_costs_movement`). The path search plans jumps too, but
only where walking the same line would cost more or be impossible.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.action import Action
from engine.geometry import sign
from engine.results import Refusal
from engine.rulesets.draw_steel.power_roll import power_tier
from events.battle_events import Coord, JumpTested
from projections.state import Creature

if TYPE_CHECKING:
    from engine.rulesets.base import GridRuleset
    from engine.rulesets.draw_steel.movement import MovementField


def jump_test(rs: GridRuleset, action: Action, c: Creature) -> int:
    """Draw Steel, Jump: Might or Agility test; tier 2 jumps 1 square longer and higher,
    tier 3 two. The roll is recorded in `JumpTested`."""
    dice = action.roller.roll(2, 10)
    characteristic = max(c.stat("might"), c.stat("agility"))
    natural = sum(dice)
    total = natural + characteristic
    tier = power_tier(natural, total)
    bonus = tier - 1
    action.emit(
        JumpTested(
            creature=c.id,
            rolls=dice,
            seeded=action.roller.seeded,
            characteristic=characteristic,
            total=total,
            tier=tier,
            bonus=bonus,
        )
    )
    action.note(
        "jump-test",
        c.pos,
        reasons=(f"2d10 {dice} + {characteristic} = {total}: tier {tier}, jump +{bonus}",),
    )
    return bonus


def jump_length(stats: dict[str, int]) -> int:
    """Draw Steel, Jump: up to Might or Agility squares (the better), minimum 1."""
    return max(1, stats.get("might", 0), stats.get("agility", 0))


def judge_jump(f: MovementField, frm: Coord, to: Coord, bonus: int = 0) -> tuple[int, list[str]]:
    """Draw Steel, Jump: a straight long jump of up to Might/Agility squares, 1 square high,
    never out of difficult or damaging terrain; squares jumped count against movement."""
    c = f.creature
    if c.has("prone"):
        raise Refusal("draw-steel/prone-cannot-jump", "a prone creature can't jump")
    grid = f.grid
    fi = grid.index(frm[0], frm[1])
    if frm[2] == f.stand_z(frm[0], frm[1]) and (grid.difficult[fi] or grid.damage[fi]):
        raise Refusal(
            "draw-steel/cannot-jump-from-difficult-terrain",
            "can't jump out of difficult or damaging terrain",
        )
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    length = max(abs(dx), abs(dy))
    if length == 0 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        raise Refusal("draw-steel/jump-not-straight", "a jump goes in a straight line")
    if length > jump_length(c.stats) + bonus:
        raise Refusal(
            "draw-steel/jump-too-long",
            f"a {length}-square jump is longer than {jump_length(c.stats) + bonus}",
        )
    if not f.inside(to[0], to[1]):
        raise Refusal("map/off-map", f"{list(to)} is off the map")
    land = f.stand_z(to[0], to[1])
    if to[2] != land:
        raise Refusal("draw-steel/not-on-ground", f"{list(to)} is not on the ground")
    if to[2] - frm[2] > 1 + bonus:
        raise Refusal("draw-steel/jump-too-high", f"this jump is {1 + bonus} square(s) high")
    if to[2] - frm[2] < -1:
        raise Refusal("draw-steel/ledge", "a ledge of 2 squares or more")
    top = max(frm[2], to[2]) + 1 + bonus
    sx, sy = sign(dx), sign(dy)
    for k in range(1, length):
        i = grid.index(frm[0] + k * sx, frm[1] + k * sy)
        if grid.surface[i] > top:
            raise Refusal("draw-steel/jump-blocked", "something too tall is in the way")
    prev = frm
    for k in range(1, length + 1):
        nxt = (frm[0] + k * sx, frm[1] + k * sy, frm[2])
        if sx and sy and f.cuts_corner(prev, nxt):
            raise Refusal("draw-steel/cannot-cut-corners", "the jump cuts the corner of a wall")
        prev = nxt
    if f.jump_costs_movement:
        cost, reasons = length, [f"jump of {length} square(s)"]
    else:
        cost, reasons = 1, [f"jump of {length} square(s) costs 1 (option)"]
    late, extras, why = f.landing(to)
    if late is not None:
        raise Refusal(late[0], late[1])
    if extras:
        cost += sum(extras) if f.stack else max(extras)
        reasons.extend(why)
    return cost, reasons
