"""Jumping (Draw Steel, Jump): as part of any movement, a straight long jump of up to Might
or Agility squares (minimum 1), 1 square high, never out of difficult or damaging terrain; a
Might or Agility test jumps 1 (tier 2) or 2 (tier 3) squares longer and higher. Squares jumped
count against movement (option `jump_costs_movement`). The path search plans jumps too, but
only where walking the same line would cost more or be impossible.
"""

from __future__ import annotations

from engine.action import Action
from engine.rulesets.draw_steel.power_roll import power_tier
from events.battle_events import JumpTested
from projections.state import Creature


def jump_test(action: Action, c: Creature) -> int:
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
