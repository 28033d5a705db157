"""Draw Steel (MCDM 2025, Heroes: Combat, Movement), the first grid ruleset.

The plug-in wires Draw Steel's steps into the base grid ruleset: options (`options`), the
metric and step costs (`movement`), willing movement and its triggers (`moves`, `reactions`),
the turn economy (`economy`), forced movement, falling, teleport and prone.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine import intents as it
from engine.action import Action
from engine.economy import DrawSteelEconomy
from engine.geometry import box, box_gap
from engine.pathfinding import find_route
from engine.results import Refusal
from engine.rulesets.base import Handler
from engine.rulesets.draw_steel import (
    burrowing,
    climbing,
    economy,
    falling,
    forced_movement,
    jumping,
    moves,
    prone,
    reactions,
    squeezing,
)
from engine.rulesets.draw_steel import teleport as teleporting
from engine.rulesets.draw_steel.economy import Budget
from engine.rulesets.draw_steel.movement import MovementField
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.rulesets.draw_steel.reads import READS
from engine.rulesets.grid import GridRuleset
from engine.rulesets.options import BaseOptions
from engine.rulesets.reads import Reads
from engine.steps import must
from engine.words import at, counted
from events.battle_events import ConditionSet, Coord, Moved
from projections.state import BattleState, Creature


class DrawSteel(GridRuleset):
    id: ClassVar[str] = "draw-steel"
    economy_choices: ClassVar[tuple[dict[str, Any], ...]] = ({"use_main_action": True},)
    rules_version: ClassVar[str] = "draw-steel/2025.1-engine.4"
    options_model: ClassVar[type[BaseOptions]] = DrawSteelOptions
    reads: ClassVar[Reads | None] = READS

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "move": self.on_move,
            "shift": self.on_shift,
            "teleport": lambda i, s, a: teleporting.teleport(i, s, a),
            "force_move": lambda i, s, a: forced_movement.force_move(i, s, a),
            "fall_prone": lambda i, s, a: prone.fall_prone(i, s, a),
            "stand_up": lambda i, s, a: prone.stand_up(i, s, a),
            "resolve_reaction": self.on_resolve_reaction,
            "knock_off": self.on_knock_off,
        }

    # -- hooks -----------------------------------------------------------------------------
    def field(
        self, state: BattleState, c: Creature, mode: str, shifting: bool = False
    ) -> MovementField:
        return MovementField(state, c, mode, shifting)

    def settle(self, action: Action) -> None:
        falling.settle(action)
        squeezing.settle(action)

    def on_set_condition(self, intent: it.SetCondition, state: BattleState, action: Action) -> None:
        """A condition set by the director; a climber knocked prone by it "fall[s] and
        land[s] prone in an adjacent space of your choice" (`landing`)."""
        super().on_set_condition(intent, state, action)
        if intent.landing is None:
            return
        c = action.state.creatures[intent.creature]
        if not (intent.condition == "prone" and intent.on and c.has("climbing")):
            raise Refusal(
                "draw-steel/landing-needs-a-fall",
                "`landing` is where a creature knocked prone while it climbs or rides another "
                "lands",
            )
        falling.fall_off(action, c, hurt=True, choice=intent.landing)

    def new_round(self, action: Action) -> None:
        falling.new_round(action)

    def speed(self, c: Creature, mode: str) -> int:
        return economy.speed(c, mode)

    def disengage(self, c: Creature) -> int:
        return c.disengage if c.disengage is not None else 1

    def provokes(self, kind: str) -> bool:
        """A willing move provokes opportunity attacks; a shift, a teleport, forced movement
        and a fall never do (Movement: Shift, Teleport, Falling; DIGEST 2.5)."""
        return kind == "move"

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        if kind == "teleport":
            return teleporting.reachable(state, c)
        return super().reach(state, c, kind, mode)

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        if kind == "shift":
            return min(
                self.disengage(c), economy.grab_limited(state, c, self.speed(c, "walk"), None)
            )
        full = economy.grab_limited(state, c, self.speed(c, mode), None)
        if state.turns and state.active == c.id:
            return economy.left(state, c, full)
        return full  # a creature waiting for its turn: the ruler of a fresh turn

    def economy(self, state: BattleState, c: Creature) -> DrawSteelEconomy:
        return economy.view(state, c)

    # -- intents ---------------------------------------------------------------------------
    def _path(
        self,
        f: MovementField,
        c: Creature,
        points: list[list[int]] | None,
        to: list[int] | None,
        budget: int,
        jumps: set[int],
    ) -> tuple[list[Coord], set[int]]:
        if points:
            path = [f.resolve(p) for p in points]
            if path and path[0] == c.pos:
                return path[1:], {j - 1 for j in jumps if j >= 1}
            return path, jumps
        if to is None:
            raise Refusal("intent/no-path", "give a `path` or a `to`")
        goal = f.resolve(to)
        if not f.inside(goal[0], goal[1]):
            raise Refusal("map/off-map", f"{to} is off the map")
        if goal == c.pos:
            raise Refusal("path/empty", "the creature is already there")
        must(f.stop_refusal(goal))
        found = find_route(f, c.pos, goal, budget)
        if found is None:
            # the unbounded search only tells "too far" from "unreachable"; on the ground only
            if f.walking and find_route(f, c.pos, goal, None) is not None:
                raise Refusal(
                    "draw-steel/exceeds-speed",
                    f"{at(to)} is farther than the {counted(budget, 'square')} this move has",
                )
            raise Refusal("path/unreachable", f"no legal path reaches {to}")
        return found

    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if intent.action not in ("advance", "free", "dig", "claw_dirt", "pull_up"):
            raise Refusal("draw-steel/unknown-action", f"unknown move action {intent.action!r}")
        if intent.action == "pull_up":
            if intent.by is None:
                raise Refusal("intent/by-required", "pull_up names the creature pulling (`by`)")
            helper = self.creature(state, intent.by)
            burrowing.pull_up(state, c, helper, intent.use_main_action, action)
            return
        if intent.action == "claw_dirt":
            f = self.field(state, c, "burrow")
            path = [f.resolve(p) for p in intent.path or []]
            burrowing.claw_dirt(state, c, f, path, intent.use_main_action, action)
            return
        economy.check_mode(c, intent.mode)
        if intent.action == "dig":
            if intent.mode != "burrow":
                raise Refusal("draw-steel/dig-is-burrowing", "Dig needs `mode`: burrow")
            f = self.field(state, c, "burrow")
            path = [f.resolve(p) for p in intent.path or []]
            burrowing.dig(state, c, f, path, intent.use_main_action, action)
            return
        host = self.creature(state, intent.onto) if intent.onto is not None else None
        if host is not None:
            climbing.check_onto(c, host)
        full = economy.grab_limited(state, c, self.speed(c, intent.mode), action)
        if full <= 0:
            raise Refusal("draw-steel/speed-zero", f"{c.id}'s speed is 0")
        budget = economy.begin(
            state,
            c,
            action_name=intent.action,
            full=full,
            distance=intent.distance,
            use_main=intent.use_main_action,
            continues=True,
            action=action,
        )
        if host is not None:
            climbing.climb_onto(
                state,
                c,
                host,
                willing=intent.willing,
                budget=budget.squares,
                economy=budget.economy,
                starts=budget.starts_action,
                action_name=intent.action,
                action=action,
            )
            return
        bonus = jumping.jump_test(action, c) if intent.jump_test and intent.jumps else 0
        self._walk(
            intent, c, "move", intent.action, intent.mode, budget, action, set(intent.jumps), bonus
        )

    def on_shift(self, intent: it.Shift, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if intent.action not in ("disengage", "free"):
            raise Refusal("draw-steel/unknown-action", f"unknown shift action {intent.action!r}")
        shifting = not intent.instead_move
        if shifting and c.has("slowed"):
            raise Refusal(
                "draw-steel/slowed-cannot-shift",
                "a slowed creature can't shift (it may move instead)",
            )
        speed = economy.grab_limited(state, c, self.speed(c, "walk"), action)
        if speed <= 0:
            raise Refusal("draw-steel/speed-zero", f"{c.id}'s speed is 0")
        full = min(self.disengage(c), speed) if intent.action == "disengage" else speed
        if shifting:
            grid = state.grid
            side = self.size_side(c.size)
            under = [
                grid.index(c.pos[0] + i, c.pos[1] + j)
                for j in range(side)
                for i in range(side)
                if grid.inside(c.pos[0] + i, c.pos[1] + j)
            ]
            if any(grid.difficult[i] or grid.damage[i] for i in under):
                raise Refusal(
                    "draw-steel/cannot-shift-in-difficult-terrain",
                    "can't shift while within difficult or damaging terrain",
                )
        budget = economy.begin(
            state,
            c,
            action_name=intent.action,
            full=full,
            distance=intent.distance,
            use_main=intent.use_main_action,
            continues=False,
            action=action,
        )
        self._walk(
            intent, c, "shift" if shifting else "move", intent.action, "walk", budget, action, set()
        )

    def _walk(
        self,
        intent: it.Move | it.Shift,
        c: Creature,
        kind: str,
        action_name: str,
        mode: str,
        budget: Budget,
        action: Action,
        jumps: set[int],
        jump_bonus: int = 0,
    ) -> None:
        state = action.state
        c = state.creatures[c.id]
        f = self.field(state, c, mode, shifting=kind == "shift")
        if c.has("climbing"):
            if not intent.path:
                raise Refusal(
                    "draw-steel/climb-down-first",
                    "to get off a creature, give a `path` whose first square is beside it",
                )
            rest, budget, jumps = self._climb_down(c, intent.path, budget, jumps, action)
            if not rest:
                return
            state = action.state
            c = state.creatures[c.id]
            f = self.field(state, c, mode, shifting=kind == "shift")
            intent = intent.model_copy(update={"path": rest})
        path, jumps = self._path(f, c, intent.path, intent.to, budget.squares, jumps)
        judged = moves.judge_path(f, c.pos, path, budget.squares, jumps, jump_bonus)
        if True in judged.hard and DrawSteelOptions.of(state).hard_terrain_test:
            first = judged.hard.index(True)
            if climbing.might_test(action, c) == 1:
                action.note(
                    "test-fails",
                    path[first],
                    reasons=(
                        "the Might test fails: no climbing or swimming there, no movement wasted",
                    ),
                )
                if first == 0:
                    return
                path = path[:first]
                judged = moves.Judged(
                    judged.costs[:first], judged.reasons[:first], judged.hard[:first]
                )
        run = moves.MoveRun(
            c.id,
            path,
            mode,
            action_name,
            kind,
            budget.squares,
            budget.economy,
            budget.starts_action,
            tuple(sorted(jumps)),
            jump_bonus=jump_bonus,
        )
        moves.walk(action, run, judged)

    def _climb_down(
        self,
        c: Creature,
        points: list[list[int]],
        budget: Budget,
        jumps: set[int],
        action: Action,
    ) -> tuple[list[list[int]], Budget, set[int]]:
        """The first square of a climber's move: down from the creature to a space beside it."""
        state = action.state
        host = state.creatures.get(c.climbing_on or "")
        f = self.field(state, c, "walk")
        if points and f.resolve(points[0]) == c.pos:
            points, jumps = points[1:], {j - 1 for j in jumps if j >= 1}
        if not points or host is None:
            raise Refusal("path/empty", "the path has no squares")
        to = f.resolve(points[0])
        if not f.inside(to[0], to[1]):
            raise Refusal("map/off-map", f"{list(to)} is off the map", 0)
        beside = box_gap(box(to, f.side), box(host.pos, self.size_side(host.size)))
        if beside != 1 or to[2] != f.stand_z(to[0], to[1]):
            raise Refusal(
                "draw-steel/climb-down-first",
                f"the first square must be on the ground beside {host.id}",
                0,
            )
        must(f.stop_refusal(to))
        cost = climbing.climb_cost(c)
        if cost > budget.squares:
            raise Refusal("draw-steel/exceeds-speed", f"climbing down costs {cost}", 0)
        action.emit(ConditionSet(creature=c.id, condition="climbing", on=False))
        left = budget.squares - cost if budget.economy else c.movement_left
        action.emit(
            Moved(
                creature=c.id,
                path=[to],
                cost=cost,
                mode="climb",
                action="climb_down",
                movement_left=left,
                starts_action=budget.starts_action,
            )
        )
        action.note(
            "climb-down", to, cost, (f"{c.id} climbs down from {host.id}",), about=(host.id,)
        )
        rest_jumps = {j - 1 for j in jumps if j >= 1}
        return points[1:], Budget(budget.squares - cost, False, budget.economy), rest_jumps

    def on_knock_off(self, intent: it.KnockOff, state: BattleState, action: Action) -> None:
        host = self.creature(state, intent.creature)
        rider = self.creature(state, intent.target)
        climbing.knock_off(state, host, rider, intent.use_main_action, action, intent.landing)

    def on_resolve_reaction(
        self, intent: it.ResolveReaction, state: BattleState, action: Action
    ) -> None:
        pending = self.window(state, intent.reaction)
        reactor = state.creatures.get(pending.reactor)
        target = state.creatures.get(pending.target)
        if intent.decision == "take" and reactor is not None and target is not None:
            reactions.free_strike(state, reactor, target, action, pending.id)
        else:
            reactions.decline(action, pending.id)
        still_open = [p for p in action.state.pending if p.target == pending.target]
        if pending.resume is not None and not still_open:
            moves.continue_move(action, pending.resume)


__all__ = ["DrawSteel"]
