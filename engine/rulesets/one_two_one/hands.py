"""What a creature holds, drawn and stowed during the battle (Reclaim the Wild, Movement:
Sprinting and Climbing).

"To activate Sprint, you must first sheathe or stow any items or weapons in your hands, unless
the item is necessary for your mode of travel ... For the remainder of your turn, you cannot
unsheathe anything or pull items from your Pack." Climbing: "you must use both hands (as well
as your feet) in order to move at all. To stay in place, you must keep at least one hand
gripped to the surface you're scaling." A creature starts holding `stats.hands_busy` items
besides its travel items; the `draw` and `stow` intents change that (`HandsChanged`, the
battle-long tally `battle:hands`). One item a hand, two hands: a two-handed item counts 2.
What drawing or stowing costs (an action, a Minor action) is the Sheathing and Belt Items
section's, which this page only points to: no action is spent here.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.rulesets.one_two_one import grip
from engine.rulesets.squares.hooks import SquareRules
from engine.ruling import deny
from events.battle_events import HandsChanged
from projections.state import BattleState, Creature

HANDS = 2
TALLY = "battle:hands"


def held(c: Creature) -> int:
    """Items `c` holds now besides what its way of travel needs."""
    return max(0, c.stat("hands_busy") + c.tally(TALLY))


def draw(rs: SquareRules, intent: it.Draw, state: BattleState, action: Action) -> None:
    """Draw items: not after Sprinting this turn, never more than its hands hold, and, while
    it clings to a face, never its last free hand."""
    c = rs.creature(state, intent.creature)
    rs.require_turn(state, c)
    now = held(c)
    if state.turns and c.tally("sprint"):
        deny(
            "one-two-one/no-drawing-after-sprint",
            f"{c.id} Sprinted: for the rest of its turn it cannot unsheathe anything or pull "
            "items from its Pack",
        )
    if now + intent.items > HANDS:
        deny("one-two-one/hands-full", f"{c.id} holds {now}: it has {HANDS} hands")
    if grip.clinging(state, c) and now + intent.items > HANDS - 1:
        deny(
            "one-two-one/keep-a-hand-gripped",
            f"{c.id} climbs: it keeps at least one hand gripped to the face to stay in place",
        )
    action.emit(HandsChanged(creature=c.id, items=intent.items, held=now + intent.items))


def stow(rs: SquareRules, intent: it.Stow, state: BattleState, action: Action) -> None:
    """Sheathe or stow items it holds."""
    c = rs.creature(state, intent.creature)
    rs.require_turn(state, c)
    now = held(c)
    if intent.items > now:
        raise Refusal("one-two-one/nothing-to-stow", f"{c.id} holds {now} item(s)")
    action.emit(HandsChanged(creature=c.id, items=-intent.items, held=now - intent.items))
