"""A creature's options in words a player, or a language model acting for one, can follow.

Each option's `summary` says what it does, what it spends of the ruleset's economy (in the
ruleset's own unit), where its movement reaches and how to ask for another square, or why it
is not available now (the rule and its sentence). The words are built from the option alone,
so they say nothing the option's other fields don't.
"""

from __future__ import annotations

from typing import Any

from engine.options import Option, Spent

WHAT = {
    "move": "Move",
    "shift": "Shift (the ruleset's careful step; it does not provoke)",
    "teleport": "Teleport (it does not provoke)",
    "stand_up": "Stand up",
    "fall_prone": "Drop prone",
    "start_turn": "Start this creature's turn",
    "end_turn": "End this creature's turn",
}


def _what(o: Option) -> str:
    if o.kind == "resolve_reaction":
        return f"Answer reaction window {o.intent.get('reaction')}: {o.action} the reaction"
    if o.kind == "shield_surf":
        return "Begin Shield Surfing" if o.action == "start" else "Stop Shield Surfing"
    words = WHAT.get(o.kind, o.kind)
    if o.action is not None:
        words += f" with the `{o.action}` action"
    mode = o.intent.get("mode")
    if mode:
        words += f" ({mode})"
    return words


def _value(v: Any) -> str:
    return "none" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


def _spends(spends: tuple[Spent, ...]) -> str:
    if not spends:
        return "It spends nothing of the turn's economy."
    changes = "; ".join(f"{s.what} {_value(s.before)} -> {_value(s.after)}" for s in spends)
    return f"Its economy changes: {changes}."


def _destination(o: Option) -> str:
    if "legs" in o.intent:
        legs = o.intent["legs"]
        end = legs[-1]["to"] if legs else "?"
        return f"The intent moves in {len(legs)} leg(s) to {end}."
    to = o.intent.get("to")
    return f"The intent goes to {to}." if to is not None else ""


def _reach(o: Option, unit: tuple[str, str, int]) -> str:
    if o.reach is None:
        return ""
    one, many, _ = unit
    costs = list(o.reach.squares.values())
    if not costs:
        return "Nothing is in reach."
    low, high = min(costs), max(costs)
    span = f"{low} {one if low == 1 else many}" if low == high else f"{low} to {high} {many}"
    if o.reach.region is not None:
        how = "`legs` set to the legs of another point of `reach.region.points`"
    else:
        how = "`to` set to another square of `reach.squares`"
    return (
        f"{len(costs)} square(s) are in reach, costing {span}; to end elsewhere, submit the"
        f" intent with {how}."
    )


def summary(o: Option, unit: tuple[str, str, int]) -> str:
    """The option in one or a few plain sentences (`unit`: the ruleset's one, many, scale)."""
    what = _what(o)
    if o.refused is not None:
        return f"{what}: not available now. {o.refused.detail} (rule `{o.refused.rule}`)."
    parts = [f"{what}: available.", _destination(o), _spends(o.spends), _reach(o, unit)]
    return " ".join(p for p in parts if p)


__all__ = ["summary"]
