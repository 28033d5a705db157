"""The roadmap's points: where a cheapest move action may turn or change kind of leg.

In three dimensions with four kinds of leg, shortest routes bend at obstacle corners (as in a
visibility graph) but also change kind at the foot and top of sides and at platform edges.
`waypoints` are the board's own such points, the same for every move of one fighter: each
corner pushed out just far enough for the base to pass it, on every surface there; climbing
points along every side (at its foot touching it, at its top, just inside a platform's edge);
for fliers, points just above each top. `anchors` are the points a route through this start
and these goals turns at, which no board-wide sample holds: climbing straight up or down
where the fighter stands, and the points where the straight line from the start to a goal
meets a side (touching it, to climb there; on a platform's edge, to step or jump off there).
A route through them turns nowhere else, so a move whose legs a player
could give at exactly the fighter's Move is found at exactly that cost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.rulesets.warcry.board import TOUCH, Piece, Space
from engine.rulesets.warcry.geometry import EPS, Pt, edges, point_in_polygon
from engine.rulesets.warcry.movement import Mover
from events.gridless_events import Point3

PUSH = 0.05
"""How far inside a platform's edge, or above a top, a waypoint stands."""
CLEAR = TOUCH / 2
"""How far from a side a waypoint beside it stands: touching it (to climb), never in it."""
INSIDE = 1e-4
"""How far inside a platform's edge a step-off anchor stands (its centre on the platform)."""


def surfaces(space: Space, xy: Pt) -> list[float]:
    """The heights a centre at xy may stand at: the floor and every platform top over it."""
    return [0.0] + [
        p.top
        for p in space.near(xy, xy, 0.0)
        if p.kind == "platform" and point_in_polygon(xy, p.polygon)
    ]


def waypoints(m: Mover) -> list[Point3]:
    """The board's own turning points for this fighter (its base, its runemarks), on the
    board: corners, the foot and top of every side, just inside every platform's edge."""
    space, r = m.space, m.radius
    out: list[Point3] = []
    for piece in space.pieces:
        poly = piece.polygon
        s = 1.0 if _orient(poly) > 0 else -1.0
        n = len(poly)
        for i, v in enumerate(poly):
            xy = _corner(v, _outward(poly[i - 1], v, s), _outward(v, poly[(i + 1) % n], s), r)
            for z in surfaces(space, xy):
                out.append((xy[0], xy[1], z))
            if "fly" in m.runemarks:
                out.append((xy[0], xy[1], piece.top + PUSH))
        for a, b in edges(poly):
            nx, ny = _outward(a, b, s)
            for t in (0.25, 0.5, 0.75):
                mx, my = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                foot = (mx + nx * (r + CLEAR), my + ny * (r + CLEAR))
                for z in surfaces(space, foot):
                    if z < piece.top:
                        out.append((foot[0], foot[1], z))
                out.append((foot[0], foot[1], piece.top))
                inside = (mx - nx * (r + PUSH), my - ny * (r + PUSH))
                if piece.kind == "platform":
                    out.append((inside[0], inside[1], piece.top))
    return [p for p in out if space.on_board(p, r)]


def anchors(m: Mover, start: Point3, goals: Sequence[Point3]) -> list[Point3]:
    """The turning points of routes through `start` and `goals` that `waypoints` lacks:
    straight up or down the sides the fighter touches where it stands, and where the line
    to each goal meets a side. (Where it ends needs no column: coming down a side onto a
    goal is never cheaper than the jump down from the top.)"""
    space, r = m.space, m.radius
    a = (start[0], start[1])
    out: list[Point3] = [
        (a[0], a[1], z)
        for piece in space.touching(a, start[2], r)
        if not point_in_polygon(a, piece.polygon)  # beside its side, not on its top
        for z in (piece.top, piece.bottom)
        if abs(z - start[2]) > EPS
    ]
    for goal in goals:
        b = (goal[0], goal[1])
        for piece in space.pieces:
            if not piece.far_from(a, b, r + 1):
                out += _crossings(space, piece, a, b, r)
    return [p for p in out if space.on_board(p, r)]


def _crossings(space: Space, piece: Piece, a: Pt, b: Pt, r: float) -> list[Point3]:
    """Where the line ab meets a side of `piece`: touching it from outside (at each surface
    there and at its top, to climb) and just inside a platform's edge (at its top, to step or
    jump off)."""
    poly = piece.polygon
    s = 1.0 if _orient(poly) > 0 else -1.0
    out: list[Point3] = []
    for c, d in edges(poly):
        n = _outward(c, d, s)
        offsets = [(r + CLEAR, True)] + ([(-INSIDE, False)] if piece.kind == "platform" else [])
        for off, beside in offsets:
            hit = _meet(
                a, b, (c[0] + n[0] * off, c[1] + n[1] * off), (d[0] + n[0] * off, d[1] + n[1] * off)
            )
            if hit is None:
                continue
            heights = {piece.top, *surfaces(space, hit)} if beside else {piece.top}
            out += [(hit[0], hit[1], z) for z in heights]
    return out


def _meet(a: Pt, b: Pt, c: Pt, d: Pt) -> Pt | None:
    """Where segment ab crosses segment cd (None if it doesn't, or runs along it)."""
    rx, ry, sx, sy = b[0] - a[0], b[1] - a[1], d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-12:
        return None
    t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den
    u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den
    if not (0.0 < t < 1.0 and 0.0 <= u <= 1.0):
        return None
    return (a[0] + t * rx, a[1] + t * ry)


def _corner(v: Pt, n1: Pt, n2: Pt, r: float) -> Pt:
    """The point off corner v, between its sides' outward normals n1 and n2, whose distance
    to both sides' lines is the base's radius: the base passes the corner touching both
    sides' lines (touching is allowed), so a route around it is no longer than the one a
    player measures with the base against the corner."""
    bx, by = n1[0] + n2[0], n1[1] + n2[1]
    norm2 = max(bx * bx + by * by, 0.04)  # near-reversing sides: don't run off to infinity
    k = 2 * r / norm2
    return (v[0] + bx * k, v[1] + by * k)


def _outward(a: Pt, b: Pt, s: float) -> Pt:
    """The unit normal of edge ab pointing out of the polygon (`s`: its orientation)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (s * dy / length, -s * dx / length)


def _orient(poly: Sequence[Pt]) -> float:
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(poly))
