"""Burrowing (Draw Steel, Burrow; Dig Maneuver; Non-Burrowing Creatures; Claw Dirt).

A burrower moves through dirt horizontally; going up or down through the ground takes the Dig
maneuver: a creature with "burrow" whose burrow speed is at least its size, touching ground it
can burrow through, moves vertically up to its size in squares. A creature grabbing someone
can't willingly dig deeper. Stone, walls and objects can't be burrowed through.
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, box_gap
from engine.lookups import require_turn
from engine.results import Refusal
from engine.rulesets.draw_steel import economy
from engine.rulesets.draw_steel.movement import MovementField
from engine.rulesets.draw_steel.power_roll import power_roll
from engine.sizes import LADDER
from engine.steps import must, passed
from engine.words import counted
from events.battle_events import (
    ActionConverted,
    ActionUsed,
    ConditionSet,
    Coord,
    Moved,
)
from projections.state import BattleState, Creature


def dig(
    state: BattleState,
    c: Creature,
    f: MovementField,
    path: list[Coord],
    use_main: bool,
    action: Action,
) -> None:
    size = LADDER.value(c.size)
    if c.speeds.get("burrow", 0) < size:
        raise Refusal("draw-steel/cannot-dig", "Dig needs a burrow speed of at least your size")
    if not path:
        raise Refusal("path/empty", "the dig has no squares")
    if len(path) > size:
        raise Refusal("draw-steel/exceeds-speed", f"Dig moves at most {counted(size, 'square')}")
    f.digging = True
    prev = c.pos
    for i, to in enumerate(path):
        if (to[0], to[1]) != (prev[0], prev[1]) or abs(to[2] - prev[2]) != 1:
            raise Refusal("draw-steel/dig-is-vertical", "Dig moves straight up or down", i)
        passed(f.step(prev, to), i, prev, to, f.inside(to[0], to[1]))
        prev = to
    deeper = path[-1][2] < c.pos[2]
    holding = [g.id for g in state.creatures.values() if g.grabbed_by == c.id and g.hp > 0]
    if deeper and holding:
        raise Refusal(
            "draw-steel/cannot-dig-deeper-grabbing", f"can't dig deeper while grabbing {holding[0]}"
        )
    must(f.stop_refusal(path[-1]))
    if state.turns:
        require_turn(state, c)
        if c.has("dazed") and c.actions_used >= 1:
            raise Refusal("draw-steel/dazed-one-action", f"{c.id} is dazed: one action per turn")
        if c.maneuvers <= 0:
            if not (use_main and c.main_actions > 0):
                raise Refusal("turn/no-maneuver", f"{c.id} has no maneuver left this turn")
            action.emit(ActionConverted(creature=c.id, into="maneuver"))
    action.emit(
        Moved(
            creature=c.id,
            path=path,
            cost=len(path),
            mode="burrow",
            action="dig",
            movement_left=c.movement_left,
            maneuver=state.turns,
        )
    )
    action.note("dig", path[-1], len(path), ("Dig maneuver: vertical through the ground",))


def _spend_maneuver(state: BattleState, c: Creature, use_main: bool, action: Action) -> None:
    require_turn(state, c)
    if c.has("dazed") and c.actions_used >= 1:
        raise Refusal("draw-steel/dazed-one-action", f"{c.id} is dazed: one action per turn")
    if c.maneuvers <= 0:
        if not (use_main and c.main_actions > 0):
            raise Refusal("turn/no-maneuver", f"{c.id} has no maneuver left this turn")
        action.emit(ActionConverted(creature=c.id, into="maneuver"))
    action.emit(ActionUsed(creature=c.id, action="maneuver"))


def _through_ground(f: MovementField, frm: Coord, to: Coord) -> None:
    grid = f.grid
    if not any(p[2] < grid.ground[grid.index(p[0], p[1])] for p in (frm, to)):
        raise Refusal(
            "draw-steel/not-through-ground",
            "this moves 1 square into, out of or through the ground",
        )


def claw_dirt(
    state: BattleState,
    c: Creature,
    f: MovementField,
    path: list[Coord],
    use_main: bool,
    action: Action,
) -> None:
    """Claw Dirt (maneuver, power roll + Might): a creature that can't burrow, speed 2 or
    more, moves 1 square into, out of or through the ground. 11 or less: and is slowed and
    weakened (EoT); 12-16: only by spending its main action too, and is slowed (EoT)."""
    if c.speeds.get("burrow"):
        raise Refusal("draw-steel/can-burrow", f"{c.id} burrows: use `advance` or `dig`")
    if economy.speed(c, "walk") < 2:
        raise Refusal("draw-steel/speed-too-low", "Claw Dirt needs a speed of 2 or more")
    if len(path) != 1:
        raise Refusal("draw-steel/one-square", "Claw Dirt moves exactly 1 square")
    to = path[0]
    f.digging = True
    passed(f.step(c.pos, to), 0, c.pos, to, f.inside(to[0], to[1]))
    _through_ground(f, c.pos, to)
    must(f.stop_refusal(to))
    if state.turns:
        _spend_maneuver(state, c, use_main, action)
    tier = power_roll(action, c, "claw_dirt", c.stat("might"), to, "claw-dirt", cost=1)
    moves = tier != 2 or not state.turns or action.state.creatures[c.id].main_actions > 0
    if tier == 2 and state.turns and moves:
        action.emit(ActionUsed(creature=c.id, action="main"))
    if moves:
        action.emit(
            Moved(
                creature=c.id,
                path=[to],
                cost=1,
                mode="burrow",
                action="claw_dirt",
                movement_left=c.movement_left,
            )
        )
    for condition in ("slowed", "weakened")[: 3 - tier]:
        action.emit(ConditionSet(creature=c.id, condition=condition, on=True, until="end_of_turn"))


def pull_up(
    state: BattleState,
    c: Creature,
    by: Creature,
    use_main: bool,
    action: Action,
) -> None:
    """Non-Burrowing Creatures: a creature on the ground adjacent to a willing burrower
    beneath the ground uses a maneuver to pull it up 1 square."""
    grid = state.grid
    side = LADDER.side(c.size)
    x, y, z = c.pos
    if z + side - 1 >= grid.ground[grid.index(x, y)]:
        raise Refusal("draw-steel/not-burrowed", f"{c.id} is not beneath the ground")
    bx, by_, bz = by.pos
    if bz != grid.surface[grid.index(bx, by_)]:
        raise Refusal("draw-steel/not-on-ground", f"{by.id} is not on the ground")
    if box_gap(box(c.pos, side), box(by.pos, LADDER.side(by.size))) > 1:
        raise Refusal("draw-steel/not-adjacent", f"{by.id} is not adjacent to {c.id}")
    to = (x, y, z + 1)
    if state.turns:
        _spend_maneuver(state, by, use_main, action)
    action.emit(
        Moved(
            creature=c.id,
            path=[to],
            cost=0,
            mode="burrow",
            action="pull_up",
            movement_left=c.movement_left,
        )
    )
    action.note("pull-up", to, reasons=(f"{by.id} pulls {c.id} up 1 square",), about=(by.id, c.id))


def beneath(state: BattleState, c: Creature) -> bool:
    """Burrowing Forced Movement: is `c` "completely beneath the ground while burrowing"
    (its whole space below the ground of every square it covers)?"""
    grid, side = state.grid, LADDER.side(c.size)
    x, y, z = c.pos
    cells = [grid.index(x + i, y + j) for j in range(side) for i in range(side)]
    return z + side - 1 < min(grid.ground[k] for k in cells)


def blocks_in_dirt(state: BattleState, c: Creature, to: Coord) -> int | None:
    """The square whose stone, wall or object the space at `to` would overlap, or None.

    Burrowing Forced Movement: "If the forced movement is vertical, the creature is moved
    through the dirt as if it were air": the earth below the ground doesn't stop a burrowed
    creature moved vertically; what stands on the ground (walls, objects) still does."""
    grid, side = state.grid, LADDER.side(c.size)
    x, y, z = to
    for j in range(side):
        for i in range(side):
            k = grid.index(x + i, y + j)
            if z < grid.surface[k] and z + side > grid.ground[k]:
                return k
    return None
