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
from engine.region import Legs, Region
from engine.results import Refusal
from engine.rulesets.warcry import economy_view, moves
from engine.rulesets.warcry.options import WarcryOptions
from engine.rulesets.warcry.pathfinding import kept_memo, search
from engine.rulesets.warcry.roadmap import surfaces
from events.gridless_events import Point3
from projections.board import Board
from projections.state import BattleState


def region(state: BattleState, cid: str, resolution: float = 1.0, limit: int = 400) -> Region:
    """The region `cid` can end its next move action in, sampled on a `resolution`-inch
    lattice of at most `limit` points (see the module's docstring)."""
    board = state.board
    if not isinstance(board, Board) or cid not in board.fighters:
        raise Refusal("battle/unknown-creature", f"there is no fighter {cid!r}")
    c = state.creatures[cid]
    left = economy_view.view(state, c)
    # on its activation, what is left; waiting for it, the ruler of a fresh activation
    budget = left.move if left.turn == "waiting" else left.movement_left
    sampler = _Sampler(state, cid, budget)
    start, space, radius = sampler.start, sampler.mover.space, sampler.mover.radius
    out = Region(resolution)
    span = math.floor(budget / resolution)
    x0, y0 = round(start[0] / resolution), round(start[1] / resolution)
    for i in range(x0 - span, x0 + span + 1):
        for j in range(y0 - span, y0 + span + 1):
            charge()
            xy = (i * resolution, j * resolution)
            if math.dist(xy, start[:2]) > budget + 1e-9 or len(out.points) >= limit:
                continue
            for z in surfaces(space, xy):
                goal = (xy[0], xy[1], z)
                if goal == start or not space.on_board(goal, radius):
                    continue
                found = sampler.sample(goal)
                if found is not None:
                    out.points[goal] = found
    return out


class _Sampler:
    """One fighter's move to each sample point: the roadmap search from its position, each
    route found judged whole (`moves.plan`) before it is taken; one mover and one roadmap,
    so every sample's search shares the leg judgements (`Memo`)."""

    def __init__(self, state: BattleState, cid: str, budget: float) -> None:
        board = state.board
        assert isinstance(board, Board)
        self.state, self.cid, self.budget = state, cid, budget
        self.options = WarcryOptions.of(state)
        self.mover = moves.mover(state, cid, self.options)
        self.start = board.fighters[cid].point
        self.status = "ground" if self.mover.space.supported(self.start) else "climbing"
        self.memo = kept_memo(board, self.mover, self.options)
        self.planned: list[moves.Plan] = []

    def accept(self, legs: list[tuple[str, Point3]]) -> None:
        """The whole move judged (raises `Refusal` when the legs found make none)."""
        self.planned.append(moves.plan(self.state, self.cid, legs, self.budget, self.options))

    def sample(self, goal: Point3) -> tuple[float, Legs] | None:
        """The inches counted and the legs of the cheapest move found to `goal`, or None."""
        if self.obstructed(goal):
            return None
        self.planned.clear()
        found = search(
            self.mover, self.start, self.status, [goal], self.budget, self.accept, 300, self.memo
        )
        if found is None:
            return None
        # the legs found are the last ones planned: a plan refused raises instead
        return self.planned[-1].cost, [(k, list(p)) for k, p in found]

    def obstructed(self, goal: Point3) -> bool:
        """No leg of any kind can end at `goal`: a base standing there, walking over low
        terrain, would overlap terrain or a fighter. A normal leg's last stretch is swept at
        the goal's height (to within the 1/1000" a normal leg may end off it) walking over
        low terrain, and a jump's drop, a climb and a flight each sweep the goal point at
        least as strictly; so the search would never reach it. Checked with the base a hair
        smaller and the height's slack against it, so a hit here is a hit for every leg."""
        m = self.mover
        xy = (goal[0], goal[1])
        slack = 1e-3
        return (
            m.space.chunk_hit(xy, xy, goal[2] + slack, goal[2] - slack, m.radius - 1e-6, 1.0)
            is not None
        )
