"""Attacks of opportunity (Types of Movement: Attacks of Opportunity; DIGEST 3.4).

Leaving a square an enemy threatens (within its reach, the side of its space, and always its
own space: "a creature always has Reach to all portions of its own space, and therefore can
threaten all squares that are within its space", so a Tiny or unarmed creature, with no reach
beyond it, still threatens its own square) provokes: one attack per enemy per action, one a
round per reactor (plus `stats.combat_reflexes`), none by a `flat-footed` reactor without
it, never for the 5-foot step. The attack is d20 + `stats.attack` against `stats.ac` (option
`aoo_target_ac`) for `stats.damage`.
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, box_gap
from engine.map_memo import per_roster
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SIZES, has_reach
from engine.rulesets.squares.run import Run
from events.battle_events import Coord, DamageTaken, ReactionResolved, Tallied
from projections.state import Creature


def triggers(action: Action, mover: Creature, frm: Coord, to: Coord, run: Run) -> list[Creature]:
    """The enemies that may strike `mover` as it leaves `frm`."""
    if run.action == "five_foot_step":
        return []
    side = SIZES.side(mover.size)
    mine = box(frm, side)
    out = []
    for enemy, eside, reach in _threats(action.state.creatures, mover.side):
        if enemy.id in run.provoked:
            continue
        far = side + 2 * eside  # beyond this on either axis the gap exceeds any reach (<= eside)
        if abs(enemy.pos[0] - frm[0]) > far or abs(enemy.pos[1] - frm[1]) > far:
            continue
        if box_gap(mine, box(enemy.pos, eside)) > reach:
            continue  # reach 0: only the squares of its own space (Space and Reach)
        reflexes = enemy.stat("combat_reflexes")
        if enemy.tally("aoo") >= 1 + reflexes:
            action.note(
                "no-trigger",
                frm,
                reasons=(f"{enemy.id} has no attack of opportunity left this round",),
                about=(enemy.id,),
            )
            continue
        if enemy.has("flat-footed") and not reflexes:
            action.note(
                "no-trigger", frm, reasons=(f"{enemy.id} is flat-footed",), about=(enemy.id,)
            )
            continue
        out.append(enemy)
    return out


def _threats(creatures: dict[str, Creature], side: str) -> list[tuple[Creature, int, int]]:
    """The living creatures of other sides, by id, with the side of their space and their
    reach in squares beyond it (Space and Reach): the side of the space, or 0 (its own space
    only) for "Size Tiny and smaller figures", which "have no effective reach", and for a
    creature "not wielding a weapon which threatens" ("Such creatures only threaten squares
    in their own space"). What every step of a walk asks of the same state."""

    def build() -> list[tuple[Creature, int, int]]:
        out = []
        for enemy in sorted(creatures.values(), key=lambda o: o.id):
            if enemy.side == side or enemy.hp <= 0:
                continue
            eside = SIZES.side(enemy.size)
            armed = has_reach(SIZES.rank(enemy.size)) and not enemy.stat("unarmed")
            out.append((enemy, eside, eside if armed else 0))
        return out

    return per_roster(creatures, ("epic-path/threats", side), build)


def strike(action: Action, reactor: str, target: str, reaction: str) -> None:
    """The attack of opportunity `reactor` takes at `target`, rolled and recorded."""
    r = action.state.creatures[reactor]
    t = action.state.creatures[target]
    bonus = r.stat("attack")
    face = action.roller.roll(1, 20)
    total = face[0] + bonus
    ac = t.stats.get("ac", EpicPathOptions.of(action.state).aoo_target_ac)
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
