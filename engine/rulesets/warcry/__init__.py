"""Warcry (Games Workshop, 1st edition core rules; rules/warcry.md, DIGEST section 5).

A gridless ruleset: a board in inches, fighters on round bases at float positions
`(x, y, z)`, terrain as polygons with heights. A `move` intent is one move action given as
`legs` (normal, jump, climb, fly), judged as a whole (`moves`), or a `to` the roadmap finds
legs for (`pathfinding`). Falls (`falling`) may open a `fall_landing` reaction window for
the opposing player. With turns, a turn is a fighter's activation: two actions, and a
fighter still climbing when it ends falls.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from engine import intents as it
from engine.action import Action
from engine.economy import WarcryEconomy
from engine.region import Region
from engine.results import Accepted, Refusal
from engine.rulesets.base import Handler
from engine.rulesets.gridless import GridlessRuleset
from engine.rulesets.options import BaseOptions
from engine.rulesets.warcry import economy_view, edge, falling, moves, setup
from engine.rulesets.warcry.options import WarcryOptions
from engine.rulesets.warcry.pathfinding import kept_memo, search
from engine.rulesets.warcry.reach import region
from engine.rulesets.warcry.roadmap import surfaces
from engine.setup import BattleSetup
from events.battle_events import CreaturePlaced, ReactionResolved
from events.gridless_events import FighterPlaced, FighterSpec
from projections.board import Board
from projections.state import BattleState, Creature


class Warcry(GridlessRuleset):
    id: ClassVar[str] = "warcry"
    rules_version: ClassVar[str] = "warcry/1e-engine.3"
    options_model: ClassVar[type[BaseOptions]] = WarcryOptions
    move_actions: ClassVar[tuple[str, ...]] = ("move",)
    unit: ClassVar[tuple[str, str, int]] = ("inch", "inches", 1)

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "move": self.on_move,
            "resolve_reaction": self.on_resolve_reaction,
            "falling_test": self.on_falling_test,
        }

    def on_falling_test(self, intent: it.FallingTest, state: BattleState, action: Action) -> None:
        """The falling test after an attack near a platform's edge (`edge`)."""
        self.creature(state, intent.creature)
        space = moves.mover(state, intent.creature, WarcryOptions.of(state)).space
        edge.falling_test(intent, state, action, space)

    def create(self, body: BattleSetup) -> Accepted:
        """The battle on its board in inches, fighters on it (`setup`)."""
        options = self.resolve_options(body.options)
        return setup.create(self.id, self.rules_version, body, options)

    @staticmethod
    def board(state: BattleState) -> Board:
        if not isinstance(state.board, Board):
            raise Refusal("battle/needs-board", "this warcry battle has no board")
        return state.board

    def known_conditions(self) -> frozenset[str]:
        """The text's only state a fighter is "said to be" in between moves: climbing."""
        return frozenset({"climbing"})

    def speed(self, c: Creature, mode: str) -> int:
        return c.speeds.get("walk", 0)

    def economy(self, state: BattleState, c: Creature) -> WarcryEconomy:
        return economy_view.view(state, c)

    # -- move ------------------------------------------------------------------------------
    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        self.board(state)
        if intent.path is not None:
            raise Refusal("warcry/gridless", "warcry is gridless: give `legs` or `to` in inches")
        if intent.action != "advance" and intent.action not in self.move_actions:
            raise Refusal("intent/unknown-action", f"warcry has no {intent.action!r} move")
        self.require_activation(state, c)
        options, budget = WarcryOptions.of(state), float(self.speed(c, "walk"))
        if intent.legs is not None:
            legs = moves.parsed_legs(intent.legs)
        else:
            legs = self.find_legs(state, c, intent, budget)
        if not legs:
            raise Refusal("warcry/no-legs", "a move needs at least one leg")
        judged = moves.plan(state, c.id, legs, budget, options)
        moves.carry_out(action, c.id, judged, options)

    def require_activation(self, state: BattleState, c: Creature) -> None:
        if not state.turns:
            return
        self.require_turn(state, c)
        limit = economy_view.actions_per_activation(state)
        if c.actions_used >= limit:
            raise Refusal("warcry/no-actions-left", f"{c.id} has used its {limit} actions")

    def find_legs(
        self, state: BattleState, c: Creature, intent: it.Move, budget: float
    ) -> list[tuple[str, Sequence[float]]]:
        raw = intent.to_inches if intent.to_inches is not None else intent.to
        if raw is None:
            raise Refusal("intent/no-path", "a move needs `legs` or `to`")
        goal = [float(v) for v in raw]
        m = moves.mover(state, c.id, WarcryOptions.of(state))
        moves.check_point(m, goal, 0)
        goals = (
            [(goal[0], goal[1], goal[2])]
            if len(goal) == 3
            else [(goal[0], goal[1], z) for z in surfaces(m.space, (goal[0], goal[1]))]
        )
        start = self.board(state).fighters[c.id].point
        status = "ground" if m.space.supported(start) else "climbing"

        def accept(legs: list[tuple[str, Any]]) -> None:
            moves.plan(state, c.id, legs, budget, WarcryOptions.of(state))

        memo = kept_memo(self.board(state), m, WarcryOptions.of(state))
        found = search(m, start, status, goals, budget, accept, memo=memo)
        if found is None:
            raise Refusal("warcry/no-route", f'no legal move of at most {budget:g}" reaches {raw}')
        return [(kind, list(p)) for kind, p in found]

    # -- falling ---------------------------------------------------------------------------
    def on_resolve_reaction(
        self, intent: it.ResolveReaction, state: BattleState, action: Action
    ) -> None:
        pending = self.window(state, intent.reaction)
        chosen = None
        if intent.decision == "take":
            if (
                intent.at is None
                or len(intent.at) != 3
                or not all(math.isfinite(v) for v in intent.at)
            ):
                raise Refusal("warcry/landing-needs-point", "pick the landing as `at`: [x, y, z]")
            chosen = (float(intent.at[0]), float(intent.at[1]), float(intent.at[2]))
        action.emit(ReactionResolved(reaction=pending.id, decision=intent.decision))
        if pending.target in self.board(state).fighters:
            space = moves.mover(state, pending.target, WarcryOptions.of(state)).space
            falling.place(action, space, pending.target, chosen, WarcryOptions.of(state))

    def on_end_turn(self, intent: it.EndTurn, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if state.turns and state.active == c.id and c.has("climbing"):
            space = moves.mover(state, c.id, WarcryOptions.of(state)).space
            action.note("fall", reasons=(f"{c.id}'s activation ends while climbing",))
            falling.fall(action, space, c.id, WarcryOptions.of(state))
        super().on_end_turn(intent, action.state, action)

    # -- director --------------------------------------------------------------------------
    def on_place(self, intent: it.Place, state: BattleState, action: Action) -> None:
        board = self.board(state)
        placed = {
            cid: FighterSpec(at=f.point, base=f.base, runemarks=sorted(f.runemarks))
            for cid, f in board.fighters.items()
        }
        spec, f = setup.fighter(
            intent.creature, board.spec, placed, WarcryOptions.of(state).fighter_height
        )
        if spec.id in state.creatures:
            raise Refusal("battle/duplicate-creature", f"{spec.id!r} is already on the board")
        action.emit(CreaturePlaced(creature=spec))
        action.emit(FighterPlaced(creature=spec.id, fighter=f))

    # -- reach -----------------------------------------------------------------------------
    def reach_region(self, state: BattleState, c: Creature, kind: str) -> Region:
        """The reach region itself: float points, inches counted and the legs to each."""
        if kind != "move":
            raise Refusal("reach/unknown-kind", f"warcry has no {kind!r} reach")
        return region(state, c.id, resolution=1.0)


__all__ = ["Warcry"]
