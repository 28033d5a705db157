"""Route and reach over a ruleset's movement field (Draw Steel's): A* to one square, and
Dijkstra to every square within a budget.

The field supplies the steps and their costs (corners, occupancy, terrain), the jumps worth
taking, and whether a square may end a move; the heuristic is the metric's lower bound (every
step costs at least 1, Chebyshev in 3-D), so the first time the goal is popped its path is
the cheapest. A step and a jump of equal cost to the same square: the step is kept.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import Protocol

from engine.budget import charge
from events.battle_events import Coord

INFINITE = 1 << 30


class Field(Protocol):
    def neighbors(self, pos: Coord) -> Sequence[tuple[Coord, int]]: ...

    def jumps(self, pos: Coord) -> Sequence[tuple[Coord, int]]: ...

    def can_stop(self, pos: Coord) -> bool: ...


def _h(a: Coord, b: Coord) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def find_route(
    field: Field, start: Coord, goal: Coord, budget: int | None
) -> tuple[list[Coord], set[int]] | None:
    """The cheapest path (start excluded) within `budget` (None: unbounded) and the indices
    of its squares reached by a jump, or None."""
    if start == goal or not field.can_stop(goal):
        return None
    gx, gy, gz = goal
    best: dict[Coord, int] = {start: 0}
    known = best.get
    parent: dict[Coord, tuple[Coord, bool]] = {}
    counter = 0
    frontier: list[tuple[int, int, int, Coord]] = [(_h(start, goal), 0, counter, start)]
    push, pop = heapq.heappush, heapq.heappop
    limit = budget if budget is not None else INFINITE
    while frontier:
        _, neg_g, _, pos = pop(frontier)
        charge()
        g = -neg_g
        if pos == goal:
            return _unwind(parent, goal)
        if g > known(pos, INFINITE):
            continue
        for jump, steps in ((False, field.neighbors(pos)), (True, field.jumps(pos))):
            for nxt, cost in steps:
                ng = g + cost
                if ng <= limit and ng < known(nxt, INFINITE):
                    best[nxt] = ng
                    parent[nxt] = (pos, jump)
                    counter += 1
                    x, y, z = nxt
                    h = max(abs(x - gx), abs(y - gy), abs(z - gz))
                    # ties go to the deeper node (larger g), which cuts plateau expansion
                    push(frontier, (ng + h, -ng, counter, nxt))
    return None


def reachable(field: Field, start: Coord, budget: int) -> dict[Coord, int]:
    """Cheapest cost of every square within budget (the start excluded) where a move may end:
    Dijkstra over the same steps the path judge reads."""
    best: dict[Coord, int] = {start: 0}
    frontier: list[tuple[int, Coord]] = [(0, start)]
    while frontier:
        g, pos = heapq.heappop(frontier)
        charge()
        if g > best[pos]:
            continue
        for nxt, cost in (*field.neighbors(pos), *field.jumps(pos)):
            ng = g + cost
            if ng <= budget and ng < best.get(nxt, INFINITE):
                best[nxt] = ng
                heapq.heappush(frontier, (ng, nxt))
    del best[start]
    return {pos: cost for pos, cost in best.items() if field.can_stop(pos)}


def _unwind(parent: dict[Coord, tuple[Coord, bool]], goal: Coord) -> tuple[list[Coord], set[int]]:
    steps: list[tuple[Coord, bool]] = []
    pos = goal
    while pos in parent:
        before, jump = parent[pos]
        steps.append((pos, jump))
        pos = before
    steps.reverse()
    return [p for p, _ in steps], {i for i, (_, jump) in enumerate(steps) if jump}
