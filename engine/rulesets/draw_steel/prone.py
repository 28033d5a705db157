"""Prone and standing (Draw Steel, Crawl; DIGEST 2.8).

Falling prone on purpose is a free maneuver; standing up is the Stand Up maneuver, free when
the creature went prone voluntarily; a restrained creature can't stand. A flier knocked prone
falls unless it hovers (drained by `falling.settle`).
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, box_gap
from engine.intents import FallProne, StandUp
from engine.lookups import creature, require_turn
from engine.results import Refusal
from engine.rulesets.draw_steel import falling
from engine.sizes import LADDER
from events.battle_events import ActionConverted, KnockedProne, StoodUp
from projections.state import BattleState


def fall_prone(intent: FallProne, state: BattleState, action: Action) -> None:
    c = creature(state, intent.creature)
    if c.has("prone"):
        raise Refusal("draw-steel/already-prone", f"{c.id} is already prone")
    require_turn(state, c)
    if intent.landing is not None and not c.has("climbing"):
        raise Refusal("draw-steel/not-climbing", f"{c.id} climbs or rides no creature to fall off")
    action.emit(KnockedProne(creature=c.id, voluntary=True))
    action.note("prone", c.pos, reasons=("falls prone: a free maneuver",))
    if intent.landing is not None:
        # "If you are knocked prone while climbing or riding a creature, you fall and land
        # prone in an adjacent space of your choice"
        falling.fall_off(action, action.state.creatures[c.id], hurt=True, choice=intent.landing)


def stand_up(intent: StandUp, state: BattleState, action: Action) -> None:
    c = creature(state, intent.creature)
    if not c.has("prone"):
        raise Refusal("draw-steel/not-prone", f"{c.id} is not prone")
    if c.has("restrained"):
        raise Refusal("draw-steel/restrained-cannot-stand", "a restrained creature can't stand")
    helper = creature(state, intent.by) if intent.by not in (None, c.id) else None
    actor = helper or c
    require_turn(state, actor)
    if helper is not None:
        near = box_gap(box(c.pos, LADDER.side(c.size)), box(helper.pos, LADDER.side(helper.size)))
        if near > 1:
            raise Refusal("draw-steel/not-adjacent", f"{helper.id} is not adjacent to {c.id}")
    elif c.prone_voluntary or not state.turns:
        action.emit(StoodUp(creature=c.id, action="free"))
        why = "voluntarily prone: standing is free" if c.prone_voluntary else "no turns"
        action.note("stand", c.pos, reasons=(why,))
        return
    if not state.turns:
        action.emit(StoodUp(creature=c.id, action="free", by=actor.id))
        return
    if actor.has("dazed") and actor.actions_used >= 1:
        raise Refusal("draw-steel/dazed-one-action", f"{actor.id} is dazed: one action per turn")
    if actor.maneuvers <= 0:
        if not (intent.use_main_action and actor.main_actions > 0):
            raise Refusal("turn/no-maneuver", f"{actor.id} has no maneuver left this turn")
        action.emit(ActionConverted(creature=actor.id, into="maneuver"))
    action.emit(StoodUp(creature=c.id, action="maneuver", by=helper.id if helper else None))
    action.note("stand", c.pos, reasons=(f"{actor.id}'s Stand Up maneuver",))
