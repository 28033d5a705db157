"""The movement field of one creature: squares, occupants and terrain, and the step hook.

A search node is a position and a counter the ruleset carries along the path (1-2-1 counts
diagonals; the others keep 0). `step(node, spent, to, reasons)` answers the step's cost and
the next counter, or None when illegal; with `reasons` it raises the refusal instead, so the
judge, the reach generator and the path search read one rule.
"""

from __future__ import annotations

from engine.geometry import box, overlaps
from engine.placement import Occupant
from engine.results import Refusal
from engine.sizes import SizeScale
from events.battle_events import Coord
from projections.state import BattleState, Creature

Node = tuple[Coord, int]
DROPPED = 1 << 20
"""Set in a node's counter once the path dropped off a ledge: nothing may follow."""
FLAT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
SPACE = [(dx, dy, dz) for dz in (-1, 0, 1) for dx, dy in [*FLAT, (0, 0)] if dx or dy or dz]


def no(reasons: list[str] | None, rule: str, detail: str) -> None:
    """Refuse when explaining; otherwise the caller answers None (illegal)."""
    if reasons is not None:
        raise Refusal(rule, detail)


class SquareField:
    """What every step of one creature's movement in one mode needs, built once."""

    prefix = "grid"
    overspend = False
    """May a square be entered that costs more than what is left (Reclaim the Wild)?"""
    drop_threshold = 1
    """A ground step down by more than this many squares is a fall (and ends the move)."""

    def __init__(self, sizes: SizeScale, state: BattleState, c: Creature, mode: str) -> None:
        self.sizes = sizes
        self.state = state
        self.grid = state.grid
        self.options = state.options
        self.creature = c
        self.mode = mode
        self.side = sizes.side(c.size)
        self.rank = sizes.rank(c.size)
        self.flying = mode in ("fly", "glide")
        self.occupied: dict[tuple[int, int], list[Occupant]] = {}
        for o in state.creatures.values():
            if o.id == c.id:
                continue
            oside = sizes.side(o.size)
            entry = Occupant(
                o, box(o.pos, oside), sizes.rank(o.size), o.side != c.side and o.hp > 0
            )
            for j in range(oside):
                for i in range(oside):
                    self.occupied.setdefault((o.pos[0] + i, o.pos[1] + j), []).append(entry)

    # -- squares ---------------------------------------------------------------------------
    def inside(self, x: int, y: int) -> bool:
        g, s = self.grid, self.side
        return x >= 0 and y >= 0 and x + s <= g.width and y + s <= g.height

    # A search calls these for every candidate step (a 100x100 map: ~150,000 times), and most
    # creatures fill one square: that case skips building and scanning lists.
    def cells(self, x: int, y: int) -> list[int]:
        w = self.grid.width
        if self.side == 1:
            return [y * w + x]
        return [(y + j) * w + x + i for j in range(self.side) for i in range(self.side)]

    def stand_z(self, x: int, y: int) -> int:
        if self.side == 1:
            return self.grid.surface[y * self.grid.width + x]
        return max(self.grid.surface[i] for i in self.cells(x, y))

    def resolve(self, point: list[int] | tuple[int, ...]) -> Coord:
        x, y = point[0], point[1]
        if len(point) >= 3:
            return (x, y, point[2])
        return (x, y, self.stand_z(x, y) if self.inside(x, y) else 0)

    def occupants(self, pos: Coord) -> list[Occupant]:
        if self.side == 1:
            here = self.occupied.get((pos[0], pos[1]))
            if not here:
                return []
        mine = box(pos, self.side)
        seen: dict[str, Occupant] = {}
        for j in range(self.side):
            for i in range(self.side):
                for o in self.occupied.get((pos[0] + i, pos[1] + j), ()):
                    if overlaps(mine, o.box):
                        seen[o.creature.id] = o
        return list(seen.values())

    def any_cell(self, pos: Coord, table: tuple[int, ...] | tuple[bool, ...]) -> bool:
        if self.side == 1:
            return bool(table[pos[1] * self.grid.width + pos[0]])
        return any(table[i] for i in self.cells(pos[0], pos[1]))

    def in_water(self, pos: Coord) -> bool:
        g = self.grid
        if self.side == 1:
            i = pos[1] * g.width + pos[0]
            return bool(g.water[i]) and pos[2] < g.ground[i] + g.water[i]
        return any(g.water[i] and pos[2] < g.ground[i] + g.water[i] for i in self.cells(*pos[:2]))

    def water_depth(self, pos: Coord) -> int:
        return max(self.grid.water[i] for i in self.cells(pos[0], pos[1]))

    def on_ground(self, pos: Coord) -> bool:
        return pos[2] == self.stand_z(pos[0], pos[1])

    def filled(self, pos: Coord) -> bool:
        g = self.grid
        return any(g.ground[i] <= pos[2] < g.surface[i] for i in self.cells(pos[0], pos[1]))

    def corner_cells(self, frm: Coord, to: Coord) -> list[int]:
        """The two squares beside a diagonal step (for a 1-square creature and bigger)."""
        s = self.side
        fx, fy, _ = frm
        x, y, _ = to
        dx, dy = x - fx, y - fy
        a = (x + s - 1 if dx > 0 else x, fy if dy > 0 else fy + s - 1)
        b = (fx if dx > 0 else fx + s - 1, y + s - 1 if dy > 0 else y)
        return [self.grid.index(*a), self.grid.index(*b)]

    # -- hooks -----------------------------------------------------------------------------
    def start(self, pos: Coord) -> Node:
        return (pos, 0)

    def cost_of(self, node: Node, spent: int, to: Coord, reasons: list[str] | None) -> int | None:
        raise NotImplementedError

    def least_cost(self, node: Node, goal: Coord) -> int:
        """A lower bound on what any legal path from `node` to `goal` costs, never more than
        the cheapest (the route search's A* bound): 0, no bound, unless a field knows better."""
        return 0

    def targets(self, pos: Coord) -> list[Coord]:
        """Candidate next squares from `pos` (judged by `cost_of`)."""
        x, y, z = pos
        if self.flying:
            return [(x + dx, y + dy, z + dz) for dx, dy, dz in SPACE if self.inside(x + dx, y + dy)]
        out = []
        for dx, dy in FLAT:
            nx, ny = x + dx, y + dy
            if self.inside(nx, ny):
                out.append((nx, ny, self.stand_z(nx, ny)))
        return out

    def next_counter(self, node: Node, to: Coord) -> int:
        return node[1] | self.dropped(node[0], to)

    def dropped(self, frm: Coord, to: Coord) -> int:
        if self.flying or to[2] >= frm[2] - self.drop_threshold:
            return 0
        return DROPPED

    def ground_step(self, node: Node, to: Coord, reasons: list[str] | None) -> bool:
        """The checks every ground step shares: adjacent, inside, not after a drop, not into
        a filled square, not up a ledge."""
        frm = node[0]
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if node[1] & DROPPED:
            no(reasons, f"{self.prefix}/fall-ends-move", "a drop off a ledge ends the move")
            return False
        if not self.inside(to[0], to[1]):
            no(reasons, "map/off-map", f"{list(to)} is off the map")
            return False
        if self.flying:
            apart = max(abs(dx), abs(dy), abs(to[2] - frm[2])) != 1  # up and down count too
        else:
            apart = max(abs(dx), abs(dy)) != 1 or to[2] != self.stand_z(to[0], to[1])
        if apart:
            no(
                reasons,
                "path/not-contiguous",
                f"{list(to)} is not a ground square next to {list(frm)}",
            )
            return False
        if to[2] - frm[2] > 1 and not self.flying:
            if self.any_cell(to, self.grid.solid):
                no(reasons, f"{self.prefix}/blocked", f"a wall or object fills {list(to)[:2]}")
            else:
                no(
                    reasons,
                    f"{self.prefix}/ledge",
                    f"a ledge of {to[2] - frm[2]} squares: climb or fly",
                )
            return False
        return True

    def can_stop(self, pos: Coord, reasons: list[str] | None = None) -> bool:
        for o in self.occupants(pos):
            if abs(o.rank - self.rank) < 2 or o.rank > self.rank:
                no(
                    reasons,
                    f"{self.prefix}/cannot-end-in-occupied-space",
                    f"can't end in {o.creature.id}'s space",
                )
                return False
        return True
