"""What a creature has left of its turn in the action-point game: Move Points and Action
Points (zaldar.com, Move: Walking, Extra Walk, Running, Standing Up; DIGEST 6.1-6.2).

The turn's tallies hold what was spent (`mp`), converted (`ap`, `ap_mp`), whether it runs
(`ran`) and stood up (`stood`); the budget is `budget`, the one every move is judged
against, so the state and the judge cannot disagree.
"""

from __future__ import annotations

from engine.economy import ActionPointsEconomy, turn_of
from engine.rulesets.action_points.options import ActionPointsOptions
from projections.state import BattleState, Creature


def speed(c: Creature) -> int:
    """MOVE: the Move Points a turn gives, in 6-ft spaces (`speeds.walk`)."""
    return c.speeds.get("walk", 0)


def action_points(state: BattleState, c: Creature) -> int:
    """Action Points a turn: `stats.ap`, else the option `action_points`."""
    return c.stats.get("ap", ActionPointsOptions.of(state).action_points)


def budget(state: BattleState, c: Creature, running: bool = False) -> int:
    """Move points left: MOVE (doubled when running) + converted points - spent."""
    ran = running or c.tally("ran") > 0
    base = speed(c) * (2 if ran else 1)
    if not state.turns:
        return base
    return base + c.tally("ap_mp") - c.tally("mp")


def move_left(state: BattleState, c: Creature) -> int:
    """Move Points left this turn: MOVE (doubled while running) plus the Action Points
    converted, less what walking, crawling, climbing, swimming, jumping and standing up
    spent; 0 while it waits for its turn; without turns each move has the whole MOVE."""
    turn = turn_of(state, c)
    if turn == "waiting":
        return 0
    return max(0, budget(state, c))


def convertible(state: BattleState, c: Creature, left: int) -> int:
    """Action Points that may still become Move Points: all those left, but a runner only
    its one Action Point of the round, and none where the table lets no runner convert."""
    if not c.tally("ran"):
        return left
    if not ActionPointsOptions.of(state).run_converts_action_point:
        return 0
    return max(0, min(left, 1 - c.tally("ap")))


def view(state: BattleState, c: Creature) -> ActionPointsEconomy:
    """The action-point game's economy (Move: Walking, Extra Walk, Running, Standing Up):
    Move Points left and spent, Action Points left and those that may still become Move
    Points, and whether it runs or may still run this turn."""
    turn = turn_of(state, c)
    on = turn == "active"
    running = on and c.tally("ran") > 0
    stood = on and c.tally("stood") > 0
    spent_ap = c.tally("ap") if on else 0
    ap_left = 0 if turn == "waiting" else max(0, action_points(state, c) - spent_ap)
    return ActionPointsEconomy(
        turn=turn,
        movement_left=move_left(state, c),
        move=speed(c) * (2 if running else 1),
        spent=c.tally("mp") if on else 0,
        converted=c.tally("ap_mp") if on else 0,
        action_points_left=ap_left,
        convertible=convertible(state, c, ap_left) if on else ap_left,
        running=running,
        may_run=turn != "waiting" and not running and not stood and spent_ap <= 1,
        stood_up=stood,
    )
