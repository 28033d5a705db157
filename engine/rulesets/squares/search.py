"""Reach and the cheapest path over a square field's nodes (position and counter).

Dijkstra, since a 1-2-1 square's cost depends on the diagonals before it; a smaller spend is
never worse (every per-step limit compares the spend so far with an allowance), so keeping
the cheapest spend per node is exact. With `overspend` a step may start whenever something
is left and the total is capped at the budget (Reclaim the Wild).
"""

from __future__ import annotations

import heapq

from engine.rulesets.squares.field import Node, SquareField
from events.battle_events import Coord

INFINITE = 1 << 30


def _explore(
    f: SquareField, start: Coord, budget: int, goal: Coord | None
) -> tuple[dict[Node, int], dict[Node, Node], Node | None]:
    first = f.start(start)
    best: dict[Node, int] = {first: 0}
    parent: dict[Node, Node] = {}
    frontier: list[tuple[int, int, Node]] = [(0, 0, first)]
    counter = 0
    while frontier:
        g, _, node = heapq.heappop(frontier)
        if g > best[node]:
            continue
        if goal is not None and node[0] == goal and node != first:
            return best, parent, node
        if g >= budget:
            continue
        for to in f.targets(node[0]):
            cost = f.cost_of(node, g, to, None)
            if cost is None:
                continue
            ng = g + cost
            if ng > budget:
                if not f.overspend:
                    continue
                ng = budget
            nxt = (to, f.next_counter(node, to))
            if ng < best.get(nxt, INFINITE):
                best[nxt] = ng
                parent[nxt] = node
                counter += 1
                heapq.heappush(frontier, (ng, counter, nxt))
    return best, parent, None


def reachable(f: SquareField, start: Coord, budget: int) -> dict[Coord, int]:
    """The cheapest spend of every square a move may end on (the start excluded)."""
    best, _, _ = _explore(f, start, budget, None)
    out: dict[Coord, int] = {}
    for (pos, _), g in best.items():
        if pos != start and g < out.get(pos, INFINITE) and f.can_stop(pos):
            out[pos] = g
    return out


def route(f: SquareField, start: Coord, goal: Coord, budget: int) -> list[Coord] | None:
    """The cheapest path (start excluded) to `goal` within the budget, or None."""
    if goal == start or not f.can_stop(goal):
        return None
    _, parent, end = _explore(f, start, budget, goal)
    if end is None:
        return None
    path = []
    node = end
    while node in parent:
        path.append(node[0])
        node = parent[node]
    path.reverse()
    return path
