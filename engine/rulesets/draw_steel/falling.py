"""Falling (Draw Steel, Falling; DIGEST 2.7).

A creature that falls 2 or more squares takes 2 damage per square (at most 50) and lands
prone. Its Agility reduces the effective height, and landing in liquid 1 square deep or more
reduces it by 4 (minimum 0); the 2-square threshold is tested on the effective height unless
the `fall_threshold` option says `raw`. Landing on a creature deals it the same damage; the
faller lands prone in the nearest unoccupied space, and knocks the creature prone if the
faller's size is greater than its Might. A flier knocked prone or at speed 0 falls unless it
hovers; so does a climber knocked prone. A whole fall resolves at once (falling far, 100
squares a round, option `falling_far`: a creature falling more than 100 squares drops 100 now and
100 more whenever a new round begins, until it lands).
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, overlaps
from engine.map_memo import kept
from engine.results import Refusal
from engine.rulesets.draw_steel.economy import speed
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.ruling import deny
from engine.sizes import LADDER
from engine.words import counted
from events.battle_events import ConditionSet, Coord, DamageTaken, Fell, KnockedProne
from projections.state import BattleState, Creature

MAX_FALL_DAMAGE = 50
FAR = 100
WATER_REDUCTION = 4


def stand_z(state: BattleState, c: Creature, x: int, y: int) -> int:
    grid, side = state.grid, LADDER.side(c.size)
    return max(
        grid.surface[grid.index(x + i, y + j)]
        for j in range(side)
        for i in range(side)
        if grid.inside(x + i, y + j)
    )


def _clinging(state: BattleState, c: Creature) -> bool:
    grid, side = state.grid, LADDER.side(c.size)
    x, y, z = c.pos
    for j in range(-1, side + 1):
        for i in range(-1, side + 1):
            if grid.inside(x + i, y + j):
                k = grid.index(x + i, y + j)
                if grid.climbable[k] or (
                    not (0 <= i < side and 0 <= j < side) and grid.surface[k] > z
                ):
                    return True
    return False


def must_fall(state: BattleState, c: Creature) -> bool:
    """Is this creature in the air with nothing holding it up?"""
    x, y, z = c.pos
    grid = state.grid
    if grid.inside(x, y) and z <= grid.surface[grid.index(x, y)]:
        return False
    if c.has("falling"):
        return False
    if c.has("climbing") and c.climbing_on in state.creatures and not c.has("prone"):
        return False
    if z <= stand_z(state, c, x, y):
        return False
    if c.speeds.get("hover"):
        return False
    if c.speeds.get("fly") and not c.has("prone") and speed(c, "fly") > 0:
        return False
    return c.has("prone") or not _clinging(state, c)


def _fall_far(action: Action, c: Creature) -> None:
    """Draw Steel, Falling Far: 100 squares in the first round, 100 more each later round."""
    x, y, z = c.pos
    action.emit(
        Fell(creature=c.id, origin=c.pos, landing=(x, y, z - FAR), height=FAR, effective_height=0)
    )
    if not c.has("falling"):
        action.emit(ConditionSet(creature=c.id, condition="falling", on=True))
    action.note("fall", (x, y, z - FAR), reasons=("falling far: 100 squares this round",))


def new_round(action: Action) -> None:
    """At each round's turn, every creature still falling far drops another 100 squares."""
    still = [c for c in action.state.creatures.values() if "falling" in c.conditions]
    for c in sorted(still, key=lambda c: c.id):
        action.follow_up()
        ground = stand_z(action.state, c, c.pos[0], c.pos[1])
        if c.pos[2] - ground > FAR:
            _fall_far(action, c)
            continue
        action.emit(ConditionSet(creature=c.id, condition="falling", on=False))
        # it has fallen at least 100 squares already: the damage is the cap either way
        fall(action, c.id, agility_counts=True, extra_height=FAR)


def settle(action: Action) -> None:
    """Drain falls: every unsupported creature falls, each fall counted as a follow-up."""
    while True:
        state = action.state
        falling_now = fallers(state)
        faller = min(falling_now, key=lambda c: c.id) if falling_now else None
        if faller is None:
            return
        action.follow_up()
        if faller.has("climbing"):
            # knocked prone while climbing a creature: fall into a space beside it
            fall_off(action, faller, hurt=True)
            continue
        fall(action, faller.id, agility_counts=True)


class _Fallers:
    """Who must fall in the last roster asked about on one map: a state's creatures mapping
    is never changed in place, and holding it keeps its identity from being reused."""

    def __init__(self) -> None:
        self.last: tuple[object, frozenset[str]] = (None, frozenset())


def fallers(state: BattleState) -> list[Creature]:
    """Every creature of `state` that must fall (`must_fall`), without asking each of them:
    `must_fall` reads only the creature, the map and whether the creature it climbs is in
    the battle. So on the same map, with the same creatures' ids as the last roster asked
    about, a creature that is the same object as there must fall exactly when it had to there:
    only the creatures that changed and those that had to fall are asked again (an action
    moves a few of a battle's creatures; a scan of every one is the battle's size)."""
    creatures = state.creatures
    memo = kept(state.grid, "draw-steel/fallers", _Fallers)
    roster, fell = memo.last
    if isinstance(roster, dict) and roster.keys() == creatures.keys():
        asked = [c for cid, c in creatures.items() if roster[cid] is not c or cid in fell]
    else:
        asked = list(creatures.values())
    found = [c for c in asked if must_fall(state, c)]
    memo.last = (creatures, frozenset(c.id for c in found))
    return found


