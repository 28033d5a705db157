"""Finding legs for a `to` (and the reach region): a sampled roadmap searched with A*.

Why a roadmap rather than a pure visibility graph: in three dimensions with four kinds of
leg, shortest paths bend at obstacle corners (as in a visibility graph) but also change
kind at the foot and top of walls and at platform edges. So the roadmap's nodes are a
visibility graph's corner points (each polygon vertex pushed out by the base's radius,
on every surface there), plus climbing points along every side (at its foot touching it, at
its top, and just inside a platform's edge), plus, for fliers, points just above each top.
An edge is any single leg the same leg judges accept, so every route found is legal leg by
leg; the whole move is then judged once more (the 1" rule, ending flying). The search
expands lazily and judges a leg only if a path through it can still arrive within the Move
left (the horizontal distance to the goal is a lower bound on what is left: A*), so big
boards stay cheap. It finds a legal sequence whenever one exists through these nodes; a
route that needs a point the roadmap lacks (e.g. squeezing exactly between two bases) can
be missed; legs can always be given.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.results import Refusal
from engine.rulesets.warcry.board import TOUCH, Space
from engine.rulesets.warcry.geometry import EPS, dist, edges, point_in_polygon
from engine.rulesets.warcry.movement import Mover, Step
from events.gridless_events import Point3

KINDS = ("normal", "jump", "climb", "fly")
PUSH = 0.05


def surfaces(space: Space, xy: tuple[float, float]) -> list[float]:
    return [0.0] + [
        p.top for p in space.pieces if p.kind == "platform" and point_in_polygon(xy, p.polygon)
    ]


def _standable(space: Space, p: Point3, r: float) -> bool:
    return space.on_board(p, r) and space.sweep(p, p, r) is None


def waypoints(m: Mover) -> list[Point3]:
    space, r = m.space, m.radius
    out: list[Point3] = []
    for piece in space.pieces:
        poly = piece.polygon
        s = 1.0 if _orient(poly) > 0 else -1.0
        n = len(poly)
        for i, v in enumerate(poly):
            ox, oy = _outward(poly[i - 1], v), _outward(v, poly[(i + 1) % n])
            bx, by = s * (ox[0] + oy[0]), s * (ox[1] + oy[1])
            norm = math.hypot(bx, by) or 1.0
            push = (r + PUSH) * 1.5
            xy = (v[0] + bx / norm * push, v[1] + by / norm * push)
            for z in surfaces(space, xy):
                out.append((xy[0], xy[1], z))
            if "fly" in m.runemarks:
                out.append((xy[0], xy[1], piece.top + PUSH))
        for a, b in edges(poly):
            nx, ny = _outward(a, b)
            nx, ny = s * nx, s * ny
            for t in (0.25, 0.5, 0.75):
                mx, my = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                foot = (mx + nx * (r + TOUCH / 2), my + ny * (r + TOUCH / 2))
                for z in surfaces(space, foot):
                    if z < piece.top:
                        out.append((foot[0], foot[1], z))
                out.append((foot[0], foot[1], piece.top))
                inside = (mx - nx * (r + PUSH), my - ny * (r + PUSH))
                if piece.kind == "platform":
                    out.append((inside[0], inside[1], piece.top))
    return [p for p in out if space.on_board(p, r)]


def _outward(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """The unit normal of edge ab pointing out of a counter-clockwise or clockwise polygon."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (dy / length, -dx / length)


def _orient(poly: Sequence[tuple[float, float]]) -> float:
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(poly))


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
    if memo.waypoints is None:
        memo.waypoints = waypoints(m)
    nodes = [start, *goals, *memo.waypoints]
    goal_ids = set(range(1, 1 + len(goals)))
    # A*: every leg counts at least its horizontal distance (a climb adds its rise), so the
    # horizontal distance to the nearest goal never overestimates what is left, and obeys
    # the triangle inequality; a leg is judged (the expensive part: sweeps against every
    # piece) only if a path through it could still arrive within the budget.
    ahead = [min(dist(p[:2], q[:2]) for q in goals) if goals else 0.0 for p in nodes]
    best: dict[tuple[int, str], float] = {(0, status): 0.0}
    back: dict[tuple[int, str], tuple[tuple[int, str], str]] = {}
    frontier: list[tuple[float, float, int, str]] = [(ahead[0], 0.0, 0, status)]
    pops = 0
    while frontier and pops < limit:
        _, g, u, st = heapq.heappop(frontier)
        pops += 1
        if g > best.get((u, st), math.inf) + 1e-12:
            continue
        if u in goal_ids and st != "flying":
            legs = _unwind(back, nodes, (u, st))
            if accept is None or _accepted(accept, legs):
                return legs
        here = nodes[u]
        for v, p in enumerate(nodes):
            if v == u or g + dist(p[:2], here[:2]) + ahead[v] > budget + EPS:
                continue
            for kind in KINDS:
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
                    heapq.heappush(frontier, (ng + ahead[v], ng, v, step.status))
    return None


@dataclass
class Memo:
    """Single-leg judgements (None: refused) keyed by their start, end, status and kind."""

    waypoints: list[Point3] | None = None
    legs: dict[tuple[Point3, Point3, str, str], Step | None] = field(default_factory=dict)

    def judge(self, m: Mover, a: Point3, b: Point3, status: str, kind: str) -> Step | None:
        from engine.rulesets.warcry.moves import JUDGES

        key = (a, b, status, kind)
        if key not in self.legs:
            try:
                self.legs[key] = JUDGES[kind](m, a, list(b), status, 0)
            except Refusal:
                self.legs[key] = None
        return self.legs[key]


def _accepted(accept: object, legs: list[tuple[str, Point3]]) -> bool:
    try:
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
