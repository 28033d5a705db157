"""The table's bookkeeping: the turn order it keeps and the director's adjustments.

None of the five rule texts fixes who acts when; the table does, and says so in the log
(`OrderSet`). What the rules did not deal (a potion, a spell on another page, a backend's
hit points) the director sets with a reason (`Adjusted`), so the battle never drifts from the
table.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from events.creature_fields import CreatureId, UnseenCreatureId
from events.vocabulary import Event, registry


@registry.register
class OrderSet(Event):
    """The director set the turn order: `creatures` take their turns in this order each
    round, or, with `sides`, the sides take turns in this order (one creature of the side
    whose turn it is, any that has not acted this round; a side with none left is passed
    over). Exactly one of the two is given."""

    type: Literal["OrderSet"] = "OrderSet"
    creatures: list[UnseenCreatureId] = Field(default=[], max_length=500)
    """Creature ids, first to act first (empty when the order is by sides)."""
    sides: list[str] = Field(default=[], max_length=50)
    """Sides, first to act first (empty when the order lists creatures)."""
    reason: str | None = None
    """Why the order was set or changed (the intent's, or its ruling's reason); null when
    none was given."""


@registry.register
class Adjusted(Event):
    """The director set some of a creature's numbers or conditions by hand, with a reason
    (a potion, a rule from another page, a backend's own bookkeeping). Only the fields given
    changed; each `*_before` says what it was."""

    type: Literal["Adjusted"] = "Adjusted"
    creature: CreatureId
    reason: str
    """Why the director adjusted it (shown wherever the action is)."""
    hp: int | None = None
    """Its stamina (hit points) from now on; null: unchanged."""
    hp_before: int | None = None
    """Its stamina before the adjustment; null when `hp` is null (unchanged)."""
    conditions_on: list[str] = []
    """Conditions it gained."""
    conditions_off: list[str] = []
    """Conditions it lost."""
    stats: dict[str, int] = {}
    """Characteristics set (each to its new value)."""
    stats_before: dict[str, int] = {}
    """What each characteristic set was before (absent from it: it had none)."""
    speeds: dict[str, int] = {}
    """Speeds set, by movement mode (0 takes the mode away)."""
    speeds_before: dict[str, int] = {}
    """What each speed set was before (absent from it: it had none)."""
    stability: int | None = None
    """Its stability from now on; null: unchanged."""
