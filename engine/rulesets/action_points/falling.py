"""The action-point game's falling table (zaldar.com, Move; DIGEST 6.4): a space is 6 ft.

0-6 ft: no damage; 7-25 ft: d8; 26-50 ft: d20 + d12; 51-90 ft: instantly unconscious;
more: instant death.
"""

from __future__ import annotations

from engine.action import Action
from engine.rulesets.squares.dice import roll
from events.battle_events import ConditionSet
from projections.state import Creature

FEET_PER_SPACE = 6


def fall_damage(action: Action, c: Creature, squares: int) -> int:
    feet = squares * FEET_PER_SPACE
    if feet <= 6:
        return 0
    if feet <= 25:
        return sum(roll(action, c.id, "falling 7-25 ft", 1, 8))
    if feet <= 50:
        return sum(roll(action, c.id, "falling 26-50 ft", 1, 20)) + sum(
            roll(action, c.id, "falling 26-50 ft", 1, 12)
        )
    if feet <= 90:
        action.emit(ConditionSet(creature=c.id, condition="unconscious", on=True))
        action.note("fall", reasons=(f"a fall of {feet} ft: instantly unconscious",))
        return 0
    action.note("fall", reasons=(f"a fall of {feet} ft: instant death",))
    return max(c.hp, 1)
