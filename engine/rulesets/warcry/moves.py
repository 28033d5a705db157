"""The move action judged as a whole (warcry.md, Move Action; Disallowed Moves).

Every leg is judged in order from where the last one ended; the counted inches of all legs
may not exceed the fighter's Move; the fighter may not end flying; the 1" rule holds at the
end. Any broken limitation refuses the whole move (nothing is appended), naming it: the
fighter stays at its starting position, as the text's disallowed move puts it back.
After the legs: impact damage for each jump drop of 3" or more, the drop of a fighter that
ended in the air, and a fall when the centre (a monster: the whole base) is unsupported.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.action import Action
from engine.intents import Leg
from engine.map_memo import per_roster
from engine.results import Refusal
from engine.rulesets.warcry import falling
from engine.rulesets.warcry.board import Space, fighters_hit
from engine.rulesets.warcry.climbing import climb
from engine.rulesets.warcry.engagement import breaks_engagement
from engine.rulesets.warcry.flying import fly
from engine.rulesets.warcry.geometry import EPS
from engine.rulesets.warcry.jumping import jump
from engine.rulesets.warcry.movement import Mover, Step, normal, refuse
from engine.rulesets.warcry.options import WarcryOptions
from engine.ruling import current, deny
from engine.steps import Illegal
from events.gridless_events import DroppedDown, LegRecord, MovedInches, Point3
from projections.board import Board
from projections.state import BattleState

LegJudge = Callable[[Mover, Point3, list[float], str], Step | Illegal]
JUDGES: dict[str, LegJudge] = {"normal": normal, "jump": jump, "climb": climb, "fly": fly}


@dataclass(frozen=True)
class Plan:
    """A judged move: its steps, the inches counted, and where the fighter comes to rest."""

    start: Point3
    steps: tuple[tuple[str, Step], ...]
    cost: float
    rest: Point3
    status: str


def mover(state: BattleState, cid: str, options: WarcryOptions) -> Mover:
    """What every leg of `cid`'s move needs (its space, base and runemarks), built once per
    board: every leg judged, every plan and every sample of a reach region asks again."""
    board = state.board
    assert isinstance(board, Board)

    def build() -> Mover:
        f = board.fighters[cid]
        space = Space.of(board, cid, options.fighter_height)
        return Mover(cid, space, f.radius, f.runemarks, options.climb_counts_vertical)

    return per_roster(board, ("warcry/mover", cid, options), build)


def check_point(m: Mover, to: Sequence[float], leg: int) -> None:
    if not all(math.isfinite(v) for v in to):
        raise refuse("not-a-number", "coordinates must be finite numbers", leg)
    z = to[2] if len(to) == 3 else 0.0
    if z < -EPS:
        raise refuse("below-the-floor", "nothing goes below the battlefield floor", leg)
    if not m.space.on_board((to[0], to[1], z), m.radius):
        raise refuse(
            "over-the-edge", "no part of a fighter may move over the battlefield edge", leg
        )


def plan(
    state: BattleState,
    cid: str,
    legs: Sequence[tuple[str, Sequence[float]]],
    budget: float,
    options: WarcryOptions,
) -> Plan:
    """Judge the legs from the fighter's position; raise `Refusal` for a disallowed move."""
    board = state.board
    assert isinstance(board, Board)
    m = mover(state, cid, options)
    start = board.fighters[cid].point
    here = start
    status = "climbing" if "climbing" in state.creatures[cid].conditions else "ground"
    status = "ground" if m.space.supported(here) else status
    steps: list[tuple[str, Step]] = []
    cost = 0.0
    for index, (kind, to) in enumerate(legs):
        check_point(m, to, index)
        judged = JUDGES[kind](m, here, [float(v) for v in to], status)
        step = judged if isinstance(judged, Step) else ruled_leg(m, here, to, judged, index)
        cost += step.counted
        if cost > budget + 1e-6:
            deny(
                "warcry/beyond-move",
                f'the move counts {cost:.2f}", more than Move {budget:g}"',
                index,
            )
        steps.append((kind, step))
        here, status = step.to, step.status
    if status == "flying":
        deny("warcry/cannot-end-flying", "a fighter cannot end a move action flying", len(legs) - 1)
    rest = here
    if status == "air":
        rest = (here[0], here[1], m.space.first_surface_below(here, m.radius))
        hit = m.space.sweep(here, rest, m.radius)
        if hit is not None:
            deny(
                "warcry/blocked",
                f"dropping from the jump passes through {hit}",
                len(legs) - 1,
                about=fighters_hit(hit),
            )
    enemy = breaks_engagement(state, cid, start, rest)
    if enemy is not None:
        deny(
            "warcry/engaged",
            f'{cid} began within 1" of {enemy} and must end at least as close to it',
            len(legs) - 1,
            about=(enemy,),
        )
    return Plan(start, tuple(steps), cost, rest, status)


