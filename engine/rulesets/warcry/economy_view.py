"""What a Warcry fighter has left of its activation (warcry.md, Move Action; DIGEST 5.1).

"Every fighter has a Move characteristic ... the number of inches a fighter can move in total
in a single move action": each move action has the whole Move and nothing carries over to the
next, so what is left is a whole Move while an action is left, else nothing.
"""

from __future__ import annotations

from engine.economy import WarcryEconomy, turn_of
from engine.rulesets.warcry.options import WarcryOptions
from projections.state import BattleState, Creature


def actions_per_activation(state: BattleState) -> int:
    """Actions in one activation (DIGEST 5.1: two), option `actions_per_activation`."""
    return WarcryOptions.of(state).actions_per_activation


def view(state: BattleState, c: Creature) -> WarcryEconomy:
    """Move inches while the activation has an action left (a move action takes one)."""
    turn = turn_of(state, c)
    move = float(c.speeds.get("walk", 0))
    limit = actions_per_activation(state)
    if turn == "free":
        return WarcryEconomy(
            turn=turn,
            movement_left=move,
            move=move,
            actions_left=None,
            actions_per_activation=limit,
        )
    left = max(0, limit - c.actions_used) if turn == "active" else 0
    return WarcryEconomy(
        turn=turn,
        movement_left=move if left else 0.0,
        move=move,
        actions_left=left,
        actions_per_activation=limit,
    )
