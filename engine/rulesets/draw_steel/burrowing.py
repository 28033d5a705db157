"""Burrowing (Draw Steel, Burrow; Dig Maneuver).

A burrower moves through dirt horizontally; going up or down through the ground takes the Dig
maneuver: a creature with "burrow" whose burrow speed is at least its size, touching ground it
can burrow through, moves vertically up to its size in squares. A creature grabbing someone
can't willingly dig deeper. Stone, walls and objects can't be burrowed through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.action import Action
from engine.results import Refusal
from events.battle_events import ActionConverted, Coord, Moved
from projections.state import BattleState, Creature

if TYPE_CHECKING:
    from engine.rulesets.base import GridRuleset
    from engine.rulesets.draw_steel.movement import MovementField


def dig(
    rs: GridRuleset,
    state: BattleState,
    c: Creature,
    f: MovementField,
    path: list[Coord],
    use_main: bool,
    action: Action,
) -> None:
    size = rs.size_value(c.size)
    if c.speeds.get("burrow", 0) < size:
        raise Refusal("draw-steel/cannot-dig", "Dig needs a burrow speed of at least your size")
    if not path:
        raise Refusal("path/empty", "the dig has no squares")
    if len(path) > size:
        raise Refusal("draw-steel/exceeds-speed", f"Dig moves at most {size} square(s)")
    f.digging = True
    prev = c.pos
    for i, to in enumerate(path):
        if (to[0], to[1]) != (prev[0], prev[1]) or abs(to[2] - prev[2]) != 1:
            raise Refusal("draw-steel/dig-is-vertical", "Dig moves straight up or down", i)
        try:
            f.step(prev, to, [])
        except Refusal as refusal:
            refusal.step = i
            raise
        prev = to
    deeper = path[-1][2] < c.pos[2]
    holding = [g.id for g in state.creatures.values() if g.grabbed_by == c.id and g.hp > 0]
    if deeper and holding:
        raise Refusal(
            "draw-steel/cannot-dig-deeper-grabbing", f"can't dig deeper while grabbing {holding[0]}"
        )
    f.can_stop(path[-1], [])
    if state.turns:
        rs.require_turn(state, c)
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
