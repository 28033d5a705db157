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
from engine.ruling import deny
from engine.words import at
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
    through = maneuvers(rs, state, c, intent)
    part_of_move(state, c, name, intent, action)
    economy.spend(state, c, name, intent.use_main_action, action)
    mult = economy.multiplier(state, c, name)
    f = EpicField(action.state, c, intent.mode, name, mult, primary, through)
    budget = SQUARE if name in ("crawl", "clamber") else max(f.allow.values(), default=0)
    declared = declared_path(rs, f, c, intent, budget)
    if name == "charge":
        check_charge(c, declared, primary)
    path, bump = collisions.unseen(f, c, declared)
    exempt = tuple(sorted(cid for cid, how in through.items() if how == "tumble"))
    if name == "withdraw" and primary is not None and path:
        exempt = (*exempt, primary.id, *withdraw_exemptions(rs, action, c, primary, path))
    run = Run(
        c.id,
        path,
        intent.mode,
        name,
        budget,
        False,
        provoked=exempt,
        bump=bump,
        through=tuple(sorted(through.items())),
    )
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


def maneuvers(rs: SquareRules, state: BattleState, c: Creature, intent: it.Move) -> dict[str, str]:
    """The creatures the move gets past by a skill or maneuver the table resolved (Stepover;
    Space and Reach: "Entering another hostile creatures space requires a Might roll to
    Clamber, no matter the size difference ... If you wish to move through a hostile
    creature's space, you must declare an Overrun"; Internal Flanking: "Simply avoiding
    attacks of opportunity while moving through threatened squares requires the Tumbling
    feature of Acrobatics"). The checks' DCs are on the Might, Overrun and Acrobatics pages,
    not in this text: the table rolls them and names who was passed."""
    for cid in intent.through:
        if rs.creature(state, cid).id == c.id:
            raise Refusal("epic-path/maneuver-self", f"{c.id} can't get past itself")
    return dict(intent.through)


def part_of_move(
    state: BattleState, c: Creature, name: str, intent: it.Move | it.StandUp, action: Action
) -> None:
    """Part of a Move Action: "this type of action specifically allows the user to use the
    move action to both perform the action and move up to their speed"; "if you degrade your
    move action to a Swift Action, take a Full Attack Action, or a Full-Round Action, you
    cannot perform a 'part of a move action' action this round. That is, you must take an
    actual move action". So only a walk or a crawl on the move action carries one, not in a
    round of a full attack (double move, traded steps) or a full-round action (run,
    clamber), and one per move action; "Nearly any action you perform with a move action
    (such as standing up from Prone) can also include" one, so standing up (`stand_up`) on
    its move action does too. The activity itself (a weapon drawn, an item picked up) is the
    table's: the engine keeps no inventory."""
    if intent.part_of_move is None:
        return
    full = c.tally("full_attack") or c.tally("ran") or c.tally("full_round")
    spent = state.turns and (c.move_actions <= 0 or full)
    on_move = name in ("walk", "crawl", "stand_up") and not spent
    if not on_move:
        raise Refusal(
            "epic-path/part-of-move-needs-move-action",
            f"{intent.part_of_move!r} is part of a move action: it needs an actual move action "
            "(a walk, crawl or standing up on the move action, not in a round of a full "
            "attack or a full-round action)",
        )
    if state.turns:
        action.emit(Tallied(creature=c.id, name="part_of_move"))
    action.note("part-of-move", c.pos, reasons=(f"{c.id}: {intent.part_of_move}, with the move",))


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
                "epic-path/exceeds-speed",
                f"{at(intent.to)} is farther than the {budget} ft this move has",
            ) from None
        raise


def check_charge(c: Creature, path: list[Coord], target: Creature | None) -> None:
    """Charge: at least 10 ft, ending beside the target (straight and clear is the field's)."""
    assert target is not None
    if len(path) * SQUARE < 10:
        deny("epic-path/charge-too-short", "a charge moves at least 10 ft")
    end = box(path[-1], SIZES.side(c.size))
    if box_gap(end, box(target.pos, SIZES.side(target.size))) != 1:
        deny(
            "epic-path/charge-must-reach",
            f"the charge must end beside {target.id}",
            about=(target.id,),
        )


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
