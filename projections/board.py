"""The gridless board in the battle state, and the reducers of the gridless events.

`Board` holds the board's spec (terrain pieces in inches) and every fighter's exact position,
base and runemarks. A creature's shared `pos` is kept as the floor of its point, so code that
only knows squares still sees roughly where it stands.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from events.battle_events import Coord
from events.gridless_events import (
    BoardSpec,
    DroppedDown,
    FellInches,
    FighterPlaced,
    FighterSpec,
    ImpactRolled,
    MovedInches,
    Point3,
    TakenDown,
)
from projections.state import BattleState


@dataclass(frozen=True, slots=True)
class Fighter:
    point: Point3
    base: float
    runemarks: frozenset[str]

    @property
    def radius(self) -> float:
        return self.base / 2


@dataclass(frozen=True, slots=True)
class Board:
    spec: BoardSpec
    fighters: dict[str, Fighter]


def fighter_from_spec(spec: FighterSpec) -> Fighter:
    return Fighter(tuple(spec.at), spec.base, frozenset(spec.runemarks))  # type: ignore[arg-type]


def board_from_spec(spec: BoardSpec | None) -> Board | None:
    if spec is None:
        return None
    fighters = {cid: fighter_from_spec(f) for cid, f in spec.fighters.items()}
    return Board(spec=spec.model_copy(update={"fighters": {}}), fighters=fighters)


def square_of(point: Point3) -> Coord:
    """The square a point lies in (the shared integer position of a gridless fighter)."""
    return (math.floor(point[0]), math.floor(point[1]), math.floor(point[2]))


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


def board_to_json(board: Board) -> dict[str, Any]:
    spec = board.spec.model_dump(mode="json")
    spec["fighters"] = {
        cid: {"at": list(f.point), "base": f.base, "runemarks": sorted(f.runemarks)}
        for cid, f in board.fighters.items()
    }
    return spec


def board_from_json(data: dict[str, Any]) -> Board | None:
    return board_from_spec(BoardSpec.model_validate(data))


def board_view(board: Board) -> dict[str, Any]:
    """The board as the state view shows it: size and terrain (fighters are creatures)."""
    spec = board.spec.model_dump(mode="json")
    spec.pop("fighters", None)
    return spec


def fighter_view(fighter: Fighter) -> dict[str, Any]:
    return {
        "position": list(fighter.point),
        "base": fighter.base,
        "runemarks": sorted(fighter.runemarks),
    }
