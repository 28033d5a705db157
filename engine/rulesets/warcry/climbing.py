"""Climbing (warcry.md, Climbing): from contact with an obstacle, straight up or down it, and
horizontally once at its top. Fighters with the Mount runemark cannot climb.

Every side of a terrain piece is an obstacle (a platform is a block whose top is the
platform). A climb leg is either vertical (same x and y, the fighter touching a piece whose
side spans the climb) or horizontal at the top of a piece the fighter touches. Its whole
length counts against Move (option `climb_counts_vertical`: false counts only horizontal).
"""

from __future__ import annotations

from engine.rulesets.warcry.board import fighters_hit
from engine.rulesets.warcry.geometry import EPS, dist
from engine.rulesets.warcry.movement import Mover, Step, illegal, status_at
from engine.steps import Illegal
from events.gridless_events import Point3


def climb(m: Mover, start: Point3, to: list[float], status: str) -> Step | Illegal:
    if "mount" in m.runemarks:
        return illegal("mount-cannot-climb", "fighters with the Mount runemark cannot climb")
    if status == "air":
        return illegal("climb-from-air", "a fighter in mid-air cannot begin to climb")
    end = (to[0], to[1], to[2] if len(to) == 3 else start[2])
    across, rise = dist(start[:2], end[:2]), abs(end[2] - start[2])
    touched = m.space.touching(start[:2], start[2], m.radius)
    if not touched:
        return illegal("not-touching-obstacle", "a climb starts touching an obstacle")
    if across <= EPS:
        if not any(
            p.bottom - EPS <= min(start[2], end[2]) and max(start[2], end[2]) <= p.top + EPS
            for p in touched
        ):
            return illegal("climb-beyond-obstacle", "a climb goes no higher than the obstacle")
    elif rise <= EPS:
        if not any(abs(p.top - start[2]) <= 1e-4 for p in touched):
            return illegal("climb-across-not-at-top", "a climber moves across only at the top")
    else:
        return illegal("climb-not-straight", "a climb leg goes straight up or down, or across")
    hit = m.space.sweep(start, end, m.radius)
    if hit is not None:
        return illegal("blocked", f"the climb passes through {hit}", fighters_hit(hit))
    counted = across + (rise if m.climb_counts_vertical else 0.0)
    return Step(end, counted, status_at(m, end, "climbing"))
