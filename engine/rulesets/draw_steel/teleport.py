"""Teleport (Draw Steel, Teleport; DIGEST 2.3).

Needs line of effect to the destination (a creature teleporting another: from it to the space
left and to the destination), which no creature or object may occupy and which is not the
start; what lies between is bypassed. The effect's `distance` may exceed speed; with none, a
creature that teleports as usual movement uses Advance, up to its unmodified teleport speed.
Teleporting never provokes, ends grabbed and restrained, and a prone teleporter may arrive
standing (`stand`, default true; the teleporter's choice for another creature).
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, chebyshev, line_cells, overlaps
from engine.intents import MAX_DISTANCE, Teleport
from engine.lookups import creature, require_turn
from engine.results import Refusal
from engine.rulesets.draw_steel import economy, falling
from engine.ruling import deny
from engine.sizes import LADDER
from engine.words import counted
from events.battle_events import ConditionSet, Coord, StoodUp, Teleported
from projections.state import BattleState, Creature


def destination(state: BattleState, c: Creature, point: list[int]) -> Coord:
    """The space a teleport lands in: on the map, not the start, free of objects and creatures."""
    grid = state.grid
    side = LADDER.side(c.size)
    x, y = point[0], point[1]
    if x < 0 or y < 0 or x + side > grid.width or y + side > grid.height:
        raise Refusal("map/off-map", f"{list(point)} is off the map")
    stand = falling.stand_z(state, c, x, y)
    z = point[2] if len(point) == 3 else stand
    to = (x, y, z)
    if to == c.pos:
        raise Refusal("draw-steel/teleport-same-space", "a teleport must leave its space")
    cells = [grid.index(x + i, y + j) for j in range(side) for i in range(side)]
    if any(z < grid.surface[k] for k in cells):
        raise Refusal("draw-steel/teleport-occupied", "an object fills the destination")
    mine = box(to, side)
    for other in state.creatures.values():
        if other.id != c.id and overlaps(mine, box(other.pos, LADDER.side(other.size))):
            raise Refusal("draw-steel/teleport-occupied", f"{other.id} occupies the destination")
    return to


def reachable(state: BattleState, c: Creature) -> dict[Coord, int]:
    """Every ground space the creature's own teleport speed reaches, judged like `teleport`."""
    limit = c.speeds.get("teleport", 0)
    found: dict[Coord, int] = {}
    x0, y0, _ = c.pos
    for y in range(y0 - limit, y0 + limit + 1):
        for x in range(x0 - limit, x0 + limit + 1):
            try:
                to = destination(state, c, [x, y])
            except Refusal:
                continue
            distance = chebyshev(c.pos, to)
            if distance <= limit and line_of_effect(state, c.pos, to):
                found[to] = distance
    return found


def teleport(intent: Teleport, state: BattleState, action: Action) -> None:
    c = creature(state, intent.creature)
    to = destination(state, c, intent.to)
    distance = chebyshev(c.pos, to)
    by = creature(state, intent.source) if intent.source not in (None, c.id) else None
    if by is not None and intent.distance is None:
        raise Refusal("intent/distance-required", "teleporting another creature needs a distance")
    if intent.distance is not None:
        if not 0 < intent.distance <= MAX_DISTANCE:
            raise Refusal("intent/invalid-distance", f"distance {intent.distance} is out of range")
        limit, action_name = intent.distance, "free"
        starts, left = False, c.movement_left
    else:
        limit = c.speeds.get("teleport", 0)
        if not limit:
            deny("draw-steel/cannot-teleport", f"{c.id} has no teleport speed")
        action_name, starts, left = "advance", False, c.movement_left
        if state.turns:
            require_turn(state, c)
            economy.use_move_action(state, c, intent.use_main_action, action)
            starts, left = True, 0
    if distance > limit:
        deny("draw-steel/exceeds-speed", f"{distance} squares is farther than {limit}")
    if by is None and not line_of_effect(state, c.pos, to):
        deny("draw-steel/no-line-of-effect", "a wall blocks line of effect")
    if by is not None and not (
        line_of_effect(state, by.pos, c.pos) and line_of_effect(state, by.pos, to)
    ):
        deny(
            "draw-steel/no-line-of-effect",
            f"{by.id} needs line of effect to the space left and to the destination",
            about=(by.id,),
        )
    action.emit(
        Teleported(
            creature=c.id,
            origin=c.pos,
            to=to,
            distance=distance,
            action=action_name,
            movement_left=left,
            starts_action=starts,
        )
    )
    action.note(
        "teleport",
        to,
        distance,
        (f"teleport {counted(distance, 'square')}, bypassing what lies between",),
    )
    for condition in ("grabbed", "restrained", "climbing"):
        if c.has(condition):
            action.emit(ConditionSet(creature=c.id, condition=condition, on=False))
    if c.has("prone") and intent.stand:
        action.emit(StoodUp(creature=c.id, action="free"))


def line_of_effect(state: BattleState, a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    """No wall or object taller than the line's height stands strictly between a and b."""
    grid = state.grid
    top = max(a[2], b[2])
    for x, y in line_cells((a[0], a[1]), (b[0], b[1]))[1:-1]:
        if grid.surface[grid.index(x, y)] > top:
            return False
    return True
