"""Epic Path's willing moves (Types of Movement: Actions, Withdraw, Charge; DIGEST 3.2, 3.4):
walk, double move, run, withdraw, charge, crawl and clamber.

`move` refuses what the mover's state forbids (a prone or splayed creature only crawls, a
blinded one neither runs nor withdraws, an overburdened one only walks), spends the actions,
walks the path up to any obstruction it couldn't see and tallies the movement. A withdraw's
Movement check exempts more enemies from its attacks of opportunity; a charge goes at least
10 ft to end beside its target, and ends the turn.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.geometry import box, box_gap, chebyshev
from engine.results import Refusal
from engine.rulesets.epic_path import collisions, economy
from engine.rulesets.epic_path.movement import EpicField
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SIZES, SQUARE
from engine.rulesets.squares.dice import roll
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.run import Run
from events.battle_events import Coord, Tallied, TurnEnded
from projections.state import BattleState, Creature

ACTIONS = ("walk", "double_move", "run", "withdraw", "charge", "crawl", "clamber")


def move(rs: SquareRules, intent: it.Move, state: BattleState, action: Action) -> None:
    c = rs.creature(state, intent.creature)
    name = rs.action_name(intent)
    rs.require_turn(state, c)
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
        primary = rs.creature(state, intent.primary)
    burdened = economy.overburdened(c)
    if burdened and name not in ("walk", "crawl", "clamber"):
        raise Refusal(
            "epic-path/overburdened",
            f"{c.id}'s encumbrance leaves it no speed: a standard action moves 5 ft",
        )
    if name == "run":
        economy.needs(state, c, name, intent.use_main_action)  # refused before any check
        if not economy.endurance(state, c, action):
            return
    economy.spend(state, c, name, intent.use_main_action, action)
    mult = economy.multiplier(state, c, name)
    f = EpicField(action.state, c, intent.mode, name, mult, primary)
    budget = SQUARE if name in ("crawl", "clamber") else max(f.allow.values(), default=0)
    declared = declared_path(rs, f, c, intent, budget)
    if name == "charge":
        check_charge(c, declared, primary)
    path, bump = collisions.unseen(f, c, declared)
    exempt: tuple[str, ...] = ()
    if name == "withdraw" and primary is not None and path:
        exempt = (primary.id, *withdraw_exemptions(rs, action, c, primary, path))
    run = Run(c.id, path, intent.mode, name, budget, False, provoked=exempt, bump=bump)
    if path:
        rs.go(action, f, c, path, run)
    else:
        rs.walk_ended(action, run)
    if state.turns:
        action.emit(Tallied(creature=c.id, name="moved"))
        if name == "run":
            action.emit(Tallied(creature=c.id, name="ran"))
            action.emit(Tallied(creature=c.id, name=economy.RAN))
    if name == "charge" and state.turns and not action.state.pending:
        action.emit(TurnEnded(creature=c.id))


def declared_path(
    rs: SquareRules, f: EpicField, c: Creature, intent: it.Move, budget: int
) -> list[Coord]:
    """The path the intent asks for; a `to` beyond the budget is `epic-path/exceeds-speed`."""
    try:
        return rs.path_for(f, c, intent, budget)
    except Refusal as refusal:
        goal = f.resolve(intent.to) if intent.to is not None else None
        far = goal is not None and chebyshev(c.pos, goal) * SQUARE > budget
        if refusal.rule == "path/unreachable" and far:
            raise Refusal(
                "epic-path/exceeds-speed", f"{intent.to} is farther than {budget} ft"
            ) from None
        raise


def check_charge(c: Creature, path: list[Coord], target: Creature | None) -> None:
    """Charge: at least 10 ft, ending beside the target (straight and clear is the field's)."""
    assert target is not None
    if len(path) * SQUARE < 10:
        raise Refusal("epic-path/charge-too-short", "a charge moves at least 10 ft")
    end = box(path[-1], SIZES.side(c.size))
    if box_gap(end, box(target.pos, SIZES.side(target.size))) != 1:
        raise Refusal("epic-path/charge-must-reach", f"the charge must end beside {target.id}")


def withdraw_exemptions(
    rs: SquareRules, action: Action, c: Creature, primary: Creature, path: list[Coord]
) -> list[str]:
    """Withdraw: a Movement check (d20 + `stats.movement`) against the primary target's
    Maneuver Defense (`stats.maneuver_defense`, else option `withdraw_defense`) exempts
    one more enemy, and one more per full 2 points it beats it by (DIGEST 3.4; whose
    defense is a GUESS). The exempted are the first other enemies the path would
    provoke, in path order."""
    bonus = c.stat("movement")
    face = roll(action, c.id, "Movement check (withdraw)", 1, 20, bonus)[0]
    default = EpicPathOptions.of(action.state).withdraw_defense
    defense = primary.stats.get("maneuver_defense", default)
    margin = face + bonus - defense
    if margin < 0:
        return []
    extra = 1 + margin // 2
    probe = Run(c.id, path, "walk", "withdraw", 0, False, provoked=(primary.id,))
    out: list[str] = []
    for frm in [c.pos, *path[:-1]]:
        for enemy in rs.triggers(action, c, frm, frm, probe):
            if enemy.id not in out and len(out) < extra:
                out.append(enemy.id)
    action.note("withdraw", reasons=(f"Movement {face + bonus} vs {defense}: exempts {out}",))
    return out
