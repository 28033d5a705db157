"""Flying (warcry.md, Flying): fighters with the Fly runemark move through the air in any
direction; only the horizontal distance counts. A fighter is flying until the centre of its
base is on the floor or a platform, and cannot end a move action flying.
"""

from __future__ import annotations

from engine.rulesets.warcry.geometry import dist
from engine.rulesets.warcry.movement import Mover, Step, refuse, status_at
from events.gridless_events import Point3


def fly(m: Mover, start: Point3, to: list[float], status: str, leg: int) -> Step:
    if "fly" not in m.runemarks:
        raise refuse("cannot-fly", "only fighters with the Fly runemark can fly", leg)
    if status == "air":
        raise refuse("fly-from-air", "a jump that ends in the air drops; it cannot fly on", leg)
    end = (to[0], to[1], to[2] if len(to) == 3 else start[2])
    hit = m.space.sweep(start, end, m.radius)
    if hit is not None:
        raise refuse("blocked", f"the flight passes through {hit}", leg)
    return Step(end, dist(start[:2], end[:2]), status_at(m, end, "flying"))
