"""The lookups every intent handler starts with: a creature, an open reaction window, whose
turn it is. Each refuses with the shared rule when the thing asked for isn't there."""

from __future__ import annotations

import re

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


def called(state: BattleState, cid: str) -> str:
    """A creature as a player calls it: its name, else its id."""
    c = state.creatures.get(cid)
    return (c.name or c.id) if c is not None else cid


def in_names(sentence: str, state: BattleState) -> str:
    """A sentence of the rules with each creature's id (as a word, two letters or more)
    written as its name: the rules' sentences name creatures by id, people by name."""
    for cid, c in state.creatures.items():
        if c.name and c.name != cid and len(cid) > 1:
            sentence = re.sub(rf"(?<![\w'-]){re.escape(cid)}(?![\w-])", c.name, sentence)
    return sentence


def not_your_turn(state: BattleState, c: Creature) -> str:
    """Why `c` may not act now, and what to send: `start_turn` when no turn is under way,
    else the active creature's `end_turn` first."""
    who = called(state, c.id)
    if state.active is None:
        return f"it is not {who}'s turn: no turn is under way; send start_turn for {c.id!r} first"
    active = called(state, state.active)
    return (
        f"it is not {who}'s turn: it is {active}'s; {active}'s turn ends with "
        f"end_turn for {state.active!r}"
    )


def require_turn(state: BattleState, c: Creature) -> None:
    """With turns, only the creature whose turn it is acts (DESIGN section 4), unless the
    director rules otherwise (DESIGN section 7, Rulings)."""
    if state.turns and state.active != c.id:
        deny("turn/not-your-turn", not_your_turn(state, c))
