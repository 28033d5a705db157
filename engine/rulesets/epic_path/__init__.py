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
down (or up) and one in mid-water level; falls deal 1d6 per 10 ft (cap 20d6). RULES.md maps
the text to the code and tests.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from engine import intents as it
from engine.action import Action
from engine.geometry import box, box_gap, chebyshev, overlaps
from engine.results import Refusal
from engine.rulesets.base import KNOWN_CONDITIONS, Handler
from engine.rulesets.epic_path.movement import SQUARE, EpicField
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.squares import forced, search
from engine.rulesets.squares.dice import roll
from engine.rulesets.squares.field import SquareField
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

ACTIONS = ("walk", "double_move", "run", "withdraw", "charge", "crawl", "clamber")
COSTS = {
    "walk": ("move",),
    "clamber": ("main", "move"),
    "crawl": ("move",),
    "double_move": ("main", "move"),
    "run": ("main", "move"),
    "withdraw": ("main",),
    "charge": ("main",),
}
FALL_CAP = 20
CAREFUL = ("walk", "double_move", "withdraw", "crawl", "clamber", "five_foot_step")
"""Cautious movement: bumping into things deals no damage (Collisions)."""
STEPS = ("five_foot_step", "action_point", "full_attack")
RAN = "battle:rounds_run"
RUN_CHECKS = "battle:run_checks"
ACTION_POINTS = "battle:action_points"
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
        return KNOWN_CONDITIONS | {"quelled", "splayed", "blinded", "fatigued"}

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
        """The speed in `mode`, its walk speed less the encumbrance penalty (Encumbrance:
        `stats.encumbrance` 0 light, 1 medium: -5 ft above a 20 ft base, 2 heavy: -10 ft above
        20, else -5). Armour's own penalty is taken to be in the listed speed already."""
        base = c.speeds.get(mode, 0)
        if mode != "walk":
            return base
        load = min(2, max(0, c.stat("encumbrance")))
        penalty = 0 if load == 0 else (5 * load if base > 20 else 5 * (load - 1))
        return max(0, base - penalty)

    def multiplier(self, state: BattleState, c: Creature, action: str) -> int:
        """Double move x2; run x4, x3 in heavy armour (`stats.armor` 2); with option `run_rule`
        `encumbrance_section`, x5 less 1 per armour step and 1 per encumbrance step, at least
        x1 ("a Run multiplier of only x1")."""
        if action == "double_move":
            return 2
        if action != "run":
            return 1
        armor = min(2, max(0, c.stat("armor")))
        if state.options.get("run_rule") == "encumbrance_section":
            load = min(2, max(0, c.stat("encumbrance")))
            return max(1, 5 - armor - load)
        return 3 if armor >= 2 else 4

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        if kind == "shift" or c.has("prone") or c.has("splayed") or self.overburdened(c):
            return SQUARE  # the 5-foot step; a prone or splayed creature crawls 5 ft
        return max((self.speed(c, m) for m in c.speeds), default=0)

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        """Where `to` goes and at what cost: around hazardous squares where that stays
        within the budget, else the cheapest way (as `path_for`)."""
        plain = super().reach(state, c, kind, mode)
        if not any(state.grid.damage):
            return plain  # pits and drops end a path anyway: only damaging squares differ
        f = self.field(state, c, mode, shifting=kind == "shift")
        f.avoid = True
        around = search.reachable(f, c.pos, self.reach_budget(state, c, kind, mode))
        return {**plain, **around}

    def path_for(
        self, f: SquareField, c: Creature, intent: it.Move | it.Shift, budget: int
    ) -> list[Coord]:
        """Hazardous Terrain: a creature "can freely move into spaces of hazardous terrain;
        they just don't want to". A `to` goes around hazardous squares when a route within
        the budget does (it may still end on one); an explicit `path` goes where it says."""
        if intent.path or not isinstance(f, EpicField):
            return super().path_for(f, c, intent, budget)
        if any(f.grid.damage):
            f.avoid = True
            try:
                return super().path_for(f, c, intent, budget)
            except Refusal:
                pass
            finally:
                f.avoid = False
        try:
            return super().path_for(f, c, intent, budget)
        except Refusal as refusal:
            goal = f.resolve(intent.to) if intent.to is not None else None
            if refusal.rule == "path/unreachable" and goal and f.inside(goal[0], goal[1]):
                f.forbids(goal, [])  # the square itself forbids it: say which rule
            raise

    # -- moves -----------------------------------------------------------------------------
    def on_move(self, intent: it.Move, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        name = self.action_name(intent)
        self.require_turn(state, c)
        down = c.has("prone") or c.has("splayed")
        lowly = name == "clamber" or (name == "crawl" and c.has("quelled"))
        if down != (name == "crawl") and not lowly:  # clambering is on hands and knees already
            raise Refusal(
                "epic-path/prone-crawls" if down else "epic-path/crawl-needs-prone",
                "a prone or splayed creature only crawls (or stands up)"
                if down
                else "only a quelled, prone or splayed creature crawls",
            )
        if name in ("run", "withdraw") and c.has("blinded"):
            raise Refusal(
                f"epic-path/blind-cannot-{name}",
                f"a blinded creature can't {name} (it may not run if it cannot see; it can't "
                "withdraw if it's blinded)",
            )
        primary = None
        if name in ("withdraw", "charge"):
            if intent.primary is None:
                raise Refusal("epic-path/primary-required", f"{name} names its `primary` target")
            primary = self.creature(state, intent.primary)
        burdened = self.overburdened(c)
        if burdened and name not in ("walk", "crawl", "clamber"):
            raise Refusal(
                "epic-path/overburdened",
                f"{c.id}'s encumbrance leaves it no speed: a standard action moves 5 ft",
            )
        if name == "run":
            self._needs(state, c, name, intent.use_main_action)  # refused before any check
            if not self._endurance(state, c, action):
                return
        self._spend(state, c, name, intent.use_main_action, action)
        mult = self.multiplier(state, c, name)
        f = EpicField(self, action.state, c, intent.mode, name, mult, primary)
        budget = SQUARE if name in ("crawl", "clamber") else max(f.allow.values(), default=0)
        declared = self._path(f, c, intent, budget)
        if name == "charge":
            self._check_charge(c, declared, primary)
        path, bump = self._unseen(f, c, declared)
        exempt: tuple[str, ...] = ()
        if name == "withdraw" and primary is not None and path:
            exempt = (primary.id, *self._withdraw_exemptions(action, c, primary, path))
        run = Run(c.id, path, intent.mode, name, budget, False, provoked=exempt, bump=bump)
        if path:
            self.go(action, f, c, path, run)
        else:
            self.walk_ended(action, run)
        if state.turns:
            action.emit(Tallied(creature=c.id, name="moved"))
            if name == "run":
                action.emit(Tallied(creature=c.id, name="ran"))
                action.emit(Tallied(creature=c.id, name=RAN))
        if name == "charge" and state.turns and not action.state.pending:
            action.emit(TurnEnded(creature=c.id))

    def _endurance(self, state: BattleState, c: Creature, action: Action) -> bool:
        """Run: "A character can run for a number of rounds equal to their Constitution
        score" (`stats.constitution`; without it, no limit), then each further round needs a
        DC 30 Might check (d20 + `stats.might`), +2 per check made before. A failure stops the
        run (the intent is accepted: the check and the Fatigued condition are recorded, no
        movement) and a fatigued creature can't run [GUESS: Pathfinder's Fatigued]."""
        if c.has("fatigued"):
            raise Refusal("epic-path/fatigued-cannot-run", f"{c.id} is fatigued: it can't run")
        if not state.turns or "constitution" not in c.stats:
            return True
        if c.tally(RAN) < c.stat("constitution"):
            return True
        dc = 30 + 2 * c.tally(RUN_CHECKS)
        bonus = c.stat("might")
        face = roll(action, c.id, f"Might check DC {dc} (keep running)", 1, 20, bonus)[0]
        action.emit(Tallied(creature=c.id, name=RUN_CHECKS))
        if face + bonus >= dc:
            return True
        action.emit(ConditionSet(creature=c.id, condition="fatigued", on=True))
        action.note(
            "run-ends",
            c.pos,
            reasons=(f"Might {face + bonus} vs DC {dc}: {c.id} must stop running, fatigued",),
        )
        return False

    def _unseen(
        self, f: EpicField, c: Creature, path: list[Coord]
    ) -> tuple[list[Coord], Coord | None]:
        """The path up to an obstruction the mover can't see (a wall or object in a
        `concealed` square, met rising in its way), and that square (Collisions)."""
        g = f.grid
        prev = c.pos
        for i, to in enumerate(path):
            if not f.inside(to[0], to[1]):
                break  # the judge refuses it
            cells = f.cells(to[0], to[1])
            hidden = any(g.concealed[k] for k in cells) and any(g.solid[k] for k in cells)
            if hidden and f.stand_z(to[0], to[1]) > prev[2] and not f.flying:
                return path[:i], (to[0], to[1], prev[2])
            prev = to
        return path, None

    def overburdened(self, c: Creature) -> bool:
        """Encumbrance took all of its walk speed: "You must now use a standard action to
        move five feet, and can move no more than five feet per round"."""
        return c.speeds.get("walk", 0) > 0 and self.speed(c, "walk") == 0

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
        for kind in self._needs(state, c, name, use_main):
            action.emit(ActionUsed(creature=c.id, action="main" if kind == "main" else "move"))

    def _needs(self, state: BattleState, c: Creature, name: str, use_main: bool) -> list[str]:
        """The actions `name` spends this turn (none without turns), refused if not left."""
        if not state.turns:
            return []
        needs = list(COSTS[name])
        if needs == ["move"] and c.move_actions <= 0 and use_main:
            needs = ["main"]
        if name == "walk" and self.overburdened(c):
            if c.tally("moved"):
                raise Refusal(
                    "epic-path/overburdened",
                    "at 0 speed a creature moves no more than 5 ft a round",
                )
            needs = ["main"]
        have = {"main": c.main_actions, "move": c.move_actions}
        for kind in needs:
            if have[kind] <= 0:
                raise Refusal(f"turn/no-{kind}-action", f"{name} needs a {kind} action")
        if c.tally("stepped"):
            raise Refusal("epic-path/stepped-this-round", f"no {name} after a 5-foot step")
        return needs

    def _check_charge(self, c: Creature, path: list[Coord], target: Creature | None) -> None:
        assert target is not None
        if len(path) * SQUARE < 10:
            raise Refusal("epic-path/charge-too-short", "a charge moves at least 10 ft")
        end = box(path[-1], self.size_side(c.size))
        if box_gap(end, box(target.pos, self.size_side(target.size))) != 1:
            raise Refusal("epic-path/charge-must-reach", f"the charge must end beside {target.id}")

    def on_shift(self, intent: it.Shift, state: BattleState, action: Action) -> None:
        """The 5-foot step: no other movement this round, not into difficult terrain (unless
        it can `hover`) nor a concealed square (unless `stats.darkvision`), not with a speed
        of 5 ft or less; it never provokes. A quelled creature stands with it.

        The Shift intent's `action` says which eligibility it uses (5-Foot Step):
        `five_foot_step` (the default; `disengage`, the shared default, reads as it) needs no
        other movement this round; `action_point` spends an action point (`stats.action_points`
        for the battle, counted by the `battle:action_points` tally) for a move action taken
        as a 5-foot step "even if they have previously moved this round, or have already
        taken a 5-foot step"; `full_attack` trades an attack of a Full Attack Action for the
        step, at most `stats.base_attacks` a round: the first declares the full attack (the
        main and the move action, as the double move, also a Full Attack Action, costs);
        these steps "do not count as movement"."""
        c = self.creature(state, intent.creature)
        self.require_turn(state, c)
        kind = (
            "five_foot_step" if intent.action in ("disengage", "five_foot_step") else intent.action
        )
        if kind not in STEPS:
            raise Refusal("epic-path/unknown-step", f"no {kind!r} 5-foot step ({', '.join(STEPS)})")
        if self.speed(c, "walk") <= SQUARE:
            raise Refusal(
                "epic-path/too-slow-to-step", "a speed of 5 ft or less allows no 5-foot step"
            )
        if c.has("prone"):
            raise Refusal("epic-path/prone-crawls", "a prone creature can't take a 5-foot step")
        if state.turns:
            self._step_eligible(c, kind, action)
        if c.has("quelled"):
            action.emit(StoodUp(creature=c.id, action="free"))
        f = self.field(state, c, "walk", shifting=True)
        path = self.path_for(f, c, intent, SQUARE)
        run = Run(c.id, path, "walk", "five_foot_step", SQUARE, False)
        self.go(action, f, c, path, run)
        if state.turns and kind != "full_attack":
            action.emit(Tallied(creature=c.id, name="stepped"))

    def _step_eligible(self, c: Creature, kind: str, action: Action) -> None:
        if kind == "five_foot_step":
            if c.tally("moved") or c.tally("stepped"):
                raise Refusal(
                    "epic-path/five-foot-step-after-moving",
                    "a 5-foot step needs no other movement this round",
                )
        elif kind == "action_point":
            if c.tally(ACTION_POINTS) >= c.stat("action_points"):
                raise Refusal("epic-path/no-action-points", f"{c.id} has no action point left")
            action.emit(Tallied(creature=c.id, name=ACTION_POINTS))
        else:
            base = c.stat("base_attacks")
            if base <= 0:
                raise Refusal(
                    "epic-path/no-attacks-to-trade", f"{c.id} has no base attacks to trade"
                )
            if not c.tally("full_attack"):
                for kind_, left in (("main", c.main_actions), ("move", c.move_actions)):
                    if left <= 0:
                        raise Refusal(
                            f"turn/no-{kind_}-action", f"a full attack needs the {kind_} action"
                        )
                action.emit(ActionUsed(creature=c.id, action="main"))
                action.emit(ActionUsed(creature=c.id, action="move"))
                action.emit(Tallied(creature=c.id, name="full_attack"))
            elif c.tally("traded") >= base:
                raise Refusal(
                    "epic-path/no-attacks-to-trade",
                    f"{c.id} traded all {base} of its base attacks this round",
                )
            action.emit(Tallied(creature=c.id, name="traded"))

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

    # -- what moving into squares does ------------------------------------------------------
    def entered(self, action: Action, cid: str, squares: list[Coord], how: str) -> None:
        """Hazardous Terrain: entering a damaging square deals its damage (a pit's fall is
        the walk's or forced movement's own). Forced movement also settles squeezing."""
        c = action.state.creatures.get(cid)
        if c is None:
            return
        f = EpicField(self, action.state, c, "walk")
        for sq in squares:
            if not f.on_ground(sq):
                continue
            damage = max(f.grid.damage[i] for i in f.cells(sq[0], sq[1]))
            if damage:
                action.emit(DamageTaken(creature=cid, amount=damage, cause="hazardous terrain"))
                action.note("hazard", sq, reasons=(f"hazardous terrain: {damage} damage",))
        if how in ("push", "pull", "slide"):
            self._settle(action, cid, squares[0] if squares else None)

    def walk_ended(self, action: Action, run: Run) -> None:
        if run.bump is not None:
            self._bumped(action, run)
        self._settle(action, run.creature, run.path[0] if run.path else None)

    def _bumped(self, action: Action, run: Run) -> None:
        """Collisions: a run or a charge is not cautious, so running into an obstruction it
        couldn't see deals "1d6 of damage per ten feet of his speed at the moment of the
        collision" (its walk speed); a cautious walk or double move "would take no damage at
        all from bumping into things". Creatures never cause collisions (they duck), and a
        charge into its own target never harms the charger (the path may not enter it)."""
        c = action.state.creatures[run.creature]
        assert run.bump is not None
        where = list(run.bump)[:2]
        if run.action in CAREFUL:
            action.note(
                "stops",
                c.pos,
                reasons=(f"an unseen obstruction at {where}: moving cautiously, no damage",),
            )
            return
        action.follow_up()
        action.emit(Collided(creature=c.id, at=c.pos, remaining=0, obstacle=f"unseen {where}"))
        speed = self.speed(c, "walk")
        damage = sum(roll(action, c.id, f"collision at {speed} ft", speed // 10, 6))
        if damage:
            action.emit(DamageTaken(creature=c.id, amount=damage, cause="collision"))

    def _settle(self, action: Action, cid: str, near: Coord | None) -> None:
        """Squeezing: a creature in a narrow square built for one size smaller, or sharing a
        space with another living creature that fills its own (Small and up, less than two
        sizes apart), is squeezed; one that no longer is, isn't. Settled for the mover, the
        creatures in its space, and squeezed creatures beside where it came from."""
        state = action.state
        mover = state.creatures.get(cid)
        if mover is None:
            return
        mine = box(mover.pos, self.size_side(mover.size))
        ids = {cid}
        for o in state.creatures.values():
            theirs = box(o.pos, self.size_side(o.size))
            if overlaps(mine, theirs) or (
                near is not None
                and o.has("squeezed")
                and box_gap(theirs, box(near, self.size_side(mover.size))) <= 1
            ):
                ids.add(o.id)
        for i in sorted(ids):
            c = action.state.creatures[i]
            want = self._squeezed(action.state, c)
            if want != c.has("squeezed"):
                action.emit(ConditionSet(creature=i, condition="squeezed", on=want))

    def _squeezed(self, state: BattleState, c: Creature) -> bool:
        f = EpicField(self, state, c, "walk")
        if c.hp <= 0:
            return False
        if f.on_ground(c.pos) and f.squeeze_need(c.pos) == 1:
            return True
        rank = self.rank(c.size)
        return rank >= 1 and any(
            o.creature.hp > 0 and o.rank >= 1 and abs(o.rank - rank) < 2 for o in f.occupants(c.pos)
        )

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

    def forced_axis(
        self, action: Action, intent: it.ForceMove, source: Creature, target: Creature
    ) -> str:
        """Forced Movement In 3-D: on the ground (or the bottom of water) it goes along the
        ground; "Creatures in the middle of water ... are moved laterally"; "In cases where
        the forced movement occurs to a creature in the air, the forced movement is nearly
        always directly down", and a push that could not go down (its source is below the
        target) "moves directly up" (a pull whose source is above, likewise). Nothing is
        ever forced into blocked terrain."""
        f = EpicField(self, action.state, target, "walk")
        x, y, z = target.pos
        if z <= f.stand_z(x, y):
            return "ground"
        if f.in_water(target.pos):
            return "lateral"
        side = self.size_side(source.size)
        if intent.kind == "push" and source.pos[2] + side <= z:
            return "up"
        if intent.kind == "pull" and source.pos[2] >= z + self.size_side(target.size):
            return "up"
        return "down"

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
