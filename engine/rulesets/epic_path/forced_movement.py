"""Epic Path's forced-movement hooks (Types of Movement: Forced Movement, Forced Movement In
3-D; DIGEST 3.5).

Distances are in feet, less the target's resistance (`stability`); a creature that dropped
prone ignores forced movement, and may drop prone to end it unless splayed; in the air it goes
straight down (or up), in mid-water level, on the ground along the ground; a pull may carry a
target already beside the source around it. The movement itself
is the shared `squares.forced`.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.rulesets.epic_path.movement import EpicField
from engine.rulesets.epic_path.sizes import SIZES, SQUARE
from projections.state import Creature


def forced_squares(action: Action, target: Creature, distance: int) -> int:
    """The squares a forced movement of `distance` feet moves `target`: none for a creature
    that dropped prone (and isn't splayed), else the distance less its resistance."""
    if distance % SQUARE:
        raise Refusal("epic-path/distance-in-feet", f"{distance} is not in feet (a multiple of 5)")
    if target.has("prone") and target.prone_voluntary and not target.has("splayed"):
        action.note(
            "forced-ignored",
            target.pos,
            reasons=(f"{target.id} dropped prone: it ignores forced movement",),
            about=(target.id,),
        )
        return 0
    feet = max(0, distance - target.stability)
    return feet // SQUARE


def forced_axis(action: Action, intent: it.ForceMove, source: Creature, target: Creature) -> str:
    """Forced Movement In 3-D: on the ground (or the bottom of water) it goes along the
    ground; "Creatures in the middle of water ... are moved laterally"; "In cases where
    the forced movement occurs to a creature in the air, the forced movement is nearly
    always directly down", and a push that could not go down (its source is below the
    target) "moves directly up" (a pull whose source is above, likewise). Nothing is
    ever forced into blocked terrain."""
    f = EpicField(action.state, target, "walk")
    x, y, z = target.pos
    if z <= f.stand_z(x, y):
        return "ground"
    if f.in_water(target.pos):
        return "lateral"
    side = SIZES.side(source.size)
    if intent.kind == "push" and source.pos[2] + side <= z:
        return "up"
    if intent.kind == "pull" and source.pos[2] >= z + SIZES.side(target.size):
        return "up"
    return "down"


def pull_step_allowed(here: int, there: int) -> bool:
    """Pull: "Each square of this forced movement must be closer to the attacker's square(s)
    than the square being exited. If a pulled creature is already adjacent to your space, you
    can continue to pull them into any other square adjacent to your own space within the
    range of the pull": from a square beside the source, a step to another square beside it
    is a pull too (never into the source's space)."""
    return 1 <= there < here or here == there == 1


def check_prone_drop(target: Creature) -> None:
    """Forced Movement: the target "may elect to fall prone at any time during the
    forced movement (including its starting square), immediately ending" it; a splayed
    creature can't (DIGEST 3.10)."""
    if target.has("splayed"):
        raise Refusal("epic-path/splayed-cannot-drop-prone", f"{target.id} is splayed")
