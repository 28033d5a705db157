"""What a player may not read in the log: the battle's dice seed.

The dice a rule rolls are a pure function of the seed and the dice counter (engine/dice.py),
so a player who knew the seed would know every coming roll. The seed stays in the log (the
hash chain and replays need it) and the director sees everything; a player reads the
`BattleCreated` event with `seed` set to null.
"""

from __future__ import annotations

from typing import Any

SECRET_FIELDS = {"BattleCreated": ("seed",)}


def readable(event_type: str, data: dict[str, Any], *, director: bool) -> dict[str, Any]:
    """An event's data as this reader may see it."""
    hidden = SECRET_FIELDS.get(event_type)
    if director or not hidden:
        return data
    return {**data, **dict.fromkeys(hidden)}
