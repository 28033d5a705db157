"""Epic Path (epicpath.org, Types of Movement; DIGEST section 3) as a grid ruleset.

Speeds are in feet (5 a square). `walk` spends a move action; `double_move` both actions for
twice the speed as one action; `run` a full round at x4 (x3 in heavy armour, option
`run_rule`), never through difficult terrain, not blind, for `stats.constitution` rounds
before DC 30 Might checks, and leaves the runner flat-footed; `withdraw` the standard action,
every square farther from its `primary` target, which can't strike (not blind); `charge` the
standard action, a straight clear line of at least 10 ft to `primary`, ending the turn;
`crawl` 5 ft while prone; `clamber` a full round for 5 ft, the only way into impeded terrain.
The `shift` intent is the 5-foot step (its `action`: `five_foot_step`, `action_point` or
`full_attack`). Leaving a threatened square provokes an attack of opportunity: one per enemy
per action, one per round per reactor (plus `stats.combat_reflexes`), none by a flat-footed
reactor without it. Hazardous squares hurt on entry and a `to` goes around them when it can;
narrow openings are squeezed through or too narrow; encumbrance slows. A run or charge into an
obstruction it couldn't see (in a concealed square) collides: 1d6 per 10 ft of speed. Push,
pull and slide stop before an obstruction without damage, move a creature in the air straight
down (or up) and one in mid-water level; falls deal 1d6 per 10 ft (cap 20d6).

The plug-in wires these into the shared square base: battle options (`options`), the metric
and step costs (`movement`), the actions a move spends, speeds and running (`economy`), the
moves (`moves`), the 5-foot step (`stepping`), standing up (`standing`), hazardous terrain
(`hazards`), squeezing (`squeezing`), attacks of opportunity (`opportunity`), unseen
obstructions and collision damage (`collisions`), forced movement (`forced_movement`) and
falling (`falling`). RULES.md maps the text to the code and tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine import intents as it
from engine.action import Action
from engine.economy import EpicPathEconomy
from engine.results import Refusal
from engine.rulesets.base import KNOWN_CONDITIONS, Handler
from engine.rulesets.epic_path import (
    collisions,
    economy,
    economy_view,
    falling,
    forced_movement,
    hazards,
    moves,
    opportunity,
    packing,
    running,
    sizes,
    squeezing,
    standing,
    stepping,
    teleport,
)
from engine.rulesets.epic_path.movement import HELPLESS, EpicField
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.reads import READS
from engine.rulesets.epic_path.sizes import SQUARE
from engine.rulesets.options import BaseOptions
from engine.rulesets.reads import Reads
from engine.rulesets.squares.field import SquareField
from engine.rulesets.squares.forced import force_move
from engine.rulesets.squares.ruleset import SquaresRuleset
from engine.rulesets.squares.run import Run
from engine.sizes import SizeScale
from events.battle_events import Coord, CreatureSpec, ResumeMove
from projections.state import BattleState, Creature


class EpicPath(SquaresRuleset):
    id: ClassVar[str] = "epic-path"
    economy_choices: ClassVar[tuple[dict[str, Any], ...]] = ({"use_main_action": True},)
    rules_version: ClassVar[str] = "epic-path/types-of-movement-engine.6"
    options_model: ClassVar[type[BaseOptions]] = EpicPathOptions
    reads: ClassVar[Reads | None] = READS
    move_actions: ClassVar[tuple[str, ...]] = moves.ACTIONS
    sizes: ClassVar[SizeScale] = sizes.SIZES
    """Epic Path's own categories, Fine to Titanic-Plus (`sizes`)."""
    unit: ClassVar[tuple[str, str, int]] = ("foot", "feet", 5)

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "shift": lambda i, s, a: stepping.shift(self, i, s, a),
            "force_move": lambda i, s, a: force_move(self, i, s, a),
            "stand_up": lambda i, s, a: standing.stand_up(self, i, s, a),
            "teleport": lambda i, s, a: teleport.teleport(self, i, s, a),
        }

    def known_conditions(self) -> frozenset[str]:
        return KNOWN_CONDITIONS | {
            "quelled",
            "splayed",
            "blinded",
            "fatigued",
            "flat-footed",
            *HELPLESS,
        }

    # -- turns: the run's flat-footed condition --------------------------------------------
    def on_start_turn(self, intent: it.StartTurn, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        lifted = running.flat_footed_until_now(state, c)  # read before the turn resets tallies
        super().on_start_turn(intent, state, action)
        if lifted:
            running.lift(action, c)

    def on_end_turn(self, intent: it.EndTurn, state: BattleState, action: Action) -> None:
        super().on_end_turn(intent, state, action)
        running.after_turn(action, intent.creature)

    def check_spec(self, spec: CreatureSpec) -> None:
        for mode, feet in spec.speeds.items():
            if feet % SQUARE:
                raise Refusal(
                    "epic-path/speed-in-feet",
                    f"{spec.id}'s {mode} speed {feet} is not in feet (a multiple of 5)",
                )

    def check_space(
        self, spec: CreatureSpec, others: list[CreatureSpec], options: Mapping[str, Any]
    ) -> None:
        """Placing: as any grid ruleset, but allies smaller than Medium share a square as far
        as it holds them (Space and Reach, `packing`)."""
        packing.check_placed(spec, others, EpicPathOptions.logged(options))

    # -- speeds, reach and paths -----------------------------------------------------------
    def field(
        self, state: BattleState, c: Creature, mode: str, shifting: bool = False
    ) -> EpicField:
        return EpicField(state, c, mode, "five_foot_step" if shifting else "walk")

    def speed(self, c: Creature, mode: str) -> int:
        return economy.speed(c, mode)

    def multiplier(self, state: BattleState, c: Creature, action: str) -> int:
        return economy.multiplier(state, c, action)

    def overburdened(self, c: Creature) -> bool:
        return economy.overburdened(c)

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        if kind == "move" and state.turns and state.active == c.id:
            return economy_view.move_left(state, c, best=True)  # the field holds each mode
        return economy.reach_budget(c, kind)

    def resumed_field(self, state: BattleState, c: Creature, resume: ResumeMove) -> EpicField:
        """The rest of a paused move, with the creatures it gets past by a maneuver."""
        return EpicField(state, c, resume.mode, "walk", 1, None, resume.through)

    def economy(self, state: BattleState, c: Creature) -> EpicPathEconomy:
        return economy_view.view(state, c)

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        plain = super().reach(state, c, kind, mode)
        return hazards.reach_around(self, state, c, kind, mode, plain)

    def path_for(
        self, f: SquareField, c: Creature, intent: it.Move | it.Shift, budget: int
    ) -> list[Coord]:
        return hazards.path_around(f, c, intent, budget, super().path_for)

    # -- moves and what moving into squares does -------------------------------------------
    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        moves.move(self, intent, state, action)

    def entered(self, action: Action, cid: str, squares: list[Coord], how: str) -> None:
        """Hazards hurt on entry; forced movement also settles squeezing."""
        hazards.hurt(action, cid, squares)
        if how in ("push", "pull", "slide"):
            squeezing.settle(action, cid, squares[0] if squares else None)

    def walk_ended(self, action: Action, run: Run) -> None:
        """An unseen obstruction just past the path is bumped into; squeezing is settled."""
        collisions.bumped(action, run)
        squeezing.settle(action, run.creature, run.path[0] if run.path else None)

    # -- attacks of opportunity ------------------------------------------------------------
    def triggers(
        self, action: Action, mover: Creature, frm: Coord, to: Coord, run: Run
    ) -> list[Creature]:
        return opportunity.triggers(action, mover, frm, to, run)

    def provokes(self, kind: str) -> bool:
        """Walking, double moves, runs and crawls provoke when they leave a threatened
        square; the 5-foot step (this ruleset's shift), teleporting and forced movement
        don't (Types of Movement: 5-Foot Step; Forced Movement)."""
        return kind == "move"

    def reaction_answers(self, state: BattleState) -> str:
        return EpicPathOptions.of(state).opportunity_attacks

    def strike(self, action: Action, reactor: str, target: str, reaction: str) -> None:
        opportunity.strike(action, reactor, target, reaction)

    # -- forced movement and falling -------------------------------------------------------
    def forced_squares(self, action: Action, target: Creature, distance: int) -> int:
        return forced_movement.forced_squares(action, target, distance)

    def forced_axis(
        self, action: Action, intent: it.ForceMove, source: Creature, target: Creature
    ) -> str:
        return forced_movement.forced_axis(action, intent, source, target)

    def check_prone_drop(self, target: Creature) -> None:
        forced_movement.check_prone_drop(target)

    def pull_step_allowed(self, here: int, there: int) -> bool:
        return forced_movement.pull_step_allowed(here, there)

    def collide(self, action: Action, cid: str, at: Coord, remaining: int, what: str) -> None:
        super().collide(action, cid, at, remaining, what)
        collisions.forced_into(action, cid, at, remaining, what)

    def fall_damage(
        self, action: Action, c: Creature, squares: int, landing: Coord, deliberate: bool
    ) -> tuple[int, bool]:
        return falling.fall_damage(action, c, squares, landing, deliberate)


__all__ = ["EpicPath"]
