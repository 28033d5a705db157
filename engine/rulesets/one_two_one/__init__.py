"""Reclaim the Wild (the Movement page, `one-two-one-heroes.md`; DIGEST section 4).

Movement (6 by default) a turn, 1-2-1 diagonals counted across the turn, the last square may
cost more than what is left, no passing enemies; `sprint` spends the Standard Action to double
Movement (and the vertical jump that sets where falls start hurting); surcharges for difficult
terrain, unnatural movement, sneaking and slowed stack; flying and gliding limits; falls deal
1 a square beyond the vertical jump, less an Athletics roll; a creature pushed into something
takes damage equal to the distance left. Updrafts lift gliders; narrow openings are squeezed
through (`squeezing`); Shield Surfing (`surfing`); holding breath under water (`breath`);
the `charge` action (`charge`, from the SRC's Other Actions).
No movement-triggered reactions (DIGEST 4.3). `RULES.md` maps the text to code and tests.
"""

from __future__ import annotations

from typing import ClassVar

from engine import intents as it
from engine.action import Action
from engine.economy import ReclaimTheWildEconomy
from engine.results import Refusal
from engine.rulesets.base import KNOWN_CONDITIONS, Handler
from engine.rulesets.one_two_one import (
    breath,
    charge,
    economy_view,
    grip,
    hands,
    jumping,
    squeezing,
    surfing,
)
from engine.rulesets.one_two_one.hands import held
from engine.rulesets.one_two_one.movement import HALF, OneTwoOneField, natural
from engine.rulesets.one_two_one.options import OneTwoOneOptions
from engine.rulesets.one_two_one.reads import READS
from engine.rulesets.options import BaseOptions
from engine.rulesets.reads import Reads
from engine.rulesets.squares import forced
from engine.rulesets.squares.dice import roll
from engine.rulesets.squares.judge import Judged, judge_path
from engine.rulesets.squares.ruleset import SquaresRuleset
from engine.rulesets.squares.run import Run
from engine.words import counted
from events.battle_events import ActionUsed, Coord, DamageTaken, Moved, StoodUp, Tallied
from projections.state import BattleState, Creature


