"""Standing up from prone or splayed (Types of Movement: Prone; DIGEST 3.7, 3.10).

A move action that provokes as leaving a threatened square and counts as movement. (A quelled
creature stands with its 5-foot step, `stepping`.)
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.rulesets.epic_path import economy, moves
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.squares.hooks import SquareRules
from engine.rulesets.squares.run import Run
from engine.rulesets.squares.walking import open_windows
from events.battle_events import ConditionSet, StoodUp, Tallied
from projections.state import BattleState


def stand_up(rs: SquareRules, intent: it.StandUp, state: BattleState, action: Action) -> None:
    """Standing from prone or splayed is a move action that provokes as leaving a
    threatened square (DIGEST 3.10); it counts as movement (no 5-foot step that round).
    Option `stand_up_provokes` (default true) turns the attacks off for a table that
    doesn't use them. It may carry a `part_of_move` activity (`moves.part_of_move`)."""
    c = rs.creature(state, intent.creature)
    if not (c.has("prone") or c.has("splayed")):
        raise Refusal("epic-path/not-prone", f"{c.id} is not prone or splayed")
    rs.require_turn(state, c)
    moves.part_of_move(state, c, "stand_up", intent, action)
    economy.spend(state, c, "walk", intent.use_main_action, action)
    if c.has("prone"):
        action.emit(StoodUp(creature=c.id, action="move"))
    if c.has("splayed"):
        action.emit(ConditionSet(creature=c.id, condition="splayed", on=False))
    if state.turns:
        action.emit(Tallied(creature=c.id, name="moved"))
    if EpicPathOptions.of(state).stand_up_provokes:
        run = Run(c.id, [], "walk", "stand_up", 0, False)
        hit = rs.triggers(action, c, c.pos, c.pos, run)
        if hit:
            open_windows(rs, action, c, c.pos, hit, run)
