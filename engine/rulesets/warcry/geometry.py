"""Plane geometry in inches: points, segments and polygons (Warcry is measured without squares).

Everything is exact float arithmetic with one tolerance, `EPS`: touching is allowed (a base may
rest against a wall or another base), overlapping by more than `EPS` is not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Pt = tuple[float, float]
EPS = 1e-6


def dist(a: Pt, b: Pt) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def point_in_polygon(p: Pt, poly: Sequence[Pt]) -> bool:
    """Even-odd ray casting; points on an edge count as inside."""
    if polygon_boundary_distance(p, poly) <= EPS:
        return True
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def point_segment_distance(p: Pt, a: Pt, b: Pt) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return dist(p, (a[0] + t * dx, a[1] + t * dy))


def _cross(o: Pt, a: Pt, b: Pt) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    """Proper or touching intersection of segments ab and cd."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4):
        return True
    return (
        min(
            point_segment_distance(a, c, d),
            point_segment_distance(b, c, d),
            point_segment_distance(c, a, b),
            point_segment_distance(d, a, b),
        )
        <= 1e-12
    )


def segment_segment_distance(a: Pt, b: Pt, c: Pt, d: Pt) -> float:
    if segments_cross(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


def edges(poly: Sequence[Pt]) -> list[tuple[Pt, Pt]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def polygon_boundary_distance(p: Pt, poly: Sequence[Pt]) -> float:
    return min(point_segment_distance(p, a, b) for a, b in edges(poly))


def polygon_distance(p: Pt, poly: Sequence[Pt]) -> float:
    """0 inside the polygon, else the distance to its boundary."""
    return 0.0 if point_in_polygon(p, poly) else polygon_boundary_distance(p, poly)


SLACK = 1e-9
"""How much farther than a limit a bounding box must be before the exact distance, which
rounds differently, is not worth computing."""


def boxes_gap(a: Pt, b: Pt, c: Pt, d: Pt) -> float:
    """The larger axis gap between the boxes of segments ab and cd (0 when they overlap):
    no point of one is nearer the other than this."""
    gx = max(min(c[0], d[0]) - max(a[0], b[0]), min(a[0], b[0]) - max(c[0], d[0]))
    gy = max(min(c[1], d[1]) - max(a[1], b[1]), min(a[1], b[1]) - max(c[1], d[1]))
    return max(gx, gy, 0.0)


def segment_polygon_within(
    a: Pt, b: Pt, poly: Sequence[Pt], limit: float, box: tuple[float, float, float, float]
) -> bool:
    """`segment_polygon_distance(a, b, poly) < limit` (the polygon's box given), reading
    only the edges whose boxes come within the limit of the segment's."""
    x0, y0, x1, y1 = box
    if boxes_gap(a, b, (x0, y0), (x1, y1)) > limit + SLACK:
        return False
    if _in_box(a, box) and point_in_polygon(a, poly):
        return True
    if _in_box(b, box) and point_in_polygon(b, poly):
        return True
    for c, d in edges(poly):
        if boxes_gap(a, b, c, d) > limit + SLACK:
            continue
        if segment_segment_distance(a, b, c, d) < limit:
            return True
    return False


def _in_box(p: Pt, box: tuple[float, float, float, float]) -> bool:
    """Within the box, or near enough that the point may be on the polygon's boundary."""
    return (
        box[0] - EPS - SLACK <= p[0] <= box[2] + EPS + SLACK
        and box[1] - EPS - SLACK <= p[1] <= box[3] + EPS + SLACK
    )


def segment_polygon_distance(a: Pt, b: Pt, poly: Sequence[Pt]) -> float:
    """How close the segment ab comes to the polygon (0 when it enters it)."""
    if point_in_polygon(a, poly) or point_in_polygon(b, poly):
        return 0.0
    return min(segment_segment_distance(a, b, c, d) for c, d in edges(poly))


def crossings(a: Pt, b: Pt, poly: Sequence[Pt]) -> list[float]:
    """Parameters t in (0, 1) where segment ab crosses the polygon's edges."""
    out: list[float] = []
    dx, dy = b[0] - a[0], b[1] - a[1]
    for c, d in edges(poly):
        ex, ey = d[0] - c[0], d[1] - c[1]
        den = dx * ey - dy * ex
        if abs(den) < 1e-15:
            continue
        t = ((c[0] - a[0]) * ey - (c[1] - a[1]) * ex) / den
        u = ((c[0] - a[0]) * dy - (c[1] - a[1]) * dx) / den
        if 0 < t < 1 and -1e-12 <= u <= 1 + 1e-12:
            out.append(t)
    return out


def lerp(a: Pt, b: Pt, t: float) -> Pt:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)
