"""Collisions (Types of Movement: Collisions; DIGEST 3.6): obstructions a mover couldn't see
and what bumping into them, or being forced into something, deals.

A run or a charge is not cautious: met in a `concealed` square, a wall or object stops it
and deals 1d6 per 10 ft of its speed; any other movement just stops. Forced movement stops
before an obstruction without damage unless the table rules it uncautious (option
`forced_collisions`).
"""

from __future__ import annotations

from engine.action import Action
from engine.rulesets.epic_path import economy
from engine.rulesets.epic_path.movement import EpicField
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SQUARE
from engine.rulesets.squares.dice import roll
from engine.rulesets.squares.forced import collided
from engine.rulesets.squares.run import Run
from events.battle_events import Collided, Coord, DamageTaken
from projections.state import Creature

CAREFUL = ("walk", "double_move", "withdraw", "crawl", "clamber", "five_foot_step")
"""Cautious movement: bumping into things deals no damage (Collisions)."""


def unseen(f: EpicField, c: Creature, path: list[Coord]) -> tuple[list[Coord], Coord | None]:
    """The path up to an obstruction the mover can't see (a wall or object in a
    `concealed` square, met rising in its way), and that square (Collisions)."""
    g = f.grid
    prev = c.pos
    for i, to in enumerate(path):
        if not f.inside(to[0], to[1]):
            break  # the judge refuses it
        cells = f.cells(to[0], to[1])
        hidden = any(g.concealed[k] for k in cells) and any(g.solid[k] for k in cells)
        if hidden and f.stand_z(to[0], to[1]) > prev[2] and not f.flying:
            return path[:i], (to[0], to[1], prev[2])
        prev = to
    return path, None


def bumped(action: Action, run: Run) -> None:
    """Collisions: a run or a charge is not cautious, so running into an obstruction it
    couldn't see deals "1d6 of damage per ten feet of his speed at the moment of the
    collision" (its walk speed); a cautious walk or double move "would take no damage at
    all from bumping into things". Creatures never cause collisions (they duck), and a
    charge into its own target never harms the charger (the path may not enter it)."""
    if run.bump is None:
        return
    c = action.state.creatures[run.creature]
    where = list(run.bump)[:2]
    if run.action in CAREFUL:
        action.note(
            "stops",
            c.pos,
            reasons=(f"an unseen obstruction at {where}: moving cautiously, no damage",),
        )
        return
    action.follow_up()
    action.emit(Collided(creature=c.id, at=c.pos, remaining=0, obstacle=f"unseen {where}"))
    speed = economy.speed(c, "walk")
    damage = sum(roll(action, c.id, f"collision at {speed} ft", speed // 10, 6))
    if damage:
        action.emit(DamageTaken(creature=c.id, amount=damage, cause="collision"))


def forced_into(action: Action, cid: str, at: Coord, remaining: int, what: str) -> None:
    """Push, pull and slide stop before an obstruction without damage (the text); with
    option `forced_collisions` the table rules the forced movement uncautious, like being
    swept away (Collisions): 1d6 per 10 ft of the movement left when it hit."""
    if not EpicPathOptions.of(action.state).forced_collisions:
        return
    if collided(action, cid, at, remaining, what) is not None:
        return  # "Collisions rarely occur between creatures, who are assumed to duck"
    damage = sum(roll(action, cid, "collision", remaining * SQUARE // 10, 6))
    if damage:
        action.emit(DamageTaken(creature=cid, amount=damage, cause="collision"))
