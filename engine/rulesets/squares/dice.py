"""Dice a rule rolls, recorded in a `DiceRolled` event (the table may supply them)."""

from __future__ import annotations

from engine.action import Action
from events.battle_events import DiceRolled


def roll(
    action: Action, creature: str, purpose: str, count: int, sides: int, modifier: int = 0
) -> list[int]:
    """Roll `count`d`sides`, record them with their purpose, and return the faces."""
    if count <= 0:
        return []
    faces = action.roller.roll(count, sides)
    expr = f"{count}d{sides}" + (f"{modifier:+d}" if modifier else "")
    action.emit(
        DiceRolled(
            creature=creature,
            purpose=purpose,
            dice=expr,
            rolls=faces,
            seeded=action.roller.seeded,
            modifier=modifier,
            total=sum(faces) + modifier,
        )
    )
    action.note("dice", reasons=(f"{purpose}: {expr} {faces} = {sum(faces) + modifier}",))
    return faces
