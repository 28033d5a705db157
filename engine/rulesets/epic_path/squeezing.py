"""Squeezing (Types of Movement: Squeezing; DIGEST 3.3): who is squeezed after a move.

A creature ending in a narrow square built for one size smaller, or sharing a space with
living creatures within one category of it that take more of a square than it holds
(`packing`), is `squeezed`; one that no longer is, isn't. What
squeezing through costs and forbids is the field's (`EpicField.squeeze_need`, `forbids`).
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, box_gap, overlaps
from engine.rulesets.epic_path import packing
from engine.rulesets.epic_path.movement import EpicField
from engine.rulesets.epic_path.sizes import SIZES
from events.battle_events import ConditionSet, Coord
from projections.state import BattleState, Creature


def settle(action: Action, cid: str, near: Coord | None) -> None:
    """Squeezing: a creature in a narrow square built for one size smaller, or sharing a
    space with another living creature that fills its own (Small and up, less than two
    sizes apart), is squeezed; one that no longer is, isn't. Settled for the mover, the
    creatures in its space, and squeezed creatures beside where it came from."""
    state = action.state
    mover = state.creatures.get(cid)
    if mover is None:
        return
    mine = box(mover.pos, SIZES.side(mover.size))
    ids = {cid}
    for o in state.creatures.values():
        theirs = box(o.pos, SIZES.side(o.size))
        if overlaps(mine, theirs) or (
            near is not None
            and o.has("squeezed")
            and box_gap(theirs, box(near, SIZES.side(mover.size))) <= 1
        ):
            ids.add(o.id)
    for i in sorted(ids):
        c = action.state.creatures[i]
        want = squeezed(action.state, c)
        if want != c.has("squeezed"):
            action.emit(ConditionSet(creature=i, condition="squeezed", on=want))


def squeezed(state: BattleState, c: Creature) -> bool:
    """Whether `c`, where it stands, squeezes: living, in a narrow square, or sharing more of
    a square than it holds with creatures within one category of it (`packing`: two Small
    creatures share one without squeezing, two Medium ones squeeze)."""
    f = EpicField(state, c, "walk")
    if c.hp <= 0:
        return False
    if f.on_ground(c.pos) and f.squeeze_need(c.pos) == 1:
        return True
    rank = SIZES.rank(c.size)
    near = [o.rank for o in f.occupants(c.pos) if o.creature.hp > 0]
    return bool(near) and packing.load_around(rank, near) > packing.FULL
