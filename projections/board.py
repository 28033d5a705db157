"""The gridless board in the battle state (the gridless events' reducers are in
`projections.gridless`).

`Board` holds the board's spec (terrain pieces in inches) and every fighter's exact position,
base and runemarks. A creature's shared `pos` is kept as the floor of its point, so code that
only knows squares still sees roughly where it stands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from events.battle_events import Coord
from events.gridless_events import BoardSpec, FighterSpec, Point3


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
