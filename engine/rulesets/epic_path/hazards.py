"""Hazardous terrain (Types of Movement: Hazardous Terrain; DIGEST 3.3): the way around it and
what entering it does.

A creature "can freely move into spaces of hazardous terrain; they just don't want to": a `to`
(and the reach) goes around damaging squares when a route within the budget does, an explicit
`path` goes where it says; entering a damaging square, walking or forced, deals its damage.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.rulesets.epic_path.movement import EpicField
from engine.rulesets.squares import search
from engine.rulesets.squares.field import SquareField
from engine.rulesets.squares.hooks import SquareRules
from engine.steps import must
from events.battle_events import Coord, DamageTaken
from projections.state import BattleState, Creature

PathFor = Callable[[SquareField, Creature, it.Move | it.Shift, int], list[Coord]]
"""The shared square path search (`SquaresRuleset.path_for`)."""


def reach_around(
    rs: SquareRules, state: BattleState, c: Creature, kind: str, mode: str, plain: dict[Coord, int]
) -> dict[Coord, int]:
    """Where `to` goes and at what cost: around hazardous squares where that stays
    within the budget, else the cheapest way (`plain`, as `path_around`)."""
    if not any(state.grid.damage):
        return plain  # pits and drops end a path anyway: only damaging squares differ
    f = rs.field(state, c, mode, shifting=kind == "shift")
    f.avoid = True
    around = search.reachable(f, c.pos, rs.reach_budget(state, c, kind, mode))
    return {**plain, **around}


def path_around(
    f: SquareField, c: Creature, intent: it.Move | it.Shift, budget: int, path_for: PathFor
) -> list[Coord]:
    """Hazardous Terrain: a creature "can freely move into spaces of hazardous terrain;
    they just don't want to". A `to` goes around hazardous squares when a route within
    the budget does (it may still end on one); an explicit `path` goes where it says."""
    if intent.path or not isinstance(f, EpicField):
        return path_for(f, c, intent, budget)
    if any(f.grid.damage):
        f.avoid = True
        try:
            return path_for(f, c, intent, budget)
        except Refusal:
            pass
        finally:
            f.avoid = False
    try:
        return path_for(f, c, intent, budget)
    except Refusal as refusal:
        goal = f.resolve(intent.to) if intent.to is not None else None
        if refusal.rule == "path/unreachable" and goal and f.inside(goal[0], goal[1]):
            must(f.forbids(goal))  # the square itself forbids it: say which rule
        raise


def hurt(action: Action, cid: str, squares: list[Coord]) -> None:
    """Hazardous Terrain: entering a damaging square deals its damage (a pit's fall is
    the walk's or forced movement's own)."""
    c = action.state.creatures.get(cid)
    if c is None:
        return
    f = EpicField(action.state, c, "walk")
    for sq in squares:
        if not f.on_ground(sq):
            continue
        damage = max(f.grid.damage[i] for i in f.cells(sq[0], sq[1]))
        if damage:
            action.emit(DamageTaken(creature=cid, amount=damage, cause="hazardous terrain"))
            action.note("hazard", sq, reasons=(f"hazardous terrain: {damage} damage",))
