"""The base of the square rulesets that count their own way: placing, reach, paths with
drops, walking with pauses and reaction windows, falls, prone and standing hooks."""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.resumed_ruling import resumed
from engine.rulesets.base import Handler
from engine.rulesets.grid import GridRuleset
from engine.rulesets.squares import search
from engine.rulesets.squares.field import SquareField
from engine.rulesets.squares.judge import Judged, judge_path
from engine.rulesets.squares.run import Run
from engine.rulesets.squares.walking import walk
from engine.steps import must
from engine.words import at
from events.battle_events import (
    Coord,
    KnockedProne,
    ReactionResolved,
    ResumeMove,
)
from projections.state import BattleState, Creature


class SquaresRuleset(GridRuleset):
    """Hooks: `field`, `speed`, `move_budget`, `fall_damage`, `triggers`, `strike`."""

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "move": self.on_move,
            "fall_prone": self.on_fall_prone,
            "resolve_reaction": self.on_resolve_reaction,
        }

    def field(
        self, state: BattleState, c: Creature, mode: str, shifting: bool = False
    ) -> SquareField:
        raise NotImplementedError

    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        raise NotImplementedError

    def action_name(self, intent: it.Move) -> str:
        """The move's action: the intent's, or this ruleset's first (its default) when the
        intent carries the shared default `advance`, which these rulesets don't have.

        Not "when the client left it out": a recorded intent is stored with every field
        written, and judging it again must read it as it was first read."""
        if intent.action == "advance" and "advance" not in self.move_actions:
            return self.move_actions[0]
        if intent.action not in self.move_actions:
            known = ", ".join(self.move_actions)
            raise Refusal(f"{self.id}/unknown-action", f"no {intent.action!r} action ({known})")
        return intent.action

    # -- placing ---------------------------------------------------------------------------
    # -- reach and paths -------------------------------------------------------------------
    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        if kind not in ("move", "shift"):
            raise Refusal("reach/unknown-kind", f"{self.id} has no {kind!r} reach")
        f = self.field(state, c, mode, shifting=kind == "shift")
        return search.reachable(f, c.pos, self.reach_budget(state, c, kind, mode))

    def path_for(
        self, f: SquareField, c: Creature, intent: it.Move | it.Shift, budget: int
    ) -> list[Coord]:
        if intent.path:
            path = [f.resolve(p) for p in intent.path]
            return path[1:] if path and path[0] == c.pos else path
        if intent.to is None:
            raise Refusal("intent/no-path", "give a `path` or a `to`")
        goal = f.resolve(intent.to)
        if not f.inside(goal[0], goal[1]):
            raise Refusal("map/off-map", f"{intent.to} is off the map")
        if goal == c.pos:
            raise Refusal("path/empty", "the creature is already there")
        must(f.stop_refusal(goal))
        found = search.route(f, c.pos, goal, budget)
        if found is None:
            if search.connects(f, c.pos, goal):
                raise Refusal(
                    f"{f.prefix}/exceeds-speed",
                    f"{at(intent.to)} is farther than the {budget} "
                    f"{self.unit[budget != 1]} this move has",
                )
            raise Refusal("path/unreachable", f"no legal path reaches {intent.to}")
        return found

    def go(
        self,
        action: Action,
        f: SquareField,
        c: Creature,
        path: list[Coord],
        run: Run,
        judged: Judged | None = None,
    ) -> Judged:
        """Judge (unless judged) and walk a path; a last step off a ledge becomes a fall."""
        judged = judged or judge_path(f, c.pos, path, run.budget)
        prev = path[-2] if len(path) > 1 else c.pos
        last = path[-1]
        if f.dropped(prev, last):
            air = (last[0], last[1], prev[2])
            run = Run(**{**run.__dict__, "path": [*path[:-1], air], "drop": last})
        else:
            run = Run(**{**run.__dict__, "path": path})
        walk(self, action, run, judged)
        return judged

    def entered(self, action: Action, cid: str, squares: list[Coord], how: str) -> None:
        """`cid` has just entered `squares` (a walk's segment, a forced movement's path):
        the effects of entering them (none unless the ruleset says)."""

    def walk_ended(self, action: Action, run: Run) -> None:
        """A walk reached the end of its path (after any drop): what follows (nothing unless
        the ruleset says)."""

    # -- reactions -------------------------------------------------------------------------
    def triggers(
        self, action: Action, mover: Creature, frm: Coord, to: Coord, run: Run
    ) -> list[Creature]:
        """Creatures whose reaction this step triggers (none unless the ruleset says)."""
        return []

    def reaction_answers(self, state: BattleState) -> str:
        """How the battle's reaction windows are answered: `ask` the reactor, or `always`
        and `never` at once (a ruleset's option; `ask` where it has none)."""
        return "ask"

    def strike(self, action: Action, reactor: str, target: str, reaction: str) -> None:
        action.emit(ReactionResolved(reaction=reaction, decision="take"))

    def decline(self, action: Action, reaction: str) -> None:
        action.emit(ReactionResolved(reaction=reaction, decision="decline"))

    def resumed_field(self, state: BattleState, c: Creature, resume: ResumeMove) -> SquareField:
        """The field the rest of a paused move is judged in (Epic Path adds its maneuvers)."""
        field: SquareField = self.field(state, c, resume.mode)
        return field

    def continue_move(self, action: Action, resume: ResumeMove) -> None:
        state = action.state
        c = state.creatures.get(resume.creature)
        if c is None or not resume.path or c.hp <= 0:
            return
        f = self.resumed_field(state, c, resume)
        run = Run(
            resume.creature,
            list(resume.path),
            resume.mode,
            resume.action,
            resume.budget,
            resume.economy,
            provoked=tuple(resume.provoked),
            skip_first=True,
            bump=resume.bump,
            through=tuple(sorted(resume.through.items())),
        )
        with resumed(action, resume.ruling, resume.creature):
            try:
                judged = judge_path(f, c.pos, run.path, run.budget)
            except Refusal as refusal:
                action.note(
                    "move-ends", c.pos, reasons=(f"the rest is no longer legal: {refusal.rule}",)
                )
                return
            self.go(action, f, c, run.path, run, judged)

    def on_resolve_reaction(
        self, intent: it.ResolveReaction, state: BattleState, action: Action
    ) -> None:
        pending = self.window(state, intent.reaction)
        if intent.decision == "take":
            self.strike(action, pending.reactor, pending.target, pending.id)
        else:
            self.decline(action, pending.id)
        still_open = [p for p in action.state.pending if p.target == pending.target]
        if pending.resume is not None and not still_open:
            self.continue_move(action, pending.resume)

    # -- forced movement -------------------------------------------------------------------
    def forced_squares(self, action: Action, target: Creature, distance: int) -> int:
        """How many squares a forced movement of `distance` moves `target`."""
        return distance

    def pull_step_allowed(self, here: int, there: int) -> bool:
        """May a pull's step take its target from `here` squares off the source's space to
        `there`? Closer each step, never into the source's space, unless a ruleset says."""
        return 1 <= there < here

    def check_prone_drop(self, target: Creature) -> None:
        """May `target` drop prone during a forced movement to end it? (Not unless a
        ruleset says.)"""
        raise Refusal(f"{self.id}/no-prone-drop", "dropping prone doesn't stop forced movement")

    def forced_axis(
        self, action: Action, intent: it.ForceMove, source: Creature, target: Creature
    ) -> str:
        """Which way a forced movement goes: `ground` (along the ground, the shared rule),
        `down` or `up` (straight, for a target in the air) or `lateral` (level, for a target
        in mid-water). Only `ground` unless a ruleset says."""
        return "ground"

    def collide(self, action: Action, cid: str, at: Coord, remaining: int, what: str) -> None:
        """A forced movement stopped short by `what` with `remaining` squares left."""
        met = (what,) if what in action.state.creatures else ()
        action.note("forced-stops", at, reasons=(f"stopped by {what}",), about=met)

    # -- falling and prone -----------------------------------------------------------------
    def fall_damage(
        self, action: Action, c: Creature, squares: int, landing: Coord, deliberate: bool
    ) -> tuple[int, bool]:
        """Damage of a fall of `squares` and whether it leaves the creature prone."""
        raise NotImplementedError

    def on_fall_prone(self, intent: it.FallProne, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if c.has("prone"):
            raise Refusal(f"{self.id}/already-prone", f"{c.id} is already prone")
        action.emit(KnockedProne(creature=c.id, voluntary=True))
