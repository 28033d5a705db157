"""What each field of the event vocabulary means, for the schema clients read (`/openapi.json`).

Most field names mean the same thing in every event that has them (`creature`, `path`,
`rolls`), so they are described once here; a field whose meaning is particular to one model
is described beside it (an attribute docstring) or, when it shares a common name, under
`"Model.field"` in `PARTICULAR`. `fill_descriptions` is a pydantic `json_schema_extra` hook
that gives every property without a description its glossary entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

COMMON: dict[str, str] = {
    "type": "The event's type: selects the shape of its data.",
    "creature": "The id of the creature this happened to (or that acted).",
    "path": "The squares entered, in order, each `[x, y, z]`; the starting square is not in it.",
    "cost": "Movement spent, in the ruleset's unit (squares; feet for `epic-path`).",
    "mode": "The movement mode: `walk`, `climb`, `swim`, `fly`, `burrow` or `glide`.",
    "action": "The action that granted the movement (each ruleset names its own, such as "
    "Draw Steel's `advance` or Epic Path's `double_move`).",
    "movement_left": "Movement the creature has left this turn afterwards, in the ruleset's unit.",
    "starts_action": "This movement began a new move action (it spent one of the turn's actions).",
    "origin": "Where the creature was before, `[x, y, z]`.",
    "to": "Where the creature ended up, `[x, y, z]`.",
    "landing": "Where the creature landed, `[x, y, z]`.",
    "at": "The square, `[x, y, z]`.",
    "distance": "How far, in the ruleset's unit.",
    "source": "The id of the creature (or effect) that caused it.",
    "target": "The id of the creature it was done to.",
    "reaction": "The id of the reaction window (as in `pending_reactions[].id`).",
    "reactor": "The id of the creature that may react.",
    "rolls": "The faces of the dice rolled, in order.",
    "seeded": "True when the battle's seeded dice rolled them; false when the table's `rolls` "
    "were used.",
    "characteristic": "The characteristic added to the roll.",
    "total": "The roll's total (faces plus modifiers).",
    "tier": "The power roll's tier: 1 (11 or less), 2 (12-16) or 3 (17 or more).",
    "damage": "Damage dealt.",
    "amount": "How much.",
    "cause": "Why, in words (`fall`, `collision`, `damaging terrain`, ...).",
    "round": "The round number, from 1.",
    "cells": "Squares `[x, y]` (areas already expanded to their squares).",
    "kind": "The kind (see the enumeration).",
    "material": "What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null when "
    "not said.",
    "depth": "Depth of water or of a pit, in squares; null for other kinds.",
    "hard": "A surface hard to climb or a liquid hard to swim: climbing or swimming it calls "
    "for the Director's Might test.",
    "fits": "For `narrow`: the size the opening is built for (bigger creatures squeeze or "
    "stop); null for other kinds.",
    "surface": "For `landing`: what a fall onto these squares lands on: `jagged`, `rough`, "
    "`normal` or `soft`.",
    "elevation": "The ground's height there, in squares; null when not set.",
    "condition": "The condition's name (`prone`, `slowed`, `grabbed`, `restrained`, ...).",
    "on": "True when the condition begins, false when it ends.",
    "until": "`end_of_turn`: the condition ends when the current turn ends; null: until removed.",
    "height": "Height in squares.",
    "width": "Width in squares (east-west).",
    "id": "The creature's id, chosen by the client.",
    "name": "A name to show.",
    "side": "The side it fights on; creatures of other sides are enemies.",
    "size": "The ruleset's size (Draw Steel: `1T`, `1S`, `1M`, `1L`, `2`, `3`, ...).",
    "speeds": "Speed per movement mode it has natively (walk, climb, swim, fly, hover, burrow, "
    "teleport), in the ruleset's unit.",
    "stats": "The characteristics the ruleset reads (might, agility, ...).",
    "stability": "Stability: how many squares of forced movement it shrugs off.",
    "hp": "Stamina (hit points).",
    "conditions": "Conditions it has (`prone`, `slowed`, `grabbed`, ...).",
    "intent_id": "The id of the action (the intent that produced it).",
    "first_version": "The first version of the action.",
    "last_version": "The last version of the action.",
    "decision": "`take` or `decline`.",
    "legs": "The legs of the move, in order.",
    "counted": "Inches this leg counted against Move.",
    "drop": "Inches this leg dropped (a jump down), not counted against Move.",
    "base": "The base's diameter, in inches.",
    "runemarks": "The fighter's runemarks (such as `fly`, `mount`).",
    "polygon": "The outline, `[x, y]` points in inches.",
    "bottom": "The height of the bottom of the piece, in inches.",
    "terrain": "Terrain features.",
}
"""Field names with one meaning across the vocabulary."""

PARTICULAR: dict[str, str] = {
    "BattleCreated.ruleset": "The ruleset's id (`draw-steel`, `epic-path`, `one-two-one`, "
    "`action-points`, `warcry`).",
    "BattleCreated.rules_version": "The ruleset's rules version that created the battle.",
    "BattleCreated.seed": "The seed of the battle's dice; null to a player, who never sees it "
    "(it would tell every coming roll): the director and the API key read it.",
    "BattleCreated.options": "Every battle option of the ruleset, defaults filled in (see the "
    "ruleset's options in the create body).",
    "BattleCreated.map": "The map, areas expanded to cells.",
    "BattleCreated.creatures": "The creatures as placed.",
    "MapSpec.height": "Height of the map in squares (north-south).",
    "MapSpec.terrain": "Terrain features over cells.",
    "MapSpec.elevation": "Ground heights over cells.",
    "TerrainSpec.kind": "The terrain: `wall`, `obstacle`, `difficult`, `damaging`, `water`, "
    "`hazard`, `climbable`, `impeded`, `concealed`, `updraft`, `narrow` or `landing`.",
    "TerrainSpec.height": "How tall a wall or obstacle stands (squares); for `updraft`, how "
    "many squares above the ground it lifts a glider; null for other kinds, and for a wall of no "
    "stated height.",
    "TerrainSpec.damage": "For `damaging`: the damage it deals; null for other kinds.",
    "ElevationSpec.height": "The ground's height over these cells, in squares (may be negative).",
    "CreatureSpec.at": "Its position `[x, y, z]` (z: the bottom of its space).",
    "CreatureSpec.disengage": "Squares its Disengage shifts (Draw Steel); null for the "
    "ruleset's default.",
    "BoardSpec.width": "The board's width in inches.",
    "BoardSpec.height": "The board's depth (north-south) in inches.",
    "BoardSpec.terrain": "Terrain pieces.",
    "BoardSpec.fighters": "Each fighter's place, base and runemarks, by creature id.",
    "PieceSpec.kind": "`platform` (fighters stand on top) or `obstacle` (climbable sides).",
    "PieceSpec.height": "How tall the piece is, in inches.",
    "FighterSpec.at": "Where the fighter stands, `[x, y, z]` in inches.",
    "TurnStarted.creature": "The id of the creature whose turn began.",
    "TurnEnded.creature": "The id of the creature whose turn ended.",
    "ActionConverted.into": "What the main action became: a `move` action or a `maneuver`.",
    "Shifted.cost": "Movement the shift spent, in the ruleset's unit.",
    "Teleported.distance": "The teleport's distance, in the ruleset's unit.",
    "Teleported.action": "The action that granted the teleport.",
    "ForceMoved.source": "The id of the creature that pushed, pulled or slid the target.",
    "ForceMoved.target": "The id of the creature force-moved.",
    "ForceMoved.kind": "`push` (away from the source), `pull` (toward it) or `slide` (any "
    "direction).",
    "ForceMoved.path": "The squares the target was moved through, in order; the starting "
    "square is not in it.",
    "ForceMoved.distance": "The forced movement's distance, in squares, before stability.",
    "ForceMoved.vertical": "Vertical forced movement (it may lift or slam the target).",
    "Collided.at": "Where the force-moved creature stopped, `[x, y, z]`.",
    "Collided.remaining": "Squares of forced movement left when it hit.",
    "Collided.other_creature": "The id of the creature it hit; null when it hit something else.",
    "Collided.obstacle": "What it hit otherwise (an object, the map's edge), in words; null "
    "when it hit a creature.",
    "HurledThrough.cell": "The square of the object broken through, `[x, y]`.",
    "HurledThrough.material": "What the object was made of.",
    "HurledThrough.squares": "Squares of forced movement the object cost.",
    "DamageTaken.amount": "Damage taken (Stamina lost).",
    "Fell.height": "Squares fallen.",
    "Fell.effective_height": "Squares the fall counts for damage, after what reduces it "
    "(Agility, water).",
    "KnockedProne.voluntary": "True when the creature dropped prone by choice.",
    "StoodUp.action": "What standing cost: `free` or a `maneuver`.",
    "OpportunityAttackTriggered.reactor": "The id of the creature that may strike.",
    "OpportunityAttackTriggered.target": "The id of the creature that provoked it.",
    "OpportunityAttackTriggered.at": "Where the target stands while the window is open.",
    "OpportunityAttackTriggered.resume": "The rest of the paused move, taken up when the "
    "window closes; null when nothing is paused.",
    "ResumeMove.creature": "The id of the moving creature.",
    "ResumeMove.path": "The squares still to enter, in order.",
    "ResumeMove.kind": "`move` or `shift`.",
    "ResumeMove.jumps": "Indices into `path` reached by a jump.",
    "ResumeMove.budget": "Movement still available to the move, in the ruleset's unit.",
    "ResumeMove.economy": "True when the move counts against the turn's economy.",
    "ResumeMove.jump_bonus": "Extra squares a jump test granted.",
    "ReactionResolved.decision": "`take` (the reactor struck) or `decline`.",
    "ReactionResolved.damage": "Damage the strike dealt (0 when declined or missed).",
    "JumpTested.bonus": "Squares the test added to the jump.",
    "PowerRolled.test": "What the roll tested (such as `climb creature`, `claw dirt`).",
    "ActionUsed.action": "The action spent: `main`, `maneuver` or `move`.",
    "CreaturePlaced.creature": "The creature placed, as in the create body.",
    "CreatureRemoved.creature": "The id of the creature removed from the battle.",
    "CreatureHidden.creature": "The id of the creature hidden.",
    "CreatureHidden.visible_to": "The sides whose players still see it (none: no player).",
    "CreatureRevealed.creature": "The id of the creature revealed to every player.",
    "CreatureRevealed.history": "Its past events are shown too, not only what comes next.",
    "TerrainSet.kind": "The terrain now on these cells; `clear` removes every terrain there.",
    "TerrainSet.height": "How tall a wall or obstacle stands (squares); null for other kinds, "
    "and for a wall of no stated height.",
    "TerrainSet.damage": "For `damaging`: the damage it deals; null for other kinds.",
    "ConditionSet.source": "The id of the creature that imposed it (a grabber); null when none "
    "did.",
    "DiceRolled.purpose": "The rule that rolled (such as `fall`, `jump`, `collision`).",
    "DiceRolled.dice": "The dice expression (`3d6`, `1d20+2`).",
    "DiceRolled.modifier": "Added to the faces.",
    "Tallied.name": "The count's name; one starting `battle:` lasts the whole battle, the others "
    "reset when the creature's turn starts.",
    "Tallied.amount": "Added to the count.",
    "ShieldSurfStarted.at": "Where the surf began, `[x, y, z]`.",
    "HandsChanged.items": "Items drawn into the creature's hands (above 0) or stowed (below 0).",
    "HandsChanged.held": "Items the creature holds now, besides what its way of travel needs.",
    "ShieldWorn.amount": "Durability the shield lost.",
    "ShieldWorn.left": "Durability the shield has left.",
    "ShieldWorn.terrain": "How rough the ground was: `harsh`, `normal` or `gentle`.",
    "ShieldSurfEnded.forced": "True when something ended it (the creature is knocked prone).",
    "ShieldSurfEnded.reason": "Why it ended (`minor action`, `halted`, `frozen`, `prone`, "
    "`disarmed`, `broken`).",
    "ShieldSurfEnded.shield_at": "Where a forced end dropped the shield, `[x, y, z]`; null "
    "when the end was not forced.",
    "MovedInches.path": "The fighter's start and every leg's end, `[x, y, z]` in inches.",
    "MovedInches.cost": "Inches counted against Move.",
    "MovedInches.mode": "Always `legs` for a gridless move.",
    "MovedInches.action": "Always `move`: one move action.",
    "MovedInches.climbing": "True when the fighter ends the move climbing.",
    "LegRecord.kind": "`normal`, `jump`, `climb` or `fly`.",
    "LegRecord.to": "Where the leg ended, `[x, y, z]` in inches.",
    "DroppedDown.origin": "Where the fighter was in the air, in inches.",
    "DroppedDown.to": "The surface it dropped onto, in inches.",
    "DroppedDown.height": "Inches dropped.",
    "FellInches.origin": "Where the fighter fell from, in inches.",
    "FellInches.landing": "Where it was placed, in inches.",
    "FellInches.height": "Inches fallen.",
    "FellInches.chosen_by": "Who chose the landing: `opponent`, `auto`, or `stays` (it did "
    "not move).",
    "ImpactRolled.height": "Inches dropped.",
    "ImpactRolled.roll": "The D6's face.",
    "ImpactRolled.damage": "Impact damage (4-5: 1, 6: 3).",
    "TakenDown.cause": "Why it was taken down, in words.",
    "FighterPlaced.fighter": "The fighter's place, base and runemarks.",
    "IntentAccepted.intent": "The intent as judged (the body sent to `POST .../intents`, or "
    "`undo`/`redo`/`create_battle`).",
    "IntentAccepted.dice": "The seeded dice the decision consumed, as `[sides, face]`.",
    "IntentAccepted.round": "The round it was decided in (null without turns).",
    "IntentAccepted.active": "The id of the creature whose turn it was (null without turns).",
    "IntentAccepted.trace": "The decision's explanation, step by step.",
    "ActionUndone.target": "The `intent_id` of the action undone.",
    "ActionUndone.rewind_to": "The version rewound to; null unless the undo was a rewind.",
    "ActionRedone.target": "The `intent_id` of the action redone.",
}
"""Descriptions of `Model.field` where the common meaning does not fit."""


def describer(
    common: Mapping[str, str], particular: Mapping[str, str]
) -> Callable[[dict[str, Any], type], None]:
    """A `json_schema_extra` hook: properties without a description get the glossary's.

    A model may name itself for the lookup with a `glossary_name` class attribute (the data
    models the server derives from event types use their event's name).
    """

    def fill(schema: dict[str, Any], cls: type) -> None:
        name = getattr(cls, "glossary_name", cls.__name__)
        for field, prop in schema.get("properties", {}).items():
            if not isinstance(prop, dict) or prop.get("description"):
                continue
            found = particular.get(f"{name}.{field}") or common.get(field)
            if found:
                prop["description"] = found

    return fill


fill_descriptions = describer(COMMON, PARTICULAR)
"""The hook the vocabulary's models use."""
