"""The action-point game's metric and step costs (zaldar.com, Move; DIGEST 6.1-6.2).

An orthogonal step costs 1 Move Point, a diagonal 2; swimming a water space 3; crawling 2 a
space (a diagonal 4); climbing 3 per 6-ft square up or down (mode `climb`); walls block;
friends may be passed, neutral and hostile creatures not, and a move ends on an empty space;
only a crawling creature fits into a `narrow` opening built for a smaller size.
A walker stepping down a ledge falls (the falling table) and its move ends there.
"""

from __future__ import annotations

from engine.rulesets.action_points.options import ActionPointsOptions
from engine.rulesets.squares.field import FLAT, Node, SquareField, no
from engine.sizes import LADDER
from events.battle_events import Coord
from projections.state import BattleState, Creature

CLIMB = 3
SWIM = 3
CRAWL = 2


class ApField(SquareField):
    prefix = "action-points"

    def __init__(self, state: BattleState, c: Creature, mode: str) -> None:
        super().__init__(LADDER, state, c, mode)

    drop_threshold = 0
    dodging = False
    """A Dodge may pass through neutral and hostile spaces (never end in one)."""

    def least_cost(self, node: Node, goal: Coord) -> int:
        """Every space across or along costs at least 1 and a diagonal, which goes one along
        and one across, at least 2: no path costs less than the spaces along plus across."""
        frm = node[0]
        return abs(goal[0] - frm[0]) + abs(goal[1] - frm[1])

    def targets(self, pos: Coord) -> list[Coord]:
        x, y, _ = pos
        return [
            (x + dx, y + dy, self.stand_z(x + dx, y + dy))
            for dx, dy in FLAT
            if self.inside(x + dx, y + dy)
        ]

    def cost_of(self, node: Node, spent: int, to: Coord, reasons: list[str] | None) -> int | None:
        frm = node[0]
        climbing = self.mode == "climb"
        if climbing and node[1]:
            no(reasons, "path/not-contiguous", "a fall ends the move")
            return None
        if not self.inside(to[0], to[1]):
            no(reasons, "map/off-map", f"{list(to)} is off the map")
            return None
        dz = to[2] - frm[2]
        if not climbing and dz > 0:
            self._ground_refusal(to, reasons)
            return None
        if not self._basic(node, to, reasons):
            return None
        diagonal = to[0] != frm[0] and to[1] != frm[1]
        walls = ActionPointsOptions.of(self.state).corner_rule == "walls"
        if diagonal and walls and any(self.grid.wall[i] for i in self.corner_cells(frm, to)):
            no(reasons, "action-points/cannot-cut-corners", "a wall's corner is in the way")
            return None
        for o in self.occupants(to):
            if o.creature.side != self.creature.side and not self.dodging:
                no(
                    reasons,
                    "action-points/hostile-space",
                    f"can't move through {o.creature.id}'s space (only a Dodge can)",
                )
                return None
        if self.grid.any_narrow and not self.creature.has("prone") and self._tight(to):
            no(
                reasons,
                "action-points/crawl-to-fit",
                f"the opening at {list(to)[:2]} is too small to walk into: crawl",
            )
            return None
        base = 2 if diagonal else 1
        why = ["diagonal 2" if diagonal else "1 space"]
        if self.creature.has("prone"):
            base *= CRAWL
            why = [f"crawling {base}"]
        if self.in_water(to):
            base = SWIM
            why = ["swimming a water space 3"]
        if climbing and dz:
            base += CLIMB * abs(dz)
            why.append(f"climbing {abs(dz)} x 6 ft: {CLIMB * abs(dz)}")
        if reasons is not None:
            reasons.extend(why)
        return base

    def _tight(self, to: Coord) -> bool:
        """A `narrow` opening built for a smaller size: "Crawling allows your character to fit
        into small areas" (Crawling), so only a crawling creature enters it."""
        narrow = self.grid.narrow
        return any(
            narrow[i] is not None and self.sizes.rank(narrow[i] or "") < self.rank
            for i in self.cells(to[0], to[1])
        )

    def _ground_refusal(self, to: Coord, reasons: list[str] | None) -> None:
        if self.any_cell(to, self.grid.wall):
            no(reasons, "action-points/blocked", f"a wall fills {list(to)[:2]}")
        else:
            no(
                reasons,
                "action-points/climb-needed",
                f"{list(to)} is higher: climb it (3 Move Points per 6 ft)",
            )

    def _basic(self, node: Node, to: Coord, reasons: list[str] | None) -> bool:
        frm = node[0]
        if node[1]:
            no(reasons, "action-points/fall-ends-move", "a fall ends the move")
            return False
        if not self.inside(to[0], to[1]):
            no(reasons, "map/off-map", f"{list(to)} is off the map")
            return False
        if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1 or to[2] != self.stand_z(
            to[0], to[1]
        ):
            no(reasons, "path/not-contiguous", f"{list(to)} is not a space next to {list(frm)}")
            return False
        if self.any_cell(to, self.grid.wall):
            no(reasons, "action-points/blocked", f"a wall fills {list(to)[:2]}")
            return False
        return True

    def dropped(self, frm: Coord, to: Coord) -> int:
        """A climber climbs down (3 Move Points per 6 ft); only a walker steps off and falls."""
        return 0 if self.mode == "climb" else super().dropped(frm, to)

    def next_counter(self, node: Node, to: Coord) -> int:
        if self.mode == "climb":
            return node[1]
        return node[1] | (1 if to[2] < node[0][2] else 0)

    def can_stop(self, pos: Coord, reasons: list[str] | None = None) -> bool:
        for o in self.occupants(pos):
            no(
                reasons,
                "action-points/occupied",
                f"a move must end on an empty space ({o.creature.id} is there)",
            )
            return False
        return True
