"""Flying (warcry.md, Flying): fighters with the Fly runemark "can move through the air
vertically and horizontally. Count the horizontal distance moved ... but do not count the
distance moved vertically". A fighter is flying until the centre of its base is on the floor
or a platform, and cannot end a move action flying.

So a fly leg is judged as a flight, not as one slanted line: it goes straight when that is
clear, else up (or down) to some height, across at that height, and down (or up) to its end;
only the horizontal distance counts, so every such route costs the same and the leg reaches
its end if any of them is clear of terrain and fighters. The heights worth trying are where
clearance changes (the start's and end's own heights, the tops of the pieces and fighters
near the line, just under the pieces above it), lowest climb first; the route found is the
leg's `via` (its corners), recorded in the event and the trace.
"""

from __future__ import annotations

from engine.rulesets.warcry.board import Space
from engine.rulesets.warcry.geometry import EPS, Pt, dist, point_segment_distance
from engine.rulesets.warcry.movement import Mover, Step, illegal, status_at
from engine.steps import Illegal
from events.gridless_events import Point3


def fly(m: Mover, start: Point3, to: list[float], status: str) -> Step | Illegal:
    """A fly leg (warcry.md, Flying): only with the Fly runemark, not on from a jump's
    drop; it reaches `to` by any clear flight (`route`) and counts the horizontal distance."""
    if "fly" not in m.runemarks:
        return illegal("cannot-fly", "only fighters with the Fly runemark can fly")
    if status == "air":
        return illegal("fly-from-air", "a jump that ends in the air drops; it cannot fly on")
    end = (to[0], to[1], to[2] if len(to) == 3 else start[2])
    via = route(m.space, start, end, m.radius)
    if via is None:
        return illegal(
            "blocked",
            f"no flight reaches {list(end)}: straight, and up, across and down, it passes "
            f"through {m.space.sweep(start, end, m.radius)}",
        )
    return Step(end, dist(start[:2], end[:2]), status_at(m, end, "flying"), via=via)


def route(space: Space, a: Point3, b: Point3, r: float) -> tuple[Point3, ...] | None:
    """The corners of a clear flight from a to b: () when the straight line is clear, else
    the rise (or descent) at a and the descent (or rise) at b around one horizontal crossing
    at the height that moves least vertically; None when no such flight is clear."""
    if space.sweep(a, b, r) is None:
        return ()
    for h in sorted(_heights(space, a, b, r), key=lambda h: (abs(h - a[2]) + abs(h - b[2]), h)):
        up, over = (a[0], a[1], h), (b[0], b[1], h)
        clear = space.sweep(a, up, r) is None and space.sweep(up, over, r) is None
        if clear and space.sweep(over, b, r) is None:
            rises, lands = abs(h - a[2]) > EPS, abs(h - b[2]) > EPS
            return (up,) * rises + (over,) * lands
    return None


def _heights(space: Space, a: Point3, b: Point3, r: float) -> set[float]:
    """Crossing heights where what the crossing clears can change: the ends' own heights,
    the top of every piece and fighter near the line (to pass over it) and just under every
    piece above (to pass beneath it)."""
    xa, xb = (a[0], a[1]), (b[0], b[1])
    out = {a[2], b[2]}
    for piece in space.pieces:
        if not piece.far_from(xa, xb, r):
            out.add(piece.top)
            out.add(piece.bottom - space.tall)
    for body in space.bodies:
        if _near(body.xy, xa, xb, r + body.radius):
            out.add(body.z + space.tall)
            out.add(body.z - space.tall)
    return {h for h in out if h >= 0.0}


def _near(p: Pt, a: Pt, b: Pt, reach: float) -> bool:
    return point_segment_distance(p, a, b) < reach + EPS
