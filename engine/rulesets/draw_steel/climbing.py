"""Climbing other creatures (Draw Steel, Climbing Other Creatures).

A creature may climb a creature bigger than itself: freely if it is willing, else with a
power roll + Might or Agility (11 or less: it fails and the creature may make a free strike
against it; 12-16: it fails; 17+: it climbs). Climbing onto it is a square of climbing (2
without a climb speed). The climber rides on top and is carried when the creature moves. The
creature may use a maneuver to knock it off: the climber tests again (11 or less: it falls
off into an adjacent space, with falling damage, prone; 12-16: it slides down, not prone; 17+:
it holds on). A climber knocked prone falls off into an adjacent space.
"""

from __future__ import annotations

from engine.action import Action
from engine.geometry import box, box_gap
from engine.lookups import require_turn
from engine.results import Refusal
from engine.rulesets.draw_steel import falling, reactions
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.rulesets.draw_steel.power_roll import power_roll
from engine.sizes import LADDER
from events.battle_events import (
    ActionConverted,
    ActionUsed,
    ConditionSet,
    Coord,
    Moved,
    OpportunityAttackTriggered,
)
from projections.state import BattleState, Creature


def _test(action: Action, c: Creature, test: str) -> int:
    characteristic = max(c.stat("might"), c.stat("agility"))
    return power_roll(action, c, test, characteristic, c.pos, test)


def might_test(action: Action, c: Creature) -> int:
    """The Director's Might test for a hard climb or swim (tier 1 fails)."""
    return power_roll(action, c, "might", c.stat("might"), c.pos, "might-test")


def top_of(host: Creature, offset: tuple[int, int] = (0, 0)) -> Coord:
    return (host.pos[0] + offset[0], host.pos[1] + offset[1], host.pos[2] + LADDER.side(host.size))


def climb_cost(c: Creature) -> int:
    return 1 if c.speeds.get("climb") else 2


def check_onto(c: Creature, host: Creature) -> None:
    if host.id == c.id:
        raise Refusal("draw-steel/cannot-climb-self", "a creature can't climb itself")
    if LADDER.rank(host.size) <= LADDER.rank(c.size):
        raise Refusal("draw-steel/not-bigger", f"{host.id} is not bigger than {c.id}")
    if c.has("prone"):
        raise Refusal("draw-steel/prone-cannot-climb", "a prone creature can't climb")
    if c.has("climbing"):
        raise Refusal("draw-steel/already-climbing", f"{c.id} already climbs {c.climbing_on}")
    gap = box_gap(box(c.pos, LADDER.side(c.size)), box(host.pos, LADDER.side(host.size)))
    if gap > 1:
        raise Refusal("draw-steel/not-adjacent", f"{c.id} is not adjacent to {host.id}")


def climb_onto(
    state: BattleState,
    c: Creature,
    host: Creature,
    *,
    willing: bool,
    budget: int,
    economy: bool,
    starts: bool,
    action_name: str,
    action: Action,
) -> None:
    cost = climb_cost(c)
    if cost > budget:
        raise Refusal("draw-steel/exceeds-speed", f"climbing {host.id} costs {cost}")
    if not willing:
        tier = _test(action, c, "climb_creature")
        if tier < 3:
            if tier == 1:
                _free_strike_window(action, host, c)
            action.note(
                "climb-fails",
                c.pos,
                reasons=(f"{c.id} fails to climb {host.id}",),
                about=(host.id,),
            )
            return
    to = top_of(host)
    left = budget - cost if economy else c.movement_left
    action.emit(
        Moved(
            creature=c.id,
            path=[to],
            cost=cost,
            mode="climb",
            action=action_name,
            movement_left=left,
            starts_action=starts,
        )
    )
    action.emit(ConditionSet(creature=c.id, condition="climbing", on=True, source=host.id))
    action.note("climb", to, cost, (f"{c.id} climbs {host.id}",), about=(host.id,))


def _free_strike_window(action: Action, reactor: Creature, target: Creature) -> None:
    rid = f"r-{action.state.reaction_seq + 1}"
    option = DrawSteelOptions.of(action.state).opportunity_attacks
    action.emit(
        OpportunityAttackTriggered(
            kind="free_strike", reaction=rid, reactor=reactor.id, target=target.id, at=target.pos
        )
    )
    if option == "always":
        state = action.state
        reactions.free_strike_by(state, reactor, state.creatures[target.id], action, rid)
    elif option == "never":
        reactions.decline(action, rid)


def carry_riders(action: Action, host_id: str, before: Coord) -> None:
    """A creature that moves carries whoever climbs or rides it, keeping their place on top."""
    state = action.state
    host = state.creatures.get(host_id)
    if host is None or host.pos == before:
        return
    riders = [r for r in state.creatures.values() if r.climbing_on == host_id]
    for rider in sorted(riders, key=lambda r: r.id):
        offset = (rider.pos[0] - before[0], rider.pos[1] - before[1])
        to = top_of(host, offset)
        action.emit(
            Moved(
                creature=rider.id,
                path=[to],
                cost=0,
                mode="climb",
                action="carried",
                movement_left=rider.movement_left,
            )
        )
        action.note(
            "carried", to, reasons=(f"{host_id} carries {rider.id}",), about=(host_id, rider.id)
        )


def knock_off(
    state: BattleState,
    host: Creature,
    rider: Creature,
    use_main: bool,
    action: Action,
    landing: list[int] | None = None,
) -> None:
    if rider.climbing_on != host.id:
        raise Refusal("draw-steel/not-climbing", f"{rider.id} is not climbing {host.id}")
    if state.turns:
        require_turn(state, host)
        if host.has("dazed") and host.actions_used >= 1:
            raise Refusal("draw-steel/dazed-one-action", f"{host.id} is dazed: one action per turn")
        if host.maneuvers <= 0:
            if not (use_main and host.main_actions > 0):
                raise Refusal("turn/no-maneuver", f"{host.id} has no maneuver left this turn")
            action.emit(ActionConverted(creature=host.id, into="maneuver"))
        action.emit(ActionUsed(creature=host.id, action="maneuver"))
    tier = _test(action, rider, "hold_on")
    if tier == 3:
        action.note("hold-on", rider.pos, reasons=(f"{rider.id} holds on",))
        return
    falling.fall_off(action, action.state.creatures[rider.id], hurt=tier == 1, choice=landing)
