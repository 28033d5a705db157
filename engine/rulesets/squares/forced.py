"""Push, pull and slide on squares, shared by Epic Path and Reclaim the Wild.

A push's every step ends farther from the source's space than the square it leaves, a pull's
closer (or as the ruleset's `pull_step_allowed` says), a slide goes anywhere (Epic Path,
Forced Movement). Without a `path` a push or pull
goes straight along the line from the source. The movement stops in the last free square
before anything that blocks it (a wall, an object, higher ground, a creature the field
doesn't let it pass over (`forced_over`), an opening the field says is too small for it
(`forced_blocked`), the map's edge), and never on a square it may not end in; what that
costs is the ruleset's `collide` hook (Epic Path: nothing; Reclaim the Wild: damage equal to
the distance left). Moved over lower ground, the target falls.

The ruleset's `forced_axis` hook may take a target off the ground: `down` or `up` moves it
straight (Epic Path: a creature in the air), stopping above anything filled or occupied (or at
the field's altitude ceiling); `lateral` moves it level (a creature in mid-water), stopping
before filled squares, and it falls only if it ends out of the water above lower ground.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.geometry import box, box_gap, sign
from engine.results import Refusal
from engine.rulesets.squares.field import SquareField
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.walking import fall
from engine.words import counted
from events.battle_events import Collided, Coord, ForceMoved, KnockedProne
from projections.state import BattleState, Creature


def force_move(rs: SquareRules, intent: it.ForceMove, state: BattleState, action: Action) -> None:
    """Push, pull or slide each target in turn (the source orders them)."""
    source = rs.creature(state, intent.source)
    targets = [intent.target] if isinstance(intent.target, str) else list(intent.target)
    for tid in targets:
        target = rs.creature(action.state, tid)
        if target.id == source.id:
            raise Refusal("forced/self", "a creature can't force-move itself")
        squares = rs.forced_squares(action, target, intent.distance)
        if squares <= 0:
            continue
        source_now = action.state.creatures[source.id]
        ForcedMovement(rs, action, intent, source_now, target, squares).run()


class ForcedMovement:
    """One target's forced movement of `squares` squares by the ruleset's hooks: along the
    ground (or level in water), or straight up or down from the air (`forced_axis`)."""

    def __init__(
        self,
        rs: SquareRules,
        action: Action,
        intent: it.ForceMove,
        source: Creature,
        target: Creature,
        squares: int,
    ) -> None:
        self.rs, self.action, self.intent = rs, action, intent
        self.source, self.target, self.squares = source, target, squares
        self.field: SquareField = rs.field(action.state, target, "walk")

    def run(self) -> None:
        axis = self.rs.forced_axis(self.action, self.intent, self.source, self.target)
        if axis in ("down", "up"):
            self.straight(axis == "up")
        else:
            self.along(axis == "lateral")

    def gap(self, a: Coord) -> int:
        """Squares between the target's space at `a` and the source's."""
        source = self.source
        return box_gap(box(a, self.field.side), box(source.pos, self.rs.size_side(source.size)))

    def planned(self) -> list[tuple[int, int]]:
        """The squares asked for (`path`, no longer than the distance), or the straight line
        away from (push) or toward (pull) the source; a slide names its path."""
        intent, target, squares = self.intent, self.target, self.squares
        if intent.path:
            if len(intent.path) > squares:
                raise Refusal(
                    f"{self.rs.id}/exceeds-distance",
                    f"the path is longer than {squares} squares",
                    squares,
                )
            return [(p[0], p[1]) for p in intent.path]
        if intent.kind == "slide":
            raise Refusal("forced/path-required", "a slide names its `path`")
        dx = sign(target.pos[0] - self.source.pos[0])
        dy = sign(target.pos[1] - self.source.pos[1])
        if intent.kind == "pull":
            dx, dy = -dx, -dy
        out = []
        x, y = target.pos[0], target.pos[1]
        for _ in range(squares):
            x, y = x + dx, y + dy
            if intent.kind == "pull" and self.gap((x, y, target.pos[2])) < 1:
                break
            out.append((x, y))
        return out

    def along(self, lateral: bool) -> None:
        """Along the ground (`lateral`: level, as though in two dimensions, for a target in
        mid-water): every step farther (push) or closer (pull), stopping before what blocks
        it or over lower ground; then a drop prone, a fall or a collision."""
        rs, action, intent, target, f = self.rs, self.action, self.intent, self.target, self.field
        plan = self.planned()
        drop = intent.prone_after
        if drop is not None:
            rs.check_prone_drop(target)
            plan = plan[:drop]
        path, stop_reason = self.walked(plan, lateral)
        while path and not f.can_stop(path[-1]):  # stepped over, but may not stop on it
            stop_reason = next(iter(o.creature.id for o in f.occupants(path.pop())), stop_reason)
        if path:
            self.moved(path, f"{intent.kind} {counted(len(path), 'square')}")
        landed = action.state.creatures[target.id]
        ground = f.stand_z(landed.pos[0], landed.pos[1])
        if drop is not None and len(path) == drop and ground >= landed.pos[2]:
            if not landed.has("prone"):
                action.emit(KnockedProne(creature=target.id, voluntary=True))
            action.note(
                "forced-stops",
                landed.pos,
                reasons=(f"{target.id} drops prone",),
                about=(target.id,),
            )
            return
        afloat = lateral and f.in_water(landed.pos)
        if ground < landed.pos[2] and not afloat:
            fall(rs, action, target.id, landed.pos, (landed.pos[0], landed.pos[1], ground), False)
        elif stop_reason is not None and len(path) < self.squares:
            rs.collide(action, target.id, landed.pos, self.squares - len(path), stop_reason)

    def walked(self, plan: list[tuple[int, int]], lateral: bool) -> tuple[list[Coord], str | None]:
        """The squares of `plan` the target is moved into, and what stopped it (or None)."""
        rs, intent, f = self.rs, self.intent, self.field
        path: list[Coord] = []
        prev = self.target.pos
        for i, (x, y) in enumerate(plan):
            if max(abs(x - prev[0]), abs(y - prev[1])) != 1:
                raise Refusal("path/not-contiguous", f"[{x}, {y}] is not next to {list(prev)}", i)
            level = self.source.pos[2] if lateral else prev[2]  # "as though ... 2-D"
            here, there = self.gap((prev[0], prev[1], level)), self.gap((x, y, level))
            if intent.kind == "push" and there <= here:
                raise Refusal(f"{rs.id}/push-must-go-farther", f"[{x}, {y}] is not farther away", i)
            if intent.kind == "pull" and not rs.pull_step_allowed(here, there):
                raise Refusal(f"{rs.id}/pull-must-come-closer", f"[{x}, {y}] is not closer", i)
            stop_reason = _blocked(f, (x, y), prev, lateral)
            if stop_reason is not None:
                return path, stop_reason
            ground = f.stand_z(x, y)
            to = (x, y, prev[2])
            path.append(to)
            prev = to
            if ground < to[2] and not (lateral and f.in_water(to)):
                return path, "over lower ground"
        return path, None

    def straight(self, up: bool) -> None:
        """Straight down (or up) from the air, stopping above what fills or holds a square
        (or at the field's altitude ceiling)."""
        rs, action, intent, target, f = self.rs, self.action, self.intent, self.target, self.field
        if intent.path:
            raise Refusal(
                f"{rs.id}/forced-straight-in-the-air",
                "forced movement moves a creature in the air straight down (or up): no `path`",
            )
        if intent.prone_after is not None:
            raise Refusal(
                f"{rs.id}/no-prone-in-the-air",
                "a creature in the air has no ground to drop prone on",
            )
        x, y, z = target.pos
        ceiling = f.altitude_ceiling()
        path: list[Coord] = []
        stop_reason: str | None = None
        for _ in range(self.squares):
            to = (x, y, z + 1 if up else z - 1)
            if f.filled(to) or to[2] < f.stand_z(x, y):
                stop_reason = "the ground" if not up else "what is above"
                break
            if up and ceiling is not None and to[2] - f.stand_z(x, y) > ceiling:
                stop_reason = "the altitude ceiling"
                break
            path.append(to)
            z = to[2]
        if path:
            way = "up" if up else "down"
            self.moved(path, f"{intent.kind}: {len(path)} {way}")
        landed = action.state.creatures[target.id]
        if stop_reason is not None and len(path) < self.squares:
            rs.collide(action, target.id, landed.pos, self.squares - len(path), stop_reason)

    def moved(self, path: list[Coord], why: str) -> None:
        """The forced movement along `path` happened: recorded, traced, its squares entered."""
        action, intent = self.action, self.intent
        action.emit(
            ForceMoved(
                source=self.source.id,
                target=self.target.id,
                kind=intent.kind,
                path=path,
                distance=len(path),
            )
        )
        action.note("forced", path[-1], len(path), (why,))
        self.rs.entered(action, self.target.id, path, intent.kind)


def _blocked(f: SquareField, xy: tuple[int, int], prev: Coord, level: bool = False) -> str | None:
    x, y = xy
    if not f.inside(x, y):
        return "the map's edge"
    to = (x, y, prev[2])
    if f.filled(to) if level else f.stand_z(x, y) > prev[2]:
        return "a wall or higher ground"
    for o in f.occupants(to):
        if not f.forced_over(o):
            return f"{o.creature.id}"
    return f.forced_blocked(to)


def collided(action: Action, cid: str, at: Coord, remaining: int, what: str) -> Creature | None:
    """Record that `cid`'s forced movement hit `what` (a creature's id or an obstacle) at `at`
    with `remaining` squares left (`Collided`); the creature it hit, if it was one."""
    other = action.state.creatures.get(what)
    action.emit(
        Collided(
            creature=cid,
            at=at,
            remaining=remaining,
            other_creature=other.id if other else None,
            obstacle=None if other else what,
        )
    )
    return other
