"""Turns and the turn order: who may start a turn, and the director's order (DESIGN section 4).

None of the five rule texts says who acts when (each RULES.md says so): the table decides,
and the director writes its decision in the log with `set_order`. From then on the server
holds the battle to it: a turn starts only for the creature (or a creature of the side)
whose turn is next, each creature once a round, and the round advances when every creature
in the order still standing has acted. Without an order, any creature that has not acted
this round may start its turn, as before. Delaying or readying (starting a turn out of
order) and changing the order mid-round set the order aside, so they are the director's
rulings (`overrule`), recorded as `RuleOverruled`.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.lookups import called, creature
from engine.results import Refusal
from engine.ruling import deny
from events.battle_events import TurnStarted
from events.table_events import OrderSet
from projections.state import BattleState, Creature
from projections.turn_order import in_order, next_up, round_over


def names(state: BattleState, ids: tuple[str, ...] | list[str]) -> str:
    """Creatures as a player reads a list of them: "Goblin", "Goblin or Orc", "A, B or C"."""
    shown = [called(state, cid) for cid in ids]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def check_start(state: BattleState, c: Creature) -> bool:
    """May `c` start a turn now? Returns whether it starts a new round. Refuses with the rule
    and what to send instead; the order's rules (out of order, not in the order) a ruling may
    set aside."""
    if not state.turns:
        raise Refusal("turn/no-turns", "this battle runs without turns: just send the move")
    if state.active is not None:
        active = called(state, state.active)
        raise Refusal(
            "turn/turn-in-progress",
            f"{active}'s turn has not ended: send end_turn for {state.active!r} first",
        )
    new_round = round_over(state)
    if c.id in state.acted and not new_round:
        raise Refusal(
            "turn/already-acted",
            f"{called(state, c.id)} has already had a turn in round {state.round}"
            + _waiting_hint(state),
        )
    if state.order is None:
        return new_round
    if c.id not in in_order(state, state.order):
        deny(
            "turn/not-in-order",
            f"{called(state, c.id)} is not in the turn order: the director adds it with set_order",
        )
        return new_round
    up = next_up(state)
    if c.id not in up.creatures:
        side = f" (side {up.side})" if up.side else ""
        ids = ", ".join(repr(cid) for cid in up.creatures)
        deny(
            "turn/out-of-order",
            f"it is {names(state, up.creatures)}'s turn next{side}, not "
            f"{called(state, c.id)}'s: send start_turn for {ids}",
        )
    return new_round


def _waiting_hint(state: BattleState) -> str:
    up = next_up(state)
    if not up.creatures:
        return ""
    ids = ", ".join(repr(cid) for cid in up.creatures)
    return f": {names(state, up.creatures)} may start next (send start_turn for {ids})"


def start_turn(state: BattleState, c: Creature, new_round: bool, action: Action) -> None:
    round_ = state.round + 1 if new_round else state.round
    action.emit(TurnStarted(creature=c.id, round=round_))
    action.note("turn", reasons=(f"round {round_}: {called(state, c.id)}'s turn starts",))


def set_order(intent: it.SetOrder, state: BattleState, action: Action) -> None:
    """Write the table's order into the log. Each creature or side once; creatures must be
    in the battle and sides must have a creature. Mid-round (a turn of the round taken and
    creatures in the order still to act) it sets the round's order aside: a ruling."""
    if (intent.creatures is None) == (intent.sides is None):
        raise Refusal("turn/order-shape", "set_order takes `creatures` or `sides`, one of them")
    listed = intent.creatures if intent.creatures is not None else intent.sides or []
    if not listed:
        raise Refusal("turn/order-empty", "the order names nobody: list at least one")
    twice = sorted({x for x in listed if listed.count(x) > 1})
    if twice:
        raise Refusal("turn/order-repeats", f"the order names {', '.join(twice)} more than once")
    if intent.creatures is not None:
        for cid in intent.creatures:
            creature(state, cid)
    else:
        present = {c.side for c in state.creatures.values()}
        unknown = [side for side in listed if side not in present]
        if unknown:
            raise Refusal(
                "turn/unknown-side",
                f"no creature fights on {', '.join(unknown)} (sides: {', '.join(sorted(present))})",
            )
    if state.acted and not round_over(state):
        deny(
            "turn/order-changed",
            f"round {state.round} is under way: changing its order is a ruling; send the "
            "set_order with overrule and a reason, or once the round is over",
        )
    given = intent.overrule.reason if intent.overrule is not None else None
    action.emit(OrderSet(creatures=intent.creatures or [], sides=intent.sides or [], reason=given))
