"""Gridless (tabletop) value types and events: a board in inches, fighters on round bases.

Warcry (rules/warcry.md) is measured in inches without squares. Positions are floats
`(x, y, z)`: x east, y south, z up (the height of the bottom of the base). The board and each
fighter's exact position live beside the shared grid state (`BattleState.board`); a creature's
integer `pos` is kept as the floor of its point so grid-only code still sees a square.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from events.creature_fields import CreatureId
from events.glossary import fill_descriptions
from events.vocabulary import Event, registry

Point3 = tuple[float, float, float]
"""A position in inches: the centre of a base at the height of its underside."""
Point2 = tuple[float, float]

MAX_BOARD = 200.0
"""The longest side of a board, in inches (a table is rarely longer than 6 feet)."""


class GridlessValue(BaseModel):
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        json_schema_extra=fill_descriptions,
    )


class PieceSpec(GridlessValue):
    """One terrain piece: a vertical prism over `polygon` from `bottom` to `bottom + height`.

    `platform`: its top is a platform (fighters stand on it) and its sides are obstacles;
    `obstacle`: climbable sides, no platform on top. A piece at most 1" high is low terrain.
    """

    kind: Literal["platform", "obstacle"]
    polygon: list[Point2] = Field(min_length=3, max_length=64)
    height: float = Field(gt=0, le=MAX_BOARD, allow_inf_nan=False)
    bottom: float = Field(default=0.0, ge=0, le=MAX_BOARD, allow_inf_nan=False)


class FighterSpec(GridlessValue):
    """Where a fighter stands on the board and what its base and runemarks are."""

    at: Point3
    base: float = Field(default=1.0, gt=0, le=20, allow_inf_nan=False)
    runemarks: list[str] = []


class BoardSpec(GridlessValue):
    width: float = Field(gt=0, le=MAX_BOARD, allow_inf_nan=False)
    height: float = Field(gt=0, le=MAX_BOARD, allow_inf_nan=False)
    terrain: list[PieceSpec] = Field(default=[], max_length=500)
    fighters: dict[CreatureId, FighterSpec] = {}


class LegRecord(GridlessValue):
    """One leg of a move action as judged: its kind, its end and the inches it counted."""

    kind: Literal["normal", "jump", "climb", "fly"]
    to: Point3
    counted: float
    drop: float = 0.0
    via: list[Point3] | None = Field(default=None, exclude_if=lambda v: v is None)
    """The points the leg turns at on its way to `to` (a flight that rises, crosses and
    descends); null when it goes straight."""


@registry.register
class MovedInches(Event):
    """A gridless move action: `path` holds the start and every leg's end; `cost` the inches
    counted against Move; `climbing` whether the fighter ends the move climbing."""

    type: Literal["MovedInches"] = "MovedInches"
    creature: CreatureId
    path: list[Point3]
    legs: list[LegRecord]
    cost: float
    mode: str = "legs"
    action: str = "move"
    starts_action: bool = True
    climbing: bool = False
    movement_left: float | None = Field(default=None, exclude_if=lambda v: v is None)
    """Inches the state shows left after the move (the fighter's economy: a whole Move while
    its activation has an action left); null on events logged before it existed."""


@registry.register
class DroppedDown(Event):
    """A fighter that ended its move in the air dropped straight down to the first surface."""

    type: Literal["DroppedDown"] = "DroppedDown"
    creature: CreatureId
    origin: Point3
    to: Point3
    height: float


@registry.register
class FellInches(Event):
    """A fallen fighter was placed on a landing point (`chosen_by`: `opponent` or `auto`)."""

    type: Literal["FellInches"] = "FellInches"
    creature: CreatureId
    origin: Point3
    landing: Point3
    height: float
    chosen_by: Literal["opponent", "auto", "stays"]


@registry.register
class ImpactRolled(Event):
    """Impact damage's D6 (4-5: 1 damage, 6: 3) after a drop of `height` inches."""

    type: Literal["ImpactRolled"] = "ImpactRolled"
    creature: CreatureId
    height: float
    roll: int
    seeded: bool = False
    damage: int = 0


@registry.register
class TakenDown(Event):
    """A fighter was taken down (removed from the battlefield); `cause` says why."""

    type: Literal["TakenDown"] = "TakenDown"
    creature: CreatureId
    cause: str


@registry.register
class FighterPlaced(Event):
    """The director placed a fighter on a gridless board (its creature and its geometry)."""

    type: Literal["FighterPlaced"] = "FighterPlaced"
    creature: CreatureId
    fighter: FighterSpec


GRIDLESS_EVENT_TYPES: tuple[type[Event], ...] = (
    MovedInches,
    DroppedDown,
    FellInches,
    ImpactRolled,
    TakenDown,
    FighterPlaced,
)