def _landing_occupant(state: BattleState, c: Creature, at: Coord) -> Creature | None:
    mine = box(at, LADDER.side(c.size))
    for other in state.creatures.values():
        if other.id != c.id and overlaps(mine, box(other.pos, LADDER.side(other.size))):
            return other
    return None


def chosen_landing(state: BattleState, c: Creature, host: Creature, point: list[int]) -> Coord:
    """The space a creature falling or sliding off `host` chose: on the map, beside the
    host's space (Climbing Other Creatures: "an unoccupied adjacent space of your choice"),
    unoccupied, standing height."""
    grid, side = state.grid, LADDER.side(c.size)
    x, y = point[0], point[1]
    if x < 0 or y < 0 or x + side > grid.width or y + side > grid.height:
        raise Refusal("map/off-map", f"{list(point)} is off the map")
    at = (x, y, stand_z(state, c, x, y))
    hx, hy, hside = host.pos[0], host.pos[1], LADDER.side(host.size)
    gap_x = max(0, hx - (x + side - 1), x - (hx + hside - 1))
    gap_y = max(0, hy - (y + side - 1), y - (hy + hside - 1))
    if max(gap_x, gap_y) != 1:
        deny(
            "draw-steel/landing-not-adjacent",
            f"{list(point)[:2]} is not beside {host.id}",
            about=(host.id,),
        )
    other = _landing_occupant(state, c, at)
    if other is not None:
        deny(
            "draw-steel/landing-occupied",
            f"{other.id} occupies {list(point)[:2]}",
            about=(other.id,),
        )
    return at


def nearest_free(state: BattleState, c: Creature, x: int, y: int) -> Coord:
    """The nearest unoccupied standing space, ring by ring (row-major within a ring)."""
    grid, side = state.grid, LADDER.side(c.size)
    for radius in range(1, max(grid.width, grid.height) + 1):
        for ny in range(y - radius, y + radius + 1):
            for nx in range(x - radius, x + radius + 1):
                if max(abs(nx - x), abs(ny - y)) != radius:
                    continue
                if nx < 0 or ny < 0 or nx + side > grid.width or ny + side > grid.height:
                    continue
                at = (nx, ny, stand_z(state, c, nx, ny))
                if _landing_occupant(state, c, at) is None:
                    return at
    return (x, y, stand_z(state, c, x, y))


def fall(action: Action, cid: str, *, agility_counts: bool, extra_height: int = 0) -> None:
    """Drop a creature to the ground below it, with damage, prone and landing on others."""
    state = action.state
    c = state.creatures[cid]
    x, y, z = c.pos
    ground = stand_z(state, c, x, y)
    if z - ground > FAR and state.turns and DrawSteelOptions.of(state).falling_far:
        _fall_far(action, c)
        return
    height = max(0, z - ground) + extra_height
    grid, side = state.grid, LADDER.side(c.size)
    water = any(
        grid.water[grid.index(x + i, y + j)] >= 1
        for j in range(side)
        for i in range(side)
        if grid.inside(x + i, y + j)
    )
    agility = max(0, c.stat("agility")) if agility_counts else 0
    effective = max(0, height - agility - (WATER_REDUCTION if water else 0))
    tested = effective if DrawSteelOptions.of(state).fall_threshold == "effective" else height
    hurts = tested >= 2
    damage = min(2 * effective, MAX_FALL_DAMAGE) if hurts else 0
    landing: Coord = (x, y, ground)
    below = _landing_occupant(state, c, landing)
    if below is not None:
        landing = nearest_free(state, c, x, y)
    action.emit(
        Fell(creature=cid, origin=c.pos, landing=landing, height=height, effective_height=effective)
    )
    reasons = [f"fell {counted(height, 'square')}, effective {effective}"]
    if agility:
        reasons.append(f"Agility {agility} reduces the height")
    if water:
        reasons.append("landing in liquid reduces the height by 4")
    action.note("fall", landing, reasons=tuple(reasons))
    if damage:
        action.emit(DamageTaken(creature=cid, amount=damage, cause="falling"))
    if below is not None:
        if damage:
            action.emit(DamageTaken(creature=below.id, amount=damage, cause="fallen on"))
        if LADDER.value(c.size) > below.stat("might") and not below.has("prone"):
            action.emit(KnockedProne(creature=below.id))
        action.note(
            "landed-on", below.pos, reasons=(f"{cid} landed on {below.id}",), about=(below.id,)
        )
    if (hurts or below is not None) and not action.state.creatures[cid].has("prone"):
        action.emit(KnockedProne(creature=cid))


def fall_off(action: Action, c: Creature, *, hurt: bool, choice: list[int] | None = None) -> None:
    """Leave the creature climbed into a free space beside it: "an unoccupied adjacent space
    of your choice" (`choice`; without one, the nearest free space), with falling damage and
    prone (`hurt`), or sliding down."""
    host = action.state.creatures.get(c.climbing_on or "")
    state = action.state
    anchor = host.pos if host is not None else c.pos
    if choice is not None and host is not None:
        landing = chosen_landing(state, c, host, choice)
    else:
        landing = nearest_free(state, state.creatures[c.id], anchor[0], anchor[1])
    action.emit(ConditionSet(creature=c.id, condition="climbing", on=False))
    if not hurt:
        action.emit(
            Fell(
                creature=c.id,
                origin=c.pos,
                landing=landing,
                height=max(0, c.pos[2] - landing[2]),
                effective_height=0,
            )
        )
        action.note("slide-down", landing, reasons=(f"{c.id} slides down",))
        return
    above = (landing[0], landing[1], c.pos[2])
    action.emit(Fell(creature=c.id, origin=c.pos, landing=above, height=0, effective_height=0))
    fall(action, c.id, agility_counts=True)
