"""Teleport in Epic Path (Types of Movement: Blocked Terrain, Falling; DIGEST 3.3, 3.6).

"Note that teleport can move through blocked terrain as long as line of sight and line of
effect rules are satisfied. Further note that many types of blocked terrain also block line of
sight and/or line of effect. The GM adjudicates any unusual cases": what lies between is
passed, but the line from the space left to the destination (from the teleporter's space, for
another creature) must not cross a wall (option `teleport_line_of_effect`: `blocked` has every
blocked square block it). The destination is on the map, not inside blocked terrain, and a
space the creature may end a move in (`EpicField.stop_refusal`). Distances count 1 for 1, in
feet: an effect's `distance` (a spell, a class feature: its own action, out of scope here), or
the creature's `speeds.teleport` as a movement type used with a move action.

"Casting Teleport ... while falling does not end your momentum, it just changes your location,
meaning that you still take Falling Damage, even if you arrive atop a solid surface": a falling
creature (the `falling` condition, or in the air with no fly speed and out of water) arrives
and takes the damage of the fall it was in, added to any fall from where it arrives.

"The GM adjudicates any unusual cases": the speed, the line of effect and the space it ends in
are refused through `engine.ruling.deny`, so the director's ruling sets them aside (recorded as
`RuleOverruled`); no ruling arrives off the map, in its own space or inside blocked terrain.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.geometry import chebyshev, line_cells
from engine.intents import MAX_DISTANCE
from engine.results import Refusal
from engine.rulesets.epic_path import economy, economy_view
from engine.rulesets.epic_path.movement import EpicField
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SQUARE
from engine.rulesets.squares.hooks import SquareRules
from engine.ruling import deny
from events.battle_events import (
    ConditionSet,
    Coord,
    DamageTaken,
    Fell,
    KnockedProne,
    Tallied,
    Teleported,
)
from projections.state import BattleState, Creature


def teleport(rs: SquareRules, intent: it.Teleport, state: BattleState, action: Action) -> None:
    c = rs.creature(state, intent.creature)
    by = rs.creature(state, intent.source) if intent.source not in (None, c.id) else None
    f = EpicField(state, c, "walk")
    to = destination(f, c, intent.to)
    feet = chebyshev(c.pos, to) * SQUARE
    own = intent.distance is None
    if by is not None and own:
        raise Refusal("intent/distance-required", "teleporting another creature needs a distance")
    if own:
        limit = economy.speed(c, "teleport")
        if not limit:
            deny("epic-path/cannot-teleport", f"{c.id} has no teleport speed")
        rs.require_turn(state, c)
        economy.spend(state, c, "walk", intent.use_main_action, action)
    else:
        limit = intent.distance or 0
        if limit % SQUARE:
            raise Refusal("epic-path/distance-in-feet", f"{limit} is not in feet")
        if not 0 < limit <= MAX_DISTANCE:
            raise Refusal("intent/invalid-distance", f"distance {limit} is out of range")
    if feet > limit:
        deny("epic-path/exceeds-speed", f"{feet} ft is farther than {limit} ft")
    blocked = EpicPathOptions.of(state).teleport_line_of_effect == "blocked"
    ends = [(by.pos, c.pos), (by.pos, to)] if by is not None else [(c.pos, to)]
    for a, b in ends:
        if not line_of_effect(state, a, b, blocked):
            deny(
                "epic-path/no-line-of-effect",
                f"blocked terrain between {list(a)[:2]} and {list(b)[:2]} blocks line of effect",
            )
    falling_from = height_above_ground(f, c.pos) if falling(f, c) else 0
    if own and state.turns:
        action.emit(Tallied(creature=c.id, name="moved"))
    now = action.state.creatures[c.id]
    action.emit(
        Teleported(
            creature=c.id,
            origin=c.pos,
            to=to,
            distance=feet,
            action="move" if own else "free",
            movement_left=economy_view.move_left(action.state, now),
        )
    )
    action.note("teleport", to, feet, (f"teleport {feet} ft, passing what lies between",))
    arrived = action.state.creatures[c.id]
    drop = 0 if "fly" in c.speeds or f.in_water(to) else height_above_ground(f, to)
    if falling_from or drop:
        land(rs, action, arrived, to, falling_from, drop)


def destination(f: EpicField, c: Creature, point: list[int]) -> Coord:
    """Where a teleport arrives: on the map, not its own space, not inside blocked terrain,
    a space a move may end in."""
    x, y = point[0], point[1]
    if not f.inside(x, y):
        raise Refusal("map/off-map", f"{list(point)} is off the map")
    to = (x, y, point[2] if len(point) == 3 else f.stand_z(x, y))
    if to == c.pos:
        raise Refusal("epic-path/teleport-same-space", "a teleport leaves its space")
    if to[2] < f.stand_z(x, y):
        raise Refusal("epic-path/teleport-blocked", f"blocked terrain fills {list(to)}")
    refused = f.stop_refusal(to)
    if refused is not None:
        deny("epic-path/teleport-occupied", refused.detail)
    return to


def line_of_effect(state: BattleState, a: Coord, b: Coord, blocked: bool) -> bool:
    """No wall (with `blocked`, no blocked square at all) above the line's height stands
    strictly between `a` and `b`."""
    grid = state.grid
    top = max(a[2], b[2])
    for x, y in line_cells((a[0], a[1]), (b[0], b[1]))[1:-1]:
        i = grid.index(x, y)
        if grid.surface[i] > top and (grid.wall[i] or (blocked and grid.solid[i])):
            return False
    return True


def falling(f: EpicField, c: Creature) -> bool:
    """Falling: the `falling` condition, or in the air with no fly speed, out of water."""
    if c.has("falling"):
        return True
    return "fly" not in c.speeds and not f.in_water(c.pos) and height_above_ground(f, c.pos) > 0


def height_above_ground(f: EpicField, pos: Coord) -> int:
    return max(0, pos[2] - f.stand_z(pos[0], pos[1]))


def land(rs: SquareRules, action: Action, c: Creature, at: Coord, carried: int, drop: int) -> None:
    """The fall goes on from where it arrived (`drop` squares to the ground below), its
    momentum (`carried` squares already falling) kept: damage for both, prone if hurt."""
    landing = (at[0], at[1], at[2] - drop)
    total = carried + drop
    action.emit(
        Fell(creature=c.id, origin=at, landing=landing, height=drop, effective_height=total)
    )
    damage, prone = rs.fall_damage(action, c, total, landing, False)
    why = f"fell {drop} squares with {carried} squares' momentum kept: {damage} damage"
    action.note("fall", landing, reasons=(why,))
    if damage > 0:
        action.emit(DamageTaken(creature=c.id, amount=damage, cause="falling"))
    if prone and not c.has("prone"):
        action.emit(KnockedProne(creature=c.id))
    if c.has("falling"):
        action.emit(ConditionSet(creature=c.id, condition="falling", on=False))
