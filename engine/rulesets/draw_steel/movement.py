"""Draw Steel's metric and step costs: the movement field of one creature in one mode.

Draw Steel, Movement: every adjacent square costs 1, diagonals too (3-D: Chebyshev, DIGEST
2.1); difficult terrain +1; an enemy's space counts as difficult terrain; allies pass freely;
no stopping in another creature's space unless the sizes differ by 2 or more; no cutting
corners past walls (creatures never block corners); climbing and swimming cost 2 per square
without the mode; crawling (prone) +1 per square; shifting never into or within difficult or
damaging terrain. The judge (`step`), the reach generator and the pathfinder all read the
same `step`, so they cannot disagree.
"""

from __future__ import annotations

from engine.geometry import Box, box, box_gap, overlaps, sign
from engine.placement import Occupant
from engine.results import Refusal
from engine.rulesets.draw_steel import jumping
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.sizes import LADDER
from events.battle_events import Coord
from projections.state import BattleState, Creature

_FLAT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
_SPACE = [
    (dx, dy, dz) for dz in (-1, 0, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy or dz
]
ILLEGAL = -1
Entry = tuple[
    tuple[str, str] | None, tuple[str, str] | None, int, bool, tuple[int, ...], tuple[str, ...]
]


class MovementField:
    """Everything needed to cost one creature's steps in one mode, computed once per decision."""

    def __init__(
        self,
        state: BattleState,
        creature: Creature,
        mode: str,
        shifting: bool = False,
    ) -> None:
        self.grid = grid = state.grid
        self.creature = creature
        self.mode = mode
        self.shifting = shifting
        self.side = LADDER.side(creature.size)
        self.rank = LADDER.rank(creature.size)
        self.prone = creature.has("prone")
        self.climber = "climb" in creature.speeds
        self.swimmer = "swim" in creature.speeds
        options = DrawSteelOptions.of(state)
        self.stack = options.stack_penalties
        self.both_corners = options.corner_rule == "both"
        self.jump_costs_movement = options.jump_costs_movement
        self.sky = grid.top + self.side + 10
        self.floor = grid.bottom - 20
        self.others: list[Occupant] = []
        self.occupied: dict[int, list[Occupant]] = {}
        sizes: dict[str, tuple[int, int]] = {}
        me, my_side = creature.profile.id, creature.profile.side
        width, height = grid.width, grid.height
        occupied = self.occupied
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
            self.others.append(entry)
            for j in range(oside):
                for i in range(oside):
                    if 0 <= ox + i < width and 0 <= oy + j < height:
                        occupied.setdefault((oy + j) * width + ox + i, []).append(entry)
        self._stand: dict[tuple[int, int], int] = {}
        self._entries: dict[Coord, Entry] = {}
        self.walking = mode in ("walk", "swim")
        self.digging = False
        self.hard_step = False
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
        w, s = self.grid.width, self.side
        return [(y + j) * w + x + i for j in range(s) for i in range(s)]

    def stand_z(self, x: int, y: int) -> int:
        """The height at which this creature stands on the squares anchored at (x, y)."""
        if self.side == 1:
            return self.grid.surface[y * self.grid.width + x]
        key = (x, y)
        z = self._stand.get(key)
        if z is None:
            surface = self.grid.surface
            z = max(surface[i] for i in self.cells(x, y))
            self._stand[key] = z
        return z

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

    # -- one step --------------------------------------------------------------------------
    def step(self, frm: Coord, to: Coord, reasons: list[str] | None = None) -> int:
        """The cost of one step, or ILLEGAL (raises `Refusal` when explaining)."""
        x, y, z = to
        dx, dy, dz = x - frm[0], y - frm[1], z - frm[2]
        walking = self.walking
        if max(abs(dx), abs(dy), 0 if walking else abs(dz)) != 1:
            return _no(reasons, "path/not-contiguous", f"{list(to)} is not adjacent to {list(frm)}")
        if not self.inside(x, y):
            return _no(reasons, "map/off-map", f"{list(to)} is off the map")
        fear = self.fear
        if fear is not None and box_gap(box(to, self.side), fear) < box_gap(
            box(frm, self.side), fear
        ):
            return _no(
                reasons,
                "draw-steel/frightened",
                f"frightened: can't willingly move closer to {self.creature.frightened_by}",
            )
        entry = self._entries.get(to)
        if entry is None:
            entry = self._entries[to] = self._enter(x, y, z)
        early, late, stand, solid, extras, why = entry
        if walking:
            if z != stand:
                return _no(
                    reasons,
                    "draw-steel/not-on-ground",
                    f"{list(to)} is not on the ground (which is at height {stand})",
                )
            if dz >= 2 and solid:
                return _no(reasons, "map/blocked", f"a wall or object fills {list(to)[:2]}")
            if dz >= 2 or dz <= -2:
                return _no(
                    reasons,
                    "draw-steel/ledge",
                    f"a ledge of {abs(dz)} squares at {list(to)[:2]}: climb, jump or fly",
                )
            climbing = dz == 1
        else:
            if early is not None:
                return _no(reasons, early[0], early[1])
            if dz and self.mode == "burrow" and not self.digging:
                grid = self.grid
                if (
                    z < grid.ground[y * grid.width + x]
                    or frm[2] < grid.ground[frm[1] * grid.width + frm[0]]
                ):
                    return _no(
                        reasons,
                        "draw-steel/dig-maneuver-needed",
                        "going up or down through the ground takes the Dig maneuver",
                    )
            climbing = self.mode == "climb" and (z > stand or dz > 0)
        if dx and dy and self.cuts_corner(frm, to):
            return _no(
                reasons,
                "draw-steel/cannot-cut-corners",
                f"the step to {list(to)} cuts the corner of a wall",
            )
        if climbing:
            if self.prone:
                return _no(reasons, "draw-steel/prone-cannot-climb", "a prone creature can't climb")
            if not self.climber:
                extras = (1, *extras)
                why = ("climbing without a climb speed costs 2", *why)
        if late is not None:
            return _no(reasons, late[0], late[1])
        if reasons is not None:
            reasons.extend(why)
            self.hard_step = self._hard(x, y, z, climbing)
        if not extras:
            return 1
        return 1 + (sum(extras) if self.stack else max(extras))

    def _enter(self, x: int, y: int, z: int) -> Entry:
        """What entering the space at (x, y, z) means, whatever square it is entered from."""
        grid = self.grid
        cells = [y * grid.width + x] if self.side == 1 else self.cells(x, y)
        stand = self.stand_z(x, y)
        solid = any(grid.solid[i] for i in cells)
        mode = self.mode
        early: tuple[str, str] | None = None
        surface = grid.surface
        to = [x, y, z]
        if mode == "burrow":
            ground = grid.ground
            if any(ground[i] <= z < surface[i] for i in cells) or z < self.floor:
                early = ("draw-steel/cannot-burrow-through", f"{to} is stone, a wall or an object")
        elif not self.walking:
            if any(z < surface[i] for i in cells) or z > self.sky:
                early = ("map/blocked", f"{to} is filled")
            elif mode == "climb" and z > stand and not self._clinging(x, y, z, cells):
                early = ("draw-steel/nothing-to-climb", f"nothing to climb at {to}")
        extras: list[int] = []
        why: list[str] = []
        late: tuple[str, str] | None = None
        water, ground = grid.water, grid.ground
        if mode != "fly" and any(water[i] and z < ground[i] + water[i] for i in cells):
            if self.prone:
                late = ("draw-steel/prone-cannot-swim", "a prone creature can't swim")
            elif not self.swimmer:
                extras.append(1)
                why.append("swimming without a swim speed costs 2")
        on_ground = z == stand
        if late is None and on_ground and grid.any_narrow:
            late = self._too_narrow(cells, to)
        difficult = on_ground and any(grid.difficult[i] for i in cells)
        enemy = any(o.enemy for o in self.occupants((x, y, z))) if self.occupied else False
        damaging = on_ground and any(grid.damage[i] for i in cells)
        if self.shifting and (difficult or enemy or damaging) and late is None:
            late = (
                "draw-steel/cannot-shift-in-difficult-terrain",
                f"can't shift into {to}: difficult or damaging terrain",
            )
        if difficult or enemy:
            extras.append(1)
            if difficult:
                why.append("difficult terrain +1")
            if enemy:
                why.append("enemy space counts as difficult terrain +1")
        if self.prone and mode == "walk":
            extras.append(1)
            why.append("crawling while prone +1")
        return (early, late, stand, solid, tuple(extras), tuple(why))

    def _too_narrow(self, cells: list[int], to: list[int]) -> tuple[str, str] | None:
        """A `narrow` opening built for a smaller size: Draw Steel has no rule for squeezing
        through a gap narrower than one's space, so it is impassable (DIGEST 2.9 [UNKNOWN]:
        "treat it as impassable, or leave it to the Director", who can `place` the creature)."""
        narrow = self.grid.narrow
        for i in cells:
            fits = narrow[i]
            if fits is not None and LADDER.rank(fits) < self.rank:
                return (
                    "draw-steel/too-narrow",
                    f"the opening at {to[:2]} is built for size {fits}, smaller than "
                    f"{self.creature.size}",
                )
        return None

    def _clinging(self, x: int, y: int, z: int, cells: list[int]) -> bool:
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

    def _hard(self, x: int, y: int, z: int, climbing: bool) -> bool:
        """Does this step climb a hard surface or swim a hard liquid (a Might test)?"""
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

    def landing(self, to: Coord) -> tuple[tuple[str, str] | None, tuple[int, ...], tuple[str, ...]]:
        """What landing on `to` adds (a jump's last square): refusal, extra costs, reasons."""
        entry = self._entries.get(to)
        if entry is None:
            entry = self._entries[to] = self._enter(*to)
        return entry[1], entry[4], entry[5]

    def jump_step(self, frm: Coord, to: Coord, bonus: int = 0) -> tuple[int, list[str]]:
        """Draw Steel, Jump: a straight long jump of up to Might/Agility squares, 1 square high,
        never out of difficult or damaging terrain; squares jumped count against movement."""
        c = self.creature
        if c.has("prone"):
            raise Refusal("draw-steel/prone-cannot-jump", "a prone creature can't jump")
        grid = self.grid
        fi = grid.index(frm[0], frm[1])
        if frm[2] == self.stand_z(frm[0], frm[1]) and (grid.difficult[fi] or grid.damage[fi]):
            raise Refusal(
                "draw-steel/cannot-jump-from-difficult-terrain",
                "can't jump out of difficult or damaging terrain",
            )
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        length = max(abs(dx), abs(dy))
        if length == 0 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            raise Refusal("draw-steel/jump-not-straight", "a jump goes in a straight line")
        if length > jumping.jump_length(c.stats) + bonus:
            raise Refusal(
                "draw-steel/jump-too-long",
                f"a {length}-square jump is longer than {jumping.jump_length(c.stats) + bonus}",
            )
        if not self.inside(to[0], to[1]):
            raise Refusal("map/off-map", f"{list(to)} is off the map")
        land = self.stand_z(to[0], to[1])
        if to[2] != land:
            raise Refusal("draw-steel/not-on-ground", f"{list(to)} is not on the ground")
        if to[2] - frm[2] > 1 + bonus:
            raise Refusal("draw-steel/jump-too-high", f"this jump is {1 + bonus} square(s) high")
        if to[2] - frm[2] < -1:
            raise Refusal("draw-steel/ledge", "a ledge of 2 squares or more")
        top = max(frm[2], to[2]) + 1 + bonus
        sx, sy = sign(dx), sign(dy)
        for k in range(1, length):
            i = grid.index(frm[0] + k * sx, frm[1] + k * sy)
            if grid.surface[i] > top:
                raise Refusal("draw-steel/jump-blocked", "something too tall is in the way")
        prev = frm
        for k in range(1, length + 1):
            nxt = (frm[0] + k * sx, frm[1] + k * sy, frm[2])
            if sx and sy and self.cuts_corner(prev, nxt):
                raise Refusal("draw-steel/cannot-cut-corners", "the jump cuts the corner of a wall")
            prev = nxt
        if self.jump_costs_movement:
            cost, reasons = length, [f"jump of {length} square(s)"]
        else:
            cost, reasons = 1, [f"jump of {length} square(s) costs 1 (option)"]
        late, extras, why = self.landing(to)
        if late is not None:
            raise Refusal(late[0], late[1])
        if extras:
            cost += sum(extras) if self.stack else max(extras)
            reasons.extend(why)
        return cost, reasons

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
        length = self.jump_len
        out: list[tuple[Coord, int]] = []
        for dx, dy in _FLAT:
            for k in range(1, length + 1):
                tx, ty = x + k * dx, y + k * dy
                if not self.inside(tx, ty):
                    break
                to = (tx, ty, grid.surface[ty * grid.width + tx])
                if not self._worth_jumping(pos, to, k, dx, dy):
                    continue
                try:
                    cost, _ = self.jump_step(pos, to)
                except Refusal:
                    continue
                out.append((to, cost))
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

    # -- ending ----------------------------------------------------------------------------
    def can_stop(self, pos: Coord, reasons: list[str] | None = None) -> bool:
        for o in self.occupants(pos):
            if abs(o.rank - self.rank) < 2:
                if reasons is not None:
                    raise Refusal(
                        "draw-steel/cannot-end-in-occupied-space",
                        f"can't stop in {o.creature.id}'s space (sizes within 1 of each other)",
                    )
                return False
        return True

    def _walk_neighbors(self, pos: Coord) -> list[tuple[Coord, int]]:
        """`neighbors` for a 1-square walker: the same rules as `step`, inlined for search."""
        x, y, z = pos
        grid = self.grid
        width, height = grid.width, grid.height
        surface, wall = grid.surface, grid.wall
        entries = self._entries
        both = self.both_corners
        out: list[tuple[Coord, int]] = []
        for dx, dy in _FLAT:
            nx, ny = x + dx, y + dy
            if nx < 0 or ny < 0 or nx >= width or ny >= height:
                continue
            nz = surface[ny * width + nx]
            dz = nz - z
            if dz > 1 or dz < -1:
                continue
            if dx and dy:
                low = z if z < nz else nz
                a, b = y * width + nx, ny * width + x
                hit_a = wall[a] and surface[a] > low
                hit_b = wall[b] and surface[b] > low
                if (hit_a and hit_b) if both else (hit_a or hit_b):
                    continue
            to = (nx, ny, nz)
            entry = entries.get(to)
            if entry is None:
                entry = entries[to] = self._enter(nx, ny, nz)
            if entry[1] is not None:
                continue
            extras = entry[4]
            if dz == 1:
                if self.prone:
                    continue
                if not self.climber:
                    extras = (1, *extras)
            if not extras:
                out.append((to, 1))
            else:
                out.append((to, 1 + (sum(extras) if self.stack else max(extras))))
        return out

    def neighbors(self, pos: Coord) -> list[tuple[Coord, int]]:
        x, y, z = pos
        if self.walking and self.side == 1 and self.fear is None:
            return self._walk_neighbors(pos)
        out: list[tuple[Coord, int]] = []
        if self.walking:
            for dx, dy in _FLAT:
                nx, ny = x + dx, y + dy
                if not self.inside(nx, ny):
                    continue
                to = (nx, ny, self.stand_z(nx, ny))
                cost = self.step(pos, to)
                if cost > 0:
                    out.append((to, cost))
            return out
        for dx, dy, dz in _SPACE:
            nx, ny = x + dx, y + dy
            if not self.inside(nx, ny):
                continue
            to = (nx, ny, z + dz)
            cost = self.step(pos, to)
            if cost > 0:
                out.append((to, cost))
        return out


def _no(reasons: list[str] | None, rule: str, detail: str) -> int:
    if reasons is not None:
        raise Refusal(rule, detail)
    return ILLEGAL


def _why(reasons: list[str] | None, reason: str) -> None:
    if reasons is not None:
        reasons.append(reason)
