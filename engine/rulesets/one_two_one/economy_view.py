"""What a Reclaim the Wild creature has left of its turn: Movement, the 1-2-1 count, Sprint
and its Standard and Minor actions (Movement; Sprinting; DIGEST 4.1).

The turn's tallies hold the Movement spent (`spent`, standing up included), the diagonals
entered (`diagonals`: "count every second diagonal square as two", over the whole turn),
Sprint (`sprint`) and Charge (`charge`); the budget is `budget`, the one every move is judged
against.
"""

from __future__ import annotations

from engine.economy import ReclaimTheWildActions, ReclaimTheWildEconomy, turn_of
from engine.rulesets.one_two_one.hands import held
from engine.rulesets.one_two_one.options import OneTwoOneOptions
from projections.state import BattleState, Creature


def movement(state: BattleState, c: Creature) -> int:
    """A creature's Movement: its `speeds.walk`, else the option `movement` ("typically,
    Heroes have 6 Movement")."""
    return c.speeds.get("walk", OneTwoOneOptions.of(state).movement)


def budget(state: BattleState, c: Creature, sprinting: bool = False) -> int:
    """What a move may spend: Movement, doubled by a Sprint (this turn's, or this move's),
    less what the turn spent; without turns each move has it whole."""
    sprint = sprinting or c.tally("sprint") > 0
    full = movement(state, c) * (2 if sprint else 1)
    return full - c.tally("spent") if state.turns else full


def move_left(state: BattleState, c: Creature) -> int:
    """Movement left this turn: Movement (doubled by a Sprint) less what was spent; nothing
    after a Charge ("You can't move afterwards", DIGEST 4.1), nor while it waits for its turn;
    without turns each move has the whole Movement."""
    turn = turn_of(state, c)
    if turn == "waiting" or (turn == "active" and c.tally("charge")):
        return 0
    return max(0, budget(state, c))


def may_sprint(state: BattleState, c: Creature) -> bool:
    """Sprint spends the Standard Action once a turn, with hands stowed (`_sprint`)."""
    if held(c) > 0 and OneTwoOneOptions.of(state).sprint_needs_empty_hands:
        return False
    turn = turn_of(state, c)
    if turn == "free":
        return True
    return turn == "active" and not c.tally("sprint") and c.main_actions > 0


def view(state: BattleState, c: Creature) -> ReclaimTheWildEconomy:
    """Reclaim the Wild's economy (Movement; Sprinting): Movement left and spent, the turn's
    diagonals and what the next one costs ("1-2-1"), Sprint, Charge, the items in its hands
    (`hands`), and the Standard and Minor actions left."""
    turn = turn_of(state, c)
    on = turn == "active"
    diagonals = c.tally("diagonals") if on else 0
    actions = None
    if turn != "free":
        actions = ReclaimTheWildActions(
            standard=c.main_actions if on else 0, minor=c.maneuvers if on else 0
        )
    return ReclaimTheWildEconomy(
        turn=turn,
        movement_left=move_left(state, c),
        movement=movement(state, c),
        spent=c.tally("spent") if on else 0,
        diagonals=diagonals,
        next_diagonal_costs=2 if diagonals % 2 else 1,
        sprinting=on and c.tally("sprint") > 0,
        may_sprint=may_sprint(state, c),
        charged=on and c.tally("charge") > 0,
        held_items=held(c),
        actions=actions,
    )
