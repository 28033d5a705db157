"""Epic Path's metric and step costs (Types of Movement; DIGEST 3.1-3.3, 3.8-3.9).

Feet, 5 a square, diagonals 1-for-1; difficult terrain (and squeezing, and a dead creature's
square, "rough terrain") 10 ft; walls and objects block; a diagonal may not pass a completely
filled square (a wall) but may skirt a partly filled one (an obstacle); allies may be passed,
other creatures only stepped over by a creature two sizes larger. Each square's cost comes off
every movement type's allowance, so a step in water needs swim allowance left for the whole
spend so far. Run, charge and the 5-foot step never enter difficult terrain (nor squeeze); a
withdrawal's every square is farther from its primary target; a charge goes in a straight line
through no creature.

Impeded terrain is entered only by the `clamber` action (a full round for 5 ft); a `narrow`
opening built for one size smaller is squeezed through (10 ft), for two or more sizes smaller
not at all. Hazardous squares (a damaging square, a pit or ledge one drops into) cost the
normal 5 ft: when the path search sets `avoid`, a path ends at its first hazardous square, so
the search for a `to` can first look for a route around them ("they just don't want to").
"""

from __future__ import annotations

from engine.geometry import box, box_gap
from engine.rulesets.epic_path import economy
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SIZES, SQUARE, fills_its_square
from engine.rulesets.squares.field import Node, SquareField, no
from events.battle_events import Coord
from projections.state import BattleState, Creature

HAZARD = 1 << 19
"""Set in a node's counter once an `avoid` search entered a hazardous square: nothing follows."""


