"""The 1" rule (warcry.md, Move Action limitations; DIGEST 5.3).

A fighter within 1" of enemies when its move action starts must end it at least as close to
the nearest of them (to each of them when several are equally near). Distances between
fighters are between the closest points of their bases, in three dimensions.
"""

from __future__ import annotations

import math

from engine.rulesets.warcry.geometry import EPS
from events.gridless_events import Point3
from projections.board import Board
from projections.state import BattleState

ENGAGED = 1.0
TIE = 1e-6


def base_distance(p: Point3, r: float, q: Point3, s: float) -> float:
    gap = max(0.0, math.hypot(p[0] - q[0], p[1] - q[1]) - r - s)
    return math.hypot(gap, p[2] - q[2])


def nearest_enemies(state: BattleState, cid: str, at: Point3) -> tuple[float, list[str]]:
    """d0 and the enemies within 1" at exactly that distance (empty when none is within 1")."""
    board = state.board
    assert isinstance(board, Board)
    me, side = board.fighters[cid], state.creatures[cid].side
    found = sorted(
        (base_distance(at, me.radius, f.point, f.radius), other)
        for other, f in board.fighters.items()
        if other in state.creatures and state.creatures[other].side != side
    )
    near = [(d, o) for d, o in found if d <= ENGAGED + EPS]
    if not near:
        return math.inf, []
    d0 = near[0][0]
    return d0, [o for d, o in near if abs(d - d0) <= TIE]


def breaks_engagement(state: BattleState, cid: str, start: Point3, end: Point3) -> str | None:
    """The enemy the move would end farther from than it began, or None."""
    board = state.board
    assert isinstance(board, Board)
    d0, nearest = nearest_enemies(state, cid, start)
    r = board.fighters[cid].radius
    for other in nearest:
        f = board.fighters[other]
        if base_distance(end, r, f.point, f.radius) > d0 + TIE:
            return other
    return None
