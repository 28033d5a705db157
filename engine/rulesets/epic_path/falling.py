"""Falling damage (Types of Movement: Falling; DIGEST 3.6).

1d6 per 10 ft, at most 20d6; a per-die modifier by landing surface (the `landing` terrain's
`surface` where the fall lands, else option `landing_surface`); a deliberate jump spares the
first 10 ft and a DC 15 Acrobatics check the next 10; water at least 10 ft deep spares the
first 20 ft and softens the next 20 to 1d3 per 10 ft, and a deliberate dive into water deep
enough takes none on a Movement or Acrobatics check (`dive`).
"""

from __future__ import annotations

from engine.action import Action
from engine.rulesets.epic_path.movement import EpicField
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SQUARE
from engine.rulesets.squares.dice import roll
from events.battle_events import Coord
from projections.state import Creature

FALL_CAP = 20
LANDING = {"jagged": 2, "rough": 1, "normal": 0, "soft": -1}
"""Per-die falling modifiers by landing surface (Falling): obsidian shards +2, broken trunks
or solid stone +1, ordinary ground 0, soft loam or deep grass -1."""


def surface(action: Action, f: EpicField, landing: Coord) -> str:
    """What the fall lands on (Falling: "This may also be modified by the surface being
    impacted"): the `landing` terrain's `surface` under the creature's space there (the
    hardest, if its squares differ), else the battle's option `landing_surface`."""
    g = f.grid
    marked = [g.landing[i] for i in f.cells(landing[0], landing[1])] if g.landing else []
    found = [s for s in marked if s is not None]
    if found:
        return max(found, key=lambda s: LANDING.get(s, 0))
    return EpicPathOptions.of(action.state).landing_surface


def dive(action: Action, c: Creature, feet: int, water: int) -> bool:
    """Falling into Water: "Characters who deliberately dive into water take no damage on a
    successful DC 15 Movement check or DC 15 Acrobatics check, so long as the water is at
    least 10 feet deep for every 30 feet fallen. The DC of the check, however, increases by 5
    for every 50 feet of the dive." A deliberate fall into water (a walk off a ledge) is a
    dive: with `stats.movement` or `stats.acrobatics` (the better; absent both, no check, as
    for a jump's Acrobatics) and deep enough water, d20 + that bonus against the DC."""
    skills = [c.stats[name] for name in ("movement", "acrobatics") if name in c.stats]
    if not skills or water * 3 < feet:
        return False
    bonus = max(skills)
    dc = 15 + 5 * (feet // 50)
    face = roll(action, c.id, f"dive: Movement or Acrobatics DC {dc}", 1, 20, bonus)[0]
    action.note("dive", reasons=(f"dive into {water} ft of water: {face + bonus} vs DC {dc}",))
    return face + bonus >= dc


def fall_damage(
    action: Action, c: Creature, squares: int, landing: Coord, deliberate: bool
) -> tuple[int, bool]:
    """The damage of a fall of `squares` onto `landing`, and whether it leaves `c` prone
    (when it hurts)."""
    feet = squares * SQUARE
    f = EpicField(action.state, c, "walk")
    water = f.water_depth(landing) * SQUARE
    if water >= 10 and deliberate and dive(action, c, feet, water):
        return 0, False
    if water >= 10:
        light = max(0, min(feet, 40) - 20) // 10
        heavy = max(0, feet - 40) // 10
        total = sum(roll(action, c.id, "falling into water", light, 3))
        total += sum(roll(action, c.id, "falling into water", min(heavy, FALL_CAP), 6))
        return total, total > 0
    dice = feet // 10
    if deliberate and dice:
        dice -= 1
        if dice and "acrobatics" in c.stats:
            check = roll(action, c.id, "Acrobatics DC 15", 1, 20, c.stat("acrobatics"))
            if check[0] + c.stat("acrobatics") >= 15:
                dice -= 1
    dice = min(dice, FALL_CAP)
    per_die = LANDING.get(surface(action, f, landing), 0)
    faces = roll(action, c.id, "falling", dice, 6, per_die * dice)
    total = max(0, sum(faces) + per_die * dice)
    return total, total > 0
