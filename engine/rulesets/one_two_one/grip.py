"""Climbing a face square by square, holding on part way up, and losing one's grip
(Reclaim the Wild, Movement: Climbing).

"It takes one Movement to enter a square", and while climbing unnaturally "each square you
enter costs an additional Movement"; "If entering a new square would consume more Movement
than you have left, you can still enter that new square". A face several squares high is
entered square by square (`face_path` spells out the squares a path's step up or down a face
passes), so a climber short of Movement stops part way up it and holds on: a climb that ends
in the air beside a face leaves the creature `climbing` (`hold_on`), and one that ends on the
ground lifts it.

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
from engine.results import Refusal
from engine.rulesets.squares.field import SquareField
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.walking import fall
from engine.ruling import deny
from events.battle_events import ConditionSet, Coord
from projections.state import BattleState, Creature


def face_path(start: Coord, path: list[Coord]) -> tuple[list[Coord], list[int]]:
    """A climb's path with the squares of each face spelled out: a step up a face more than
    one square high passes each square of it above the square it leaves, a step down one each
    square beside the face above the square it reaches. With, for each square, the index of
    the step of `path` it belongs to (so a refusal names the step the intent named)."""
    out: list[Coord] = []
    origin: list[int] = []
    prev = start
    for i, to in enumerate(path):
        rise = to[2] - prev[2]
        if rise > 1:
            out += [(prev[0], prev[1], z) for z in range(prev[2] + 1, to[2])]
        elif rise < -1:
            out += [(to[0], to[1], z) for z in range(prev[2] - 1, to[2], -1)]
        origin += [i] * (abs(rise) - 1 if abs(rise) > 1 else 0)
        out.append(to)
        origin.append(i)
        prev = to
    return out, origin


def named_step(refusal: Refusal, origin: list[int]) -> Refusal:
    """The refusal of a spelled-out climb, naming the step of the intent's own path."""
    step = refusal.step
    if step is None or not 0 <= step < len(origin):
        return refusal
    return Refusal(refusal.rule, refusal.detail, origin[step])


def hold_on(action: Action, f: SquareField, cid: str, mode: str) -> None:
    """Climbing: "To stay in place, you must keep at least one hand gripped to the surface
    you're scaling": a climb that ends in the air beside a face holds on there (`climbing`);
    a move that ends on the ground is not climbing any more."""
    c = action.state.creatures[cid]
    holding = mode == "climb" and not f.on_ground(c.pos)
    if holding != c.has("climbing"):
        action.emit(ConditionSet(creature=cid, condition="climbing", on=holding))
        if holding:
            action.note("holds-on", c.pos, reasons=(f"{cid} holds on to the face",))


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
