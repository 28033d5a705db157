"""A move action's legs, judged one by one (warcry.md, Move Action).

`Mover` is what every leg needs: the space, the fighter's base and runemarks, the options.
Each leg's judge answers a `Step` (or, when the rules forbid the leg, an `Illegal` naming
the rule, which the move's judge raises and the route search passes over): where it ends,
the inches it counts against Move, any drop taken (jumps), and the fighter's status after
it: `ground` (centre on floor or platform), `climbing`, `flying`, or `air` (a jump that
ended above the ground).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from engine.results import Refusal
from engine.rulesets.warcry.board import Space, fighters_hit
from engine.rulesets.warcry.geometry import EPS, Pt, crossings, dist, lerp, point_in_polygon
from engine.steps import Illegal
from events.gridless_events import Point3

Status = str


@dataclass(frozen=True)
class Mover:
    id: str
    space: Space
    radius: float
    runemarks: frozenset[str]
    climb_counts_vertical: bool


@dataclass(frozen=True)
class Step:
    to: Point3
    counted: float
    status: Status
    drop: float = 0.0
    via: tuple[Point3, ...] = ()
    """Where the leg turns on its way (a flight's rise and descent); () when straight."""


def refuse(rule: str, detail: str, leg: int) -> Refusal:
    """The refusal of a whole move, naming the leg that breaks the rule."""
    return Refusal(f"warcry/{rule}", detail, step=leg)


def illegal(rule: str, detail: str, about: tuple[str, ...] = ()) -> Illegal:
    """A leg the rules forbid (its judge answers it; the move's judge raises it); `about`
    names a fighter its words speak of."""
    return Illegal(f"warcry/{rule}", detail, about)


def status_at(m: Mover, p: Point3, fallback: Status) -> Status:
    return "ground" if m.space.supported(p) else fallback


def normal(m: Mover, start: Point3, to: list[float], status: Status) -> Step | Illegal:
    """Normal move: the centre stays on the floor or a platform all the way, stepping up or
    down only over low terrain (at most 1"), whose height is not counted."""
    if status != "ground":
        return illegal("normal-needs-ground", "a normal move starts on the floor or a platform")
    a, b = (start[0], start[1]), (to[0], to[1])
    # only a piece whose bounding box the line meets can cut it
    near = m.space.near(a, b, 0.0)
    cuts = sorted({0.0, 1.0, *(t for p in near for t in crossings(a, b, p.polygon))})
    level = start[2]
    for t0, t1 in itertools.pairwise(cuts):
        if t1 - t0 <= 1e-12:
            continue
        mid = lerp(a, b, (t0 + t1) / 2)
        here = _level(m, mid, level)
        if here < level - 1 - EPS:
            return illegal(
                "normal-leaves-platform",
                'a normal move cannot leave a platform for a drop of more than 1" (jump)',
            )
        hit = m.space.chunk_hit(lerp(a, b, t0), lerp(a, b, t1), here, here, m.radius, 1.0)
        if hit is not None:
            return illegal("blocked", f"the move passes through {hit}", fighters_hit(hit))
        level = here
    end = (b[0], b[1], level)
    if len(to) == 3 and abs(to[2] - level) > 1e-3:
        return illegal("not-on-surface", f"a normal move to {list(b)} ends at height {level:g}")
    return Step(end, dist(a, b), "ground")


def _level(m: Mover, xy: Pt, level: float) -> float:
    """The surface under the centre when walking at `level`: a top within a step of it."""
    best = 0.0
    for piece in m.space.near(xy, xy, 0.0):
        if (
            best < piece.top <= level + 1 + EPS
            and (piece.kind == "platform" or piece.low)
            and point_in_polygon(xy, piece.polygon)
        ):
            best = piece.top
    return best
