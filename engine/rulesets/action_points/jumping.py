"""Jumping (zaldar.com, Move; DIGEST 6.2): d20 + DEX (+ modifiers) against 10.

A jump clears one adjacent space for 2 Move Points, landing 2 spaces away; on a failure the
jumper stays in place. A long jump needs a runner with 4 Move Points: it clears 2 spaces
(landing 3 away) for 4, and on a failure clears only 1 and lands 2 away. What a failed jump
spends is an option (DIGEST GUESS: all of it).
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.rulesets.action_points.movement import ApField
from engine.rulesets.action_points.options import ActionPointsOptions
from engine.rulesets.squares.dice import roll
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.walking import fall
from engine.steps import must
from events.battle_events import Coord, Moved, Tallied
from projections.state import Creature


def _landing(f: ApField, c: Creature, intent: it.Move) -> tuple[Coord, int, int]:
    points = intent.path or ([intent.to] if intent.to else [])
    if len(points) != 1:
        raise Refusal("action-points/jump-landing", "a jump names its landing space (`to`)")
    to = f.resolve(points[0])
    dx, dy = to[0] - c.pos[0], to[1] - c.pos[1]
    n = max(abs(dx), abs(dy))
    if (
        n == 0
        or (dx and dy and abs(dx) != abs(dy))
        or (dx and abs(dx) != n)
        or (dy and abs(dy) != n)
    ):
        raise Refusal("action-points/jump-not-straight", "a jump goes in a straight line")
    return to, (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


def _check_square(f: ApField, c: Creature, at: Coord, landing: bool) -> None:
    if not f.inside(at[0], at[1]):
        raise Refusal("map/off-map", f"{list(at)} is off the map")
    if f.any_cell(at, f.grid.wall) or at[2] > c.pos[2]:
        raise Refusal("action-points/cannot-jump-over", f"{list(at)[:2]} is too high to clear")
    if landing:
        must(f.stop_refusal(at))


def jump(rs: SquareRules, action: Action, c: Creature, intent: it.Move, budget: int) -> None:
    state = action.state
    f = rs.field(state, c, "walk")
    long = intent.action == "long_jump"
    if c.has("prone"):
        raise Refusal("action-points/tripped-must-crawl", "a tripped creature can't jump")
    if long and c.tally("ran") == 0 and state.turns:
        raise Refusal("action-points/long-jump-needs-run", "a long jump needs a running start")
    need = 4 if long else 2
    if budget < need:
        raise Refusal("action-points/exceeds-move-points", f"this jump needs {need} Move Points")
    to, sx, sy = _landing(f, c, intent)
    span = 3 if long else 2
    if to[:2] != (c.pos[0] + span * sx, c.pos[1] + span * sy):
        raise Refusal(
            "action-points/jump-distance",
            f"a {'long jump' if long else 'jump'} lands {span} spaces away",
        )
    over = [f.resolve([c.pos[0] + k * sx, c.pos[1] + k * sy]) for k in range(1, span)]
    for sq in over:
        _check_square(f, c, sq, landing=False)
    short = over[-1] if long else c.pos
    _check_square(f, c, to, landing=True)
    if long:
        _check_square(f, c, short, landing=True)
    dex = c.stat("dex")
    face = roll(action, c.id, "long jump" if long else "jump", 1, 20, dex)[0]
    options = ActionPointsOptions.of(state)
    target = options.jump_target
    success = face + dex >= target
    spends = need
    failure_spends = options.failed_long_jump_spends if long else options.failed_jump_spends
    if not success and not failure_spends:
        spends = 2 if long else 0
    landing = to if success else short
    action.note(
        "jump",
        landing,
        spends,
        (f"d20 {face} + DEX {dex} vs {target}: " + ("clears" if success else "falls short"),),
    )
    if state.turns and spends:
        # spent before the jump is logged, so the state at its `Moved` shows what is left
        action.emit(Tallied(creature=c.id, name="mp", amount=spends))
    if landing != c.pos:
        air = (landing[0], landing[1], c.pos[2])
        action.emit(
            Moved(
                creature=c.id,
                path=[air],
                cost=spends,
                mode="walk",
                action=intent.action,
                movement_left=max(0, budget - spends),
            )
        )
        if landing[2] < c.pos[2]:
            fall(rs, action, c.id, air, landing, deliberate=True)
