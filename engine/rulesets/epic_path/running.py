"""The run's flat-footed condition (Types of Movement: Run).

"After any turn in which a character performs the run action, they gain the flat-footed
condition until the start of their next turn, unless they have the Runner (Feat)": set as the
turn ends (`flat-footed`, shown in the state's conditions), lifted as the creature's next turn
starts. What the text says flat-footed changes here is the reactor's side of attacks of
opportunity (a flat-footed creature takes none without `stats.combat_reflexes`,
`opportunity.triggers`); its loss of Dexterity to AC is attack maths, not movement.
"""

from __future__ import annotations

from engine.action import Action
from events.battle_events import ConditionSet
from projections.state import BattleState, Creature

CONDITION = "flat-footed"
RAN = "ran"
"""The per-turn tally a run leaves (reset as the creature's next turn starts)."""


def after_turn(action: Action, cid: str) -> None:
    """The turn of `cid` has ended: a creature that ran this turn (and lacks the Runner feat,
    `stats.runner`) is flat-footed until the start of its next turn."""
    c = action.state.creatures.get(cid)
    if c is None or not c.tally(RAN) or c.stat("runner") > 0 or c.has(CONDITION):
        return
    action.emit(ConditionSet(creature=cid, condition=CONDITION, on=True))
    action.note("flat-footed", c.pos, reasons=(f"{cid} ran this turn: flat-footed until its next",))


def flat_footed_until_now(state: BattleState, c: Creature) -> bool:
    """Whether `c` is flat-footed from a run of its last turn, which its new turn lifts (a
    `flat-footed` the director set without a run stays)."""
    return c.has(CONDITION) and c.tally(RAN) > 0 and state.turns


def lift(action: Action, c: Creature) -> None:
    """The start of its next turn: the run's flat-footed condition ends."""
    action.emit(ConditionSet(creature=c.id, condition=CONDITION, on=False))
