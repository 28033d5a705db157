"""A creature's options in words a player, or a language model acting for one, can follow.

Each option's `summary` says what it does, what it spends of the ruleset's economy (in the
ruleset's own unit), where its movement reaches, or why it is not available now. The words
are for people: creatures by name, counts with their plural, no rule ids, field names or
code marks (those stay in the option's own fields: `unavailable.rule`, `spends[].what`,
`intent`). They are built from the option and the state it was judged on, so they say
nothing the option's other fields don't.
"""

from __future__ import annotations

from typing import Any

from engine.lookups import called, in_names
from engine.options import Option, Spent
from engine.words import at, counted
from projections.state import BattleState

WHAT = {
    "move": "Move",
    "shift": "Shift (the careful step: it does not provoke)",
    "teleport": "Teleport (it does not provoke)",
    "stand_up": "Stand up",
    "fall_prone": "Drop prone",
    "start_turn": "Start {name}'s turn",
    "end_turn": "End {name}'s turn",
}
FIELDS = {
    "movement_left": "movement left",
    "advance_left": "Advance left",
    "main_converts": "main action can still become a move",
    "actions.main": "main actions",
    "actions.move": "move actions",
    "actions.maneuver": "maneuvers",
    "actions.standard": "standard actions",
    "actions.minor": "minor actions",
    "actions.full_round": "full-round action possible",
    "actions_left": "actions left",
    "double_move_left": "double move left",
    "run_left": "run left",
    "five_foot_step": "5-foot step allowed",
    "five_foot_step_used": "5-foot step taken",
    "action_points_left": "Action Points left",
    "next_diagonal_costs": "next diagonal costs",
    "may_sprint": "may Sprint",
    "may_run": "may run",
    "stood_up": "stood up",
}
"""Economy fields (dotted, as `spends[].what` names them) in words; others are spelt out."""


def _field(what: str) -> str:
    if what in FIELDS:
        return FIELDS[what]
    return " ".join(reversed(what.split("."))).replace("_", " ")


def _what(o: Option, state: BattleState) -> str:
    if o.kind == "resolve_reaction":
        window = next((p for p in state.pending if p.id == o.intent.get("reaction")), None)
        whose = f"{called(state, window.reactor)}'s" if window is not None else "the"
        kind = window.kind.replace("_", " ") if window is not None else "reaction"
        target = f" against {called(state, window.target)}" if window is not None else ""
        return f"{(o.action or 'answer').capitalize()} {whose} {kind}{target}"
    if o.kind == "shield_surf":
        return "Begin Shield Surfing" if o.action == "start" else "Stop Shield Surfing"
    name = called(state, str(o.intent.get("creature", "")))
    words = WHAT.get(o.kind, o.kind.replace("_", " ")).format(name=name)
    if o.action is not None:
        words += f" ({o.action.replace('_', ' ')}"
        mode = o.intent.get("mode")
        words += f", {mode})" if mode else ")"
    elif o.intent.get("mode"):
        words += f" ({o.intent['mode']})"
    if o.intent.get("use_main_action"):
        words += ", paying with the main (standard) action"
    if o.intent.get("action_points"):
        words += f", converting {counted(o.intent['action_points'], 'Action Point')}"
    return words


def _value(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _change(s: Spent) -> str:
    if isinstance(s.after, bool):
        return f"{_field(s.what)}: {'now' if s.after else 'no longer'}"
    return f"{_field(s.what)} {_value(s.before)} to {_value(s.after)}"


def _spends(spends: tuple[Spent, ...]) -> str:
    if not spends:
        return "It spends nothing this turn."
    changes = "; ".join(f"{_field(s.what)} {_value(s.before)} to {_value(s.after)}" for s in spends)
    return f"It changes: {changes}."


def _destination(o: Option) -> str:
    if "legs" in o.intent:
        legs = o.intent["legs"]
        end = at(legs[-1]["to"]) if legs else "?"
        return f"It moves in {counted(len(legs), 'leg')} to {end}."
    to = o.intent.get("to")
    return f"It goes to {at(to)}." if to is not None else ""


def _reach(o: Option, unit: tuple[str, str, int]) -> str:
    if o.reach is None:
        return ""
    one, many, _ = unit
    costs = list(o.reach.squares.values())
    if not costs:
        return "Nothing is in reach."
    low, high = min(costs), max(costs)
    span = f"{low} {one if low == 1 else many}" if low == high else f"{low} to {high} {many}"
    place = "point" if o.reach.region is not None else "square"
    return (
        f"{counted(len(costs), place)} in reach, costing {span}; to end elsewhere, send it "
        f"to another {place} in reach."
    )


def summary(o: Option, unit: tuple[str, str, int], state: BattleState) -> str:
    """The option in one or a few plain sentences (`unit`: the ruleset's one, many, scale;
    `state`: the battle it was judged on, for the creatures' names)."""
    what = _what(o, state)
    if o.refused is not None:
        detail = in_names(o.refused.detail.replace("`", "").rstrip("."), state)
        return f"{what}: not available now: {detail}."
    parts = [f"{what}: available.", _destination(o), _spends(o.spends), _reach(o, unit)]
    return " ".join(p for p in parts if p)


__all__ = ["summary"]
