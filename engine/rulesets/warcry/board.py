"""The battlefield in inches: terrain pieces as prisms, fighters as cylinders, sweeps.

A piece is a prism over its polygon from `bottom` to `top`. A fighter is a cylinder: its base
(a disk of the base's diameter) at height z, and the model above it up to z + `fighter_height`
(a battle option; the text gives models no height). Sweeping a leg checks that cylinder along
the leg against every piece and every other fighter: straight horizontal and vertical parts
exactly, slanted flights in chunks of at most `CHUNK` inches (each chunk judged over its whole
height range, which errs on the side of refusing).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from engine.rulesets.warcry.geometry import (
    EPS,
    SLACK,
    Pt,
    dist,
    point_in_polygon,
    point_segment_distance,
    polygon_distance,
    segment_polygon_within,
)
from events.gridless_events import BoardSpec, Point3
from projections.board import Board

CHUNK = 0.25
TOUCH = 0.02
"""How near a base must be to a piece's side to count as touching it (to begin a climb)."""


FIGHTER = "fighter "
"""How a sweep names a fighter it hits: this, then the fighter's id."""


def fighters_hit(hit: str) -> tuple[str, ...]:
    """The fighter a sweep's answer names, for a refusal's `about` (engine.steps.Illegal)."""
    return (hit[len(FIGHTER) :],) if hit.startswith(FIGHTER) else ()


@dataclass(frozen=True)
class Piece:
    index: int
    kind: str
    polygon: tuple[Pt, ...]
    bottom: float
    top: float

    @property
    def low(self) -> bool:
        """Low terrain: at most 1" high off what it stands on (warcry.md, Moving Over Low
        Terrain)."""
        return self.top - self.bottom <= 1 + EPS

    @property
    def name(self) -> str:
        return f"{self.kind} #{self.index + 1}"

    @cached_property
    def box(self) -> tuple[float, float, float, float]:
        xs, ys = [v[0] for v in self.polygon], [v[1] for v in self.polygon]
        return (min(xs), min(ys), max(xs), max(ys))

    def far_from(self, a: Pt, b: Pt, r: float) -> bool:
        """The segment ab stays farther than r from the piece's bounding box, so (a lower
        bound) from the piece: the exact distance need not be computed. Saves most sweeps."""
        x0, y0, x1, y1 = self.box
        ax, ay = a
        bx, by = b
        # the gaps between the box and the segment's box on each axis (0 when they overlap)
        gx = x0 - (ax if ax > bx else bx)
        beyond = (ax if ax < bx else bx) - x1
        gx = beyond if beyond > gx else gx
        gy = y0 - (ay if ay > by else by)
        beyond = (ay if ay < by else by) - y1
        gy = beyond if beyond > gy else gy
        limit = r + 1e-4
        if gx > limit or gy > limit:
            return True  # the distance is at least the larger gap
        if gx <= 0.0 and gy <= 0.0:
            return False
        return math.hypot(gx if gx > 0.0 else 0.0, gy if gy > 0.0 else 0.0) > limit


@dataclass(frozen=True)
class Body:
    """Another fighter, as an obstacle to the one moving."""

    id: str
    xy: Pt
    z: float
    radius: float


def pieces_of(spec: BoardSpec) -> tuple[Piece, ...]:
    return tuple(
        Piece(i, p.kind, tuple(p.polygon), p.bottom, p.bottom + p.height)
        for i, p in enumerate(spec.terrain)
    )