def ruled_leg(m: Mover, here: Point3, to: Sequence[float], answer: Illegal, index: int) -> Step:
    """A leg the rules forbid, refused, or under the director's ruling (DESIGN section 7,
    Rulings) taken straight to its point: counted as the director says, else its straight
    inches on the table (Measuring), its status where it lands."""
    deny(answer.rule, answer.detail, index)
    ruling = current()
    assert ruling is not None  # deny raised otherwise
    end = (float(to[0]), float(to[1]), float(to[2]) if len(to) == 3 else here[2])
    inches = math.dist(here[:2], end[:2]) if ruling.cost is None else float(ruling.cost)
    status = "ground" if m.space.supported(end) else "air"
    return Step(to=end, counted=inches, status=status)


def carry_out(action: Action, cid: str, p: Plan, options: WarcryOptions) -> None:
    threshold = options.impact_threshold
    path = [p.start, *(step.to for _, step in p.steps)]
    records = [
        LegRecord(
            kind=kind,
            to=step.to,
            counted=round(step.counted, 6),
            drop=round(step.drop, 6),
            via=list(step.via) if step.via else None,
        )
        for kind, step in p.steps
    ]
    climbing = p.status == "climbing"
    action.emit(
        MovedInches(creature=cid, path=path, legs=records, cost=round(p.cost, 6), climbing=climbing)
    )
    here = p.start
    for kind, step in p.steps:
        turns = tuple(_turn(a, b) for a, b in itertools.pairwise([here, *step.via, step.to]))
        route = turns if step.via else ()
        action.note(
            f"leg:{kind}",
            reasons=(f'to {list(step.to)}, {step.counted:.2f}" counted', *route),
        )
        here = step.to
        if step.drop > 0:
            falling.impact(action, cid, step.drop, threshold)
    if cid not in action.state.creatures:
        return
    end = path[-1]
    if p.rest != end:
        action.emit(DroppedDown(creature=cid, origin=end, to=p.rest, height=end[2] - p.rest[2]))
        falling.impact(action, cid, end[2] - p.rest[2], threshold)
    if cid not in action.state.creatures:
        return
    board = action.state.board
    assert isinstance(board, Board)
    me = board.fighters[cid]
    space = mover(action.state, cid, options).space
    unsupported = not climbing and not space.supported(me.point)
    if "monster" in me.runemarks and not space.wholly_supported(me.point, me.radius):
        unsupported = True
    if unsupported:
        falling.fall(action, space, cid, options)


def _turn(a: Point3, b: Point3) -> str:
    """One straight part of a leg's route, in words (a flight's rise, crossing, descent)."""
    if abs(a[2] - b[2]) > 1e-9 and abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1e-9:
        way = "up" if b[2] > a[2] else "down"
        return f'{way} {abs(b[2] - a[2]):.2f}" to {list(b)} (not counted)'
    return f"across to {list(b)}"


def parsed_legs(raw: Sequence[Leg]) -> list[tuple[str, Sequence[float]]]:
    return [(leg.kind, list(leg.to)) for leg in raw]


__all__ = ["Plan", "Refusal", "carry_out", "mover", "parsed_legs", "plan"]
