"""Jumping (warcry.md, Jumping): a straight horizontal line through the air, then any drop.

The horizontal part counts against Move; the drop does not, but a drop of the impact
threshold (3") or more during the jump deals impact damage. The leg is swept as a horizontal
move at the take-off height followed by a vertical drop at the landing point, so a drop that
would pass through a fighter or terrain is a disallowed move.
"""

from __future__ import annotations

from engine.rulesets.warcry.board import fighters_hit
from engine.rulesets.warcry.geometry import EPS, dist
from engine.rulesets.warcry.movement import Mover, Step, illegal, status_at
from engine.steps import Illegal


def jump(
    m: Mover, start: tuple[float, float, float], to: list[float], status: str
) -> Step | Illegal:
    if status not in ("ground", "climbing"):
        return illegal("jump-needs-footing", "a fighter jumps from the battlefield, not mid-air")
    z = to[2] if len(to) == 3 else start[2]
    if z > start[2] + EPS:
        return illegal("jump-upwards", "a jump goes horizontally and down, never up")
    top = (to[0], to[1], start[2])
    hit = m.space.sweep(start, top, m.radius)
    if hit is None:
        hit = m.space.sweep(top, (to[0], to[1], z), m.radius)
    if hit is not None:
        return illegal("blocked", f"the jump passes through {hit}", fighters_hit(hit))
    end = (to[0], to[1], z)
    return Step(end, dist(start[:2], end[:2]), status_at(m, end, "air"), drop=start[2] - z)
