"""The action-point game (zaldar.com rulebook, Move; DIGEST section 6) as a grid ruleset.

Each turn a creature walks up to its MOVE (`speeds.walk`) in Move Points; `action_points: N`
on a move converts action points into move points one for one (never back); `run` doubles
MOVE but allows 1 action point that round; `jump` and `long_jump` roll d20 + DEX against 10;
`crawl` moves a prone ("tripped") creature 2 points a space; standing up costs 3 and forbids
running that turn. No opportunity attacks and no forced movement are in the text.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine import intents as it
from engine.action import Action
from engine.economy import ActionPointsEconomy
from engine.results import Refusal
from engine.rulesets.action_points import economy_view, falling, jumping
from engine.rulesets.action_points.movement import ApField
from engine.rulesets.action_points.options import ActionPointsOptions
from engine.rulesets.action_points.reads import READS
from engine.rulesets.base import KNOWN_CONDITIONS, Handler
from engine.rulesets.options import BaseOptions
from engine.rulesets.reads import Reads
from engine.rulesets.squares.judge import judge_path
from engine.rulesets.squares.ruleset import SquaresRuleset
from engine.rulesets.squares.run import Run
from events.battle_events import ConditionSet, Coord, StoodUp, Tallied
from projections.state import BattleState, Creature

ACTIONS = ("walk", "run", "jump", "long_jump", "crawl", "dodge", "move_silently")
STAND_UP = 3
START_CRAWL = 2


class ActionPoints(SquaresRuleset):
    id: ClassVar[str] = "action-points"
    rules_version: ClassVar[str] = "action-points/zaldar-move-engine.4"
    options_model: ClassVar[type[BaseOptions]] = ActionPointsOptions
    reads: ClassVar[Reads | None] = READS
    move_actions: ClassVar[tuple[str, ...]] = ACTIONS

    def handlers(self) -> dict[str, Handler]:
        return {**super().handlers(), "stand_up": self.on_stand_up}

    def known_conditions(self) -> frozenset[str]:
        return KNOWN_CONDITIONS | {"crawling", "unconscious"}

    def field(self, state: BattleState, c: Creature, mode: str, shifting: bool = False) -> ApField:
        return ApField(state, c, mode)

    def speed(self, c: Creature, mode: str) -> int:
        return economy_view.speed(c)

    def action_points(self, state: BattleState, c: Creature) -> int:
        return economy_view.action_points(state, c)

    def budget(self, state: BattleState, c: Creature, running: bool = False) -> int:
        return economy_view.budget(state, c, running)

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        waiting = state.turns and state.active != c.id
        # a creature waiting for its turn: the ruler of a fresh turn, not its last turn's rest
        left = self.speed(c, "walk") if waiting else self.budget(state, c)
        if c.has("prone") and not c.has("crawling"):
            left -= START_CRAWL  # a tripped creature pays 2 to start crawling
        return max(0, left)

    def fall_damage(
        self, action: Action, c: Creature, squares: int, landing: Coord, deliberate: bool
    ) -> tuple[int, bool]:
        return falling.fall_damage(action, c, squares), False

    def economy(self, state: BattleState, c: Creature) -> ActionPointsEconomy:
        return economy_view.view(state, c)

    # -- intents ---------------------------------------------------------------------------
    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        intent = intent.model_copy(update={"action": self.action_name(intent)})
        if intent.mode not in ("walk", "climb", "swim"):
            raise Refusal("action-points/unknown-mode", f"no {intent.mode!r} movement here")
        self.require_turn(state, c)
        running = intent.action == "run" or (intent.action == "long_jump" and c.tally("ran") > 0)
        if intent.action == "run" and c.tally("ran") == 0:
            self._start_run(state, c, intent.action_points, action)
        self._convert(state, action.state.creatures[c.id], intent.action_points, action)
        c = action.state.creatures[c.id]
        budget = self.budget(action.state, c, running)
        if intent.action in ("jump", "long_jump"):
            jumping.jump(self, action, c, intent, budget)
            return
        if intent.action in ("dodge", "move_silently"):
            f = self.field(action.state, c, intent.mode)
            if f.in_water(c.pos) and not ActionPointsOptions.of(state).actions_while_swimming:
                raise Refusal(
                    "action-points/no-actions-while-swimming",
                    f"{c.id} is swimming: no {intent.action.replace('_', ' ')} in the water",
                )
            self._paid_action(state, c, intent.action, action)
        hands = ActionPointsOptions.of(state).climb_needs_free_hands
        if intent.mode == "climb" and c.stat("hands_busy") > 0 and hands:
            raise Refusal(
                "action-points/climb-needs-free-hands",
                f"{c.id} must have both hands free of items to climb",
            )
        if c.has("prone") and intent.action != "crawl":
            raise Refusal(
                "action-points/tripped-must-crawl",
                f"{c.id} is tripped: stand up (3) or crawl (2 to start)",
            )
        if intent.action == "crawl":
            if not c.has("prone"):
                raise Refusal("action-points/not-tripped", "only a tripped creature crawls")
            if not c.has("crawling"):
                budget = self._start_crawl(action, c, budget)
        f = ApField(action.state, c, intent.mode, dodging=intent.action == "dodge")
        path = self.path_for(f, c, intent, budget)
        run = Run(c.id, path, intent.mode, intent.action, budget, state.turns)
        judged = judge_path(f, c.pos, path, budget)
        if state.turns:
            # spent before the walk is logged, so the state at each `Moved` shows what is left
            action.emit(Tallied(creature=c.id, name="mp", amount=judged.total))
        self.go(action, f, c, path, run, judged)

    def _start_run(self, state: BattleState, c: Creature, points: int, action: Action) -> None:
        if c.tally("stood"):
            raise Refusal("action-points/no-run-after-standing", "no running the turn you stand")
        if c.tally("ap") + points > 1:
            raise Refusal(
                "action-points/run-limits-action-points",
                f"a runner may spend only 1 action point this round ({c.tally('ap')} spent)",
            )
        if state.turns:
            action.emit(Tallied(creature=c.id, name="ran"))
        action.note("run", reasons=("running: MOVE doubled, at most 1 action point",))

    def _convert(self, state: BattleState, c: Creature, points: int, action: Action) -> None:
        if not points:
            return
        left = self.action_points(state, c) - c.tally("ap")
        if points > left:
            raise Refusal(
                "action-points/not-enough-action-points",
                f"{c.id} has {left} action point(s) left, not {points}",
            )
        if c.tally("ran"):
            if c.tally("ap") + points > 1:
                raise Refusal(
                    "action-points/run-limits-action-points", "a runner spends 1 action point"
                )
            if not ActionPointsOptions.of(state).run_converts_action_point:
                raise Refusal(
                    "action-points/runner-cannot-convert", "this table lets no runner convert"
                )
        if state.turns:
            action.emit(Tallied(creature=c.id, name="ap", amount=points))
            action.emit(Tallied(creature=c.id, name="ap_mp", amount=points))
        action.note("convert", reasons=(f"{points} action point(s) into move points",))

    def _paid_action(self, state: BattleState, c: Creature, name: str, action: Action) -> None:
        """Dodge (option `dodge_cost`; the text names it but never gives it, DIGEST 6
        UNKNOWN) and Move Silently (1 action point, the text) are moves that are actions."""
        options = ActionPointsOptions.of(state)
        cost = options.dodge_cost if name == "dodge" else options.move_silently_cost
        if cost is None:
            raise Refusal("action-points/no-dodge", "this table plays without the Dodge action")
        left = self.action_points(state, c) - c.tally("ap")
        if state.turns and cost > left:
            raise Refusal(
                "action-points/not-enough-action-points",
                f"{name.replace('_', ' ')} needs {cost} action point(s); {c.id} has {left}",
            )
        if state.turns and c.tally("ran") and c.tally("ap") + cost > 1:
            raise Refusal(
                "action-points/run-limits-action-points", "a runner spends 1 action point"
            )
        if state.turns and cost:
            action.emit(Tallied(creature=c.id, name="ap", amount=int(cost)))
        action.note(name, reasons=(f"{name.replace('_', ' ')}: {cost} action point(s)",))

    def _start_crawl(self, action: Action, c: Creature, budget: int) -> int:
        if budget < START_CRAWL:
            raise Refusal("action-points/exceeds-move-points", "starting to crawl costs 2")
        action.emit(ConditionSet(creature=c.id, condition="crawling", on=True))
        if action.state.turns:
            action.emit(Tallied(creature=c.id, name="mp", amount=START_CRAWL))
        action.note("crawl", reasons=("starting to crawl from tripped: 2",))
        return budget - START_CRAWL

    def on_stand_up(self, intent: it.StandUp, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if not c.has("prone"):
            raise Refusal("action-points/not-tripped", f"{c.id} is standing")
        self.require_turn(state, c)
        if self.budget(state, c) < STAND_UP:
            raise Refusal("action-points/exceeds-move-points", "standing up costs 3 Move Points")
        if ApField(state, c, "walk").tight(c.pos):
            # Crawling "allows your character to fit into small areas": a space only a
            # crawler fits into has no room to stand in.
            raise Refusal(
                "action-points/too-small-to-stand",
                f"{c.id} fits into {list(c.pos)[:2]} only crawling: it crawls out to stand up",
            )
        if c.has("crawling"):
            action.emit(ConditionSet(creature=c.id, condition="crawling", on=False))
        action.emit(StoodUp(creature=c.id, action="movement"))
        if state.turns:
            action.emit(Tallied(creature=c.id, name="mp", amount=STAND_UP))
            action.emit(Tallied(creature=c.id, name="stood"))
        action.note("stand", c.pos, STAND_UP, ("standing up: 3 Move Points, no run this turn",))

    def check_spec(self, spec: Any) -> None:
        """MOVE is the one speed, in spaces (`speeds.walk`); climbing and swimming spend it,
        so a speed in another mode (a fly speed, a swim speed in feet) is refused."""
        if spec.stats.get("ap", 0) < 0:
            raise Refusal("action-points/invalid-action-points", "action points are 0 or more")
        other = sorted(m for m in spec.speeds if m != "walk")
        if other:
            raise Refusal(
                "action-points/move-in-spaces",
                f"the one speed is MOVE in 6-ft spaces (`walk`); climbing and swimming spend"
                f" it: no {', '.join(other)} speed",
            )


__all__ = ["ActionPoints"]
