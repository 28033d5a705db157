"""What entering a space means in Draw Steel: the square's part of a step, read once.

Draw Steel, Movement (DIGEST 2.1-2.4, 2.9): difficult terrain costs 1 more; swimming without
a swim speed costs 2 a square, and a prone creature can't swim; crawling while prone costs 1
more; a burrower passes only through earth, a flier and a climber only through open air (a
climber clinging to something), and a `narrow` opening built for a smaller size is
impassable; an enemy's space counts as difficult terrain; a shifting creature enters no
difficult or damaging terrain. Only the enemies depend on where the other creatures are: an
unoccupied square's entry serves every decision on the same map and kind of mover (`Mover`),
so the field keeps those (`engine.map_memo`).
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

    def cells(self, x: int, y: int) -> list[int]:
        w, s = self.grid.width, self.side
        return [(y + j) * w + x + i for j in range(s) for i in range(s)]

    def stand_z(self, x: int, y: int) -> int:
        """The height at which this mover stands on the squares anchored at (x, y)."""
        if self.side == 1:
            return self.grid.surface[y * self.grid.width + x]
        surface = self.grid.surface
        return max(surface[i] for i in self.cells(x, y))

    def entry(self, x: int, y: int, z: int, enemy: bool) -> Entry:
        """What entering the space at (x, y, z) means, whatever square it is entered from
        (`enemy`: an enemy's space is there)."""
        grid, mover = self.grid, self.mover
        mode = mover.mode
        cells = [y * grid.width + x] if self.side == 1 else self.cells(x, y)
        stand = self.stand_z(x, y)
        surface, ground = grid.surface, grid.ground
        to = [x, y, z]
        early: Illegal | None = None
        if mode == "burrow":
            if any(ground[i] <= z < surface[i] for i in cells) or z < self.floor:
                early = Illegal(
                    "draw-steel/cannot-burrow-through", f"{to} is stone, a wall or an object"
                )
        elif not self.walking:
            if any(z < surface[i] for i in cells) or z > self.sky:
                early = Illegal("map/blocked", f"{to} is filled")
            elif mode == "climb" and z > stand and not self.clinging(x, y, z, cells):
                early = Illegal("draw-steel/nothing-to-climb", f"nothing to climb at {to}")
        extras = 0
        why: list[str] = []
        late: Illegal | None = None
        water = grid.water
        if mode != "fly" and any(water[i] and z < ground[i] + water[i] for i in cells):
            if mover.prone:
                late = Illegal("draw-steel/prone-cannot-swim", "a prone creature can't swim")
            elif not mover.swimmer:
                extras += 1
                why.append("swimming without a swim speed costs 2")
        on_ground = z == stand
        if late is None and on_ground and grid.any_narrow:
            late = self.too_narrow(cells, to)
        difficult = on_ground and any(grid.difficult[i] for i in cells)
        damaging = on_ground and any(grid.damage[i] for i in cells)
        if mover.shifting and (difficult or enemy or damaging) and late is None:
            late = Illegal(
                "draw-steel/cannot-shift-in-difficult-terrain",
                f"can't shift into {to}: difficult or damaging terrain",
            )
        if difficult or enemy:
            extras += 1
            if difficult:
                why.append("difficult terrain +1")
            if enemy:
                why.append("enemy space counts as difficult terrain +1")
        if mover.prone and mode == "walk":
            extras += 1
            why.append("crawling while prone +1")
        solid = any(grid.solid[i] for i in cells)
        plain = Legal(1 + self.added(extras), tuple(why))
        climbing = Legal(1 + self.added(extras + 1), (CLIMB_WITHOUT_SPEED, *why))
        return Entry(early, late, stand, solid, plain, climbing)

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
