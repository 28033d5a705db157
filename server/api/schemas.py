"""Request and response models of the HTTP API, so `/openapi.json` describes it precisely.

Limits live here too: they turn an oversized battle or page into a clear 422, before the
engine spends any time on it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.economy import Economy
from engine.intents import Intent
from engine.setup import MapSetup

MAX_CREATURES = 200
MAX_MAP_SQUARES = 40_000  # e.g. 200 x 200
MAX_PATH = 200
MAX_PAGE = 1000
MAX_WHAT_IF = 50
MAX_BODY_BYTES = 256 * 1024

Coordinate = list[int | float]


class Loose(BaseModel):
    model_config = ConfigDict(extra="allow")


class CreatureIn(BaseModel):
    """A creature as placed (DESIGN section 9); ruleset-specific fields are allowed."""

    model_config = ConfigDict(extra="allow")

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(default="", max_length=200)
    side: str = Field(min_length=1, max_length=64)
    at: Coordinate = Field(min_length=2, max_length=3)
    size: str = "1M"
    speeds: dict[str, int] = {}
    stats: dict[str, int] = {}
    stability: int = 0
    hp: int = 1
    conditions: list[str] = []


class BattleIn(BaseModel):
    """`POST /battles`: ruleset, map (or gridless board), creatures, options, seed."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = Field(examples=["draw-steel"])
    seed: int | None = Field(
        default=None,
        description=(
            "The dice seed, for reproducible play and tests; without it the server draws a"
            " secret one. Players never see it (it is left out of what they read)."
        ),
    )
    options: dict[str, Any] = {}
    map: MapSetup | None = None
    board: dict[str, Any] | None = None
    creatures: list[CreatureIn] = Field(default=[], max_length=MAX_CREATURES)


class BattleCreatedOut(BaseModel):
    battle_id: str
    director_token: str = Field(description="Shown once; keep it. It can do everything.")
    version: int


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    creatures: list[str] = Field(min_length=1, max_length=MAX_CREATURES)
    name: str | None = Field(default=None, max_length=200)


class SeatOut(BaseModel):
    seat_id: str
    token: str = Field(description="Shown once; it may act only for `creatures`.")
    creatures: list[str]
    name: str | None = None


class EnvelopeOut(BaseModel):
    """One logged event: its place in the log, its payload and its hash chain links."""

    battle_id: str
    version: int
    global_position: int
    type: str
    schema_version: int
    data: dict[str, Any]
    intent_id: str | None
    causation_id: str | None
    correlation_id: str | None
    actor: str | None
    rules_version: str | None
    recorded_at: str
    prev_hash: str
    hash: str


class PreviewEvent(BaseModel):
    """An event a dry run would append (not logged, so no position or hash)."""

    type: str
    data: dict[str, Any]


class IntentOut(BaseModel):
    version: int
    intent_id: str | None = None
    events: list[EnvelopeOut | PreviewEvent]
    trace: list[dict[str, Any]]
    replayed: bool = False
    dry_run: bool = False


class EventsPage(BaseModel):
    battle_id: str
    events: list[EnvelopeOut]
    next_after: int = Field(description="Pass as `after` to read the next page.")


class CreatureView(Loose):
    position: list[int | float] | None = None
    hp: int | None = None
    conditions: list[str] = []
    side: str | None = None
    size: str | None = None
    economy: Economy | None = Field(
        default=None,
        description="What the creature has left this turn, in its ruleset's own unit and "
        "economy; its `movement_left` is the creature's `movement_left`.",
    )


class BattleStateOut(Loose):
    battle_id: str
    version: int
    ruleset: str
    round: int | None = None
    active: str | None = None
    creatures: dict[str, CreatureView] = {}
    pending_reactions: list[dict[str, Any]] = []


class ReachSquare(BaseModel):
    at: list[int | float]
    cost: int | float


class ReachLeg(BaseModel):
    """One leg of a gridless move action, as the `legs` of a `move` intent take it."""

    kind: Literal["normal", "jump", "climb", "fly"]
    to: list[float] = Field(min_length=3, max_length=3)


class ReachPoint(BaseModel):
    """A point of the reach region (inches, `[x, y, z]`), the inches counted against Move,
    and legs that reach it which a `move` intent with those `legs` is accepted with."""

    at: list[float] = Field(min_length=3, max_length=3)
    cost: float
    legs: list[ReachLeg]


class ReachRegion(BaseModel):
    """Gridless battles only: the reachable region sampled every `resolution` inches."""

    resolution: float
    points: list[ReachPoint]


class ReachOut(BaseModel):
    version: int
    creature: str
    kind: str
    mode: str
    squares: list[ReachSquare]
    region: ReachRegion | None = Field(
        default=None, description="present only for gridless battles (warcry)"
    )


class UndoIn(BaseModel):
    """Empty: undo the latest action. `to_version`: rewind. `intent_id`: undo that one alone."""

    model_config = ConfigDict(extra="forbid")

    to_version: int | None = Field(default=None, ge=0, le=2**31 - 1)
    intent_id: str | None = Field(default=None, min_length=1, max_length=64)
    expected_version: int | None = Field(default=None, ge=0, le=2**31 - 1)


class RedoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    expected_version: int | None = Field(default=None, ge=0, le=2**31 - 1)


class WhatIfIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = Field(ge=1)
    intents: list[Intent] = Field(min_length=1, max_length=MAX_WHAT_IF)


class VerifyOut(BaseModel):
    battle_id: str
    ok: bool
    checked: int
    first_broken_version: int | None = None
    reason: str | None = None


class Health(BaseModel):
    status: str
    database: str
