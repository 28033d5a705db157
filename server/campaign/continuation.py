"""A battle that continues another's creatures (a campaign following a character).

The new battle's setup names each continued creature with its place only; everything else
about it is what the old battle left at the version asked (its head by default): what it is
(name, side, size, speeds, stats, stability) and what lasts (stamina, lasting conditions).
What belongs to the old battle's moment is not carried: its position, its turn's economy,
conditions tied to another creature there (grabbed, frightened, climbing, riding a shield)
and conditions that end with the turn.
"""

from __future__ import annotations

from typing import Any

from projections.state import BattleState, Creature
from server.errors import BadRequest

TIED = frozenset({"grabbed", "frightened", "climbing", "shield_surfing"})
"""Conditions that only mean something beside a creature of the old battle."""
PLACE = frozenset({"id", "at"})


def lasting_spec(c: Creature) -> dict[str, Any]:
    """The creature's setup entry as the old battle left it (without `at`)."""
    p = c.profile
    spec: dict[str, Any] = {
        "id": p.id,
        "name": p.name,
        "side": p.side,
        "size": p.size,
        "speeds": dict(p.speeds),
        "stats": dict(p.stats),
        "stability": p.stability,
        "hp": c.hp,
        "conditions": sorted(c.conditions - TIED - c.eot),
    }
    if p.disengage is not None:
        spec["disengage"] = p.disengage
    return spec


def continued_body(
    body: dict[str, Any], old: BattleState, old_id: str, names: list[str]
) -> dict[str, Any]:
    """`body` with each named creature's entry completed from `old`; bad input is named."""
    if old.board is not None:
        raise BadRequest("continue: a gridless battle's fighters cannot be continued yet")
    if body.get("ruleset") != old.ruleset:
        raise BadRequest(f"continue: battle {old_id!r} is {old.ruleset}, not {body.get('ruleset')}")
    missing = [n for n in names if n not in old.creatures]
    if missing:
        raise BadRequest(f"continue: battle {old_id!r} has no creature {', '.join(missing)}")
    entries = {c.get("id"): c for c in body.get("creatures") or []}
    creatures = []
    for entry in body.get("creatures") or []:
        if entry.get("id") not in names:
            creatures.append(entry)
            continue
        extra = sorted(set(entry) - PLACE)
        if extra:
            raise BadRequest(
                f"continue: {entry['id']} comes from battle {old_id!r}; give only its id and"
                f" `at`, not {', '.join(extra)}"
            )
        creatures.append({**lasting_spec(old.creatures[entry["id"]]), "at": entry["at"]})
    unplaced = [n for n in names if n not in entries]
    if unplaced:
        raise BadRequest(
            f"continue: {', '.join(unplaced)} need an entry in `creatures` saying where they"
            " stand (`at`)"
        )
    return {**body, "creatures": creatures}
