"""The reach generator: the region a fighter can end its next move action in.

Representation: a `Region` is a lattice sample of the reachable set. Around the fighter,
every point `(x, y, z)` on a `resolution`-inch lattice (x and y multiples of it) at every
surface height (the floor and each platform top there) within Move of the start is judged;
`points` maps each reachable one to `(inches counted, legs)`, the cheapest legs found that
reach it, which `decide` accepts as they are (a property test holds this). The continuous
region is the union of these samples to within the resolution; the sampler is the roadmap
search of `pathfinding`, from the start with one more leg to each sample.
"""

from __future__ import annotations

import math

from engine.budget import charge
from engine.region import Region
from engine.results import Refusal
from engine.rulesets.warcry import economy_view, moves
from engine.rulesets.warcry.options import WarcryOptions
from engine.rulesets.warcry.pathfinding import Memo, search
from engine.rulesets.warcry.roadmap import surfaces
from events.gridless_events import Point3
from projections.board import Board
from projections.state import BattleState


def region(state: BattleState, cid: str, resolution: float = 1.0, limit: int = 400) -> Region:
    board = state.board
    if not isinstance(board, Board) or cid not in board.fighters:
        raise Refusal("battle/unknown-creature", f"there is no fighter {cid!r}")
    c = state.creatures[cid]
    left = economy_view.view(state, c)
    # on its activation, what is left; waiting for it, the ruler of a fresh activation
    budget = left.move if left.turn == "waiting" else left.movement_left
    m = moves.mover(state, cid, WarcryOptions.of(state))
    start = board.fighters[cid].point
    status = "ground" if m.space.supported(start) else "climbing"
    out = Region(resolution)
    memo = Memo()  # one mover, one roadmap: every sample's search shares its leg judgements
    span = math.floor(budget / resolution)
    x0, y0 = round(start[0] / resolution), round(start[1] / resolution)
    for i in range(x0 - span, x0 + span + 1):
        for j in range(y0 - span, y0 + span + 1):
            charge()
            xy = (i * resolution, j * resolution)
            if math.dist(xy, start[:2]) > budget + 1e-9 or len(out.points) >= limit:
                continue
            for z in surfaces(m.space, xy):
                goal = (xy[0], xy[1], z)
                if goal == start or not m.space.on_board(goal, m.radius):
                    continue

                def accept(legs: list[tuple[str, Point3]]) -> None:
                    moves.plan(state, cid, legs, budget, WarcryOptions.of(state))

                found = search(m, start, status, [goal], budget, accept, limit=300, memo=memo)
                if found is not None:
                    legs = [(k, list(p)) for k, p in found]
                    cost = moves.plan(state, cid, legs, budget, WarcryOptions.of(state)).cost
                    out.points[goal] = (cost, legs)
    return out
