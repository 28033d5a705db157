"""Reach and the cheapest path over a square field's nodes (position and counter).

The searches read the field's one step rule through `moves(node, spent)`: every legal step
from a node with its cost and the next node's counter (`Steps.moves` asks `step` of each
candidate square; a field may keep what it judged, `engine.rulesets.squares.field`).

Dijkstra, since a 1-2-1 square's cost depends on the diagonals before it; a smaller spend is
never worse (every per-step limit compares the spend so far with an allowance), so keeping
the cheapest spend per node is exact. With `overspend` a step may start whenever something
is left and the total is capped at the budget (Reclaim the Wild).

A route to one goal is A*: the field's `least_cost` (0 unless the field knows better) is a
lower bound on what is left to pay, so squares that can't lead to the goal within the budget
are never explored, and the first time the goal comes off the heap its spend is the least.
With `overspend` the bound is capped at the budget too (what a path can cost at most), which
keeps it a lower bound and never decreasing along a path. Of two nodes with the same bound
the one with more spent (nearer the goal) comes first; without a bound (Dijkstra) the two
have the same spend, so the order is as before.

Whether a goal out of reach could be reached at all (farther than the speed, or no way
there) is `connects`: a best-first walk toward the goal that stops at the first path it
finds; the exact search runs only when the walk found nothing and some step it was refused
would have been legal with less spent.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Protocol

from engine.budget import charge
from engine.steps import Illegal, Legal
from events.battle_events import Coord

INFINITE = 1 << 30
UNBOUNDED = 1 << 20
"""A budget no move reaches: what a search without a speed limit is given."""

Node = tuple[Coord, int]
Move = tuple[Node, int]
"""A legal step from a node: the node it reaches and what it costs."""


class Steps:
    """How a search reads a field's step rule: `moves` asks `step` of every candidate."""

    def targets(self, pos: Coord) -> list[Coord]:
        """Candidate next squares from `pos` (judged by `step`)."""
        raise NotImplementedError

    def step(self, node: Node, spent: int, to: Coord) -> Legal | Illegal:
        """The one step rule: what stepping from `node` to `to` costs, `spent` spent so far."""
        raise NotImplementedError

    def next_counter(self, node: Node, to: Coord) -> int:
        """The counter the ruleset carries to the node after a step (0 unless it says)."""
        return 0

    def moves(self, node: Node, spent: int) -> list[Move]:
        """Every legal step from `node` with `spent` spent so far."""
        out: list[Move] = []
        for to in self.targets(node[0]):
            found = self.step(node, spent, to)
            if type(found) is Legal:
                out.append(((to, self.next_counter(node, to)), found.cost))
        return out


class Field(Protocol):
    overspend: bool

    def start(self, pos: Coord) -> Node: ...

    def moves(self, node: Node, spent: int) -> list[Move]: ...

    def least_cost(self, node: Node, goal: Coord) -> int: ...

    def can_stop(self, pos: Coord) -> bool: ...


def _explore(
    f: Field, start: Coord, budget: int, goal: Coord | None
) -> tuple[dict[Node, int], dict[Node, Node], Node | None]:
    first = f.start(start)
    best: dict[Node, int] = {first: 0}
    known = best.get
    parent: dict[Node, Node] = {}
    frontier: list[tuple[int, int, int, int, Node]] = [(0, 0, 0, 0, first)]
    push, pop, moves = heapq.heappush, heapq.heappop, f.moves
    counter = 0
    overspend = f.overspend
    cap = budget if overspend else INFINITE
    bound = _bound(f, goal)
    while frontier:
        _, _, _, g, node = pop(frontier)
        charge()
        if g > best[node]:
            continue
        if node[0] == goal and node != first:
            return best, parent, node
        if g >= budget:
            continue
        for nxt, cost in moves(node, g):
            ng = g + cost
            if ng > budget:
                if not overspend:
                    continue
                ng = budget
            if ng < known(nxt, INFINITE):
                priority = ng
                if bound is not None:
                    priority = ng + bound(nxt)
                    if priority > cap:
                        priority = cap
                    if priority > budget:
                        continue  # can't reach the goal within the budget from here
                best[nxt] = ng
                parent[nxt] = node
                counter += 1
                push(frontier, (priority, -ng, counter, ng, nxt))
    return best, parent, None


def _bound(f: Field, goal: Coord | None) -> Callable[[Node], int] | None:
    """The field's lower bound on what is left to pay to reach `goal` (None: no goal), read
    once per node a search reaches."""
    if goal is None:
        return None
    least_cost = f.least_cost
    bounds: dict[Node, int] = {}

    def bound(node: Node) -> int:
        found = bounds.get(node)
        if found is None:
            found = bounds[node] = least_cost(node, goal)
        return found

    return bound


def reachable(f: Field, start: Coord, budget: int) -> dict[Coord, int]:
    """The cheapest spend of every square a move may end on (the start excluded)."""
    best, _, _ = _explore(f, start, budget, None)
    out: dict[Coord, int] = {}
    for (pos, _), g in best.items():
        if pos != start and g < out.get(pos, INFINITE) and f.can_stop(pos):
            out[pos] = g
    return out


def route(f: Field, start: Coord, goal: Coord, budget: int) -> list[Coord] | None:
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


def _distance(a: Coord, b: Coord) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def connects(f: Field, start: Coord, goal: Coord) -> bool:
    """Does any legal path, whatever it costs, reach `goal` (a square a move may end on)?

    A best-first walk over the nodes (the square nearest the goal first, the cheaper of two),
    each visited once, stops at the first path found: that path is legal, so the answer is
    yes. When the walk runs out, the answer is no unless some step it was refused is legal
    with nothing spent (a step limited by the spend so far, as Epic Path's allowance per
    mode): a cheaper way to that node might allow it, so the exact search decides."""
    if goal == start or not f.can_stop(goal):
        return False
    first = f.start(start)
    seen: set[Node] = {first}
    frontier: list[tuple[int, int, int, Node]] = [(_distance(start, goal), 0, 0, first)]
    counter = 0
    limited = False
    while frontier:
        _, g, _, node = heapq.heappop(frontier)
        charge()
        legal = f.moves(node, g)
        # what is spent only ever forbids steps: fewer moves now than with nothing spent
        limited = limited or (g > 0 and len(legal) < len(f.moves(node, 0)))
        for nxt, cost in legal:
            if nxt in seen:
                continue
            if nxt[0] == goal:
                return True
            seen.add(nxt)
            counter += 1
            heapq.heappush(frontier, (_distance(nxt[0], goal), g + cost, counter, nxt))
    return limited and route(f, start, goal, UNBOUNDED) is not None
