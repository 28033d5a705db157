"""Willing movement in Draw Steel: judging a path, then walking it with its triggers.

The whole path is judged before anything happens (a refusal names the step). Walking it then
stops at every square an opportunity attack would be made from: `ask` opens reaction windows
and keeps the rest of the path in them; `always` and `never` resolve at once and walk on, if
the rest is still legal (DIGEST 2.5 timing). Damaging terrain deals its damage on entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import reaction_windows as windows
from engine.action import Action
from engine.geometry import box, box_gap
from engine.results import Refusal
from engine.resumed_ruling import kept, resumed
from engine.rulesets.draw_steel import climbing, reactions
from engine.rulesets.draw_steel.movement import MovementField
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.ruling import deny
from engine.sizes import LADDER
from engine.steps import must, passed
from events.battle_events import (
    Coord,
    DamageTaken,
    Moved,
    ResumeMove,
    Shifted,
)
from projections.state import Creature


@dataclass
class Judged:
    costs: list[int] = field(default_factory=list)
    reasons: list[tuple[str, ...]] = field(default_factory=list)
    hard: list[bool] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.costs)


def judge_path(
    f: MovementField,
    start: Coord,
    path: list[Coord],
    budget: int,
    jumps: set[int],
    jump_bonus: int = 0,
) -> Judged:
    """Every step legal, never more than the budget, and a square it may end in."""
    if not path:
        raise Refusal("path/empty", "the path has no squares")
    judged = Judged()
    prev = start
    for i, to in enumerate(path):
        jump = i in jumps
        answer = f.jump_step(prev, to, jump_bonus) if jump else f.step(prev, to)
        found = passed(answer, i, prev, to, f.inside(to[0], to[1]))
        why = list(found.reasons)
        hard = not jump and f.is_hard(prev, to)
        if hard:
            why.append("a hard climb or swim: the Might test")
        judged.costs.append(found.cost)
        judged.reasons.append(tuple(why) or ("1 square",))
        judged.hard.append(hard)
        if judged.total > budget:
            deny(
                "draw-steel/exceeds-speed",
                f"the path costs {judged.total}, more than the {budget} available",
                i,
            )
        prev = to
    must(f.stop_refusal(path[-1]), len(path) - 1)
    return judged


@dataclass(frozen=True)
class MoveRun:
    creature: str
    path: list[Coord]
    mode: str
    action: str
    kind: str  # "move" (provokes) or "shift" (never provokes)
    budget: int
    economy: bool
    starts_action: bool = False
    jumps: tuple[int, ...] = ()
    skip_first_trigger: bool = False
    jump_bonus: int = 0


def _emit_segment(
    action: Action, run: MoveRun, seg: list[Coord], spent: int, starts: bool, budget_left: int
) -> None:
    c = action.state.creatures[run.creature]
    # a ruling may let a move spend past its budget: what is left is then nothing
    left = max(0, budget_left) if run.economy else c.movement_left
    if run.kind == "shift":
        action.emit(
            Shifted(
                creature=run.creature,
                path=seg,
                cost=spent,
                action=run.action,
                movement_left=0 if run.economy else left,
                starts_action=starts,
            )
        )
    else:
        action.emit(
            Moved(
                creature=run.creature,
                path=seg,
                cost=spent,
                mode=run.mode,
                action=run.action,
                movement_left=left,
                starts_action=starts,
            )
        )


def walk(action: Action, run: MoveRun, judged: Judged) -> None:
    """Walk an already judged path, pausing (or resolving) at opportunity attacks."""
    state = action.state
    c = state.creatures[run.creature]
    options = DrawSteelOptions.of(state)
    option = options.opportunity_attacks
    damage_each = options.damaging_terrain == "each_square"
    seg: list[Coord] = []
    damages: list[int] = []
    spent = 0
    prev = c.pos
    starts = run.starts_action
    near = (
        reactions.by_square(c, reactions.candidates(state, c, judged.total))
        if run.kind == "move"
        else {}
    )
    for i, to in enumerate(run.path):
        provoking = near and not (i == 0 and run.skip_first_trigger)
        hit = reactions.triggers(c, prev, to, action, near) if provoking else []
        if hit:
            if seg or starts:
                _emit_segment(action, run, seg, spent, starts, run.budget - spent)
                carry_grabbed(action, run.creature, c.pos)
                climbing.carry_riders(action, run.creature, c.pos)
                _emit_damages(action, run.creature, damages, damage_each)
            rest = MoveRun(
                run.creature,
                run.path[i:],
                run.mode,
                run.action,
                run.kind,
                run.budget - spent,
                run.economy,
                False,
                tuple(j - i for j in run.jumps if j >= i),
                True,
                run.jump_bonus,
            )
            _open_windows(action, c, prev, hit, rest, option)
            return
        seg.append(to)
        spent += judged.costs[i]
        action.note("step", to, judged.costs[i], judged.reasons[i])
        damages.extend(_terrain_damage(action, c, to))
        prev = to
    _emit_segment(action, run, seg, spent, starts, run.budget - spent)
    carry_grabbed(action, run.creature, c.pos)
    climbing.carry_riders(action, run.creature, c.pos)
    _emit_damages(action, run.creature, damages, damage_each)


def _terrain_damage(action: Action, c: Creature, to: Coord) -> list[int]:
    """Damaging terrain on the ground under the space entered (DIGEST 2.1)."""
    f = action.state.grid
    side = LADDER.side(c.size)
    if to[2] > max(
        f.surface[f.index(to[0] + i, to[1] + j)] for j in range(side) for i in range(side)
    ):
        return []
    worst = max(f.damage[f.index(to[0] + i, to[1] + j)] for j in range(side) for i in range(side))
    if worst:
        action.note("damaging-terrain", to, reasons=(f"damaging terrain: {worst} damage",))
        return [worst]
    return []


def _emit_damages(action: Action, cid: str, damages: list[int], each: bool) -> None:
    amounts = damages if each else damages[:1]
    for amount in amounts:
        action.emit(DamageTaken(creature=cid, amount=amount, cause="damaging terrain"))


def _open_windows(
    action: Action,
    mover: Creature,
    at: Coord,
    hit: list[Creature],
    rest: MoveRun,
    option: str,
) -> None:
    state = action.state
    target = state.creatures[rest.creature]
    resume = ResumeMove(
        creature=rest.creature,
        path=rest.path,
        mode=rest.mode,
        action=rest.action,
        kind="move",
        jumps=list(rest.jumps),
        budget=rest.budget,
        economy=rest.economy,
        jump_bonus=rest.jump_bonus,
        ruling=kept(),
    )
    windows.open_windows(
        action,
        target.id,
        at,
        hit,
        resume,
        option,
        why=lambda reactor: (
            f"{target.id} leaves {reactor.id}'s adjacency without shifting: opportunity attack"
        ),
        strike=lambda reactor, rid: reactions.free_strike(
            action.state, reactor, action.state.creatures[target.id], action, rid
        ),
        decline=lambda rid: reactions.decline(action, rid),
        go_on=lambda rest: continue_move(action, rest),
    )


def continue_move(action: Action, resume: ResumeMove) -> None:
    """The rest of a paused move, if the mover still stands and the rest is still legal."""
    state = action.state
    c = state.creatures.get(resume.creature)
    if c is None or not resume.path:
        return
    if c.hp <= 0 and DrawSteelOptions.of(state).stop_move_at_zero_stamina:
        action.note("move-ends", c.pos, reasons=(f"{c.id} is at 0 Stamina: the move ends",))
        return
    run = MoveRun(
        resume.creature,
        list(resume.path),
        resume.mode,
        resume.action,
        resume.kind,
        resume.budget,
        resume.economy,
        False,
        tuple(resume.jumps),
        True,
        resume.jump_bonus,
    )
    f = MovementField(state, c, run.mode, shifting=False)
    with resumed(action, resume.ruling, resume.creature):
        try:
            judged = judge_path(f, c.pos, run.path, run.budget, set(run.jumps), run.jump_bonus)
        except Refusal as refusal:
            action.note(
                "move-ends",
                c.pos,
                reasons=(f"the rest of the path is no longer legal: {refusal.rule}",),
            )
            return
        walk(action, run, judged)


def carry_grabbed(action: Action, grabber_id: str, before: Coord) -> None:
    """DIGEST 2.8: a grabber that moves carries the creature it grabbed along, keeping its
    place beside the grabber when it can, else into the nearest free space beside it."""
    state = action.state
    grabber = state.creatures[grabber_id]
    shift = tuple(a - b for a, b in zip(grabber.pos, before, strict=True))
    if shift == (0, 0, 0):
        return
    holding = [g for g in state.creatures.values() if g.grabbed_by == grabber_id]
    for held in sorted(holding, key=lambda g: g.id):
        if not held.has("grabbed"):
            continue
        f = MovementField(action.state, held, "walk")
        x, y = held.pos[0] + shift[0], held.pos[1] + shift[1]
        spots = [(x, y)] + [
            (grabber.pos[0] + dx, grabber.pos[1] + dy)
            for dy in range(-1, LADDER.side(grabber.size) + 1)
            for dx in range(-1, LADDER.side(grabber.size) + 1)
        ]
        for sx, sy in spots:
            if not f.inside(sx, sy):
                continue
            to = (sx, sy, f.stand_z(sx, sy))
            if (
                f.can_stop(to)
                and box_gap(box(to, f.side), box(grabber.pos, LADDER.side(grabber.size))) == 1
            ):
                action.emit(
                    Moved(
                        creature=held.id,
                        path=[to],
                        cost=0,
                        mode="walk",
                        action="carried",
                        movement_left=held.movement_left,
                    )
                )
                action.note(
                    "carried",
                    to,
                    reasons=(f"{grabber_id} carries {held.id}",),
                    about=(grabber_id, held.id),
                )
                break
