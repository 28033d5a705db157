"""Reach and the cheapest path over a square field's nodes (position and counter).

The searches read the field's one step rule through its `graph()`: the nodes numbered as
they are met, and every legal step from a node with its cost (`Steps.moves` asks `step` of
each candidate square; a field may keep its graph for the next decision on the same map,
`engine.rulesets.squares.field`). Numbers, not positions, are what the searches file and
compare, which makes each of their many steps cheap.

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
import threading
from collections.abc import Callable, Sequence
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

    def graph(self) -> Graph:
        """The graph the searches walk (a fresh one unless a field keeps its own)."""
        return Graph(self.moves)


class Graph:
    """The nodes a search meets, numbered, and the legal steps between them by number.

    A graph may be shared by the searches of several threads (`SquareField.graph`): a node
    is numbered under the lock, so one node never gets two numbers."""

    def __init__(
        self,
        moves: Callable[[Node, int], list[Move]] | None = None,
        ids: dict[Node, int] | None = None,
        nodes: list[Node] | None = None,
        lock: threading.Lock | None = None,
    ) -> None:
        self._moves = moves
        self.ids: dict[Node, int] = {} if ids is None else ids
        self.nodes: list[Node] = [] if nodes is None else nodes
        self._lock = threading.Lock() if lock is None else lock

    def number(self, node: Node) -> int:
        found = self.ids.get(node)
        if found is None:
            with self._lock:
                found = self.ids.get(node)
                if found is None:
                    found = self.ids[node] = len(self.nodes)
                    self.nodes.append(node)
        return found

    def moves(self, n: int, spent: int) -> Sequence[tuple[int, int]]:
        """Every legal step from node `n` with `spent` spent so far: the node reached, by
        number, and what it costs."""
        assert self._moves is not None
        number = self.number
        return [(number(nxt), cost) for nxt, cost in self._moves(self.nodes[n], spent)]


class Field(Protocol):
    overspend: bool

    def start(self, pos: Coord) -> Node: ...

    def graph(self) -> Graph: ...

    def least_cost(self, node: Node, goal: Coord) -> int: ...

    def can_stop(self, pos: Coord) -> bool: ...


def _explore(
    f: Field, start: Coord, budget: int, goal: Coord | None
) -> tuple[Graph, dict[int, int], dict[int, int], int | None]:
    graph = f.graph()
    nodes, moves = graph.nodes, graph.moves
    first = graph.number(f.start(start))
    best: dict[int, int] = {first: 0}
    known = best.get
    parent: dict[int, int] = {}
    frontier: list[tuple[int, int, int, int, int]] = [(0, 0, 0, 0, first)]
    push, pop = heapq.heappush, heapq.heappop
    counter = 0
    overspend = f.overspend
    cap = budget if overspend else INFINITE
    least_cost = f.least_cost
    bounds: dict[int, int] = {}  # the field's lower bound on what is left, per node
    while frontier:
        _, _, _, g, n = pop(frontier)
        charge()
        if g > best[n]:
            continue
        if n != first and nodes[n][0] == goal:
            return graph, best, parent, n
        if g >= budget:
            continue
        for nxt, cost in moves(n, g):
            ng = g + cost
            if ng > budget:
                if not overspend:
                    continue
                ng = budget
            if ng < known(nxt, INFINITE):
                priority = ng
                if goal is not None:
                    bound = bounds.get(nxt)
                    if bound is None:
                        bound = bounds[nxt] = least_cost(nodes[nxt], goal)
                    priority = ng + bound
                    if priority > cap:
                        priority = cap
                    if priority > budget:
                        continue  # can't reach the goal within the budget from here
                best[nxt] = ng
                parent[nxt] = n
                counter += 1
                push(frontier, (priority, -ng, counter, ng, nxt))
    return graph, best, parent, None


def reachable(f: Field, start: Coord, budget: int) -> dict[Coord, int]:
    """The cheapest spend of every square a move may end on (the start excluded)."""
    graph, best, _, _ = _explore(f, start, budget, None)
    out: dict[Coord, int] = {}
    for n, g in best.items():
        pos = graph.nodes[n][0]
        if pos != start and g < out.get(pos, INFINITE) and f.can_stop(pos):
            out[pos] = g
    return out


def route(f: Field, start: Coord, goal: Coord, budget: int) -> list[Coord] | None:
    """The cheapest path (start excluded) to `goal` within the budget, or None."""
    if goal == start or not f.can_stop(goal):
        return None
    graph, _, parent, end = _explore(f, start, budget, goal)
    if end is None:
        return None
    path = []
    n = end
    while n in parent:
        path.append(graph.nodes[n][0])
        n = parent[n]
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
    graph = f.graph()
    first = graph.number(f.start(start))
    seen: set[int] = {first}
    frontier: list[tuple[int, int, int, int]] = [(_distance(start, goal), 0, 0, first)]
    counter = 0
    limited = False
    while frontier:
        _, g, _, n = heapq.heappop(frontier)
        charge()
        legal = graph.moves(n, g)
        # what is spent only ever forbids steps: fewer moves now than with nothing spent
        limited = limited or (g > 0 and len(legal) < len(graph.moves(n, 0)))
        for nxt, cost in legal:
            if nxt in seen:
                continue
            to = graph.nodes[nxt][0]
            if to == goal:
                return True
            seen.add(nxt)
            counter += 1
            heapq.heappush(frontier, (_distance(to, goal), g + cost, counter, nxt))
    return limited and route(f, start, goal, UNBOUNDED) is not None
