"""Draw Steel's metric and step rule: the movement field of one creature in one mode.

Draw Steel, Movement: every adjacent square costs 1, diagonals too (3-D: Chebyshev, DIGEST
2.1); difficult terrain +1; an enemy's space counts as difficult terrain; allies pass freely;
no stopping in another creature's space unless the sizes differ by 2 or more; no cutting
corners past walls (creatures never block corners); climbing and swimming cost 2 per square
without the mode; crawling (prone) +1 per square; shifting never into or within difficult or
damaging terrain; a jump (`jump_step`) is a straight line of Might or Agility squares.

`step` is the one rule for a step: the path judge (`moves.judge_path`), the reach generator
and the route search (`neighbors`, `engine.pathfinding`) all call it, so they cannot
disagree. It answers a value, `Legal` (cost and reasons) or `Illegal` (the rule); only the
judge raises. What entering a square means is read once per decision (`terrain`), and the
steps between squares no creature stands near once per map (`neighbors`), kept for the next
decision on the same map (`engine.map_memo`): a kept step is a plain tuple of numbers, which
the garbage collector stops scanning, where a kept square would be an object it scans.
"""

from __future__ import annotations

from engine.geometry import Box, box, box_gap, overlaps, sign
from engine.map_memo import kept, room
from engine.placement import Occupant
from engine.rulesets.draw_steel import jumping
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.rulesets.draw_steel.terrain import Entry, Mover, TerrainReader
from engine.sizes import LADDER
from engine.steps import Illegal, Legal
from engine.words import counted
from events.battle_events import Coord
from projections.state import BattleState, Creature

