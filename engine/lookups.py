"""The lookups every intent handler starts with: a creature, an open reaction window, whose
turn it is. Each refuses with the shared rule when the thing asked for isn't there."""

from __future__ import annotations

from engine.results import Refusal
from engine.ruling import deny
from projections.state import BattleState, Creature, PendingReaction


def creature(state: BattleState, cid: str) -> Creature:
    """The creature `cid` (refused when there is none)."""
    c = state.creatures.get(cid)
    if c is None:
        raise Refusal("battle/unknown-creature", f"there is no creature {cid!r}")
    return c


def window(state: BattleState, reaction: str) -> PendingReaction:
    """The open reaction window `reaction` (refused when there is none)."""
    pending = next((p for p in state.pending if p.id == reaction), None)
    if pending is None:
        raise Refusal("reaction/window-closed", f"no open reaction window {reaction!r}")
    return pending


def require_turn(state: BattleState, c: Creature) -> None:
    """With turns, only the creature whose turn it is acts (DESIGN section 4), unless the
    director rules otherwise (DESIGN section 7, Rulings)."""
    if state.turns and state.active != c.id:
        deny("turn/not-your-turn", f"it is not {c.id}'s turn")