class EpicField(SquareField):
    prefix = "epic-path"

    def __init__(
        self,
        state: BattleState,
        c: Creature,
        mode: str,
        action: str = "walk",
        multiplier: int = 1,
        primary: Creature | None = None,
    ) -> None:
        super().__init__(SIZES, state, c, mode)
        self.action = action
        self.allow = {m: economy.speed(c, m) * multiplier for m in c.speeds}
        if action == "walk" and economy.overburdened(c):
            self.allow["walk"] = SQUARE  # a standard action moves 5 ft (Encumbrance)
        self.primary = None if primary is None else box(primary.pos, SIZES.side(primary.size))
        options = EpicPathOptions.of(state)
        self.skirt = options.corner_obstacles == "skirt"
        self.direction: tuple[int, int] | None = None
        self.ceiling = options.altitude_ceiling // SQUARE
        self.avoid = False
        self.dead_rough = options.dead_are_rough
        self.share = options.allies_may_share

    # -- what a square is ------------------------------------------------------------------
    def squeeze_need(self, pos: Coord) -> int:
        """0: the creature fits; 1: it squeezes (a space built for one size smaller); 2: the
        space is narrower than its head (two or more sizes smaller)."""
        if not self.on_ground(pos):
            return 0
        need = 0
        narrow = self.grid.narrow
        for i in self.cells(pos[0], pos[1]):
            fits = narrow[i]
            if fits is not None:
                need = max(need, min(2, self.rank - SIZES.rank(fits)))
        return need

    def rough(self, to: Coord) -> bool:
        """Difficult terrain, or a dead creature's square ("rough terrain", option
        `dead_are_rough`), under a creature on the ground."""
        if not self.on_ground(to):
            return False
        if self.any_cell(to, self.grid.difficult):
            return True
        return self.dead_rough and any(o.creature.hp <= 0 for o in self.occupants(to))

    def forbids(self, to: Coord, reasons: list[str] | None) -> bool:
        """What the square itself forbids this action (refused when explaining): impeded
        terrain but by clambering; a space narrower than the creature's head; squeezing or
        difficult terrain for a run, charge or 5-foot step (a hovering step ignores difficult
        terrain); a concealed square for a 5-foot step without darkvision."""
        act = self.action.replace("_", "-")
        words = self.action.replace("_", " ")
        careful = self.action in ("run", "charge", "five_foot_step")
        where = list(to)[:2]
        if self.on_ground(to) and self.any_cell(to, self.grid.impeded):
            if self.action == "clamber":
                return False
            no(
                reasons,
                f"epic-path/{act}-no-impeded-terrain" if careful else "epic-path/impeded",
                f"entering impeded terrain at {where} takes a full-round action for 5 ft "
                "(the `clamber` action)",
            )
            return True
        tight = self.squeeze_need(to)
        if tight >= 2:
            no(
                reasons,
                "epic-path/too-narrow",
                f"{where} is narrower than {self.creature.id}'s head: no creature can pass "
                "through a space narrower than its head",
            )
            return True
        if tight == 1 and careful:
            no(
                reasons,
                f"epic-path/{act}-no-squeezing",
                f"no {words} squeezing through {where} (it counts as difficult terrain)",
            )
            return True
        hover = self.action == "five_foot_step" and "hover" in self.creature.speeds
        if careful and not hover and self.rough(to):
            no(
                reasons,
                f"epic-path/{act}-no-difficult-terrain",
                f"no {words} into difficult terrain",
            )
            return True
        if (
            self.action == "five_foot_step"
            and self.any_cell(to, self.grid.concealed)
            and self.creature.stat("darkvision") <= 0
        ):
            no(
                reasons,
                "epic-path/five-foot-step-concealed",
                f"{where} is concealed: no 5-foot step into it without darkvision",
            )
            return True
        return False

    def hazard(self, frm: Coord, to: Coord) -> str | None:
        """Why entering `to` is hazardous (Hazardous Terrain), or None."""
        g = self.grid
        if self.on_ground(to):
            damage = max(g.damage[i] for i in self.cells(to[0], to[1]))
            if damage:
                return f"hazardous terrain: {damage} damage on entry"
        if self.dropped(frm, to):
            pit = any(g.pit[i] for i in self.cells(to[0], to[1]))
            return (
                "hazardous terrain: a pit (falls)" if pit else "hazardous terrain: a drop (falls)"
            )
        return None

    def least_cost(self, node: Node, goal: Coord) -> int:
        """5 ft a square counted 1 for 1 (General Movement Rules; up and down too in three
        dimensions): no square costs less, so no path to `goal` is cheaper."""
        (x, y, z), (gx, gy, gz) = node[0], goal
        rise = abs(gz - z) if self.flying else 0
        return SQUARE * max(abs(gx - x), abs(gy - y), rise)

    def next_counter(self, node: Node, to: Coord) -> int:
        counter = super().next_counter(node, to)
        if self.avoid and self.hazard(node[0], to) is not None:
            counter |= HAZARD
        return counter

    def step_mode(self, to: Coord) -> str:
        if self.flying:
            return "fly"
        return "swim" if self.in_water(to) else "walk"

    def cost_of(self, node: Node, spent: int, to: Coord, reasons: list[str] | None) -> int | None:
        frm = node[0]
        if node[1] & HAZARD:
            return None  # only ever set by an `avoid` search: a hazard ends that path
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
        dead = False
        for o in self.occupants(to):
            if o.creature.hp <= 0:
                dead = True  # a dead creature is rough terrain, not a creature (Squeezing)
                continue
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
        if self.forbids(to, reasons):
            return None
        cost = SQUARE
        why = ["5 ft"]
        ground = self.on_ground(to)
        if ground and self.any_cell(to, self.grid.impeded):
            why = ["impeded terrain: a full round for 5 ft"]
        elif self.rough(to):
            if self.action == "five_foot_step":
                why.append("hover ignores difficult terrain")
            else:
                cost = 2 * SQUARE
                why = ["difficult terrain 10 ft" if not dead else "a dead creature: rough 10 ft"]
        if self.squeeze_need(to) == 1:
            cost = max(cost, 2 * SQUARE)
            why.append("squeezing counts as difficult terrain")
        hazard = self.hazard(frm, to)
        if hazard is not None:
            why.append(hazard)
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

    def sharing(self, pos: Coord) -> Creature | None:
        """The one ally whose space a move may end in (option `allies_may_share`: it
        consents, and both squeeze), else None. Only creatures that fill their space
        (Small and up) squeeze; a dead creature is terrain, not company."""
        if not self.share or not fills_its_square(self.rank):
            return None
        alive = [o for o in self.occupants(pos) if o.creature.hp > 0]
        if len(alive) != 1:
            return None
        o = alive[0]
        ally = o.creature.side == self.creature.side and fills_its_square(o.rank)
        return o.creature if ally and abs(self.rank - o.rank) < 2 else None

    def can_stop(self, pos: Coord, reasons: list[str] | None = None) -> bool:
        share = self.sharing(pos)
        for o in self.occupants(pos):
            if o.creature.hp <= 0 or o.creature is share:
                continue  # a dead creature's square is rough terrain; a consenting ally
            if self.rank - o.rank < 2:
                no(
                    reasons,
                    "epic-path/cannot-end-in-occupied-space",
                    f"a walk ends in an unoccupied space ({o.creature.id} is there)",
                )
                return False
        return True
