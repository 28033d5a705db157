"""`reach(state, creature, kind, mode, ctx)`: every space a creature can end this move on,
with its cost (the ruler a client draws); `reach_region` for a gridless ruleset's region.

The battle's ruleset answers (`Ruleset.reach`): on a grid, Dijkstra over the same movement
field the path judge uses, bounded by the move's budget; a property test holds that every
square listed is judged legal at that cost by `decide`.
"""

from __future__ import annotations

from engine.context import Context
from engine.map_memo import settle
from engine.region import Region
from engine.results import Refusal
from events.battle_events import Coord
from projections.state import BattleState


def reach(
    state: BattleState,
    creature: str,
    kind: str = "move",
    mode: str = "walk",
    ctx: Context | None = None,
) -> dict[Coord, int]:
    """Every square `creature` can end this move, shift or teleport on, with its cost.

    `kind` is `move`, `shift` or `teleport` (draw-steel), `mode` the movement mode. Raises
    `Refusal` for an unknown creature, ruleset or kind; the start square is left out.
    """
    context = ctx or Context()
    rs = context.rulesets.get(state.ruleset)
    if rs is None:
        raise Refusal("battle/unknown-ruleset", f"unknown ruleset {state.ruleset!r}")
    c = rs.creature(state, creature)
    try:
        return rs.reach(state, c, kind, mode)
    finally:
        settle()  # what the search filled is weighed against the memos' budget


def reach_region(
    state: BattleState, creature: str, kind: str = "move", ctx: Context | None = None
) -> Region | None:
    """A gridless ruleset's reach region (float points, inches counted and the legs to each;
    its squares are `Region.lattice`), or None on a grid, where `reach` is the whole answer."""
    context = ctx or Context()
    rs = context.rulesets.get(state.ruleset)
    if rs is None:
        raise Refusal("battle/unknown-ruleset", f"unknown ruleset {state.ruleset!r}")
    c = rs.creature(state, creature)
    try:
        return rs.reach_region(state, c, kind)
    finally:
        settle()  # what the search filled is weighed against the memos' budget
