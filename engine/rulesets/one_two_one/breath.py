"""Holding Your Breath (Reclaim the Wild, Movement, "Holding Your Breath"; DIGEST 4.2).

"A hero may hold their breath for (Fortitude) rounds of combat ... without any ill effects.
After that, the Hero takes 1 damage every round ... This damage cannot be mitigated by
Defense." A creature is under water when every square of its space is water deep enough to
cover it: the water's top (ground + depth) is at least its height above where it is, a
height of its size's side in squares (GUESS: 1T to 1L are one square tall). At the end of
each of its turns under water it counts a round (the battle-long tally `battle:breath`); a
round beyond its Fortitude (`stats.fortitude`, else the option `fortitude`) deals 1 damage
(`DamageTaken`, cause "holding breath"; nothing in this engine mitigates it). Ending a turn
out of the water starts the count afresh. A creature with `stats.breathes_water` never
counts (the text names no such creature; a GM's call). Poison gas and vacuum have no terrain
here, and out of combat (minutes) there are no turns: not modelled.
"""

from __future__ import annotations

from engine.action import Action
from engine.rulesets.one_two_one.options import OneTwoOneOptions
from engine.sizes import LADDER
from events.battle_events import DamageTaken, Tallied
from projections.state import BattleState, Creature

BREATH = "battle:breath"


def under_water(state: BattleState, c: Creature) -> bool:
    g = state.grid
    side = LADDER.side(c.size)
    x, y, z = c.pos
    for j in range(side):
        for i in range(side):
            if not g.inside(x + i, y + j):
                return False
            k = g.index(x + i, y + j)
            if g.water[k] <= 0 or g.ground[k] + g.water[k] < z + side:
                return False
    return True


def end_of_turn(action: Action, cid: str) -> None:
    c = action.state.creatures[cid]
    held = c.tally(BREATH)
    if c.stat("breathes_water") > 0 or not under_water(action.state, c):
        if held:
            action.emit(Tallied(creature=cid, name=BREATH, amount=-held))
        return
    action.emit(Tallied(creature=cid, name=BREATH))
    limit = c.stats.get("fortitude", OneTwoOneOptions.of(action.state).fortitude)
    if held + 1 > limit:
        action.emit(DamageTaken(creature=cid, amount=1, cause="holding breath"))
        action.note("breath", c.pos, reasons=(f"{cid} is out of breath: 1 damage",))
    else:
        action.note("breath", c.pos, reasons=(f"{cid} holds its breath ({held + 1}/{limit})",))
