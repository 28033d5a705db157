"""The answers of the log's questions: rulings and a creature's movement (DESIGN section 7)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from server.api.answers.common import Answer, sometimes


class Ruling(Answer):
    """A rule the director set aside, as the log recorded it (a `RuleOverruled` event)."""

    version: int = Field(description="The `RuleOverruled` event's version.")
    intent_id: str | None = Field(
        description="The ruled action's id (for its judgement); null when the log recorded none."
    )
    actor: str | None = Field(
        description="Who ruled: `director`; null when the log recorded no actor."
    )
    rule: str = Field(description="The rule set aside (`draw-steel/ledge`).")
    step: int | None = Field(
        default=None,
        description="The path step (or leg) it applied to, counted from 0; null when the rule "
        "applied to the intent as a whole.",
    )
    detail: str = Field(description="What the refusal would have said.")
    reason: str = Field(description="The director's reason.")
    creature: str | None = Field(
        default=None,
        description="The creature the intent moved (or acted for); null when it names none.",
    )


class RulingsPage(Answer):
    """The battle's rulings still in effect (an undone action's are left out), oldest first."""

    battle_id: str = Field(description="The battle.")
    rulings: list[Ruling] = Field(description="The rulings, in version order.")
    next_after: int = Field(description="Pass as `after` to read the next page.")


class MovementEvent(Answer):
    version: int = Field(description="The event's version (jump to it in a replay).")
    type: str = Field(description="The event's type (`Moved`, `Shifted`, `ForceMoved`, ...).")
    distance: float = Field(description="How far, in the ruleset's unit.")
    squares: list[list[float]] = Field(description="The squares (or points) entered, in order.")


class Movements(Answer):
    distance: float = Field(description="The total, in the ruleset's unit.")
    by_type: dict[str, float] = Field(description="The total per event type.")
    events: list[MovementEvent] = Field(description="Each movement, in version order.")


class Entered(Answer):
    version: int = Field(description="The version of the event that entered it.")
    at: list[float] = Field(description="The square (or point), `[x, y, z]`.")


class FallTaken(Answer):
    version: int = Field(description="The fall's version.")
    type: str = Field(description="`Fell`, `FellInches` or `DroppedDown`.")
    landing: list[float] | None = Field(
        description="Where it landed; null when the event records no square."
    )
    height: float | None = Field(
        description="How far it fell, in the ruleset's unit; null when the event records none."
    )


class ReactionFact(Answer):
    version: int = Field(description="The event's version.")
    reaction: str = Field(description="The reaction window's id.")
    reactor: str | None = sometimes(
        "Who could react; null (left out) on every list but `provoked`."
    )
    damage: int | None = sometimes("Damage dealt; null (left out) on every list but `taken`.")


class Reactions(Answer):
    provoked: list[ReactionFact] = Field(description="Reactions this creature's moves opened.")
    taken: list[ReactionFact] = Field(description="Reactions this creature took.")


class RulingOn(Answer):
    version: int = Field(description="The `RuleOverruled` event's version.")
    rule: str = Field(description="The rule set aside.")
    step: int | None = Field(
        default=None,
        description="The path step (or leg), counted from 0; null when the rule applied to "
        "the intent as a whole.",
    )
    detail: str = Field(description="What the refusal would have said.")
    reason: str = Field(description="The director's reason.")


class AdjustmentOn(Answer):
    version: int = Field(description="The `Adjusted` event's version.")
    reason: str = Field(description="The director's reason.")
    hp: int | None = Field(description="Its stamina set (null: unchanged).")
    hp_before: int | None = Field(description="Its stamina before (null: unchanged).")
    conditions_on: list[str] = Field(description="Conditions it gained.")
    conditions_off: list[str] = Field(description="Conditions it lost.")
    stats: dict[str, int] = Field(description="Characteristics set.")
    speeds: dict[str, int] = Field(description="Speeds set, by movement mode.")
    stability: int | None = Field(description="Its stability set (null: unchanged).")


class Movement(Answer):
    """What a creature did in a round, a turn or the whole battle so far (undone actions
    left out)."""

    battle_id: str = Field(description="The battle.")
    creature: str = Field(description="The creature.")
    round: int | None = Field(description="The round asked for (null: every round).")
    turn: int | None = Field(description="The turn asked for (null: every turn).")
    unit: str = Field(description="The ruleset's unit of distance.")
    willing: Movements = Field(description="Movement it chose (moves, shifts, teleports).")
    forced: Movements = Field(description="Movement forced on it (push, pull, slide).")
    squares: list[Entered] = Field(description="Every square entered, willing or forced.")
    falls: list[FallTaken] = Field(description="Its falls.")
    reactions: Reactions = Field(description="Reactions provoked and taken.")
    rulings: list[RulingOn] = Field(description="The director's rulings on its intents.")
    adjustments: list[AdjustmentOn] = Field(
        description="What the director set by hand (`adjust`): stamina, conditions, numbers."
    )


__all__: list[Any] = ["Movement", "RulingsPage"]
