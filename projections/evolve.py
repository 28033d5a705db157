"""evolve(state, event) -> state: the pure, total reducer, and fold over a log.

Each handler touches only what its event changed: the creature dict is copied (a few dozen
entries), the grid is shared untouched except by the rare director terrain change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from events.battle_events import (
    ActionConverted,
    ActionUsed,
    BattleCreated,
    ConditionSet,
    CreaturePlaced,
    CreatureRemoved,
    CreatureSpec,
    DamageTaken,
    DiceRolled,
    Fell,
    ForceMoved,
    HandsChanged,
    HurledThrough,
    JumpTested,
    KnockedProne,
    MapSpec,
    Moved,
    OpportunityAttackTriggered,
    PowerRolled,
    ReactionResolved,
    ShieldSurfEnded,
    ShieldSurfStarted,
    ShieldWorn,
    Shifted,
    StoodUp,
    Tallied,
    Teleported,
    TerrainSet,
    TurnEnded,
    TurnStarted,
)
from events.vocabulary import Event
from projections.board import board_from_spec
from projections.fastcopy import copier, setter
from projections.grid import grid_from_spec, grid_with_terrain, grid_without_object
from projections.gridless import GRIDLESS_HANDLERS
from projections.state import BattleState, Creature, PendingReaction, Profile

replace_creature = copier(Creature)
replace_state = copier(BattleState)
_set_creatures = setter(BattleState, "creatures")
_set_pos = setter(Creature, "pos", "movement_left")
_set_hp = setter(Creature, "hp")

Handler = Callable[[BattleState, Any], BattleState]
LASTING = "battle:"
"""A `Tallied` name with this prefix counts for the whole battle: turn starts keep it."""


def empty_state() -> BattleState:
    """The state before `BattleCreated` (what a log that does not start with it folds from)."""
    return BattleState("", "", 0, {}, grid_from_spec(MapSpec(width=1, height=1)), {})


def creature_from_spec(spec: CreatureSpec) -> Creature:
    profile = Profile(
        id=spec.id,
        name=spec.name,
        side=spec.side,
        size=spec.size,
        speeds=dict(spec.speeds),
        stats=dict(spec.stats),
        stability=spec.stability,
        disengage=spec.disengage,
    )
    return Creature(profile=profile, pos=spec.at, hp=spec.hp, conditions=frozenset(spec.conditions))


def _with(state: BattleState, creature: Creature) -> BattleState:
    creatures = dict(state.creatures)
    creatures[creature.profile.id] = creature
    result: BattleState = _set_creatures(state, creatures)
    return result


def _update(state: BattleState, cid: str, **changes: Any) -> BattleState:
    creature = state.creatures.get(cid)
    if creature is None:
        return state
    return _with(state, replace_creature(creature, **changes))


def _created(_: BattleState, e: BattleCreated) -> BattleState:
    return BattleState(
        ruleset=e.ruleset,
        rules_version=e.rules_version,
        seed=e.seed,
        options=dict(e.options),
        grid=grid_from_spec(e.map),
        creatures={c.id: creature_from_spec(c) for c in e.creatures},
        board=board_from_spec(e.board),
    )


def _turn_started(s: BattleState, e: TurnStarted) -> BattleState:
    acted = s.acted if e.round == s.round else frozenset()
    s = replace_state(s, round=e.round, active=e.creature, acted=acted | {e.creature})
    c = s.creatures.get(e.creature)
    kept = tuple(t for t in c.tallies if t[0].startswith(LASTING)) if c is not None else ()
    return _update(
        s,
        e.creature,
        movement_left=0,
        move_actions=1,
        main_actions=1,
        maneuvers=1,
        actions_used=0,
        tallies=kept,
    )


def _turn_ended(s: BattleState, e: TurnEnded) -> BattleState:
    if s.active == e.creature:
        s = replace_state(s, active=None)
    return _update(s, e.creature, movement_left=0)


def _converted(s: BattleState, e: ActionConverted) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    if e.into == "move":
        return _with(
            s, replace_creature(c, main_actions=c.main_actions - 1, move_actions=c.move_actions + 1)
        )
    return _with(s, replace_creature(c, main_actions=c.main_actions - 1, maneuvers=c.maneuvers + 1))


def _moved_to(s: BattleState, cid: str, to: Any, left: int, starts: bool) -> BattleState:
    c = s.creatures.get(cid)
    if c is None:
        return s
    if starts:
        c = replace_creature(c, move_actions=c.move_actions - 1, actions_used=c.actions_used + 1)
    return _with(s, _set_pos(c, to, left))


def _moved(s: BattleState, e: Moved | Shifted) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    to = e.path[-1] if e.path else c.pos
    if getattr(e, "maneuver", False):
        c = replace_creature(c, maneuvers=c.maneuvers - 1, actions_used=c.actions_used + 1)
        s = _with(s, c)
    return _moved_to(s, e.creature, to, _remainder(e), e.starts_action)


def _remainder(e: Moved | Shifted | Teleported) -> int:
    """What is left of the move action (`Creature.movement_left`): `move_remainder` when the
    event says it apart from what the state shows, else `movement_left` (older events)."""
    return e.movement_left if e.move_remainder is None else e.move_remainder


def _teleported(s: BattleState, e: Teleported) -> BattleState:
    return _moved_to(s, e.creature, e.to, _remainder(e), e.starts_action)


def _force_moved(s: BattleState, e: ForceMoved) -> BattleState:
    return _update(s, e.target, pos=e.path[-1]) if e.path else s


def _hurled(s: BattleState, e: HurledThrough) -> BattleState:
    if not s.grid.inside(*e.cell):
        return s
    return replace_state(s, grid=grid_without_object(s.grid, e.cell))


def _damage(s: BattleState, e: DamageTaken) -> BattleState:
    c = s.creatures.get(e.creature)
    return s if c is None else _with(s, _set_hp(c, c.hp - e.amount))


def _fell(s: BattleState, e: Fell) -> BattleState:
    return _update(s, e.creature, pos=e.landing)


def _prone(s: BattleState, e: KnockedProne) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    return _with(
        s, replace_creature(c, conditions=c.conditions | {"prone"}, prone_voluntary=e.voluntary)
    )


def _stood(s: BattleState, e: StoodUp) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    s = _with(s, replace_creature(c, conditions=c.conditions - {"prone"}, prone_voluntary=False))
    spender = s.creatures.get(e.by or e.creature)
    if e.action == "maneuver" and spender is not None:
        s = _with(
            s,
            replace_creature(
                spender, maneuvers=spender.maneuvers - 1, actions_used=spender.actions_used + 1
            ),
        )
    return s


def _triggered(s: BattleState, e: OpportunityAttackTriggered) -> BattleState:
    pending = PendingReaction(e.reaction, e.kind, e.reactor, e.target, e.at, e.resume)
    return replace_state(s, pending=(*s.pending, pending), reaction_seq=s.reaction_seq + 1)


def _resolved(s: BattleState, e: ReactionResolved) -> BattleState:
    pending = tuple(p for p in s.pending if p.id != e.reaction)
    counter = s.dice_counter + len(e.rolls) if e.seeded else s.dice_counter
    return replace_state(s, pending=pending, dice_counter=counter)


def _jump_tested(s: BattleState, e: JumpTested) -> BattleState:
    return replace_state(s, dice_counter=s.dice_counter + len(e.rolls)) if e.seeded else s


def _power_rolled(s: BattleState, e: PowerRolled) -> BattleState:
    return replace_state(s, dice_counter=s.dice_counter + len(e.rolls)) if e.seeded else s


def _action_used(s: BattleState, e: ActionUsed) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    used = c.actions_used + 1
    if e.action == "main":
        return _with(s, replace_creature(c, main_actions=c.main_actions - 1, actions_used=used))
    if e.action == "maneuver":
        return _with(s, replace_creature(c, maneuvers=c.maneuvers - 1, actions_used=used))
    return _with(s, replace_creature(c, move_actions=c.move_actions - 1, actions_used=used))


def _dice_rolled(s: BattleState, e: DiceRolled) -> BattleState:
    return replace_state(s, dice_counter=s.dice_counter + len(e.rolls)) if e.seeded else s


def _tallied(s: BattleState, e: Tallied) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    counts = dict(c.tallies)
    counts[e.name] = counts.get(e.name, 0) + e.amount
    return _with(s, replace_creature(c, tallies=tuple(sorted(counts.items()))))


def _placed(s: BattleState, e: CreaturePlaced) -> BattleState:
    return _with(s, creature_from_spec(e.creature))


def _removed(s: BattleState, e: CreatureRemoved) -> BattleState:
    creatures = dict(s.creatures)
    creatures.pop(e.creature, None)
    pending = tuple(p for p in s.pending if e.creature not in (p.reactor, p.target))
    active = None if s.active == e.creature else s.active
    return replace_state(s, creatures=creatures, pending=pending, active=active)


def _terrain(s: BattleState, e: TerrainSet) -> BattleState:
    return replace_state(s, grid=grid_with_terrain(s.grid, e))


def _condition(s: BattleState, e: ConditionSet) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    eot = c.eot | {e.condition} if e.on and e.until == "end_of_turn" else c.eot - {e.condition}
    if eot != c.eot:
        c = replace_creature(c, eot=eot)
    if e.on:
        c = replace_creature(c, conditions=c.conditions | {e.condition})
        if e.condition == "grabbed":
            c = replace_creature(c, grabbed_by=e.source)
        if e.condition == "frightened":
            c = replace_creature(c, frightened_by=e.source)
        if e.condition == "climbing":
            c = replace_creature(c, climbing_on=e.source)
        if e.condition == "prone":
            c = replace_creature(c, prone_voluntary=False)
    else:
        c = replace_creature(c, conditions=c.conditions - {e.condition})
        if e.condition == "grabbed":
            c = replace_creature(c, grabbed_by=None)
        if e.condition == "frightened":
            c = replace_creature(c, frightened_by=None)
        if e.condition == "climbing":
            c = replace_creature(c, climbing_on=None)
    return _with(s, c)


def _surf_started(s: BattleState, e: ShieldSurfStarted) -> BattleState:
    c = s.creatures.get(e.creature)
    return s if c is None else _with(s, replace_creature(c, conditions=c.conditions | {SURFING}))


def _surf_ended(s: BattleState, e: ShieldSurfEnded) -> BattleState:
    c = s.creatures.get(e.creature)
    return s if c is None else _with(s, replace_creature(c, conditions=c.conditions - {SURFING}))


def _hands_changed(s: BattleState, e: HandsChanged) -> BattleState:
    return _tallied(s, Tallied(creature=e.creature, name="battle:hands", amount=e.items))


def _shield_worn(s: BattleState, e: ShieldWorn) -> BattleState:
    return _tallied(s, Tallied(creature=e.creature, name="battle:shield_wear", amount=e.amount))


SURFING = "shield_surfing"
"""The condition a Shield Surfer has (Reclaim the Wild) between its start and end events."""


_HANDLERS: dict[str, Handler] = {
    "BattleCreated": _created,
    "TurnStarted": _turn_started,
    "TurnEnded": _turn_ended,
    "ActionConverted": _converted,
    "Moved": _moved,
    "Shifted": _moved,
    "Teleported": _teleported,
    "ForceMoved": _force_moved,
    "HurledThrough": _hurled,
    "DamageTaken": _damage,
    "Fell": _fell,
    "KnockedProne": _prone,
    "StoodUp": _stood,
    "OpportunityAttackTriggered": _triggered,
    "ReactionResolved": _resolved,
    "JumpTested": _jump_tested,
    "PowerRolled": _power_rolled,
    "ActionUsed": _action_used,
    "DiceRolled": _dice_rolled,
    "Tallied": _tallied,
    "CreaturePlaced": _placed,
    "CreatureRemoved": _removed,
    "TerrainSet": _terrain,
    "ConditionSet": _condition,
    "ShieldSurfStarted": _surf_started,
    "ShieldSurfEnded": _surf_ended,
    "ShieldWorn": _shield_worn,
    "HandsChanged": _hands_changed,
    **GRIDLESS_HANDLERS,
}


def evolve(state: BattleState | None, event: Event) -> BattleState:
    """The state after one logged event. Unknown event types leave the state unchanged."""
    current = empty_state() if state is None else state
    handler = _HANDLERS.get(event.type)
    return current if handler is None else handler(current, event)


def fold(events: Iterable[Event], state: BattleState | None = None) -> BattleState:
    current = empty_state() if state is None else state
    handlers = _HANDLERS
    for event in events:
        handler = handlers.get(event.type)
        if handler is not None:
            current = handler(current, event)
    return current
