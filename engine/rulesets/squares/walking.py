"""Walking a judged path: one `Moved` per segment, pausing where a reaction triggers, and a
drop off a ledge at the end becoming a fall (its damage by the ruleset's rule)."""

from __future__ import annotations

from dataclasses import replace

from engine import reaction_windows as windows
from engine.action import Action
from engine.resumed_ruling import kept
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.judge import Judged
from engine.rulesets.squares.run import Run
from engine.words import counted
from events.battle_events import (
    Coord,
    DamageTaken,
    Fell,
    KnockedProne,
    Moved,
    ResumeMove,
    Tallied,
)
from projections.state import Creature


def walk(rs: SquareRules, action: Action, run: Run, judged: Judged) -> None:
    c = action.state.creatures[run.creature]
    prev = c.pos
    seg: list[Coord] = []
    spent = 0
    for i, to in enumerate(run.path):
        hit = [] if (i == 0 and run.skip_first) else rs.triggers(action, c, prev, to, run)
        if hit:
            if seg:
                _emit(action, run, seg, spent)
                rs.entered(action, run.creature, seg, run.action)
            rest_path = run.path[i:]
            if run.drop is not None:
                # the resumed move is judged afresh: it ends on the landing, not in the air
                rest_path = [*rest_path[:-1], run.drop]
            rest = replace(
                run,
                path=rest_path,
                drop=None,
                budget=run.budget - spent,
                starts_action=False,
                provoked=(*run.provoked, *(h.id for h in hit)),
                skip_first=True,
            )
            open_windows(rs, action, c, prev, hit, rest)
            return
        seg.append(to)
        spent += judged.costs[i]
        action.note("step", to, judged.costs[i], judged.reasons[i])
        prev = to
    _emit(action, run, seg, spent, judged.overspent)
    rs.entered(action, run.creature, seg, run.action)
    for name, amount in run.tallies:
        if amount and action.state.turns:
            action.emit(Tallied(creature=run.creature, name=name, amount=amount))
    if run.drop is not None:
        fall(rs, action, run.creature, prev, run.drop, deliberate=True)
    rs.walk_ended(action, run)


def _emit(
    action: Action,
    run: Run,
    seg: list[Coord],
    spent: int,
    overspent: tuple[int, int] | None = None,
) -> None:
    """Record a segment walked; `overspent` is (full cost, paid) of its last square when that
    cost more than what was left (only the path's last square can)."""
    c = action.state.creatures[run.creature]
    left = run.budget - spent if run.economy else c.movement_left
    action.emit(
        Moved(
            creature=run.creature,
            path=seg,
            cost=spent,
            mode=run.mode,
            action=run.action,
            movement_left=max(0, left),
            starts_action=run.starts_action,
            last_square_cost=overspent[0] if overspent else None,
            last_square_paid=overspent[1] if overspent else None,
        )
    )


def open_windows(
    rs: SquareRules, action: Action, c: Creature, at: Coord, hit: list[Creature], rest: Run
) -> None:
    """Open a reaction window per reactor at `at`; the move resumes with `rest` (if any)."""
    option = rs.reaction_answers(action.state)
    resume = ResumeMove(
        creature=rest.creature,
        path=rest.path,
        mode=rest.mode,
        action=rest.action,
        budget=rest.budget,
        economy=rest.economy,
        provoked=list(rest.provoked),
        bump=rest.bump,
        through=dict(rest.through),
        ruling=kept(),
    )
    windows.open_windows(
        action,
        c.id,
        at,
        hit,
        resume,
        option,
        why=lambda reactor: f"{c.id} leaves a square {reactor.id} threatens",
        strike=lambda reactor, rid: rs.strike(action, reactor.id, c.id, rid),
        decline=lambda rid: rs.decline(action, rid),
        go_on=lambda rest: rs.continue_move(action, rest),
    )


def fall(
    rs: SquareRules, action: Action, cid: str, origin: Coord, landing: Coord, deliberate: bool
) -> None:
    """Fall from `origin` to `landing`: the ruleset's damage, prone when it says so."""
    action.follow_up()
    c = action.state.creatures[cid]
    height = origin[2] - landing[2]
    action.emit(
        Fell(creature=cid, origin=origin, landing=landing, height=height, effective_height=height)
    )
    damage, prone = rs.fall_damage(action, c, height, landing, deliberate)
    action.note("fall", landing, reasons=(f"fell {counted(height, 'square')}: {damage} damage",))
    if damage > 0:
        action.emit(DamageTaken(creature=cid, amount=damage, cause="falling"))
    if prone and not c.has("prone"):
        action.emit(KnockedProne(creature=cid))
