"""The action-point game's metric and step costs (zaldar.com, Move; DIGEST 6.1-6.2).

An orthogonal step costs 1 Move Point, a diagonal 2; swimming a water space 3; crawling 2 a
space (a diagonal 4); climbing 3 per 6-ft square up or down (mode `climb`); walls block;
friends may be passed, neutral and hostile creatures not, and a move ends on an empty space;
only a crawling creature fits into a `narrow` opening built for a smaller size.
A walker stepping down a ledge falls (the falling table) and its move ends there.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.rulesets.action_points.options import ActionPointsOptions
from engine.rulesets.squares.field import FLAT, SquareField
from engine.rulesets.squares.search import Node
from engine.sizes import LADDER
from engine.steps import Illegal, Legal
from events.battle_events import Coord
from projections.state import BattleState, Creature

CLIMB = 3
SWIM = 3
CRAWL = 2


class ApField(SquareField):
    prefix = "action-points"
    drop_threshold = 0

    def __init__(self, state: BattleState, c: Creature, mode: str, dodging: bool = False) -> None:
        super().__init__(LADDER, state, c, mode)
        self.dodging = dodging
        """A Dodge may pass through neutral and hostile spaces (never end in one)."""
        options = ActionPointsOptions.of(state)
        self.walls = options.corner_rule == "walls"
        self.marked_only = options.climb_marked_only

    def memo_key(self) -> Hashable | None:
        c = self.creature
        prone = c.has("prone")
        marked = self.marked_only
        return ("action-points", c.id, c.size, self.mode, prone, self.dodging, self.walls, marked)

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

    def entering(self, node: Node, to: Coord) -> Legal | Illegal:
        """The action-point game, Move: a step's cost in Move Points and why, or what forbids
        it."""
        refused = self.way(node, to)
        if refused is not None:
            return refused
        frm = node[0]
        diagonal = to[0] != frm[0] and to[1] != frm[1]
        base = 2 if diagonal else 1
        why = ["diagonal 2" if diagonal else "1 space"]
        if self.creature.has("prone"):
            base *= CRAWL
            why = [f"crawling {base}"]
        if self.in_water(to):
            base = SWIM
            why = ["swimming a water space 3"]
        dz = to[2] - frm[2]
        if self.mode == "climb" and dz:
            base += CLIMB * abs(dz)
            why.append(f"climbing {abs(dz)} x 6 ft: {CLIMB * abs(dz)}")
        return Legal(base, tuple(why))

    def way(self, node: Node, to: Coord) -> Illegal | None:
        """What forbids the step: a fall before it, the map's edge, higher ground without
        climbing, a wall, a wall's corner (option `corner_rule`), a space a friend doesn't
        hold (but for a Dodge), an opening too small to walk into."""
        frm = node[0]
        climbing = self.mode == "climb"
        if climbing and node[1]:
            return Illegal("path/not-contiguous", "a fall ends the move")
        if not self.inside(to[0], to[1]):
            return Illegal("map/off-map", f"{list(to)} is off the map")
        if not climbing and to[2] > frm[2]:
            return self._ground_refusal(to)
        refused = self._basic(node, to)
        if refused is not None:
            return refused
        if climbing and to[2] != frm[2] and self.marked_only and not self._deemed(frm, to):
            return Illegal(
                "action-points/not-climbable",
                f"the feature between {list(frm)[:2]} and {list(to)[:2]} is not deemed climbable",
            )
        diagonal = to[0] != frm[0] and to[1] != frm[1]
        if diagonal and self.walls and any(self.grid.wall[i] for i in self.corner_cells(frm, to)):
            return Illegal("action-points/cannot-cut-corners", "a wall's corner is in the way")
        for o in self.occupants(to):
            if o.creature.side != self.creature.side and not self.dodging:
                return Illegal(
                    "action-points/hostile-space",
                    f"can't move through {o.creature.id}'s space (only a Dodge can)",
                )
        if self.grid.any_narrow and not self.creature.has("prone") and self._tight(to):
            return Illegal(
                "action-points/crawl-to-fit",
                f"the opening at {list(to)[:2]} is too small to walk into: crawl",
            )
        return None

    def _deemed(self, frm: Coord, to: Coord) -> bool:
        """Climbing Up / Down: a feature "deemed climbable by Zaldar" (option
        `climb_marked_only`): the higher square of the step, the feature climbed onto or off,
        is marked `climbable` on the map."""
        top = to if to[2] > frm[2] else frm
        return self.any_cell(top, self.grid.climbable)

    def tight(self, to: Coord) -> bool:
        """Whether a space at `to` is a small area only a crawler fits into (`_tight`)."""
        return self.grid.any_narrow and self._tight(to)

    def _tight(self, to: Coord) -> bool:
        """A `narrow` opening built for a smaller size: "Crawling allows your character to fit
        into small areas" (Crawling), so only a crawling creature enters it."""
        narrow = self.grid.narrow
        return any(
            narrow[i] is not None and self.sizes.rank(narrow[i] or "") < self.rank
            for i in self.cells(to[0], to[1])
        )

    def _ground_refusal(self, to: Coord) -> Illegal:
        if self.any_cell(to, self.grid.wall):
            return Illegal("action-points/blocked", f"a wall fills {list(to)[:2]}")
        return Illegal(
            "action-points/climb-needed", f"{list(to)} is higher: climb it (3 Move Points per 6 ft)"
        )

    def _basic(self, node: Node, to: Coord) -> Illegal | None:
        frm = node[0]
        if node[1]:
            return Illegal("action-points/fall-ends-move", "a fall ends the move")
        if not self.inside(to[0], to[1]):
            return Illegal("map/off-map", f"{list(to)} is off the map")
        if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1 or to[2] != self.stand_z(
            to[0], to[1]
        ):
            return Illegal("path/not-contiguous", f"{list(to)} is not a space next to {list(frm)}")
        if self.any_cell(to, self.grid.wall):
            return Illegal("action-points/blocked", f"a wall fills {list(to)[:2]}")
        return None

    def dropped(self, frm: Coord, to: Coord) -> int:
        """A climber climbs down (3 Move Points per 6 ft); only a walker steps off and falls."""
        return 0 if self.mode == "climb" else super().dropped(frm, to)

    def next_counter(self, node: Node, to: Coord) -> int:
        if self.mode == "climb":
            return node[1]
        return node[1] | (1 if to[2] < node[0][2] else 0)

    def stop_refusal(self, pos: Coord) -> Illegal | None:
        for o in self.occupants(pos):
            return Illegal(
                "action-points/occupied",
                f"a move must end on an empty space ({o.creature.id} is there)",
                (o.creature.id,),
            )
        return None
