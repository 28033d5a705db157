"""Epic Path's metric and step costs (Types of Movement; DIGEST 3.1-3.3, 3.8-3.9).

Feet, 5 a square, diagonals 1-for-1; difficult terrain (and squeezing) 10 ft; walls and
objects block; a diagonal may not pass a completely filled square (a wall) but may skirt a
partly filled one (an obstacle); allies may be passed, other creatures only stepped over by a
creature two sizes larger. Each square's cost comes off every movement type's allowance, so a
step in water needs swim allowance left for the whole spend so far. Run, charge and the
5-foot step never enter difficult terrain; a withdrawal's every square is farther from its
primary target; a charge goes in a straight line through no creature.
"""

from __future__ import annotations

from engine.geometry import box, box_gap
from engine.rulesets.squares.field import Node, SquareField, no
from events.battle_events import Coord
from projections.state import BattleState, Creature

SQUARE = 5


class EpicField(SquareField):
    prefix = "epic-path"

    def __init__(
        self,
        rs: object,
        state: BattleState,
        c: Creature,
        mode: str,
        action: str = "walk",
        multiplier: int = 1,
        primary: Creature | None = None,
    ) -> None:
        super().__init__(rs, state, c, mode)  # type: ignore[arg-type]
        self.action = action
        self.allow = {m: v * multiplier for m, v in c.speeds.items()}
        self.primary = None if primary is None else box(primary.pos, rs.size_side(primary.size))  # type: ignore[attr-defined]
        self.skirt = state.options.get("corner_obstacles", "skirt") == "skirt"
        self.direction: tuple[int, int] | None = None
        self.ceiling = int(state.options.get("altitude_ceiling", 100)) // SQUARE

    def step_mode(self, to: Coord) -> str:
        if self.flying:
            return "fly"
        return "swim" if self.in_water(to) else "walk"

    def cost_of(self, node: Node, spent: int, to: Coord, reasons: list[str] | None) -> int | None:
        frm = node[0]
        if not self.ground_step(node, to, reasons):
            return None
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if self.flying and (to[2] < self.stand_z(to[0], to[1]) or self.filled(to)):
            no(reasons, "epic-path/blocked", f"a flier can't pass through {list(to)}")
            return None
        if self.flying and to[2] > frm[2] and to[2] - self.stand_z(to[0], to[1]) > self.ceiling:
            no(
                reasons,
                "epic-path/altitude-ceiling",
                f"this battle's altitude ceiling is {self.ceiling * SQUARE} ft",
            )
            return None
        if self.any_cell(to, self.grid.solid) and to[2] <= frm[2]:
            no(reasons, "epic-path/blocked", f"blocked terrain at {list(to)[:2]}")
            return None
        if dx and dy and self._cuts_corner(frm, to):
            no(
                reasons,
                "epic-path/cannot-cut-corners",
                f"the step to {list(to)} passes a completely filled square",
            )
            return None
        if self.action == "charge" and not self._straight(node, dx, dy):
            no(reasons, "epic-path/charge-straight-line", "a charge moves in a straight line")
            return None
        if self.primary is not None and self.action == "withdraw":  # noqa: SIM102
            if box_gap(box(to, self.side), self.primary) <= box_gap(
                box(frm, self.side), self.primary
            ):
                no(
                    reasons,
                    "epic-path/withdraw-farther",
                    f"every withdrawing square is farther from the primary target ({list(to)})",
                )
                return None
        for o in self.occupants(to):
            if self.action == "charge":
                no(
                    reasons,
                    "epic-path/charge-path-clear",
                    f"{o.creature.id} is in the charge's way",
                )
                return None
            if o.enemy and self.rank - o.rank < 2:
                no(
                    reasons,
                    "epic-path/occupied",
                    f"only a creature two sizes larger steps over {o.creature.id}",
                )
                return None
        cost = SQUARE
        why = ["5 ft"]
        if self.on_ground(to) and self.any_cell(to, self.grid.difficult):
            if self.action in ("run", "charge", "five_foot_step"):
                no(
                    reasons,
                    f"epic-path/{self.action.replace('_', '-')}-no-difficult-terrain",
                    f"no {self.action.replace('_', ' ')} into difficult terrain",
                )
                return None
            cost = 2 * SQUARE
            why = ["difficult terrain 10 ft"]
        if self.creature.has("squeezed"):
            cost = max(cost, 2 * SQUARE)
            why.append("squeezing counts as difficult terrain")
        mode = self.step_mode(to)
        allowance = self.allow.get(mode, 0)
        if spent + cost > allowance:
            if mode not in self.allow:
                no(
                    reasons,
                    "epic-path/no-speed-for-mode",
                    f"{self.creature.id} has no {mode} speed",
                )
            else:
                no(
                    reasons,
                    "epic-path/mode-allowance-spent",
                    f"{spent + cost} ft is more than the {allowance} ft {mode} allowance",
                )
            return None
        if reasons is not None:
            reasons.extend(why)
        return cost

    def _straight(self, node: Node, dx: int, dy: int) -> bool:
        start = self.creature.pos
        frm = node[0]
        if frm == start:
            return True
        first = (frm[0] - start[0], frm[1] - start[1])
        n = max(abs(first[0]), abs(first[1]))
        return (first[0] == dx * n) and (first[1] == dy * n)

    def _cuts_corner(self, frm: Coord, to: Coord) -> bool:
        g = self.grid
        low = min(frm[2], to[2])
        for i in self.corner_cells(frm, to):
            if g.surface[i] > low and (g.wall[i] or (g.solid[i] and not self.skirt)):
                return True
        return False

    def can_stop(self, pos: Coord, reasons: list[str] | None = None) -> bool:
        for o in self.occupants(pos):
            if self.rank - o.rank < 2:
                no(
                    reasons,
                    "epic-path/cannot-end-in-occupied-space",
                    f"a walk ends in an unoccupied space ({o.creature.id} is there)",
                )
                return False
        return True
