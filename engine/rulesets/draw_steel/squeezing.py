"""Forced into another creature's space (Draw Steel, Movement: "At the Director's discretion,
you can be forced into the same space as another creature whose size is within 1 of yours,
such as by falling down a narrow shaft with such a creature already at the bottom. When you
are squeezed into the same space as another creature whose size is within 1 of yours, your
ability rolls and tests take a bane.").

A forced movement the director sends with `into_space` ends in the space of the one creature
in its way whose size is within 1 of the target's (`forced_movement`), instead of colliding.
The target is then `squeezed`, the condition that tells the table its ability rolls and tests
take a bane (rolls are the table's); the battle-long tally `battle:squeezed_in` remembers that
squeezing set it, so it is lifted once the target no longer shares a space with such a
creature, and a `squeezed` the director set otherwise stays.
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, overlaps
from engine.sizes import LADDER
from events.battle_events import ConditionSet, Tallied
from projections.state import BattleState, Creature

TALLY = "battle:squeezed_in"


def squeeze_in(action: Action, cid: str, other: str) -> None:
    """`cid` was forced into `other`'s space: it is squeezed (a bane)."""
    c = action.state.creatures[cid]
    if not c.has("squeezed"):
        action.emit(ConditionSet(creature=cid, condition="squeezed", on=True, source=other))
        action.emit(Tallied(creature=cid, name=TALLY))
    why = f"{cid} squeezed into {other}'s space: a bane"
    action.note("squeezed", c.pos, reasons=(why,), about=(other,))


def sharing(state: BattleState, c: Creature) -> bool:
    """Does `c` share its space with a creature whose size is within 1 of its own?"""
    mine = box(c.pos, LADDER.side(c.size))
    rank = LADDER.rank(c.size)
    return any(
        o.id != c.id
        and abs(LADDER.rank(o.size) - rank) <= 1
        and overlaps(mine, box(o.pos, LADDER.side(o.size)))
        for o in state.creatures.values()
    )


def settle(action: Action) -> None:
    """Lift the squeeze that forcing set from a creature that no longer shares a space (run
    after every intent: only a squeezed creature is looked at further)."""
    squeezed = [c for c in action.state.creatures.values() if "squeezed" in c.conditions]
    for c in sorted(squeezed, key=lambda c: c.id):
        marked = c.tally(TALLY)
        if marked and not sharing(action.state, c):
            action.emit(ConditionSet(creature=c.id, condition="squeezed", on=False))
            action.emit(Tallied(creature=c.id, name=TALLY, amount=-marked))
