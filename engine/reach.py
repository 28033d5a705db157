"""The reach generator: every square a creature can end this move on, with its cost.

Dijkstra over the same movement field the path judge uses, bounded by the move's budget; a
property test holds that every square listed is judged legal at that cost by `decide`.
"""

from __future__ import annotations

import heapq

from engine.budget import charge
from engine.pathfinding import Field
from events.battle_events import Coord


def reachable(field: Field, start: Coord, budget: int) -> dict[Coord, int]:
    """Cheapest cost of every square within budget (the start excluded) where a move may end."""
    best: dict[Coord, int] = {start: 0}
    frontier: list[tuple[int, Coord]] = [(0, start)]
    while frontier:
        g, pos = heapq.heappop(frontier)
        charge()
        if g > best[pos]:
            continue
        for nxt, cost in (*field.neighbors(pos), *field.jumps(pos)):
            ng = g + cost
            if ng <= budget and ng < best.get(nxt, 1 << 30):
                best[nxt] = ng
                heapq.heappush(frontier, (ng, nxt))
    del best[start]
    return {pos: cost for pos, cost in best.items() if field.can_stop(pos)}


def reach(
    state: object, creature: str, kind: str = "move", mode: str = "walk", ctx: object = None
) -> dict[Coord, int]:
    """Every square `creature` can end this move, shift or teleport on, with its cost.

    `kind` is `move`, `shift` or `teleport` (draw-steel), `mode` the movement mode. Raises
    `Refusal` for an unknown creature, ruleset or kind; the start square is left out.
    """
    from engine.context import Context
    from engine.results import Refusal
    from projections.state import BattleState

    assert isinstance(state, BattleState)
    context = ctx if isinstance(ctx, Context) else Context()
    rs = context.rulesets.get(state.ruleset)
    if rs is None:
        raise Refusal("battle/unknown-ruleset", f"unknown ruleset {state.ruleset!r}")
    c = rs.creature(state, creature)
    return rs.reach(state, c, kind, mode)