FLAT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
SPACE = [
    (dx, dy, dz) for dz in (-1, 0, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy or dz
]
NEEDS_DIG = Illegal(
    "draw-steel/dig-maneuver-needed", "going up or down through the ground takes the Dig maneuver"
)
Neighbors = tuple[tuple[Coord, int], ...]
"""The legal steps from a square: where each goes and what it costs."""
PRONE_CLIMB = Illegal("draw-steel/prone-cannot-climb", "a prone creature can't climb")


class MovementField:
    """Everything needed to judge one creature's steps in one mode, built once per decision."""

    def __init__(
        self, state: BattleState, creature: Creature, mode: str, shifting: bool = False
    ) -> None:
        self.grid = grid = state.grid
        self.creature = creature
        self.mode = mode
        self.shifting = shifting
        self.side = LADDER.side(creature.size)
        self.rank = LADDER.rank(creature.size)
        self.prone = creature.has("prone")
        self.climber = "climb" in creature.speeds
        options = DrawSteelOptions.of(state)
        self.both_corners = options.corner_rule == "both"
        self.jump_costs_movement = options.jump_costs_movement
        # read once per map: the scan is the map's size (40,000 squares on 200x200)
        self.walls = kept(grid, "draw-steel/walls", lambda: [any(grid.wall)])[0]
        self.walking = mode in ("walk", "swim")
        self.digging = False
        """Set for the Dig maneuver and Claw Dirt: up and down through the ground."""
        mover = Mover(
            mode,
            creature.size,
            self.side,
            self.prone,
            "swim" in creature.speeds,
            self.climber,
            shifting,
            options.stack_penalties,
            self.both_corners,
        )
        self.terrain = TerrainReader(grid, mover)
        self._kept_steps: dict[Coord, Neighbors] = kept(grid, (mover, "steps"), dict, _steps_weight)
        self._room = room(STEP_BYTES)
        self._entries: dict[Coord, Entry] = {}
        self.others, self.occupied = _occupants(state, creature)
        self._near_others: set[tuple[int, int]] | None = None
        # near other creatures a step depends on who moves: which of them are enemies, and
        # that its own space is no obstacle, so those steps are kept per creature
        near = kept(grid, (mover, "near", creature.id), _NearSteps, _NearSteps.weight)
        self._near_steps = near.among(state.creatures)
        self.jump_len = jumping.jump_length(creature.stats)
        self.plan_jumps = (
            self.walking
            and self.side == 1
            and not self.prone
            and not shifting
            # a 1-square jump only ever helps onto a ledge: none on a flat map
            and not (self.jump_len == 1 and grid.top == grid.bottom)
        )
        source = state.creatures.get(creature.frightened_by or "")
        self.fear: Box | None = None
        if creature.has("frightened") and source is not None:
            self.fear = box(source.pos, LADDER.side(source.size))

    # -- squares ---------------------------------------------------------------------------
    def inside(self, x: int, y: int) -> bool:
        g, s = self.grid, self.side
        return x >= 0 and y >= 0 and x + s <= g.width and y + s <= g.height

    def cells(self, x: int, y: int) -> list[int]:
        return self.terrain.cells(x, y)

    def stand_z(self, x: int, y: int) -> int:
        """The height at which this creature stands on the squares anchored at (x, y)."""
        if self.side == 1:
            return self.grid.surface[y * self.grid.width + x]
        return self.terrain.stand_z(x, y)

    def resolve(self, point: list[int] | tuple[int, ...]) -> Coord:
        """A wire point as a position: `[x, y]` is standing height there."""
        x, y = point[0], point[1]
        if len(point) >= 3:
            return (x, y, point[2])
        return (x, y, self.stand_z(x, y) if self.inside(x, y) else 0)

    def occupants(self, pos: Coord) -> list[Occupant]:
        if self.side == 1:
            found = self.occupied.get(pos[1] * self.grid.width + pos[0])
            if not found:
                return []
            z = pos[2]
            return [o for o in found if o.box[2] <= z <= o.box[5]]
        mine = box(pos, self.side)
        seen: dict[str, Occupant] = {}
        for i in self.cells(pos[0], pos[1]):
            for o in self.occupied.get(i, ()):
                if o.creature.id not in seen and overlaps(mine, o.box):
                    seen[o.creature.id] = o
        return list(seen.values())

    def entry(self, to: Coord) -> Entry:
        """What entering `to` means from any square (`terrain`), enemies there included."""
        found = self._entries.get(to)
        if found is not None:
            return found
        if not self.occupied or (
            self.side == 1 and to[1] * self.grid.width + to[0] not in self.occupied
        ):
            enemy = False  # most squares: nobody there to ask about
        else:
            enemy = any(o.enemy for o in self.occupants(to))
        found = self._entries[to] = self.terrain.entry(*to, enemy=enemy)
        return found

    # -- one step --------------------------------------------------------------------------
    def step(self, frm: Coord, to: Coord) -> Legal | Illegal:
        """The cost and reasons of one step from `frm` to `to`, or the rule it breaks."""
        x, y, z = to
        dx, dy, dz = x - frm[0], y - frm[1], z - frm[2]
        walking = self.walking
        # adjacent: no coordinate 2 or more apart, and not the same square (a walker's height
        # is the ground's, so only a flier's or burrower's counts)
        if (
            dx > 1
            or dx < -1
            or dy > 1
            or dy < -1
            or (not walking and (dz > 1 or dz < -1))
            or (not dx and not dy and (walking or not dz))
        ):
            return Illegal("path/not-contiguous", f"{list(to)} is not adjacent to {list(frm)}")
        grid, side = self.grid, self.side
        if x < 0 or y < 0 or x + side > grid.width or y + side > grid.height:
            return Illegal("map/off-map", f"{list(to)} is off the map")
        if self.fear is not None and self.nearer_fear(frm, to):
            return Illegal(
                "draw-steel/frightened",
                f"frightened: can't willingly move closer to {self.creature.frightened_by}",
            )
        entry = self._entries.get(to) or self.entry(to)
        early, late, stand, _, plain, climbing_costs = entry
        if walking:
            if z != stand or dz > 1 or dz < -1:
                return self.off_ground(to, dz, entry)
            climbing = dz == 1  # `climbs`, for a walker
        else:
            if early is not None:
                return early
            if dz and self.mode == "burrow" and not self.digging and self.through_ground(frm, to):
                return NEEDS_DIG
            climbing = self.climbs(frm, to, stand)
        if dx and dy and self.walls and self.cuts_corner(frm, to):
            return Illegal(
                "draw-steel/cannot-cut-corners", f"the step to {list(to)} cuts the corner of a wall"
            )
        if climbing:
            if self.prone:
                return PRONE_CLIMB
            if not self.climber:
                return late or climbing_costs
        return late or plain

    def off_ground(self, to: Coord, dz: int, entry: Entry) -> Illegal:
        """Why a walker's step doesn't land on the ground up or down at most 1 square."""
        if to[2] != entry.stand:
            return Illegal(
                "draw-steel/not-on-ground",
                f"{list(to)} is not on the ground (which is at height {entry.stand})",
            )
        if dz >= 2 and entry.solid:
            return Illegal("map/blocked", f"a wall or object fills {list(to)[:2]}")
        return Illegal(
            "draw-steel/ledge",
            f"a ledge of {abs(dz)} squares at {list(to)[:2]}: climb, jump or fly",
        )

    def climbs(self, frm: Coord, to: Coord, stand: int) -> bool:
        """Is the step a climb (DIGEST 2.3): a walker up 1 square, or a climber above the
        ground or going up?"""
        if self.walking:
            return to[2] - frm[2] == 1
        return self.mode == "climb" and (to[2] > stand or to[2] > frm[2])

    def nearer_fear(self, frm: Coord, to: Coord) -> bool:
        """Frightened: does the step end closer to the source of its fear?"""
        assert self.fear is not None
        return box_gap(box(to, self.side), self.fear) < box_gap(box(frm, self.side), self.fear)

    def through_ground(self, frm: Coord, to: Coord) -> bool:
        """Does a burrower's step up or down start or end below the ground?"""
        grid = self.grid
        return (
            to[2] < grid.ground[to[1] * grid.width + to[0]]
            or frm[2] < grid.ground[frm[1] * grid.width + frm[0]]
        )

    def is_hard(self, frm: Coord, to: Coord) -> bool:
        """Does the step climb a hard surface or swim a hard liquid (a Might test)?"""
        climbing = self.climbs(frm, to, self.entry(to).stand)
        return self.terrain.hard(to[0], to[1], to[2], climbing)

    def cuts_corner(self, frm: Coord, to: Coord) -> bool:
        """DIGEST 2.4: the two squares beside a diagonal; walls block, creatures never do."""
        s = self.side
        fx, fy, fz = frm
        x, y, z = to
        dx, dy = x - fx, y - fy
        a = (x + s - 1 if dx > 0 else x, fy if dy > 0 else fy + s - 1)
        b = (fx if dx > 0 else fx + s - 1, y + s - 1 if dy > 0 else y)
        low = min(fz, z)
        grid = self.grid
        hits = []
        for cx, cy in (a, b):
            k = grid.index(cx, cy)
            hits.append(grid.wall[k] and grid.surface[k] > low)
        return all(hits) if self.both_corners else any(hits)

    # -- jumps -----------------------------------------------------------------------------
    def jump_step(self, frm: Coord, to: Coord, bonus: int = 0) -> Legal | Illegal:
        """Draw Steel, Jump: a straight long jump of up to Might/Agility squares, 1 square high,
        never out of difficult or damaging terrain; squares jumped count against movement."""
        if self.creature.has("prone"):
            return Illegal("draw-steel/prone-cannot-jump", "a prone creature can't jump")
        grid = self.grid
        fi = grid.index(frm[0], frm[1])
        if frm[2] == self.stand_z(frm[0], frm[1]) and (grid.difficult[fi] or grid.damage[fi]):
            return Illegal(
                "draw-steel/cannot-jump-from-difficult-terrain",
                "can't jump out of difficult or damaging terrain",
            )
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        length = max(abs(dx), abs(dy))
        refused = self.jump_line(frm, to, length, bonus)
        if refused is not None:
            return refused
        if self.jump_costs_movement:
            cost, reasons = length, (f"a jump of {counted(length, 'square')}",)
        else:
            cost, reasons = 1, (f"a jump of {counted(length, 'square')} costs 1 (option)",)
        landing = self.entry(to)
        if landing.late is not None:
            return landing.late
        return Legal(cost + landing.plain.cost - 1, reasons + landing.plain.reasons)

    def jump_line(self, frm: Coord, to: Coord, length: int, bonus: int) -> Illegal | None:
        """The jump's line: straight, long and high enough, over nothing too tall, landing on
        the ground, cutting no corner."""
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if length == 0 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return Illegal("draw-steel/jump-not-straight", "a jump goes in a straight line")
        longest = jumping.jump_length(self.creature.stats) + bonus
        if length > longest:
            return Illegal(
                "draw-steel/jump-too-long", f"a {length}-square jump is longer than {longest}"
            )
        if not self.inside(to[0], to[1]):
            return Illegal("map/off-map", f"{list(to)} is off the map")
        if to[2] != self.stand_z(to[0], to[1]):
            return Illegal("draw-steel/not-on-ground", f"{list(to)} is not on the ground")
        if to[2] - frm[2] > 1 + bonus:
            return Illegal(
                "draw-steel/jump-too-high", f"this jump is {counted(1 + bonus, 'square')} high"
            )
        if to[2] - frm[2] < -1:
            return Illegal("draw-steel/ledge", "a ledge of 2 squares or more")
        grid = self.grid
        top = max(frm[2], to[2]) + 1 + bonus
        sx, sy = sign(dx), sign(dy)
        for k in range(1, length):
            if grid.surface[grid.index(frm[0] + k * sx, frm[1] + k * sy)] > top:
                return Illegal("draw-steel/jump-blocked", "something too tall is in the way")
        prev = frm
        for k in range(1, length + 1):
            nxt = (frm[0] + k * sx, frm[1] + k * sy, frm[2])
            if sx and sy and self.cuts_corner(prev, nxt):
                return Illegal(
                    "draw-steel/cannot-cut-corners", "the jump cuts the corner of a wall"
                )
            prev = nxt
        return None

    def jumps(self, pos: Coord) -> list[tuple[Coord, int]]:
        """Jumps worth planning from `pos`: over what walking the same line can't cross as
        cheaply (pits, ledges, difficult or occupied squares). Judged by `jump_step`."""
        if not self.plan_jumps:
            return []
        grid = self.grid
        x, y, z = pos
        i = y * grid.width + x
        if z != grid.surface[i] or grid.difficult[i] or grid.damage[i]:
            return []
        out: list[tuple[Coord, int]] = []
        for dx, dy in FLAT:
            for k in range(1, self.jump_len + 1):
                tx, ty = x + k * dx, y + k * dy
                if not self.inside(tx, ty):
                    break
                to = (tx, ty, grid.surface[ty * grid.width + tx])
                if not self._worth_jumping(pos, to, k, dx, dy):
                    continue
                found = self.jump_step(pos, to)
                if isinstance(found, Legal):
                    out.append((to, found.cost))
        return out

    def _worth_jumping(self, frm: Coord, to: Coord, k: int, dx: int, dy: int) -> bool:
        if to[2] - frm[2] == 1 and not self.climber:
            return True
        grid = self.grid
        for n in range(1, k):
            c = (frm[1] + n * dy) * grid.width + frm[0] + n * dx
            if (
                grid.surface[c] != frm[2]
                or grid.difficult[c]
                or grid.damage[c]
                or grid.water[c]
                or c in self.occupied
            ):
                return True
        return False

    # -- ending and searching --------------------------------------------------------------
    def stop_refusal(self, pos: Coord) -> Illegal | None:
        """Draw Steel, Movement: no ending in another creature's space unless the sizes differ
        by 2 or more."""
        for o in self.occupants(pos):
            if abs(o.rank - self.rank) < 2:
                return Illegal(
                    "draw-steel/cannot-end-in-occupied-space",
                    f"can't stop in {o.creature.id}'s space (sizes within 1 of each other)",
                    (o.creature.id,),
                )
        return None

    def can_stop(self, pos: Coord) -> bool:
        return self.stop_refusal(pos) is None

    def neighbors(self, pos: Coord) -> Neighbors:
        """Every legal step from `pos` with its cost (`step` judges each candidate). Where no
        other creature stands near, the steps depend on the map alone (the fear of this
        creature aside, which is its own): they are judged once per map; near one (or in
        fear), once while the creatures stand where they stand."""
        if self.digging:
            return self.judged_neighbors(pos)
        if self._near_others is None:
            self._near_others = _near(self.occupied, self.grid.width, self.side)
        personal = self.fear is not None or (pos[0], pos[1]) in self._near_others
        kept_steps = self._near_steps if personal else self._kept_steps
        found = kept_steps.get(pos)
        if found is None:
            found = self.judged_neighbors(pos)
            if len(kept_steps) < self._room:
                kept_steps[pos] = found
        return found

    def judged_neighbors(self, pos: Coord) -> Neighbors:
        x, y, z = pos
        step = self.step
        out: list[tuple[Coord, int]] = []
        if self.walking:
            width, height, side = self.grid.width, self.grid.height, self.side
            stand_z = self.stand_z
            for dx, dy in FLAT:
                nx, ny = x + dx, y + dy
                if nx >= 0 and ny >= 0 and nx + side <= width and ny + side <= height:
                    to = (nx, ny, stand_z(nx, ny))
                    found = step(pos, to)
                    if type(found) is Legal:
                        out.append((to, found[0]))
            return tuple(out)
        for dx, dy, dz in SPACE:
            nx, ny = x + dx, y + dy
            if self.inside(nx, ny):
                to = (nx, ny, z + dz)
                found = step(pos, to)
                if type(found) is Legal:
                    out.append((to, found.cost))
        return tuple(out)


def _occupants(
    state: BattleState, creature: Creature
) -> tuple[list[Occupant], dict[int, list[Occupant]]]:
    """Every other creature as a mover sees it, and by the squares its space covers."""
    grid = state.grid
    others: list[Occupant] = []
    occupied: dict[int, list[Occupant]] = {}
    sizes: dict[str, tuple[int, int]] = {}
    me, my_side = creature.profile.id, creature.profile.side
    width, height = grid.width, grid.height
    for other in state.creatures.values():
        profile = other.profile
        if profile.id == me:
            continue
        known = sizes.get(profile.size)
        if known is None:
            known = sizes[profile.size] = (LADDER.side(profile.size), LADDER.rank(profile.size))
        oside, rank = known
        ox, oy, oz = other.pos
        entry = Occupant(
            other,
            (ox, oy, oz, ox + oside - 1, oy + oside - 1, oz + oside - 1),
            rank,
            profile.side != my_side and other.hp > 0,
        )
        others.append(entry)
        if oside == 1:  # most creatures: one square, without the loops
            if 0 <= ox < width and 0 <= oy < height:
                occupied.setdefault(oy * width + ox, []).append(entry)
            continue
        for j in range(oside):
            for i in range(oside):
                if 0 <= ox + i < width and 0 <= oy + j < height:
                    occupied.setdefault((oy + j) * width + ox + i, []).append(entry)
    return others, occupied


def _near(occupied: dict[int, list[Occupant]], width: int, side: int) -> set[tuple[int, int]]:
    """The anchors a mover of `side` squares could step from into an occupied square: a
    step from anywhere else enters no other creature's space."""
    near: set[tuple[int, int]] = set()
    for cell in occupied:
        cx, cy = cell % width, cell // width
        for y in range(cy - side, cy + 2):
            for x in range(cx - side, cx + 2):
                near.add((x, y))
    return near


STEP_BYTES = 1_200
"""Estimated bytes of a square's kept steps (tracemalloc: about 1.2 KB with its neighbours)."""


def _steps_weight(steps: dict[Coord, Neighbors]) -> int:
    return STEP_BYTES * len(steps)


class _NearSteps:
    """The steps a field judged near other creatures (or in fear), for as long as the
    creatures stand where they stood: a state's creatures mapping is never changed in place.
    Each field keeps the dict it was handed, whatever another thread's decision installs."""

    def __init__(self) -> None:
        self._kept: tuple[object, dict[Coord, Neighbors]] = (None, {})

    def weight(self) -> int:
        return _steps_weight(self._kept[1])

    def among(self, roster: object) -> dict[Coord, Neighbors]:
        kept = self._kept
        if kept[0] is not roster:
            kept = self._kept = (roster, {})
        return kept[1]