class OneTwoOne(SquaresRuleset):
    id: ClassVar[str] = "one-two-one"
    rules_version: ClassVar[str] = "one-two-one/reclaim-the-wild-movement-engine.5"
    options_model: ClassVar[type[BaseOptions]] = OneTwoOneOptions
    reads: ClassVar[Reads | None] = READS
    move_actions: ClassVar[tuple[str, ...]] = ("move", "sprint", "charge")

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "force_move": lambda i, s, a: forced.force_move(self, i, s, a),
            "stand_up": self.on_stand_up,
            "shield_surf": surfing.on_shield_surf,
            "lose_grip": lambda i, s, a: grip.lose_grip(self, i, s, a),
            "draw": lambda i, s, a: hands.draw(self, i, s, a),
            "stow": lambda i, s, a: hands.stow(self, i, s, a),
        }

    def known_conditions(self) -> frozenset[str]:
        """Besides the shared ones: sneaking, the conditions squeezing sets (Distracted,
        Off-Balance) and those that end Shield Surfing (Halted, Frozen, Disarmed)."""
        return KNOWN_CONDITIONS | {
            "sneaking",
            "distracted",
            "off_balance",
            "halted",
            "frozen",
            "disarmed",
        }

    def settle(self, action: Action) -> None:
        """After every action: squeezing starts or ends with the space a creature is in, and
        Shield Surfing ends when something forced it to."""
        squeezing.settle(action)
        surfing.settle(action)

    def field(
        self, state: BattleState, c: Creature, mode: str, shifting: bool = False
    ) -> OneTwoOneField:
        return OneTwoOneField(state, c, mode, c.has("sneaking"))

    def speed(self, c: Creature, mode: str) -> int:
        return c.speeds.get("walk", 6)

    def movement(self, state: BattleState, c: Creature) -> int:
        return economy_view.movement(state, c)

    def budget(self, state: BattleState, c: Creature, sprinting: bool = False) -> int:
        return economy_view.budget(state, c, sprinting)

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        if c.has("prone"):
            return 0  # a prone creature stands up before it moves
        if state.turns and state.active != c.id:
            return self.movement(state, c)  # waiting for its turn: the ruler of a fresh turn
        return economy_view.move_left(state, c)

    def economy(self, state: BattleState, c: Creature) -> ReclaimTheWildEconomy:
        return economy_view.view(state, c)

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        found = super().reach(state, c, kind, mode)
        if mode != "glide" or state.turns:
            return found
        f = self.field(state, c, mode)
        if f.in_updraft(c.pos):
            return found
        need = 3 if c.tally("sprint") else 1
        return {
            p: g
            for p, g in found.items()
            if c.pos[2] - p[2] >= need or f.on_ground(p) or f.in_updraft(p)
        }

    def fall_damage(
        self, action: Action, c: Creature, squares: int, landing: Coord, deliberate: bool
    ) -> tuple[int, bool]:
        jump = c.stats.get("vertical_jump", OneTwoOneOptions.of(action.state).vertical_jump)
        if self._sprinting(action, c):
            jump *= 2
        damage = max(0, squares - jump)
        dice = c.stat("athletics")
        if damage and dice > 0:
            sides = OneTwoOneOptions.of(action.state).athletics_die
            damage = max(0, damage - sum(roll(action, c.id, "rolling with the fall", dice, sides)))
        return damage, False

    def collide(self, action: Action, cid: str, at: Coord, remaining: int, what: str) -> None:
        """Pushing Foes into Things: damage equal to the distance left, ignoring Defense."""
        other = forced.collided(action, cid, at, remaining, what)
        action.emit(DamageTaken(creature=cid, amount=remaining, cause="collision"))
        if other is not None and OneTwoOneOptions.of(action.state).collision_damage == "both":
            action.emit(DamageTaken(creature=other.id, amount=remaining, cause="collision"))

    # -- intents ---------------------------------------------------------------------------
    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        """Movement (DIGEST 4.1): the mover may move (`_may_move`), a Sprint or a Charge
        begins, the path is judged against what Movement is left, the turn's counts are kept
        (`_count`), and the path is walked."""
        c = self.creature(state, intent.creature)
        name = self.action_name(intent)
        self._may_move(intent, state, c)
        target = charge.target_of(intent, state, c) if name == "charge" else None
        sprinting = name in ("sprint", "charge") or c.tally("sprint") > 0
        if name == "sprint" and c.tally("sprint") == 0:
            self._sprint(state, c, action)
        if target is not None:
            charge.begin(state, c, action)
        c = action.state.creatures[c.id]
        budget = self.budget(action.state, c, sprinting)
        if budget <= 0:
            raise Refusal("one-two-one/no-movement-left", f"{c.id} has no Movement left")
        sneaking = intent.sneaking or c.has("sneaking")
        f = OneTwoOneField(action.state, c, intent.mode, sneaking, sprinting)
        if target is not None:
            f.aim_at(target)
        if target is not None and not intent.path and intent.to is None:
            path = charge.default_path(f, c, budget)
        else:
            path = self.path_for(f, c, intent, budget)
        if intent.jumps:
            if intent.mode != "walk" or intent.path is None:
                raise Refusal(
                    "one-two-one/jump-needs-path",
                    "a horizontal jump is part of a walk along an explicit `path`",
                )
            path, air = jumping.plan(state, c, path, intent.jumps, sprinting)
            f.jump_over(air)
        origin = None
        if intent.mode == "climb" and intent.path is not None:
            path, origin = grip.face_path(c.pos, path)
        try:
            judged = self._judge(f, c, path, budget, intent.mode, sprinting)
        except Refusal as refusal:
            if origin is None:
                raise
            raise grip.named_step(refusal, origin) from None
        if target is not None:
            charge.check_end(f, path)
        run = Run(c.id, path, intent.mode, name, budget, state.turns)
        # the turn's counts are kept before the walk is logged, so the state at each `Moved`
        # shows what is left
        if state.turns:
            self._count(action, f, c, path, judged, intent.mode)
        self.go(action, f, c, path, run, judged)
        if not action.state.pending:
            grip.hold_on(action, f, c.id, intent.mode)

    def _may_move(self, intent: it.Move, state: BattleState, c: Creature) -> None:
        """Whether `c` may move at all: on its turn, in a mode it has, standing, hands free
        to climb (option `climb_needs_free_hands`), not after a Charge, a Shield Surfer only
        over the ground."""
        self.require_turn(state, c)
        self._check_mode(c, intent.mode)
        if c.has("prone"):
            raise Refusal("one-two-one/prone", f"{c.id} is prone: stand up first")
        free_hands = OneTwoOneOptions.of(state).climb_needs_free_hands
        if intent.mode == "climb" and held(c) > 0 and free_hands:
            raise Refusal(
                "one-two-one/climb-needs-hands",
                f"{c.id} must use both hands to climb: sheathe or stow what it holds",
            )
        if state.turns and c.tally("charge"):
            raise Refusal("one-two-one/charged", f"{c.id} charged: it can't move afterwards")
        if c.has(surfing.SURFING) and intent.mode != "walk":
            raise Refusal(
                "one-two-one/surfer-walks", f"{c.id} rides its shield over the ground: stop first"
            )

    def _count(
        self,
        action: Action,
        f: OneTwoOneField,
        c: Creature,
        path: list[Coord],
        judged: Judged,
        mode: str,
    ) -> None:
        """The turn's tallies of a move: Movement spent, diagonals entered (1-2-1 counts over
        the turn), a glide and its descent and updraft, a surfer's rounding half-point."""
        diagonals = sum(
            1 for a, b in zip([c.pos, *path], path, strict=False) if a[0] != b[0] and a[1] != b[1]
        )
        action.emit(Tallied(creature=c.id, name="spent", amount=judged.total))
        if diagonals:
            action.emit(Tallied(creature=c.id, name="diagonals", amount=diagonals))
        if mode == "glide":
            action.emit(Tallied(creature=c.id, name="glided"))
            drop = c.pos[2] - path[-1][2]
            if drop:
                action.emit(Tallied(creature=c.id, name="glide_drop", amount=drop))
            if any(f.in_updraft(p) for p in [c.pos, *path]) and not c.tally("updraft"):
                action.emit(Tallied(creature=c.id, name="updraft"))
        assert judged.end is not None
        if f.surfing and (judged.end[1] & HALF) != (f.start(c.pos)[1] & HALF):
            flip = -1 if c.tally(surfing.HALF) % 2 else 1
            action.emit(Tallied(creature=c.id, name=surfing.HALF, amount=flip))

    def on_start_turn(self, intent: it.StartTurn, state: BattleState, action: Action) -> None:
        """A surfer's shield wears as its turn starts. The battle-long tallies (`battle:...`:
        breath held, shield wear, a surfing session's turns, what squeezing set) outlive it."""
        super().on_start_turn(intent, state, action)
        c = state.creatures.get(intent.creature)
        if c is not None and c.has(surfing.SURFING):
            surfing.start_of_turn(action, c.id)

    def on_end_turn(self, intent: it.EndTurn, state: BattleState, action: Action) -> None:
        """Gliding: "you descend at least one square per turn, regardless of horizontal
        movement. If you Sprint, ... at least three", counted over the turn's glides, for a
        glider that glided or hangs in the air without flying; a glider that landed is done,
        and "the exception is when you find an updraft" (it was in one this turn). Then a
        surfer's limits (`surfing.check_end`) and a round of held breath (`breath`)."""
        c = self.creature(state, intent.creature)
        if state.turns and c.id == state.active:
            f = self.field(state, c, "glide")
            # one that hangs in the air must glide down, if it can move at all
            can_move = not c.has("prone") and self.budget(state, c) > 0
            aloft = not f.on_ground(c.pos) and self._can_glide(c) and not self._can_fly(c)
            aloft = aloft and can_move
            need = 3 if c.tally("sprint") else 1
            exempt = c.tally("updraft") > 0 or f.in_updraft(c.pos) or f.on_ground(c.pos)
            if (c.tally("glided") or aloft) and not exempt and c.tally("glide_drop") < need:
                raise Refusal(
                    "one-two-one/glide-must-descend",
                    f"{c.id} glided but descended {c.tally('glide_drop')} of the {need} "
                    "square(s) a turn needs",
                )
            if c.has(surfing.SURFING):
                surfing.check_end(self, state, c)
        super().on_end_turn(intent, state, action)
        breath.end_of_turn(action, c.id)

    def _judge(
        self,
        f: OneTwoOneField,
        c: Creature,
        path: list[Coord],
        budget: int,
        mode: str,
        sprint: bool,
    ) -> Judged:
        judged = judge_path(f, c.pos, path, budget)
        # With turns the descent is judged over the whole turn, at its end (`on_end_turn`);
        # free movement has no turn, so each glide is one (unless it starts or ends in an
        # updraft, as `reach` filters it).
        if mode == "glide" and not f.state.turns:
            need = 3 if sprint else 1
            lifted = f.in_updraft(c.pos) or f.in_updraft(path[-1])
            if c.pos[2] - path[-1][2] < need and not f.on_ground(path[-1]) and not lifted:
                raise Refusal(
                    "one-two-one/glide-must-descend",
                    f"a glider descends at least {counted(need, 'square')} a turn",
                    len(path) - 1,
                )
        return judged

    @staticmethod
    def _sprinting(action: Action, c: Creature) -> bool:
        """Sprinting (Movement: Sprinting; a Charge moves as a Sprint does): this turn's
        tally, or, without turns, the move this action made, whose `Moved` names its action:
        a free move with `action: sprint` is a Sprint in everything ("while Sprinting, your
        maximum Horizontal and Vertical Jump are doubled"), not only its doubled Movement."""
        if c.tally("sprint") or c.tally("charge"):
            return True
        moved = [e for e in action.events if isinstance(e, Moved) and e.creature == c.id]
        return bool(moved) and moved[-1].action in ("sprint", "charge")

    @staticmethod
    def _can_fly(c: Creature) -> bool:
        return "fly" in c.speeds or c.stat("can_fly") > 0

    def _can_glide(self, c: Creature) -> bool:
        """ "Any creature that can fly is, at minimum, a non-Natural Glider"."""
        return self._can_fly(c) or natural(c, "glide") or c.stat("can_glide") > 0

    def _check_mode(self, c: Creature, mode: str) -> None:
        if mode == "burrow":
            raise Refusal("one-two-one/unknown-mode", "no burrowing in Reclaim the Wild")
        if mode == "fly" and not self._can_fly(c):
            raise Refusal("one-two-one/cannot-fly", f"{c.id} can't fly")
        if mode == "glide" and not self._can_glide(c):
            raise Refusal("one-two-one/cannot-glide", f"{c.id} can't glide")

    def _sprint(self, state: BattleState, c: Creature, action: Action) -> None:
        """Sprinting: "you must first sheathe or stow any items or weapons in your hands,
        unless the item is necessary for your mode of travel": `stats.hands_busy` counts what
        it holds besides such items, less what it stowed since (`hands`; option
        `sprint_needs_empty_hands`)."""
        if held(c) > 0 and OneTwoOneOptions.of(state).sprint_needs_empty_hands:
            raise Refusal(
                "one-two-one/sprint-needs-empty-hands",
                f"{c.id} must sheathe or stow what it holds to Sprint",
            )
        if state.turns:
            if c.main_actions <= 0:
                raise Refusal("one-two-one/no-standard-action", "Sprint spends the Standard Action")
            action.emit(ActionUsed(creature=c.id, action="main"))
            action.emit(Tallied(creature=c.id, name="sprint"))
        action.note("sprint", reasons=("Sprint: Movement and jumps doubled",))

    def on_stand_up(self, intent: it.StandUp, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if not c.has("prone"):
            raise Refusal("one-two-one/not-prone", f"{c.id} is not prone")
        self.require_turn(state, c)
        cost = OneTwoOneOptions.of(state).stand_up_cost
        if state.turns and self.budget(state, c) < min(cost, 1):
            raise Refusal("one-two-one/no-movement-left", "standing up needs Movement")
        action.emit(StoodUp(creature=c.id, action="movement"))
        if state.turns:
            action.emit(Tallied(creature=c.id, name="spent", amount=cost))


__all__ = ["OneTwoOne"]