@dataclass(frozen=True)
class Space:
    """What a moving fighter can collide with: the board, its terrain and the other fighters."""

    width: float
    height: float
    pieces: tuple[Piece, ...]
    bodies: tuple[Body, ...]
    tall: float

    @staticmethod
    def of(board: Board, mover: str | None, tall: float) -> Space:
        bodies = tuple(
            Body(cid, (f.point[0], f.point[1]), f.point[2], f.radius)
            for cid, f in sorted(board.fighters.items())
            if cid != mover
        )
        return Space(board.spec.width, board.spec.height, pieces_of(board.spec), bodies, tall)

    @cached_property
    def _boxes(self) -> tuple[tuple[Piece, float, float, float, float], ...]:
        return tuple((piece, *piece.box) for piece in self.pieces)

    def near(self, a: Pt, b: Pt, r: float) -> list[Piece]:
        """The pieces not `far_from` the segment ab by r, in order: a piece whose box is
        farther than that on either axis is passed over without measuring."""
        ax, ay = a
        bx, by = b
        lox, hix = (ax, bx) if ax < bx else (bx, ax)
        loy, hiy = (ay, by) if ay < by else (by, ay)
        limit = r + 1e-4
        return [
            piece
            for piece, x0, y0, x1, y1 in self._boxes
            if x0 - hix <= limit
            and lox - x1 <= limit
            and y0 - hiy <= limit
            and loy - y1 <= limit
            and not piece.far_from(a, b, r)
        ]

    # -- where a centre is ----------------------------------------------------------------
    def on_board(self, p: Point3, r: float) -> bool:
        x, y, _z = p
        return r - EPS <= x <= self.width - r + EPS and r - EPS <= y <= self.height - r + EPS

    def platform_at(self, xy: Pt, z: float) -> Piece | None:
        for piece in self.near(xy, xy, 0.0):
            if (
                piece.kind == "platform"
                and abs(piece.top - z) <= 1e-4
                and point_in_polygon(xy, piece.polygon)
            ):
                return piece
        return None

    def supported(self, p: Point3) -> bool:
        """The centre of the base is on the battlefield floor or on a platform."""
        return abs(p[2]) <= 1e-4 or self.platform_at((p[0], p[1]), p[2]) is not None

    def wholly_supported(self, p: Point3, r: float) -> bool:
        """Every part of the base is on the floor or a platform (monsters, warcry.md)."""
        rim = [(p[0], p[1])] + [
            (p[0] + r * math.cos(k * math.pi / 8), p[1] + r * math.sin(k * math.pi / 8))
            for k in range(16)
        ]
        if abs(p[2]) <= 1e-4:
            return True
        return all(self.platform_at(xy, p[2]) is not None for xy in rim)

    def surface_under(self, xy: Pt, below: float) -> float:
        """The height of the highest piece top under the centre at or below `below`."""
        best = 0.0
        for piece in self.near(xy, xy, 0.0):
            if (
                piece.top <= below + EPS
                and piece.top > best
                and point_in_polygon(xy, piece.polygon)
            ):
                best = piece.top
        return best

    def touching(self, xy: Pt, z: float, r: float) -> list[Piece]:
        """Pieces whose side the base touches at height z (every side is an obstacle)."""
        return [
            piece
            for piece in self.near(xy, xy, r + TOUCH)
            if piece.bottom - EPS <= z <= piece.top + EPS
            and polygon_distance(xy, piece.polygon) <= r + TOUCH
        ]

    # -- sweeps ---------------------------------------------------------------------------
    def chunk_hit(
        self, a: Pt, b: Pt, zlo: float, zhi: float, r: float, step_up: float = 0.0
    ) -> str | None:
        """What a cylinder of radius r hits moving from a to b with its base between zlo and
        zhi (pieces at most `step_up` above zlo are walked over); None when clear."""
        head = zhi + self.tall
        for piece in self.near(a, b, r):
            if piece.top <= zlo + step_up + EPS or piece.bottom >= head - EPS:
                continue
            if segment_polygon_within(a, b, piece.polygon, r - EPS, piece.box):
                return f"terrain ({piece.name})"
        lox, hix = (a[0], b[0]) if a[0] < b[0] else (b[0], a[0])
        loy, hiy = (a[1], b[1]) if a[1] < b[1] else (b[1], a[1])
        for body in self.bodies:
            if body.z >= head - EPS or body.z + self.tall <= zlo + EPS:
                continue
            near = r + body.radius - EPS
            x, y = body.xy
            far = near + SLACK
            if x - hix > far or lox - x > far or y - hiy > far or loy - y > far:
                continue  # the segment's box is farther from the body's centre than that
            if point_segment_distance(body.xy, a, b) < near:
                return FIGHTER + body.id
        return None

    def sweep(self, p: Point3, q: Point3, r: float) -> str | None:
        """What the fighter hits going straight from p to q; None when clear."""
        a, b = (p[0], p[1]), (q[0], q[1])
        horizontal, rise = dist(a, b), abs(q[2] - p[2])
        if horizontal <= EPS or rise <= EPS:
            return self.chunk_hit(a, b, min(p[2], q[2]), max(p[2], q[2]), r)
        steps = max(1, math.ceil(max(horizontal, rise) / CHUNK))
        for k in range(steps):
            t0, t1 = k / steps, (k + 1) / steps
            a0 = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
            a1 = (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)
            z0, z1 = p[2] + (q[2] - p[2]) * t0, p[2] + (q[2] - p[2]) * t1
            hit = self.chunk_hit(a0, a1, min(z0, z1), max(z0, z1), r)
            if hit is not None:
                return hit
        return None

    def first_surface_below(self, p: Point3, r: float) -> float:
        """Dropping straight down, the height where part of the base first rests on a piece's
        top or on the floor (warcry.md, Jumping: ending in the air)."""
        best = 0.0
        xy = (p[0], p[1])
        for piece in self.near(xy, xy, r):
            if best < piece.top <= p[2] + EPS and polygon_distance(xy, piece.polygon) < r - EPS:
                best = piece.top
        return best
