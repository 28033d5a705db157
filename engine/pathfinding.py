"""The cheapest legal path to a square: A* over a ruleset's movement field.

The field supplies the neighbours and their costs (corners, occupancy, terrain) and whether a
square may end a move; the heuristic is the ruleset's metric lower bound (every step costs at
least 1, Chebyshev in 3-D), so the first time the goal is popped its path is the cheapest.
"""

from __future__ import annotations

import heapq
from typing import Protocol

from events.battle_events import Coord


class Field(Protocol):
    def neighbors(self, pos: Coord) -> list[tuple[Coord, int]]: ...

    def can_stop(self, pos: Coord, reasons: list[str] | None = None) -> bool: ...


def _h(a: Coord, b: Coord) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def find_path(field: Field, start: Coord, goal: Coord, budget: int | None) -> list[Coord] | None:
    """The cheapest path (start excluded) within `budget` (None: unbounded), or None."""
    if start == goal or not field.can_stop(goal):
        return None
    best: dict[Coord, int] = {start: 0}
    parent: dict[Coord, Coord] = {}
    counter = 0
    frontier: list[tuple[int, int, int, Coord]] = [(_h(start, goal), 0, counter, start)]
    limit = budget if budget is not None else 1 << 30
    while frontier:
        _, neg_g, _, pos = heapq.heappop(frontier)
        g = -neg_g
        if pos == goal:
            path = [pos]
            while path[-1] in parent:
                path.append(parent[path[-1]])
            path.pop()
            path.reverse()
            return path
        if g > best.get(pos, 1 << 30):
            continue
        for nxt, cost in field.neighbors(pos):
            ng = g + cost
            if ng > limit or ng >= best.get(nxt, 1 << 30):
                continue
            best[nxt] = ng
            parent[nxt] = pos
            counter += 1
            # ties broken toward the deeper node (larger g) to cut plateau expansion
            heapq.heappush(frontier, (ng + _h(nxt, goal), -ng, counter, nxt))
    return None
