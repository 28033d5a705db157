"""What each intent and setup field means, for the schema clients read (`/openapi.json`).

Like the event glossary (`events/glossary.py`): a field name that means one thing in every
intent is described once in `COMMON`; `"Model.field"` in `PARTICULAR` where it differs.
Fields described beside their model (an attribute docstring) keep that description.
"""

from __future__ import annotations

from events.glossary import describer

COMMON: dict[str, str] = {
    "type": "What is asked: selects the intent's shape.",
    "rolls": "Dice the table rolled, consumed in order by the rules that roll; null (or left "
    "out): the server rolls. Players may send them only where the battle's options allow.",
    "expected_version": "The version the client decided on: if the battle has moved on, the "
    "answer is 409 and nothing is appended; null (or left out): no check.",
    "creature": "The id of the creature acting.",
    "path": "The squares to enter, in order, each `[x, y]` or `[x, y, z]` (not the starting "
    "square); null (or left out) when `to` is given instead.",
    "to": "Where to end, `[x, y]` or `[x, y, z]`; the server finds the cheapest legal path. "
    "Null (or left out) when `path` is given instead.",
    "mode": "The movement mode: `walk`, `climb`, `swim`, `fly`, `burrow` or `glide`.",
    "action": "The action that grants the movement; each ruleset names its own, and the "
    "default means the ruleset's first.",
    "distance": "The distance an effect grants, in the ruleset's unit; null (or left out) when "
    "no effect grants one (the action's own distance).",
    "use_main_action": "Spend the main action as the move action (a second move).",
    "by": "The id of an adjacent creature helping (using its own maneuver); null (or left "
    "out): no one helps.",
    "source": "The id of the creature doing it.",
    "target": "The id of the creature it is done to.",
    "kind": "The kind (see the enumeration).",
    "cells": "Squares `[x, y]`; null (or left out) when `area` is given instead.",
    "area": "A rectangle of squares, both corners included; null (or left out) when `cells` "
    "is given instead.",
    "height": "Height in squares.",
    "width": "Width in squares (east-west).",
    "material": "What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null (or "
    "left out) when not said.",
    "damage": "For `damaging`: the damage it deals; null (or left out) for other kinds.",
    "depth": "Depth of water or of a pit, in squares; null (or left out) for other kinds.",
    "hard": "A surface hard to climb or a liquid hard to swim (the Director's Might test).",
    "surface": "For `landing`: what a fall onto these squares lands on: `jagged`, `rough`, "
    "`normal` or `soft`.",
    "elevation": "The ground's new height there, in squares; null (or left out): unchanged.",
    "reaction": "The id of the reaction window (from `pending_reactions[].id`).",
    "decision": "`take` the reaction or `decline` it.",
    "condition": "The condition's name (`prone`, `slowed`, `grabbed`, `restrained`, ...).",
    "on": "True to give the condition, false to end it.",
    "until": "`end_of_turn`: the condition ends when the current turn ends; null: until removed.",
}
"""Field names with one meaning across the intents and the setup."""

PARTICULAR: dict[str, str] = {
    "Area.from": "One corner, `[x, y]`.",
    "Area.to": "The opposite corner, `[x, y]`.",
    "Leg.kind": "`normal`, `jump`, `climb` or `fly`.",
    "Leg.to": "Where the leg ends, `[x, y]` or `[x, y, z]` in inches.",
    "Move.jumps": "Indices into `path` of the squares reached by a jump.",
    "Move.jump_test": "Roll the Might or Agility test to jump farther and higher (tier 2: +1, "
    "tier 3: +2).",
    "Move.by": "`pull_up`: the id of the creature pulling a willing burrower out; null (or "
    "left out) otherwise.",
    "Move.onto": "The id of a bigger creature to climb onto; null (or left out) otherwise.",
    "Move.willing": "The creature climbed is willing (no test).",
    "Move.distance": "`free`: how far the effect lets the creature move; null (or left out) for "
    "other actions.",
    "Shift.action": "`disengage` (default) or `free` for Draw Steel; Epic Path's "
    "`five_foot_step`, `action_point`, `full_attack` or `feature`.",
    "Shift.instead_move": "Use the granted distance to move instead of shifting (then it "
    "provokes).",
    "Teleport.to": "Where to arrive, `[x, y]` or `[x, y, z]`.",
    "Teleport.source": "The id of another creature doing the teleporting (then `distance` is "
    "required); null (or left out): the creature teleports itself.",
    "Teleport.stand": "Arrive standing (a prone creature may choose to).",
    "Teleport.creature": "The id of the creature teleported.",
    "ForceMove.source": "The id of the creature pushing, pulling or sliding.",
    "ForceMove.target": "The id of the creature force-moved, or a list of ids.",
    "ForceMove.kind": "`push` (away from the source), `pull` (toward it) or `slide` (any "
    "direction).",
    "ForceMove.distance": "How many squares, before the target's stability.",
    "ForceMove.path": "The squares to move the target through (a slide's chosen route); "
    "null (or left out): the rules pick the line.",
    "ForceMove.vertical": "Vertical forced movement (it may lift the target or slam it down).",
    "ForceMove.melee_weapon": "The forced movement comes from a melee weapon attack.",
    "KnockOff.creature": "The id of the creature using the maneuver.",
    "KnockOff.target": "The id of the creature climbing or riding it, to knock off.",
    "FallingTest.creature": "The id of the fighter the attack hit.",
    "LoseGrip.creature": "The id of the climbing creature that loses its grip.",
    "Draw.creature": "The id of the creature drawing items into its hands.",
    "Stow.creature": "The id of the creature putting items away.",
    "ShieldSurf.stop": "End Shield Surfing instead of beginning it.",
    "Hide.visible_to": "The sides whose players still see it (none: no player).",
    "Reveal.history": "Show its past events too, not only what comes next.",
    "StartTurn.creature": "The id of the creature whose turn begins.",
    "EndTurn.creature": "The id of the creature whose turn ends.",
    "Adjust.creature": "The id of the creature the director adjusts.",
    "Place.creature": "The creature to place, as in the create body (`at` inside it).",
    "Remove.creature": "The id of the creature to remove from the battle.",
    "SetCondition.source": "The id of the creature imposing it (a grabber); null (or left out) "
    "when none does.",
    "SetTerrain.kind": "The terrain to put on the cells; `clear` removes every terrain there.",
    "SetTerrain.height": "How tall a wall or obstacle stands (squares); null (or left out) "
    "for other kinds, and for a wall of no stated height.",
    "TerrainSetup.kind": "The terrain: `wall`, `obstacle`, `difficult`, `damaging`, `water`, "
    "`hazard`, `climbable`, `impeded`, `concealed`, `updraft`, `narrow` or `landing`.",
    "TerrainSetup.height": "How tall a wall or obstacle stands (squares); for `updraft`, how "
    "many squares above the ground it lifts a glider; null (or left out) for other kinds, and "
    "for a wall of no stated height.",
    "ElevationSetup.height": "The ground's height over these cells, in squares (may be negative).",
    "MapSetup.height": "Height of the map in squares (north-south).",
    "MapSetup.terrain": "Terrain features over cells or areas.",
    "MapSetup.elevation": "Ground heights over cells or areas.",
}
"""Descriptions of `Model.field` where the common meaning does not fit."""

describe = describer(COMMON, PARTICULAR)
"""The `json_schema_extra` hook of intents and the battle setup."""
