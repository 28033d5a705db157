"""Charge (Reclaim the Wild, "Other Actions"; DIGEST 4.1, SRC: not on the Movement page).

"You become Off-Balance, then move as if Sprinting (hands needn't be empty), directly toward
the target, then make a Strike. You need your full Movement unused, and you must not be
Slowed or Halted. You can't move afterwards. If the Charge can't complete, it fails."

The `move` intent's action `charge` names its target in `primary`. It spends the Standard
Action (as Sprint does, whose movement it copies: Movement and the vertical jump doubled),
sets Off-Balance until the end of the turn (GUESS: the text gives no end), and every step
must end nearer the target's space (GUESS for "directly toward": the gap never stays the
same or grows); the move must end next to the target, or the Charge fails and nothing
happens (a refusal). Without `path` or `to` it takes the cheapest square next to the target.
The Strike itself is an attack, not movement: not modelled. Afterwards, no more movement
this turn (`one-two-one/charged`).
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.lookups import creature
from engine.results import Refusal
from engine.rulesets.one_two_one.movement import OneTwoOneField
from engine.rulesets.squares import search
from events.battle_events import ActionUsed, ConditionSet, Coord, Tallied
from projections.state import BattleState, Creature


def target_of(intent: it.Move, state: BattleState, c: Creature) -> Creature:
    if intent.primary is None:
        raise Refusal("one-two-one/charge-needs-target", "a Charge names its target (`primary`)")
    target = creature(state, intent.primary)
    if target.id == c.id:
        raise Refusal("one-two-one/charge-needs-target", "a creature can't charge itself")
    if state.turns and c.tally("spent") > 0:
        raise Refusal("one-two-one/charge-needs-full-movement", f"{c.id} has already used Movement")
    for condition in ("slowed", "halted"):
        if c.has(condition):
            raise Refusal(f"one-two-one/charge-while-{condition}", f"{c.id} is {condition}")
    return target


def begin(state: BattleState, c: Creature, action: Action) -> None:
    if state.turns:
        if c.main_actions <= 0:
            raise Refusal("one-two-one/no-standard-action", "a Charge spends the Standard Action")
        action.emit(ActionUsed(creature=c.id, action="main"))
        action.emit(Tallied(creature=c.id, name="charge"))
    if not c.has("off_balance"):
        action.emit(
            ConditionSet(creature=c.id, condition="off_balance", on=True, until="end_of_turn")
        )
    action.note("charge", reasons=("Charge: Off-Balance, moving as if Sprinting",))


def default_path(f: OneTwoOneField, c: Creature, budget: int) -> list[Coord]:
    found = search.reachable(f, c.pos, budget)
    beside = sorted((g, p) for p, g in found.items() if f.beside_target(p))
    if not beside:
        raise Refusal("one-two-one/charge-must-reach", f"{c.id} can't reach its target")
    path = search.route(f, c.pos, beside[0][1], budget)
    assert path is not None
    return path


def check_end(f: OneTwoOneField, path: list[Coord]) -> None:
    if not f.beside_target(path[-1]):
        raise Refusal(
            "one-two-one/charge-must-reach",
            "a Charge ends next to its target (or fails)",
            len(path) - 1,
        )
