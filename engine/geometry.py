"""Grid geometry shared by every grid ruleset: footprints, boxes, Chebyshev distance, lines."""

from __future__ import annotations

from events.battle_events import Coord

Box = tuple[int, int, int, int, int, int]
"""x0, y0, z0, x1, y1, z1 (inclusive) of the squares a creature fills."""


def box(pos: Coord, side: int) -> Box:
    x, y, z = pos
    return (x, y, z, x + side - 1, y + side - 1, z + side - 1)


def box_gap(a: Box, b: Box) -> int:
    """Chebyshev distance between two boxes (0 when they overlap, 1 when adjacent)."""
    gx = max(0, b[0] - a[3], a[0] - b[3])
    gy = max(0, b[1] - a[4], a[1] - b[4])
    gz = max(0, b[2] - a[5], a[2] - b[5])
    return max(gx, gy, gz)


def overlaps(a: Box, b: Box) -> bool:
    return (
        a[0] <= b[3]
        and b[0] <= a[3]
        and a[1] <= b[4]
        and b[1] <= a[4]
        and a[2] <= b[5]
        and b[2] <= a[5]
    )


def chebyshev(a: Coord, b: Coord) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def footprint_cells(x: int, y: int, side: int) -> list[tuple[int, int]]:
    return [(x + i, y + j) for j in range(side) for i in range(side)]


def line_cells(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """Bresenham's line from a to b, both ends included."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = sign(x1 - x0), sign(y1 - y0)
    err = dx + dy
    cells = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        cells.append((x0, y0))
    return cells


def line_cells_3d(a: Coord, b: Coord) -> list[Coord]:
    """A straight line of cubes from a to b, both ends included: each step moves one cube
    along the longest axis and rounds the others (half up), so consecutive cubes touch."""
    n = chebyshev(a, b)
    if n == 0:
        return [a]
    d = [b[k] - a[k] for k in range(3)]
    out: list[Coord] = []
    for step in range(n + 1):
        x, y, z = (a[k] + (2 * d[k] * step + n) // (2 * n) for k in range(3))
        out.append((x, y, z))
    return out
