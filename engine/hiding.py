"""A creature's entry may hide it (DESIGN section 7): `"hidden": true` hides it from every
player, `"visible_to": ["side", ...]` from all but the players of those sides. The keys are
read off the entry before the ruleset sees it (the rules judge a hidden creature as if seen)
and become a `CreatureHidden` event of the same action."""

from __future__ import annotations

from typing import Any

from engine.results import Refusal
from events.visibility_events import CreatureHidden

KEYS = ("hidden", "visible_to")
MAX_SIDES = 50


def split(raw: Any) -> tuple[Any, CreatureHidden | None]:
    """The entry without its hiding keys, and the event hiding it (None: seen by all)."""
    if not isinstance(raw, dict) or not any(k in raw for k in KEYS):
        return raw, None
    hidden, sides = raw.get("hidden", False), raw.get("visible_to")
    if not isinstance(hidden, bool):
        raise Refusal("battle/invalid-creature", "creature hidden: true or false")
    if sides is not None and (
        not isinstance(sides, list)
        or len(sides) > MAX_SIDES
        or not all(isinstance(s, str) and 0 < len(s) <= 64 for s in sides)
    ):
        raise Refusal("battle/invalid-creature", "creature visible_to: a list of side names")
    entry = {k: v for k, v in raw.items() if k not in KEYS}
    if not hidden and sides is None:
        return entry, None
    return entry, CreatureHidden(creature=str(raw.get("id")), visible_to=list(sides or []))
