"""What an Epic Path creature has left this round, in feet and actions (Types of Movement:
General Movement Rules, Actions, 5-Foot Step; DIGEST 3.2).

A move action walks up to the creature's speed and is not split ("When you have moved a
distance equal to your movement rate ... you must stop moving for this round"); "Your
movement refreshes when you get another turn". So what is left is read off the actions left,
through the same checks a move makes (`economy.needs`), never kept as a running count.
"""

from __future__ import annotations

from engine.economy import EpicPathActions, EpicPathEconomy, turn_of
from engine.results import Refusal
from engine.rulesets.epic_path import economy
from engine.rulesets.epic_path.sizes import SQUARE
from engine.rulesets.epic_path.stepping import ACTION_POINTS
from projections.state import BattleState, Creature


def _allowed(state: BattleState, c: Creature, name: str) -> bool:
    """Could `c` take the move action `name` now (its actions left, no 5-foot step taken)?"""
    try:
        economy.needs(state, c, name, False)
    except Refusal:
        return False
    return True


def _down(c: Creature) -> bool:
    return c.has("prone") or c.has("splayed")


def _best(c: Creature, multiplier: int = 1) -> int:
    """The farthest one move goes: each mode's allowance is its speed (times the double
    move's or run's multiplier), and modes share one budget (Combining Movement Types)."""
    return max((economy.speed(c, m) * multiplier for m in c.speeds), default=0)


def move_left(state: BattleState, c: Creature, best: bool = False) -> int:
    """Feet a further move by the creature's own move action may cover: a walk up to its
    walk speed (`best`: its best speed, which another movement type may reach); a prone or
    splayed creature's crawl, and an overburdened creature's move, 5 ft; 0 when its turn holds
    no such action any more (or it isn't its turn)."""
    turn = turn_of(state, c)
    if turn == "waiting":
        return 0
    down = _down(c)
    if turn == "active" and not _allowed(state, c, "crawl" if down else "walk"):
        return 0
    if down or economy.overburdened(c):
        return SQUARE
    return _best(c) if best or "walk" not in c.speeds else economy.speed(c, "walk")


def view(state: BattleState, c: Creature) -> EpicPathEconomy:
    """Epic Path's economy (Types of Movement: Actions, Double Move, Run, 5-Foot Step;
    DIGEST 3.2): the feet a further move goes, the standard and move actions left and whether
    a full-round action still fits, how far a double move or a run could go now, and the
    5-foot step's eligibility ("Perform No Other Movement", "Action Point")."""
    turn = turn_of(state, c)
    active = turn != "waiting"
    free_to_go = active and not _down(c) and not economy.overburdened(c)
    doubled = free_to_go and _allowed(state, c, "double_move")
    runs = free_to_go and not (c.has("blinded") or c.has("fatigued"))
    runs = runs and _allowed(state, c, "run")
    stepped = c.tally("stepped") > 0 and turn == "active"
    moved = c.tally("moved") > 0 and turn == "active"
    may_step = active and not (moved or stepped or c.has("prone"))
    may_step = may_step and economy.speed(c, "walk") > SQUARE
    actions = None
    if turn != "free":
        standard = c.main_actions if active else 0
        move = c.move_actions if active else 0
        full_round = standard > 0 and move > 0
        actions = EpicPathActions(standard=standard, move=move, full_round=full_round)
    return EpicPathEconomy(
        turn=turn,
        movement_left=move_left(state, c),
        speeds={m: economy.speed(c, m) for m in sorted(c.speeds)},
        actions=actions,
        double_move_left=_best(c, 2) if doubled else 0,
        run_left=_best(c, economy.multiplier(state, c, "run")) if runs else 0,
        moved=moved,
        five_foot_step=may_step,
        five_foot_step_used=stepped,
        action_points_left=max(0, c.stat("action_points") - c.tally(ACTION_POINTS)),
    )
