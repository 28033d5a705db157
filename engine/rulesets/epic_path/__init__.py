"""Epic Path (epicpath.org, Types of Movement; DIGEST section 3) as a grid ruleset.

Speeds are in feet (5 a square). `walk` spends a move action; `double_move` both actions for
twice the speed as one action; `run` a full round at x4 (x3 in heavy armour, option
`run_rule`), never through difficult terrain, and leaves the runner flat-footed; `withdraw`
the standard action, every square farther from its `primary` target, which can't strike;
`charge` the standard action, a straight clear line of at least 10 ft to `primary`, ending the
turn; `crawl` 5 ft while prone. The `shift` intent is the 5-foot step. Leaving a threatened
square provokes an attack of opportunity: one per enemy per action, one per round per reactor
(plus `stats.combat_reflexes`), none by a flat-footed reactor without it. Push, pull and slide
stop before an obstruction without damage; falls deal 1d6 per 10 ft (cap 20d6).
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from engine import intents as it
from engine.action import Action
from engine.geometry import box, box_gap, chebyshev
from engine.results import Refusal
from engine.rulesets.base import KNOWN_CONDITIONS, Handler
from engine.rulesets.epic_path.movement import SQUARE, EpicField
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.squares import forced
from engine.rulesets.squares.dice import roll
from engine.rulesets.squares.ruleset import SquaresRuleset
from engine.rulesets.squares.walking import Run, open_windows
from events.battle_events import (
    ActionUsed,
    Collided,
    ConditionSet,
    Coord,
    CreatureSpec,
    DamageTaken,
    ReactionResolved,
    StoodUp,
    Tallied,
    TurnEnded,
)
from projections.state import BattleState, Creature

ACTIONS = ("walk", "double_move", "run", "withdraw", "charge", "crawl")
COSTS = {
    "walk": ("move",),
    "crawl": ("move",),
    "double_move": ("main", "move"),
    "run": ("main", "move"),
    "withdraw": ("main",),
    "charge": ("main",),
}
FALL_CAP = 20
LANDING = {"jagged": 2, "rough": 1, "normal": 0, "soft": -1}
"""Per-die falling modifiers by landing surface (Falling): obsidian shards +2, broken trunks
or solid stone +1, ordinary ground 0, soft loam or deep grass -1."""


class EpicPath(SquaresRuleset):
    id: ClassVar[str] = "epic-path"
    rules_version: ClassVar[str] = "epic-path/types-of-movement-engine.1"
    options_model: ClassVar[type[BaseModel]] = EpicPathOptions
    move_actions: ClassVar[tuple[str, ...]] = ACTIONS

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "shift": self.on_shift,
            "force_move": lambda i, s, a: forced.force_move(self, i, s, a),
            "stand_up": self.on_stand_up,
        }

    def known_conditions(self) -> frozenset[str]:
        return KNOWN_CONDITIONS | {"quelled", "splayed"}

    def check_spec(self, spec: CreatureSpec) -> None:
        for mode, feet in spec.speeds.items():
            if feet % SQUARE:
                raise Refusal(
                    "epic-path/speed-in-feet",
                    f"{spec.id}'s {mode} speed {feet} is not in feet (a multiple of 5)",
                )

    def field(
        self, state: BattleState, c: Creature, mode: str, shifting: bool = False
    ) -> EpicField:
        return EpicField(self, state, c, mode, "five_foot_step" if shifting else "walk")

    def speed(self, c: Creature, mode: str) -> int:
        return c.speeds.get(mode, 0)

    def multiplier(self, state: BattleState, c: Creature, action: str) -> int:
        if action == "double_move":
            return 2
        if action != "run":
            return 1
        armor = min(2, max(0, c.stat("armor")))
        if state.options.get("run_rule") == "encumbrance_section":
            return 5 - armor
        return 3 if armor >= 2 else 4

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        if kind == "shift" or c.has("prone") or c.has("splayed"):
            return SQUARE  # the 5-foot step; a prone or splayed creature crawls 5 ft
        return max(c.speeds.values(), default=0)

    # -- moves -----------------------------------------------------------------------------
    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        name = self.action_name(intent)
        self.require_turn(state, c)
        down = c.has("prone") or c.has("splayed")
        if down != (name == "crawl") and not (name == "crawl" and c.has("quelled")):
            raise Refusal(
                "epic-path/prone-crawls" if down else "epic-path/crawl-needs-prone",
                "a prone or splayed creature only crawls (or stands up)"
                if down
                else "only a quelled, prone or splayed creature crawls",
            )
        primary = None
        if name in ("withdraw", "charge"):
            if intent.primary is None:
                raise Refusal("epic-path/primary-required", f"{name} names its `primary` target")
            primary = self.creature(state, intent.primary)
        self._spend(state, c, name, intent.use_main_action, action)
        mult = self.multiplier(state, c, name)
        f = EpicField(self, action.state, c, intent.mode, name, mult, primary)
        budget = SQUARE if name == "crawl" else max(f.allow.values(), default=0)
        path = self._path(f, c, intent, budget)
        if name == "charge":
            self._check_charge(c, path, primary)
        exempt: tuple[str, ...] = ()
        if name == "withdraw" and primary is not None:
            exempt = (primary.id, *self._withdraw_exemptions(action, c, primary, path))
        run = Run(c.id, path, intent.mode, name, budget, False, provoked=exempt)
        self.go(action, f, c, path, run)
        if state.turns:
            action.emit(Tallied(creature=c.id, name="moved"))
            if name == "run":
                action.emit(Tallied(creature=c.id, name="ran"))
        if name == "charge" and state.turns and not action.state.pending:
            action.emit(TurnEnded(creature=c.id))

    def _withdraw_exemptions(
        self, action: Action, c: Creature, primary: Creature, path: list[Coord]
    ) -> list[str]:
        """Withdraw: a Movement check (d20 + `stats.movement`) against the primary target's
        Maneuver Defense (`stats.maneuver_defense`, else option `withdraw_defense`) exempts
        one more enemy, and one more per full 2 points it beats it by (DIGEST 3.4; whose
        defense is a GUESS). The exempted are the first other enemies the path would
        provoke, in path order."""
        bonus = c.stat("movement")
        face = roll(action, c.id, "Movement check (withdraw)", 1, 20, bonus)[0]
        default = int(action.state.options.get("withdraw_defense", 15))
        defense = primary.stats.get("maneuver_defense", default)
        margin = face + bonus - defense
        if margin < 0:
            return []
        extra = 1 + margin // 2
        probe = Run(c.id, path, "walk", "withdraw", 0, False, provoked=(primary.id,))
        out: list[str] = []
        for frm in [c.pos, *path[:-1]]:
            for enemy in self.triggers(action, c, frm, frm, probe):
                if enemy.id not in out and len(out) < extra:
                    out.append(enemy.id)
        action.note("withdraw", reasons=(f"Movement {face + bonus} vs {defense}: exempts {out}",))
        return out

    def _path(self, f: EpicField, c: Creature, intent: it.Move, budget: int) -> list[Coord]:
        try:
            return self.path_for(f, c, intent, budget)
        except Refusal as refusal:
            goal = f.resolve(intent.to) if intent.to is not None else None
            far = goal is not None and chebyshev(c.pos, goal) * SQUARE > budget
            if refusal.rule == "path/unreachable" and far:
                raise Refusal(
                    "epic-path/exceeds-speed", f"{intent.to} is farther than {budget} ft"
                ) from None
            raise

    def _spend(
        self, state: BattleState, c: Creature, name: str, use_main: bool, action: Action
    ) -> None:
        if not state.turns:
            return
        needs = list(COSTS[name])
        if needs == ["move"] and c.move_actions <= 0 and use_main:
            needs = ["main"]
        have = {"main": c.main_actions, "move": c.move_actions}
        for kind in needs:
            if have[kind] <= 0:
                raise Refusal(f"turn/no-{kind}-action", f"{name} needs a {kind} action")
        if c.tally("stepped"):
            raise Refusal("epic-path/stepped-this-round", f"no {name} after a 5-foot step")
        for kind in needs:
            action.emit(ActionUsed(creature=c.id, action="main" if kind == "main" else "move"))

    def _check_charge(self, c: Creature, path: list[Coord], target: Creature | None) -> None:
        assert target is not None
        if len(path) * SQUARE < 10:
            raise Refusal("epic-path/charge-too-short", "a charge moves at least 10 ft")
        end = box(path[-1], self.size_side(c.size))
        if box_gap(end, box(target.pos, self.size_side(target.size))) != 1:
            raise Refusal("epic-path/charge-must-reach", f"the charge must end beside {target.id}")

    def on_shift(self, intent: it.Shift, state: BattleState, action: Action) -> None:
        """The 5-foot step: no other movement this round, not into difficult terrain, not
        with a speed of 5 ft or less; it never provokes. A quelled creature stands with it."""
        c = self.creature(state, intent.creature)
        self.require_turn(state, c)
        if state.turns and (c.tally("moved") or c.tally("stepped")):
            raise Refusal(
                "epic-path/five-foot-step-after-moving",
                "a 5-foot step needs no other movement this round",
            )
        if c.speeds.get("walk", 0) <= SQUARE:
            raise Refusal(
                "epic-path/too-slow-to-step", "a speed of 5 ft or less allows no 5-foot step"
            )
        if c.has("prone"):
            raise Refusal("epic-path/prone-crawls", "a prone creature can't take a 5-foot step")
        if c.has("quelled"):
            action.emit(StoodUp(creature=c.id, action="free"))
        f = self.field(state, c, "walk", shifting=True)
        path = self.path_for(f, c, intent, SQUARE)
        run = Run(c.id, path, "walk", "five_foot_step", SQUARE, False)
        self.go(action, f, c, path, run)
        if state.turns:
            action.emit(Tallied(creature=c.id, name="stepped"))

    def on_stand_up(self, intent: it.StandUp, state: BattleState, action: Action) -> None:
        """Standing from prone or splayed is a move action that provokes as leaving a
        threatened square (DIGEST 3.10); it counts as movement (no 5-foot step that round).
        Option `stand_up_provokes` (default true) turns the attacks off for a table that
        doesn't use them."""
        c = self.creature(state, intent.creature)
        if not (c.has("prone") or c.has("splayed")):
            raise Refusal("epic-path/not-prone", f"{c.id} is not prone or splayed")
        self.require_turn(state, c)
        self._spend(state, c, "walk", intent.use_main_action, action)
        if c.has("prone"):
            action.emit(StoodUp(creature=c.id, action="free"))
        if c.has("splayed"):
            action.emit(ConditionSet(creature=c.id, condition="splayed", on=False))
        if state.turns:
            action.emit(Tallied(creature=c.id, name="moved"))
        if state.options.get("stand_up_provokes", True):
            run = Run(c.id, [], "walk", "stand_up", 0, False)
            hit = self.triggers(action, c, c.pos, c.pos, run)
            if hit:
                open_windows(self, action, c, c.pos, hit, run)

    # -- attacks of opportunity ------------------------------------------------------------
    def triggers(
        self, action: Action, mover: Creature, frm: Coord, to: Coord, run: Run
    ) -> list[Creature]:
        if run.action == "five_foot_step":
            return []
        side = self.size_side(mover.size)
        out = []
        for enemy in sorted(action.state.creatures.values(), key=lambda o: o.id):
            if enemy.side == mover.side or enemy.hp <= 0 or enemy.id in run.provoked:
                continue
            reach = (
                0
                if self.rank(enemy.size) == 0 or enemy.stat("unarmed")
                else self.size_side(enemy.size)
            )
            if (
                reach == 0
                or box_gap(box(frm, side), box(enemy.pos, self.size_side(enemy.size))) > reach
            ):
                continue
            reflexes = enemy.stat("combat_reflexes")
            if enemy.tally("aoo") >= 1 + reflexes:
                action.note(
                    "no-trigger",
                    frm,
                    reasons=(f"{enemy.id} has no attack of opportunity left this round",),
                )
                continue
            if enemy.tally("ran") and not reflexes:
                action.note("no-trigger", frm, reasons=(f"{enemy.id} is flat-footed",))
                continue
            out.append(enemy)
        return out

    def strike(self, action: Action, reactor: str, target: str, reaction: str) -> None:
        r = action.state.creatures[reactor]
        t = action.state.creatures[target]
        bonus = r.stat("attack")
        face = action.roller.roll(1, 20)
        total = face[0] + bonus
        ac = t.stats.get("ac", int(action.state.options.get("aoo_target_ac", 10)))
        damage = max(0, r.stat("damage")) if total >= ac else 0
        action.emit(
            ReactionResolved(
                reaction=reaction,
                decision="take",
                rolls=face,
                seeded=action.roller.seeded,
                characteristic=bonus,
                total=total,
                damage=damage,
            )
        )
        action.emit(Tallied(creature=reactor, name="aoo"))
        action.note(
            "attack-of-opportunity",
            t.pos,
            reasons=(f"d20 {face[0]} + {bonus} = {total} vs AC {ac}",),
        )
        if damage:
            action.emit(DamageTaken(creature=target, amount=damage, cause="attack of opportunity"))

    # -- forced movement and falling -------------------------------------------------------
    def forced_squares(self, action: Action, target: Creature, distance: int) -> int:
        if distance % SQUARE:
            raise Refusal(
                "epic-path/distance-in-feet", f"{distance} is not in feet (a multiple of 5)"
            )
        if target.has("prone") and target.prone_voluntary and not target.has("splayed"):
            action.note(
                "forced-ignored",
                target.pos,
                reasons=(f"{target.id} dropped prone: it ignores forced movement",),
            )
            return 0
        feet = max(0, distance - target.stability)
        return feet // SQUARE

    def check_prone_drop(self, target: Creature) -> None:
        """Forced Movement: the target "may elect to fall prone at any time during the
        forced movement (including its starting square), immediately ending" it; a splayed
        creature can't (DIGEST 3.10)."""
        if target.has("splayed"):
            raise Refusal("epic-path/splayed-cannot-drop-prone", f"{target.id} is splayed")

    def fall_damage(
        self, action: Action, c: Creature, squares: int, landing: Coord, deliberate: bool
    ) -> tuple[int, bool]:
        feet = squares * SQUARE
        f = EpicField(self, action.state, c, "walk")
        water = f.water_depth(landing) * SQUARE
        if water >= 10:
            light = max(0, min(feet, 40) - 20) // 10
            heavy = max(0, feet - 40) // 10
            total = sum(roll(action, c.id, "falling into water", light, 3))
            total += sum(roll(action, c.id, "falling into water", min(heavy, FALL_CAP), 6))
            return total, total > 0
        dice = feet // 10
        if deliberate and dice:
            dice -= 1
            if dice and "acrobatics" in c.stats:
                check = roll(action, c.id, "Acrobatics DC 15", 1, 20, c.stat("acrobatics"))
                if check[0] + c.stat("acrobatics") >= 15:
                    dice -= 1
        dice = min(dice, FALL_CAP)
        per_die = LANDING.get(str(action.state.options.get("landing_surface", "normal")), 0)
        faces = roll(action, c.id, "falling", dice, 6, per_die * dice)
        total = max(0, sum(faces) + per_die * dice)
        return total, total > 0

    def collide(self, action: Action, cid: str, at: Coord, remaining: int, what: str) -> None:
        """Push, pull and slide stop before an obstruction without damage (the text); with
        option `forced_collisions` the table rules the forced movement uncautious, like being
        swept away (Collisions): 1d6 per 10 ft of the movement left when it hit."""
        super().collide(action, cid, at, remaining, what)
        if not action.state.options.get("forced_collisions", False):
            return
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
        if other is not None:
            return  # "Collisions rarely occur between creatures, who are assumed to duck"
        damage = sum(roll(action, cid, "collision", remaining * SQUARE // 10, 6))
        if damage:
            action.emit(DamageTaken(creature=cid, amount=damage, cause="collision"))


__all__ = ["EpicPath"]
