"""Finding legs for a `to` (and the reach region): a roadmap searched with A*.

The roadmap's nodes are the start, the goals and the points of `roadmap` (where cheapest
routes turn or change kind of leg: corners, the feet and tops of sides, platform edges, and
the anchors of this start and these goals). An edge is any single leg the same leg judges
accept, so every route found is legal leg by leg; the whole move is then judged once more
(the 1" rule, ending flying). The search expands lazily and judges a leg only if a path
through it can still arrive within the Move left (the horizontal distance to the goal is a
lower bound on what is left: A*), so big boards stay cheap. It finds the cheapest legal
sequence through these nodes; a route that needs a point the roadmap lacks (e.g. squeezing
exactly between two bases, or hugging a corner closer than its corner point) can be missed
or found a little dearer; legs can always be given.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field

from engine.budget import charge
from engine.map_memo import per_roster, room
from engine.results import Refusal
from engine.rulesets.warcry.geometry import EPS, dist
from engine.rulesets.warcry.movement import Mover, Step
from engine.rulesets.warcry.moves import JUDGES
from engine.rulesets.warcry.options import WarcryOptions
from engine.rulesets.warcry.roadmap import anchors, waypoints
from engine.ruling import strict
from engine.steps import Illegal
from events.gridless_events import Point3
from projections.board import Board

KINDS = ("normal", "jump", "climb", "fly")


def search(
    m: Mover,
    start: Point3,
    status: str,
    goals: list[Point3],
    budget: float,
    accept: object = None,
    limit: int = 4000,
    memo: Memo | None = None,
) -> list[tuple[str, Point3]] | None:
    """The cheapest legs from start to any goal, or None (accept: a final check, may raise).

    `memo` carries leg judgements (and the waypoints) from one search to the next with the
    same mover: the judges are pure, so a cached answer is the answer; the reach region
    runs one search per sample point over the same roadmap and shares one.
    """
    memo = memo if memo is not None else Memo()
    route = _Route(m, start, goals, budget, memo)
    best: dict[tuple[int, str], float] = {(0, status): 0.0}
    back: dict[tuple[int, str], tuple[tuple[int, str], str]] = {}
    frontier: list[tuple[float, float, int, str]] = [(route.ahead(0), 0.0, 0, status)]
    nodes, goal_ids = route.nodes, route.goal_ids
    pops = 0
    while frontier and pops < limit:
        _, g, u, st = heapq.heappop(frontier)
        pops += 1
        charge()
        if g > best.get((u, st), math.inf) + 1e-12:
            continue
        if u in goal_ids and st != "flying":
            legs = _unwind(back, nodes, (u, st))
            if accept is None or _accepted(accept, legs):
                return legs
        here = nodes[u]
        hx, hy, hz = here
        room = budget + EPS - g
        kinds = _kinds(m, st)
        for v in route.candidates(here, room):
            p = nodes[v]
            across = math.hypot(p[0] - hx, p[1] - hy)
            if v == u or across + route.ahead(v) > room:
                continue
            for kind in kinds:
                if kind == "jump" and p[2] > hz + EPS:
                    continue  # a jump never goes up (`jumping.jump` refuses it)
                if kind == "climb" and abs(p[2] - hz) > EPS and across > EPS:
                    continue  # a climb goes straight up or down, or across (`climbing.climb`)
                charge()  # judging a leg sweeps it against every piece: the costly part
                step = memo.judge(m, here, p, st, kind)
                if step is None:
                    continue
                ng = g + step.counted
                if ng > budget + 1e-6 or (step.status == "air" and v not in goal_ids):
                    continue
                key = (v, step.status)
                if ng < best.get(key, math.inf) - 1e-9:
                    best[key] = ng
                    back[key] = ((u, st), kind)
                    heapq.heappush(frontier, (ng + route.ahead(v), ng, v, step.status))
    return None


class _Route:
    """The roadmap of one search: the start, the goals, their anchors and the board's
    waypoints (numbered in that order), how far each is from the nearest goal, and which of
    them a leg from a point could reach with some room left.

    A* over it reads every node a leg from the popped one could reach and still arrive
    within the budget: the horizontal distance to the node plus the node's distance to the
    goal within the room left. Only nodes within the room of both the point and a goal can
    pass, so the waypoints are looked up by the squares of `BUCKET` inches they stand in,
    and the rest are never measured (the order they are read in changes nothing: each is its
    own key, and the heap orders its entries in full)."""

    def __init__(
        self, m: Mover, start: Point3, goals: list[Point3], budget: float, memo: Memo
    ) -> None:
        board_points = memo.roadmap(m)
        self.fixed = [start, *goals, *anchors(m, start, goals)]
        self.nodes = [*self.fixed, *board_points]
        self.goal_ids = set(range(1, 1 + len(goals)))
        self.goals = goals
        self._ahead: list[float | None] = [None] * len(self.nodes)
        self._buckets = memo.buckets
        self._box = _span(goals, budget + EPS)

    def ahead(self, v: int) -> float:
        """The horizontal distance from node `v` to the nearest goal (A*'s bound)."""
        found = self._ahead[v]
        if found is None:
            p = self.nodes[v]
            goals = self.goals
            found = min(dist(p[:2], q[:2]) for q in goals) if goals else 0.0
            self._ahead[v] = found
        return found

    def candidates(self, here: Point3, room: float) -> list[int]:
        """The nodes a leg from `here` might reach with `room` left (a superset)."""
        out = list(range(len(self.fixed)))
        x0, y0, x1, y1 = here[0] - room, here[1] - room, here[0] + room, here[1] + room
        if self._box is not None:
            x0, y0 = max(x0, self._box[0]), max(y0, self._box[1])
            x1, y1 = min(x1, self._box[2]), min(y1, self._box[3])
        if x0 > x1 or y0 > y1:
            return out
        offset = len(self.fixed)
        buckets = self._buckets
        for i in range(math.floor(x0 / BUCKET), math.floor(x1 / BUCKET) + 1):
            for j in range(math.floor(y0 / BUCKET), math.floor(y1 / BUCKET) + 1):
                out.extend(offset + k for k in buckets.get((i, j), ()))
        return out


BUCKET = 2.0
"""The side, in inches, of the squares the roadmap's waypoints are looked up by."""
LEG_BYTES = 300
"""Estimated bytes a judged leg is kept in (tracemalloc on the bench board: 0.6 MB for the
2,027 legs of a Move 5 region)."""


def _span(goals: list[Point3], reach: float) -> tuple[float, float, float, float] | None:
    """The box around every goal within `reach` (None: no goal bounds the search)."""
    if not goals:
        return None
    xs, ys = [q[0] for q in goals], [q[1] for q in goals]
    return (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)


def _kinds(m: Mover, status: str) -> tuple[str, ...]:
    """The kinds of leg that may start in `status`, by the judges' own first refusals (a
    normal move needs the ground, a jump footing, a climb no Mount and no mid-air start, a
    flight the Fly runemark and no mid-air start): the search skips the rest unjudged."""
    ground, footing = status == "ground", status in ("ground", "climbing")
    aloft = status == "air"
    allowed = {
        "normal": ground,
        "jump": footing,
        "climb": not aloft and "mount" not in m.runemarks,
        "fly": not aloft and "fly" in m.runemarks,
    }
    return tuple(kind for kind in KINDS if allowed[kind])


@dataclass
class Memo:
    """Single-leg judgements (None: refused) keyed by their start, end, status and kind, and
    the board's waypoints for this mover (with their squares, `BUCKET` inches a side)."""

    waypoints: list[Point3] | None = None
    legs: dict[tuple[Point3, Point3, str, str], Step | None] = field(default_factory=dict)
    buckets: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    most_legs: int = field(default_factory=lambda: room(LEG_BYTES))
    """Legs kept at most: past the memos' budget a leg is judged and not kept."""

    def roadmap(self, m: Mover) -> list[Point3]:
        """The board's waypoints for `m`, found and filed once."""
        if self.waypoints is None:
            found = waypoints(m)
            buckets: dict[tuple[int, int], list[int]] = {}
            for k, p in enumerate(found):
                square = (math.floor(p[0] / BUCKET), math.floor(p[1] / BUCKET))
                buckets.setdefault(square, []).append(k)
            self.buckets, self.waypoints = buckets, found
        return self.waypoints

    def weight(self) -> int:
        """Estimated bytes (a leg's key and judgement; a waypoint and its filing)."""
        return LEG_BYTES * len(self.legs) + 200 * len(self.waypoints or ())

    def judge(self, m: Mover, a: Point3, b: Point3, status: str, kind: str) -> Step | None:
        key = (a, b, status, kind)
        if key in self.legs:
            return self.legs[key]
        judged = JUDGES[kind](m, a, list(b), status)
        found = None if isinstance(judged, Illegal) else judged
        if len(self.legs) < self.most_legs:
            self.legs[key] = found
        return found


def kept_memo(board: Board, m: Mover, options: WarcryOptions) -> Memo:
    """The leg judgements of `m` on `board`, kept while the board (its fighters where they
    stand) is asked again: a reach region, then the move to one of its points, share them."""
    return per_roster(board, ("warcry/legs", m.id, options), Memo, depth=1, weigh=Memo.weight)


def _accepted(accept: object, legs: list[tuple[str, Point3]]) -> bool:
    try:
        with strict():  # a probe: a ruling must not turn the refusal it looks for into a yes
            accept(legs)  # type: ignore[operator]
    except Refusal:
        return False
    return True


def _unwind(
    back: dict[tuple[int, str], tuple[tuple[int, str], str]],
    nodes: list[Point3],
    key: tuple[int, str],
) -> list[tuple[str, Point3]]:
    legs: list[tuple[str, Point3]] = []
    while key in back:
        prev, kind = back[key]
        legs.append((kind, nodes[key[0]]))
        key = prev
    return legs[::-1]
