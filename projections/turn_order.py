"""Who may take the next turn: the table's order (`OrderSet`) read against the round so far.

None of the rule texts fixes an order; the table does (each RULES.md says so). Two shapes
cover the tables the rulesets are played at: a list of creatures (rolled or chosen
initiative), each acting once a round in that order; or sides taking turns (Draw Steel's
sides alternating, Warcry's alternating activations), where the side whose turn it is sends
any one of its creatures that has not acted this round, and a side with none left is passed
over. A round is over when every creature in the order still standing has acted.
"""

from __future__ import annotations

from dataclasses import dataclass

from projections.state import BattleState, TurnOrder


@dataclass(frozen=True)
class NextUp:
    """The next turn: its round, the creatures that may start it, and (by sides) whose side."""

    round: int
    creatures: tuple[str, ...]
    side: str | None = None


def standing(state: BattleState, cid: str) -> bool:
    c = state.creatures.get(cid)
    return c is not None and c.hp > 0


def in_order(state: BattleState, order: TurnOrder) -> list[str]:
    """The creatures the order covers that are on the map and standing, in the order's
    sequence (by sides: each side's creatures by id)."""
    if order.creatures:
        return [cid for cid in order.creatures if standing(state, cid)]
    sides = set(order.sides)
    return sorted(
        cid for cid, c in state.creatures.items() if c.side in sides and standing(state, cid)
    )


def round_over(state: BattleState) -> bool:
    """Every creature that may act this round has started its turn (the last may be under
    way: the turn after it begins the next round)."""
    if not state.acted:
        return False
    if state.order is None:
        alive = {cid for cid in state.creatures if standing(state, cid)}
        return alive <= state.acted
    return set(in_order(state, state.order)) <= state.acted


def next_up(state: BattleState) -> NextUp:
    """Who may start the turn after the present one (or now, when none is under way)."""
    over = round_over(state)
    acted = frozenset() if over else state.acted
    round_ = state.round + 1 if over else state.round
    order = state.order
    if order is None:
        alive = sorted(cid for cid in state.creatures if standing(state, cid))
        return NextUp(round_, tuple(cid for cid in alive if cid not in acted))
    waiting = [cid for cid in in_order(state, order) if cid not in acted]
    if order.creatures:
        return NextUp(round_, tuple(waiting[:1]))
    side = _next_side(state, order, waiting, None if over else state.last)
    return NextUp(round_, tuple(c for c in waiting if state.creatures[c].side == side), side)


def _next_side(
    state: BattleState, order: TurnOrder, waiting: list[str], last: str | None
) -> str | None:
    """The side after the one that acted last (the first side at a round's start) that still
    has a creature to act."""
    sides = order.sides
    with_turns = {state.creatures[cid].side for cid in waiting}
    last_c = state.creatures.get(last) if last is not None else None
    start = sides.index(last_c.side) + 1 if last_c and last_c.side in sides else 0
    for i in range(len(sides)):
        side = sides[(start + i) % len(sides)]
        if side in with_turns:
            return side
    return None
