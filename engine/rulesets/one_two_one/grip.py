"""Losing one's grip while climbing (Reclaim the Wild, Movement: Climbing).

"To stay in place, you must keep at least one hand gripped to the surface you're scaling. If
you lose your grip while climbing, you may begin to fall - or, depending on the situation, the
GM may allow you to catch yourself (likely with an Athletics or Agility check)." The `lose_grip`
intent says a climbing creature (the `climbing` condition, or one in the air beside a face it
clings to) lost its grip: it falls to the ground beneath (falling damage as any fall: 1 a
square beyond its vertical jump, less an Athletics roll) and is no longer climbing; with
`caught` (the GM's ruling on the check, whose DC is outside this page) it stays where it is.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.walking import fall
from engine.ruling import deny
from events.battle_events import ConditionSet
from projections.state import BattleState, Creature


def clinging(state: BattleState, c: Creature) -> bool:
    """Climbing: the `climbing` condition, or above the ground beside a face rising past it."""
    if c.has("climbing"):
        return True
    g = state.grid
    x, y, z = c.pos
    if z <= g.surface[g.index(x, y)]:
        return False
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            nx, ny = x + dx, y + dy
            if (dx or dy) and g.inside(nx, ny) and g.surface[g.index(nx, ny)] > z:
                return True
    return False


def lose_grip(rs: SquareRules, intent: it.LoseGrip, state: BattleState, action: Action) -> None:
    c = rs.creature(state, intent.creature)
    if not clinging(state, c):
        deny("one-two-one/not-climbing", f"{c.id} is not climbing: it has no grip to lose")
    if intent.caught:
        action.note("caught", c.pos, reasons=(f"{c.id} lost its grip and caught itself (GM)",))
        return
    ground = state.grid.surface[state.grid.index(c.pos[0], c.pos[1])]
    if c.has("climbing"):
        action.emit(ConditionSet(creature=c.id, condition="climbing", on=False))
    if c.pos[2] > ground:
        fall(rs, action, c.id, c.pos, (c.pos[0], c.pos[1], ground), False)
    else:
        action.note("lost-grip", c.pos, reasons=(f"{c.id} lets go at the foot of the face",))
