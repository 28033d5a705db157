"""Forced movement: push, pull and slide (Draw Steel; DIGEST 2.6).

Push moves the target away from the source in a straight line, pull toward it, slide along
any path; none is vertical unless the effect says so (and against a flier it always is). A
larger source using a melee weapon ability adds 1 square; the target's stability takes squares
off. A collision with a creature stops the movement and both take 1 damage per remaining
square; with an object, the target takes 2 + remaining, unless it has the squares to be hurled
through a mundane object (glass 1/3, wood 3/5, stone 6/8, metal 9/11: squares spent / damage).
Restrained targets can't be force-moved; a grabbed one only by its grabber; a burrowed one
isn't moved and takes 1 per square instead, unless the movement is vertical: then it moves
through the dirt as if it were air, by default along the straight line from the source in
three dimensions. A target left in mid-air falls afterwards, and a forced descent counts as
falling (not for a burrower still in the dirt: it lands on nothing). Forced movement never
provokes. The source orders targets.
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, box_gap, line_cells, line_cells_3d, overlaps
from engine.intents import MAX_DISTANCE, ForceMove
from engine.lookups import creature
from engine.results import Refusal
from engine.rulesets.draw_steel import burrowing, climbing, falling, squeezing
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.sizes import LADDER
from events.battle_events import (
    Collided,
    ConditionSet,
    Coord,
    DamageTaken,
    ForceMoved,
    HurledThrough,
)
from projections.state import BattleState, Creature

HURL = {"glass": (1, 3), "wood": (3, 5), "stone": (6, 8), "metal": (9, 11)}


def effective_distance(
    state: BattleState, intent: ForceMove, source: Creature, target: Creature
) -> tuple[int, list[str]]:
    reasons = [f"{intent.kind} {intent.distance}"]
    distance = intent.distance
    bigger = LADDER.rank(source.size) > LADDER.rank(target.size)
    if intent.melee_weapon and bigger:
        distance += 1
        reasons.append("larger creature's melee weapon ability +1")
    if DrawSteelOptions.of(state).stability == "full" and target.stability > 0:
        distance = max(0, distance - target.stability)
        reasons.append(f"stability {target.stability} reduces it")
    return distance, reasons


def _centre2(c: Creature) -> tuple[int, int]:
    side = LADDER.side(c.size)
    return (2 * c.pos[0] + side - 1, 2 * c.pos[1] + side - 1)


def auto_path(
    source: Creature, target: Creature, kind: str, distance: int
) -> list[tuple[int, int]]:
    """The squares along the source-to-target ray (Bresenham), away for push, toward for pull."""
    (sx, sy), (tx, ty) = _centre2(source), _centre2(target)
    vx, vy = tx - sx, ty - sy
    if kind == "pull":
        vx, vy = -vx, -vy
    if vx == 0 and vy == 0:
        return []
    scale = distance + 1
    x0, y0 = target.pos[0], target.pos[1]
    end = (x0 + vx * scale, y0 + vy * scale)
    return line_cells((x0, y0), end)[1 : distance + 1]


def auto_path_3d(source: Creature, target: Creature, kind: str, distance: int) -> list[Coord]:
    """The cubes along the source-to-target ray in three dimensions, away for push, toward
    for pull: a vertical forced movement's straight line (DIGEST 2.6 "Vertical"), the way a
    burrowed target moves by default (up toward a source on the ground when pulled)."""
    (sx, sy), (tx, ty) = _centre2(source), _centre2(target)
    sz = 2 * source.pos[2] + LADDER.side(source.size) - 1
    tz = 2 * target.pos[2] + LADDER.side(target.size) - 1
    v = (tx - sx, ty - sy, tz - sz)
    if kind == "pull":
        v = (-v[0], -v[1], -v[2])
    if v == (0, 0, 0):
        return []
    scale = distance + 1
    x0, y0, z0 = target.pos
    end = (x0 + v[0] * scale, y0 + v[1] * scale, z0 + v[2] * scale)
    return line_cells_3d(target.pos, end)[1 : distance + 1]


def _check_path(
    intent: ForceMove,
    source: Creature,
    target: Creature,
    path: list[Coord],
    distance: int,
    state: BattleState,
    vertical: bool,
) -> None:
    if len(path) > distance:
        raise Refusal(
            "draw-steel/exceeds-distance",
            f"the path is {len(path)} squares; the effect allows {distance}",
        )
    sbox = box(source.pos, LADDER.side(source.size))
    side = LADDER.side(target.size)
    prev = target.pos
    line = DrawSteelOptions.of(state).push_line
    straight = auto_path(source, target, intent.kind, distance)
    for i, p in enumerate(path):
        if max(abs(p[0] - prev[0]), abs(p[1] - prev[1]), abs(p[2] - prev[2])) != 1:
            raise Refusal("path/not-contiguous", f"{list(p)} is not adjacent", i)
        if p[2] != prev[2] and not vertical:
            raise Refusal("draw-steel/not-vertical", "only vertical forced movement goes up", i)
        if intent.kind != "slide":
            before = box_gap(sbox, box(prev, side))
            after = box_gap(sbox, box(p, side))
            if (intent.kind == "push" and after <= before) or (
                intent.kind == "pull" and after >= before
            ):
                raise Refusal(
                    "draw-steel/push-not-straight",
                    f"each square of a {intent.kind} must go "
                    f"{'away from' if intent.kind == 'push' else 'toward'} the source",
                    i,
                )
            if (
                line == "bresenham"
                and not intent.vertical
                and (i >= len(straight) or straight[i] != (p[0], p[1]))
            ):
                raise Refusal(
                    "draw-steel/push-not-straight", f"a {intent.kind} follows a straight line", i
                )
        prev = p


def force_move(intent: ForceMove, state: BattleState, action: Action) -> None:
    if not 0 <= intent.distance <= MAX_DISTANCE:
        raise Refusal("intent/invalid-distance", f"distance {intent.distance} is out of range")
    targets = [intent.target] if isinstance(intent.target, str) else list(intent.target)
    if not targets or len(set(targets)) != len(targets):
        raise Refusal("intent/invalid-targets", "name each target once")
    if intent.path is not None and len(targets) != 1:
        raise Refusal("intent/invalid-targets", "a path can only be given for one target")
    source = creature(state, intent.source)
    for tid in targets:
        creature(state, tid)
    for tid in targets:
        action.follow_up()
        _one(intent, action.state.creatures[source.id], tid, action)
        falling.settle(action)


def _one(intent: ForceMove, source: Creature, tid: str, action: Action) -> None:
    state = action.state
    target = state.creatures[tid]
    if target.has("restrained"):
        raise Refusal("draw-steel/target-restrained", f"{tid} is restrained: it can't be moved")
    if target.has("grabbed") and target.grabbed_by not in (None, source.id):
        raise Refusal("draw-steel/target-grabbed", f"only {target.grabbed_by} can move {tid}")
    if target.has("climbing"):
        action.emit(ConditionSet(creature=tid, condition="climbing", on=False))
        state = action.state
        target = state.creatures[tid]
    distance, reasons = effective_distance(state, intent, source, target)
    action.note("forced", target.pos, reasons=tuple(reasons))
    side = LADDER.side(target.size)
    grid = state.grid
    x, y, z = target.pos
    ground = min(grid.ground[grid.index(x + i, y + j)] for j in range(side) for i in range(side))
    vertical = intent.vertical or (bool(target.speeds.get("fly")) and z > ground)
    burrowed = burrowing.beneath(state, target)
    if burrowed and not vertical:
        if distance:
            action.emit(
                DamageTaken(creature=tid, amount=distance, cause="burrowed forced movement")
            )
        action.note(
            "burrowed",
            target.pos,
            reasons=("a burrowed target isn't moved: 1 damage per square instead",),
        )
        return
    if intent.path is not None:
        path = [(p[0], p[1], p[2] if len(p) == 3 else -(10**6)) for p in intent.path]
        path = _fill_heights(state, target, path)
        _check_path(intent, source, target, path, distance, state, vertical)
        planned: list[tuple[int, ...]] = list(path)
    elif burrowed:
        planned = list(auto_path_3d(source, target, intent.kind, distance))
    else:
        planned = list(auto_path(source, target, intent.kind, distance))
    if burrowed:
        action.note(
            "burrowed",
            target.pos,
            reasons=("vertical forced movement moves a burrowed target through the dirt",),
        )
    _ForcedWalk(intent, source, target, planned, vertical, action, burrowed).run()


def _fill_heights(state: BattleState, target: Creature, path: list[Coord]) -> list[Coord]:
    out: list[Coord] = []
    z = target.pos[2]
    for x, y, pz in path:
        if pz == -(10**6):
            stand = _stand(state, target, x, y)
            pz = stand if stand is not None and abs(stand - z) <= 1 else z
        out.append((x, y, pz))
        z = pz
    return out


def _stand(state: BattleState, c: Creature, x: int, y: int) -> int | None:
    grid, side = state.grid, LADDER.side(c.size)
    if x < 0 or y < 0 or x + side > grid.width or y + side > grid.height:
        return None
    return falling.stand_z(state, c, x, y)


class _ForcedWalk:
    """One target's forced movement along its planned squares (DIGEST 2.6): each square
    entered unless something stops it (the map's edge, a wall or object it can't be hurled
    through, a creature), then what ends it (`finish`): damaging terrain, riders carried,
    collisions, a grab broken, a fall."""

    def __init__(
        self,
        intent: ForceMove,
        source: Creature,
        target: Creature,
        planned: list[tuple[int, ...]],
        vertical: bool,
        action: Action,
        through_dirt: bool,
    ) -> None:
        self.intent, self.source, self.target = intent, source, target
        self.planned, self.vertical, self.action = planned, vertical, action
        self.through_dirt = through_dirt
        self.side = LADDER.side(target.size)
        self.options = DrawSteelOptions.of(action.state)
        self.pos = target.pos
        self.moved: list[Coord] = []
        self.wall_hit: tuple[str, int, Coord] | None = None
        self.creature_hit: tuple[list[Creature], int, Coord] | None = None
        self.used = 0
        """Squares of the distance spent (a hurl through an object spends several)."""
        self.squeezed_into: str | None = None
        """The creature whose space the Director forced the target into (`into_space`)."""

    def run(self) -> None:
        j = 0
        while self.used < len(self.planned) and j < len(self.planned):
            entered = self.enter(self.planned[j])
            if entered is None:
                break
            if entered:
                j += 1
        self.finish()

    def enter(self, step: tuple[int, ...]) -> bool | None:
        """Move into the next planned square: True when entered, False when hurled through
        an object on the way (the same square is tried again), None when stopped."""
        state = self.action.state
        remaining = len(self.planned) - self.used
        stand = _stand(state, self.target, step[0], step[1])
        if stand is None:
            if self.options.map_edge_collision:
                self.wall_hit = ("edge of the map", remaining, self.pos)
            else:
                self.action.note("stopped", self.pos, reasons=("the edge of the map",))
            return None
        to = (step[0], step[1], self.next_height(step))
        if self.through_dirt:
            cell = burrowing.blocks_in_dirt(state, self.target, to)
        else:
            cell = _blocking_cell(state, self.target, to) if stand > to[2] else None
        if cell is not None:
            if self.hurled(cell, to[2], remaining):
                return False
            self.wall_hit = (state.grid.material[cell] or "wall", remaining, self.pos)
            return None
        hit = _creatures_at(state, self.target, to)
        if hit and self.squeezes_in(hit):
            self.moved.append(to)
            why = f"forced {self.intent.kind} into {hit[0].id}'s space"
            self.action.note("step", to, 1, (why,), about=(hit[0].id,))
            self.pos = to
            self.used = len(self.planned)  # "forced into the same space": it ends there
            self.squeezed_into = hit[0].id
            return True
        if hit:
            self.creature_hit = (hit, remaining, self.pos)
            return None
        self.moved.append(to)
        self.action.note("step", to, 1, (f"forced {self.intent.kind}",))
        self.pos = to
        self.used += 1
        return True

    def squeezes_in(self, hit: list[Creature]) -> bool:
        """ "At the Director's discretion, you can be forced into the same space as another
        creature whose size is within 1 of yours" (`into_space`): one creature in the way,
        within a size of the target."""
        if not self.intent.into_space or len(hit) != 1:
            return False
        return abs(LADDER.rank(hit[0].size) - LADDER.rank(self.target.size)) <= 1

    def next_height(self, step: tuple[int, ...]) -> int:
        """A vertical path's own height; else the ground there when the target stands on
        the ground and it is within a square (a slope), else level."""
        state, pos = self.action.state, self.pos
        if len(step) == 3 and self.vertical:
            return step[2]
        here = _stand(state, self.target, pos[0], pos[1])
        if here is not None and pos[2] <= here:
            grid, side = state.grid, self.side
            g = max(
                grid.ground[grid.index(step[0] + a, step[1] + b)]
                for b in range(side)
                for a in range(side)
            )
            return g if abs(g - pos[2]) <= 1 else pos[2]
        return pos[2]

    def hurled(self, cell: int, z: int, remaining: int) -> bool:
        """Hurled through a mundane object it has the squares for (option `hurl_through`):
        glass 1/3, wood 3/5, stone 6/8, metal 9/11 (squares spent / damage)."""
        grid = self.action.state.grid
        material = grid.material[cell]
        cost = HURL.get(material or "") if self.options.hurl_through == "auto" else None
        if cost is None or cost[0] > remaining or not material:
            return False
        cx, cy = cell % grid.width, cell // grid.width
        self.action.note(
            "hurled",
            (cx, cy, z),
            reasons=(f"through {material}: {cost[0]} squares, {cost[1]} damage",),
        )
        self.action.emit(
            HurledThrough(
                creature=self.target.id, cell=(cx, cy), material=material, squares=cost[0]
            )
        )
        self.action.emit(
            DamageTaken(creature=self.target.id, amount=cost[1], cause=f"hurled through {material}")
        )
        self.used += cost[0] - 1
        return True

    def finish(self) -> None:
        action, target, moved = self.action, self.target, self.moved
        action.emit(
            ForceMoved(
                source=self.source.id,
                target=target.id,
                kind=self.intent.kind,
                path=moved,
                distance=len(moved),
                vertical=self.vertical,
            )
        )
        _terrain(action, target, moved)
        if moved:
            climbing.carry_riders(action, target.id, target.pos)
        if self.wall_hit is not None:
            _hit_object(action, target, *self.wall_hit)
        if self.creature_hit is not None:
            _hit_creatures(action, target, *self.creature_hit)
        if self.squeezed_into is not None:
            squeezing.squeeze_in(action, target.id, self.squeezed_into)
        _end_grab(action, target.id)
        self.fall()

    def fall(self) -> None:
        """DIGEST 2.6-2.7: a forced descent is a fall; slammed into the ground or an unbroken
        object, the target also takes falling damage for the distance with Agility 0. A
        burrower moved down through the dirt lands on nothing: no fall."""
        action, planned, moved = self.action, self.planned, self.moved
        start_z, end = self.target.pos[2], action.state.creatures[self.target.id].pos
        descent = start_z - end[2]
        slammed = (
            self.wall_hit is not None
            and self.vertical
            and len(planned) > len(moved)
            and (len(planned[len(moved)]) == 3 and planned[len(moved)][2] < end[2])
        )
        stand = _stand(action.state, self.target, end[0], end[1])
        in_dirt = self.through_dirt and stand is not None and end[2] < stand
        if not (self.vertical and (descent >= 1 or slammed) and stand is not None):
            return
        if end[2] > stand or in_dirt:
            return
        height = descent
        if slammed and DrawSteelOptions.of(action.state).slam_fall == "nominal":
            height = max(descent, 0) + (len(planned) - len(moved))
        falling.fall(action, self.target.id, agility_counts=not slammed, extra_height=height)


def _blocking_cell(state: BattleState, c: Creature, to: Coord) -> int | None:
    grid, side = state.grid, LADDER.side(c.size)
    for j in range(side):
        for i in range(side):
            k = grid.index(to[0] + i, to[1] + j)
            if grid.surface[k] > to[2]:
                return k
    return None


def _creatures_at(state: BattleState, c: Creature, to: Coord) -> list[Creature]:
    mine = box(to, LADDER.side(c.size))
    return [
        o
        for o in state.creatures.values()
        if o.id != c.id and overlaps(mine, box(o.pos, LADDER.side(o.size)))
    ]


def _terrain(action: Action, c: Creature, moved: list[Coord]) -> None:
    grid, side = action.state.grid, LADDER.side(c.size)
    for x, y, z in moved:
        cells = [grid.index(x + i, y + j) for j in range(side) for i in range(side)]
        worst = max(grid.damage[k] for k in cells)
        underground = z + side - 1 < min(grid.ground[k] for k in cells)
        if worst and not underground and z <= max(grid.surface[k] for k in cells):
            action.emit(DamageTaken(creature=c.id, amount=worst, cause="damaging terrain"))


def _hit_object(action: Action, target: Creature, what: str, remaining: int, at: Coord) -> None:
    action.follow_up()
    action.emit(Collided(creature=target.id, at=at, remaining=remaining, obstacle=what))
    action.emit(DamageTaken(creature=target.id, amount=2 + remaining, cause="collision"))
    action.note("collision", at, reasons=(f"hit {what}: 2 + {remaining} damage",))


def _hit_creatures(
    action: Action, target: Creature, hit: list[Creature], remaining: int, at: Coord
) -> None:
    action.follow_up()
    for other in hit:
        action.emit(
            Collided(creature=target.id, at=at, remaining=remaining, other_creature=other.id)
        )
        action.emit(DamageTaken(creature=other.id, amount=remaining, cause="collision"))
    action.emit(DamageTaken(creature=target.id, amount=remaining, cause="collision"))
    names = ", ".join(o.id for o in hit)
    action.note(
        "collision",
        at,
        reasons=(f"hit {names}: {remaining} damage each",),
        about=tuple(o.id for o in hit),
    )


def _end_grab(action: Action, tid: str) -> None:
    state = action.state
    t = state.creatures[tid]
    if not t.has("grabbed") or t.grabbed_by is None:
        return
    grabber = state.creatures.get(t.grabbed_by)
    if (
        grabber is None
        or box_gap(box(t.pos, LADDER.side(t.size)), box(grabber.pos, LADDER.side(grabber.size))) > 1
    ):
        action.emit(ConditionSet(creature=tid, condition="grabbed", on=False))
