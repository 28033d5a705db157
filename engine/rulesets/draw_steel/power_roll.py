"""The power roll (Draw Steel, "Power Rolls"; DIGEST 2.10): 2d10 + a characteristic, read in
tiers, recorded in a `PowerRolled` event (the seeded dice or the table's)."""

from __future__ import annotations

from engine.action import Action
from events.battle_events import Coord, PowerRolled
from projections.state import Creature


def power_tier(natural: int, total: int) -> int:
    """Tier 1 at 11 or less, tier 2 at 12-16, tier 3 at 17+; a natural 19 or 20 is tier 3."""
    if natural >= 19 or total >= 17:
        return 3
    return 2 if total >= 12 else 1


def power_roll(
    action: Action,
    c: Creature,
    test: str,
    characteristic: int,
    at: Coord,
    note: str,
    cost: int = 0,
) -> int:
    """Roll 2d10 + `characteristic` for `c`'s `test`, record it, and answer the tier."""
    dice = action.roller.roll(2, 10)
    total = sum(dice) + characteristic
    tier = power_tier(sum(dice), total)
    action.emit(
        PowerRolled(
            creature=c.id,
            test=test,
            rolls=dice,
            seeded=action.roller.seeded,
            characteristic=characteristic,
            total=total,
            tier=tier,
        )
    )
    action.note(note, at, cost, (f"2d10 {dice} + {characteristic} = {total}: tier {tier}",))
    return tier
