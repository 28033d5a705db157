"""What entering a space means in Draw Steel: the square's part of a step, read once.

Draw Steel, Movement (DIGEST 2.1-2.4, 2.9): difficult terrain costs 1 more; swimming without
a swim speed costs 2 a square, and a prone creature can't swim; crawling while prone costs 1
more; a burrower passes only through earth, a flier and a climber only through open air (a
climber clinging to something), and a `narrow` opening built for a smaller size is
impassable; an enemy's space counts as difficult terrain; a shifting creature enters no
difficult or damaging terrain. Only the enemies depend on where the other creatures are: an
unoccupied square's entry is the same for every decision on the same map and kind of mover
(`Mover`), which is what the field's kept steps rest on (`MovementField.neighbors`).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.sizes import LADDER
from engine.steps import Illegal, Legal
from projections.grid import Grid

CLIMB_WITHOUT_SPEED = "climbing without a climb speed costs 2"


class Mover(NamedTuple):
    """What entering a square (and so a step) means depends on, besides the map and the
    enemies: the memo of a map is kept per mover."""

    mode: str
    size: str
    side: int
    prone: bool
    swimmer: bool
    climber: bool
    shifting: bool
    stack: bool
    """Option `stack_penalties`: the extra costs add up (else the largest counts)."""
    both_corners: bool
    """Option `corner_rule`: a diagonal is blocked only when both squares beside it are walls."""


class Entry(NamedTuple):
    """What entering the space anchored at (x, y) at height z means, from any square.

    `early` forbids it before the step's own checks (a burrower or flier into filled space,
    a climber with nothing to cling to), `late` after them (a prone swimmer, a narrow
    opening, a shifter into difficult terrain); `plain` is what it costs and why, `climbing`
    the same climbed without a climb speed."""

    early: Illegal | None
    late: Illegal | None
    stand: int
    solid: bool
    plain: Legal
    climbing: Legal


class TerrainReader:
    """Reads squares of one map for one kind of mover (`entry`)."""

    def __init__(self, grid: Grid, mover: Mover) -> None:
        self.grid = grid
        self.mover = mover
        self.side = mover.side
        self.rank = LADDER.rank(mover.size)
        self.walking = mover.mode in ("walk", "swim")
        self.sky = grid.top + mover.side + 10
        self.floor = grid.bottom - 20
        self._stand: dict[tuple[int, int], int] = {}

    def cells(self, x: int, y: int) -> list[int]:
        w, s = self.grid.width, self.side
        return [(y + j) * w + x + i for j in range(s) for i in range(s)]

    def stand_z(self, x: int, y: int) -> int:
        """The height at which this mover stands on the squares anchored at (x, y)."""
        if self.side == 1:
            return self.grid.surface[y * self.grid.width + x]
        z = self._stand.get((x, y))
        if z is None:
            surface = self.grid.surface
            z = self._stand[(x, y)] = max(surface[i] for i in self.cells(x, y))
        return z

    def entry(self, x: int, y: int, z: int, enemy: bool) -> Entry:
        """What entering the space at (x, y, z) means, whatever square it is entered from
        (`enemy`: an enemy's space is there)."""
        grid, mover = self.grid, self.mover
        cells = [y * grid.width + x] if self.side == 1 else self.cells(x, y)
        stand = self.stand_z(x, y)
        early = None if self.walking else self.early(x, y, z, stand, cells)
        on_ground = z == stand
        wet = mover.mode != "fly" and self.wet(z, cells)
        if len(cells) == 1:  # most creatures: one square, read without calls
            i = cells[0]
            difficult = on_ground and grid.difficult[i]
            damaging = on_ground and bool(grid.damage[i])
            solid = bool(grid.solid[i])
        else:
            difficult = on_ground and _any(grid.difficult, cells)
            damaging = on_ground and _any(grid.damage, cells)
            solid = _any(grid.solid, cells)
        late = self.late(x, y, z, cells, wet, on_ground, difficult or enemy or damaging)
        extras = 0
        why: list[str] = []
        if wet and not mover.prone and not mover.swimmer:
            extras += 1
            why.append("swimming without a swim speed costs 2")
        if difficult or enemy:
            extras += 1
            if difficult:
                why.append("difficult terrain +1")
            if enemy:
                why.append("enemy space counts as difficult terrain +1")
        if mover.prone and mover.mode == "walk":
            extras += 1
            why.append("crawling while prone +1")
        plain = Legal(1 + self.added(extras), tuple(why))
        climbing = Legal(1 + self.added(extras + 1), (CLIMB_WITHOUT_SPEED, *why))
        return Entry(early, late, stand, solid, plain, climbing)

    def early(self, x: int, y: int, z: int, stand: int, cells: list[int]) -> Illegal | None:
        """What forbids a burrower, flier or climber the space before anything else: earth
        for a burrower only, open air for a flier, something to cling to for a climber."""
        grid, mode = self.grid, self.mover.mode
        surface, ground = grid.surface, grid.ground
        if mode == "burrow":
            if any(ground[i] <= z < surface[i] for i in cells) or z < self.floor:
                return Illegal(
                    "draw-steel/cannot-burrow-through", f"{[x, y, z]} is stone, a wall or an object"
                )
        elif any(z < surface[i] for i in cells) or z > self.sky:
            return Illegal("map/blocked", f"{[x, y, z]} is filled")
        elif mode == "climb" and z > stand and not self.clinging(x, y, z, cells):
            return Illegal("draw-steel/nothing-to-climb", f"nothing to climb at {[x, y, z]}")
        return None

    def wet(self, z: int, cells: list[int]) -> bool:
        """Is the space (at height z) in water?"""
        water, ground = self.grid.water, self.grid.ground
        if len(cells) == 1:  # most creatures: no generator for one square
            i = cells[0]
            return bool(water[i]) and z < ground[i] + water[i]
        return any(water[i] and z < ground[i] + water[i] for i in cells)

    def late(
        self, x: int, y: int, z: int, cells: list[int], wet: bool, on_ground: bool, rough: bool
    ) -> Illegal | None:
        """What forbids the space once the step's own checks pass: a prone creature can't
        swim, a narrow opening built for a smaller size is impassable, a shifter enters no
        difficult or damaging terrain (nor an enemy's space, `rough`)."""
        if wet and self.mover.prone:
            return Illegal("draw-steel/prone-cannot-swim", "a prone creature can't swim")
        if on_ground and self.grid.any_narrow:
            narrow = self.too_narrow(cells, [x, y, z])
            if narrow is not None:
                return narrow
        if self.mover.shifting and rough:
            return Illegal(
                "draw-steel/cannot-shift-in-difficult-terrain",
                f"can't shift into {[x, y, z]}: difficult or damaging terrain",
            )
        return None

    def added(self, extras: int) -> int:
        """What `extras` surcharges of 1 add (DIGEST 2.1, option `stack_penalties`): all of
        them, or the largest."""
        return extras if self.mover.stack else min(extras, 1)

    def too_narrow(self, cells: list[int], to: list[int]) -> Illegal | None:
        """A `narrow` opening built for a smaller size: Draw Steel has no rule for squeezing
        through a gap narrower than one's space, so it is impassable (DIGEST 2.9 [UNKNOWN]:
        "treat it as impassable, or leave it to the Director", who can `place` the creature)."""
        narrow = self.grid.narrow
        for i in cells:
            fits = narrow[i]
            if fits is not None and LADDER.rank(fits) < self.rank:
                return Illegal(
                    "draw-steel/too-narrow",
                    f"the opening at {to[:2]} is built for size {fits}, smaller than "
                    f"{self.mover.size}",
                )
        return None

    def clinging(self, x: int, y: int, z: int, cells: list[int]) -> bool:
        """Draw Steel, Climb: something to cling to at (x, y, z): a climbable square, or a
        wall, object or higher ground beside the space."""
        grid = self.grid
        if any(grid.climbable[i] for i in cells):
            return True
        s = self.side
        for j in range(-1, s + 1):
            for i in range(-1, s + 1):
                if 0 <= i < s and 0 <= j < s:
                    continue
                cx, cy = x + i, y + j
                if grid.inside(cx, cy):
                    k = grid.index(cx, cy)
                    if grid.surface[k] > z or grid.climbable[k]:
                        return True
        return False

    def hard(self, x: int, y: int, z: int, climbing: bool) -> bool:
        """Does a step into (x, y, z) climb a hard surface or swim a hard liquid (DIGEST 2.3:
        a Might test)?"""
        grid = self.grid
        hard = grid.hard
        cells = self.cells(x, y)
        if any(hard[i] and grid.water[i] and z < grid.ground[i] + grid.water[i] for i in cells):
            return True
        if not climbing:
            return False
        if any(hard[i] for i in cells):
            return True
        s = self.side
        for j in range(-1, s + 1):
            for i in range(-1, s + 1):
                cx, cy = x + i, y + j
                if (0 <= i < s and 0 <= j < s) or not grid.inside(cx, cy):
                    continue
                k = grid.index(cx, cy)
                if hard[k] and grid.surface[k] > z:
                    return True
        return False


def _any(table: tuple[int, ...] | tuple[bool, ...], cells: list[int]) -> bool:
    """Does any of the cells hold something in this layer of the map?"""
    if len(cells) == 1:
        return bool(table[cells[0]])
    return any(table[i] for i in cells)
