"""The reducers of the gridless events: a fighter's exact point on the board moves, and its
shared square (`square_of`) with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from events.gridless_events import (
    DroppedDown,
    FellInches,
    FighterPlaced,
    ImpactRolled,
    MovedInches,
    Point3,
    TakenDown,
)
from projections.board import Board, fighter_from_spec, square_of
from projections.state import BattleState


def _set_point(s: BattleState, cid: str, point: Point3, **changes: Any) -> BattleState:
    board, c = s.board, s.creatures.get(cid)
    if not isinstance(board, Board) or c is None or cid not in board.fighters:
        return s
    fighters = dict(board.fighters)
    fighters[cid] = replace(board.fighters[cid], point=point)
    creatures = dict(s.creatures)
    creatures[cid] = replace(c, pos=square_of(point), **changes)
    return replace(s, board=replace(board, fighters=fighters), creatures=creatures)


def _moved(s: BattleState, e: MovedInches) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None or not e.path:
        return s
    conditions = c.conditions | {"climbing"} if e.climbing else c.conditions - {"climbing"}
    used = c.actions_used + 1 if e.starts_action else c.actions_used
    return _set_point(s, e.creature, e.path[-1], conditions=conditions, actions_used=used)


def _dropped(s: BattleState, e: DroppedDown) -> BattleState:
    return _set_point(s, e.creature, e.to)


def _fell(s: BattleState, e: FellInches) -> BattleState:
    c = s.creatures.get(e.creature)
    if c is None:
        return s
    return _set_point(s, e.creature, e.landing, conditions=c.conditions - {"climbing"})


def _impact(s: BattleState, e: ImpactRolled) -> BattleState:
    return replace(s, dice_counter=s.dice_counter + 1) if e.seeded else s


def _taken_down(s: BattleState, e: TakenDown) -> BattleState:
    creatures = dict(s.creatures)
    creatures.pop(e.creature, None)
    pending = tuple(p for p in s.pending if e.creature not in (p.reactor, p.target))
    active = None if s.active == e.creature else s.active
    board = s.board
    if isinstance(board, Board) and e.creature in board.fighters:
        fighters = {k: v for k, v in board.fighters.items() if k != e.creature}
        board = replace(board, fighters=fighters)
    return replace(s, creatures=creatures, pending=pending, active=active, board=board)


def _placed(s: BattleState, e: FighterPlaced) -> BattleState:
    board = s.board
    if not isinstance(board, Board):
        return s
    fighters = {**board.fighters, e.creature: fighter_from_spec(e.fighter)}
    return replace(s, board=replace(board, fighters=fighters))


GRIDLESS_HANDLERS: dict[str, Callable[[BattleState, Any], BattleState]] = {
    "MovedInches": _moved,
    "DroppedDown": _dropped,
    "FellInches": _fell,
    "ImpactRolled": _impact,
    "TakenDown": _taken_down,
    "FighterPlaced": _placed,
}
