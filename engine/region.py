"""A gridless reach: the region a fighter can end its move in, sampled on a lattice.

`points` maps each reachable sample `(x, y, z)` (inches) to `(inches counted, legs)`, the
cheapest legs found that reach it, which `decide` accepts as they are. A grid client reads
the region as whole-inch squares (`lattice`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from events.gridless_events import Point3

Legs = list[tuple[str, list[float]]]


@dataclass
class Region:
    resolution: float
    points: dict[Point3, tuple[float, Legs]] = field(default_factory=dict)

    def lattice(self) -> dict[tuple[int, int, int], int]:
        """The region as whole-inch points with the inches counted rounded up (a grid ruler's
        view: each sample at its rounded point, standing on the floor of its height)."""
        return {
            (round(p[0]), round(p[1]), math.floor(p[2])): math.ceil(cost - 1e-9)
            for p, (cost, _) in self.points.items()
        }
