"""Opportunity attacks (DIGEST 2.5): who may strike a creature leaving their adjacency.

A creature that willingly leaves an enemy's adjacency without shifting gives that enemy a
melee free strike, not when the enemy would strike with a bane (prone, restrained) nor while
it is dazed or surprised (no triggered actions); one per enemy per departure. The free strike
is a power roll 2d10 + the better of Might and Agility: tiers 11 or less, 12-16, 17 or more (a
natural 19-20 is tier 3); damage 2/5/7 + that characteristic.
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import Box, box, box_gap
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.rulesets.draw_steel.power_roll import power_tier
from engine.sizes import LADDER
from events.battle_events import Coord, DamageTaken, ReactionResolved
from projections.state import BattleState, Creature

_NO_REACTION = {
    "dazed": "is dazed (no triggered actions)",
    "surprised": "is surprised (no triggered actions)",
    "prone": "is prone (its strike would take a bane)",
    "restrained": "is restrained (its strike would take a bane)",
}


def candidates(state: BattleState, mover: Creature, reach: int) -> list[tuple[Creature, Box]]:
    """Enemies the mover could leave the adjacency of within `reach` squares of its space."""
    mine = box(mover.pos, LADDER.side(mover.size))
    me, my_side = mover.profile.id, mover.profile.side
    sides: dict[str, int] = {}
    found = []
    for enemy in state.creatures.values():
        profile = enemy.profile
        if profile.side == my_side or profile.id == me or enemy.hp <= 0:
            continue
        if enemy.climbing_on == me:
            continue  # it rides the mover and moves with it
        side = sides.get(profile.size)
        if side is None:
            side = sides[profile.size] = LADDER.side(profile.size)
        eb = box(enemy.pos, side)
        if box_gap(mine, eb) <= reach + 1:
            found.append((enemy, eb))
    return found


def by_square(
    mover: Creature, near: list[tuple[Creature, Box]]
) -> dict[tuple[int, int], list[tuple[Creature, Box]]]:
    """For each square the mover may stand on, the enemies whose space is within 1 of it."""
    side = LADDER.side(mover.size)
    index: dict[tuple[int, int], list[tuple[Creature, Box]]] = {}
    for enemy, eb in near:
        for y in range(eb[1] - side, eb[4] + 2):
            for x in range(eb[0] - side, eb[3] + 2):
                index.setdefault((x, y), []).append((enemy, eb))
    return index


def triggers(
    mover: Creature,
    frm: Coord,
    to: Coord,
    action: Action,
    near: dict[tuple[int, int], list[tuple[Creature, Box]]],
) -> list[Creature]:
    """Enemies adjacent to `frm` but not to `to`: each may make one opportunity attack."""
    close = near.get((frm[0], frm[1]))
    if not close:
        return []
    side = LADDER.side(mover.size)
    before, after = box(frm, side), box(to, side)
    found = []
    for enemy, eb in close:
        if box_gap(before, eb) > 1 or box_gap(after, eb) <= 1:
            continue
        blocked = [why for cond, why in _NO_REACTION.items() if enemy.has(cond)]
        if blocked:
            action.note("no-trigger", frm, reasons=(f"{enemy.id} {blocked[0]}",), about=(enemy.id,))
            continue
        found.append(enemy)
    return found


def free_strike(
    state: BattleState,
    reactor: Creature,
    target: Creature,
    action: Action,
    reaction_id: str,
) -> None:
    """Roll the reactor's melee free strike against the target and record it."""
    free_strike_by(state, reactor, target, action, reaction_id)


def free_strike_by(
    state: BattleState, reactor: Creature, target: Creature, action: Action, reaction_id: str
) -> None:
    """The melee free strike itself (power roll 2d10 + the better of Might and Agility)."""
    dice = action.roller.roll(2, 10)
    characteristic = max(reactor.stat("might"), reactor.stat("agility"))
    edge = 2 if (target.has("prone") or target.has("restrained")) else 0
    natural = sum(dice)
    total = natural + characteristic + edge
    tier = power_tier(natural, total)
    table = DrawSteelOptions.of(state).free_strike_damage
    damage = int(table[tier - 1]) + characteristic
    action.emit(
        ReactionResolved(
            reaction=reaction_id,
            decision="take",
            rolls=dice,
            seeded=action.roller.seeded,
            characteristic=characteristic,
            total=total,
            tier=tier,
            damage=damage,
        )
    )
    reasons = [
        f"2d10 {dice} + {characteristic}" + (" + 2 edge" if edge else "") + f" = {total}",
        f"tier {tier}: {damage} damage",
    ]
    action.note("free-strike", target.pos, reasons=tuple(reasons))
    if damage > 0:
        action.emit(DamageTaken(creature=target.id, amount=damage, cause="opportunity attack"))


def decline(action: Action, reaction_id: str) -> None:
    action.emit(ReactionResolved(reaction=reaction_id, decision="decline"))
