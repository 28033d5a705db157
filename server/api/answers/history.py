"""The answers of the history routes (judgement, replay, what-if), typed for `/openapi.json`."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from server.api.answers.common import (
    Answer,
    Overruled,
    Refusal,
    StateView,
    TraceStep,
    sometimes,
)
from server.api.answers.documented import ChangeValue, RecordedIntent
from server.api.answers.events import ReplayedEvent, UnloggedEvent


class RecordedAction(Answer):
    """An action as the log holds it."""

    events: list[UnloggedEvent] = Field(description="Its events, without `IntentAccepted`.")
    trace: list[TraceStep] = Field(description="The trace recorded when it was decided.")


class JudgedAgain(Answer):
    """The action decided again: its events and trace, or the refusal the rules give now."""

    events: list[UnloggedEvent] | None = sometimes(
        "The events decided now; null (left out) when today's rules refuse the intent."
    )
    trace: list[TraceStep] | None = sometimes(
        "Today's trace; null (left out) when today's rules refuse the intent."
    )
    refused: Refusal | None = sometimes(
        "Why today's rules refuse the recorded intent; null (left out) when they accept it."
    )


class RulingShown(Answer):
    """The director's ruling on an action."""

    reason: str = Field(description="The director's reason.")
    overruled: list[Overruled] = Field(
        description="The rules it set aside, as recorded (empty: the rules allowed it anyway)."
    )
    words: str = Field(description='"overruled by the director: <reason>".')


class Judgement(Answer):
    """A recorded action judged again: same prior state, intent and dice; today's rules."""

    intent_id: str = Field(description="The action judged.")
    intent: RecordedIntent = Field(
        description="The intent as recorded (an intent body, or the body of `undo`, `redo` or "
        "`create_battle`)."
    )
    versions: list[int] = Field(description="The action's first and last versions.")
    actor: str | None = Field(
        description="Who acted: `director` or `seat:<seat_id>`; null when the log recorded "
        "no actor."
    )
    rules_version_then: str | None = Field(
        description="The rules version that decided it; null when the log recorded none."
    )
    rules_version_now: str | None = Field(
        description="The rules version that judged it now (null for control actions)."
    )
    recorded: RecordedAction = Field(description="What the log recorded.")
    judged: JudgedAgain | None = Field(
        description="What the rules decide now; null for control actions (undo, redo, create)."
    )
    matches: bool = Field(description="True when today's decision equals the recorded one.")
    differences: list[str] = Field(description="Each difference, in words (empty when matching).")
    note: str | None = sometimes(
        "Why the action was not judged (control actions); null (left out) on a judged one."
    )
    ruling: RulingShown | None = Field(
        description="The director's ruling on the action; null when it carried none."
    )


class StateChange(StateView):
    """What changed of a replayed state since the step before (`states=changes`): the
    battle's own fields (`ruleset`, `round`, `active`, `pending_reactions`, `options`,
    `board`) whole, `creatures` only those added or whose view changed (each whole),
    `removed` the ids of those gone, and `map` only when the map changed (else null: the
    map stands). Applied to the step before's state, it gives this step's state."""

    removed: list[str] = Field(default=[], description="Creatures gone since the step before.")


class ReplayStep(Answer):
    """One event of a replay and the state right after it."""

    version: int = Field(description="The event's version.")
    event: ReplayedEvent = Field(description="The event.")
    trace: list[TraceStep] | None = Field(
        description="The action's trace, on its `IntentAccepted` event; null on the others."
    )
    state: StateView | None = Field(
        description="The state after this event (undone actions left out); with"
        " `states=changes`, only on the page's first step that has a state (a keyframe):"
        " null on the others."
    )
    change: StateChange | None = sometimes(
        "With `states=changes`, on each later step: what changed since the step"
        " before it that showed a state or a change; null (left out) on the keyframe and"
        " without `states=changes`."
    )
    ruling: str | None = Field(
        default=None,
        description='On a `RuleOverruled` event: "overruled by the director: <reason>"; '
        "null on every other event.",
    )


class Replay(Answer):
    """The states and events of a range of versions, for a viewer to step through."""

    model_config = ConfigDict(populate_by_name=True)

    battle_id: str = Field(description="The battle.")
    first: int = Field(alias="from", description="The first version replayed.")
    last: int = Field(alias="to", description="The last version replayed.")
    steps: list[ReplayStep] = Field(description="One step per event, in version order.")


class WhatIfStep(Answer):
    """One intent tried: its events and trace, or its refusal (which ends the what-if)."""

    index: int = Field(description="The intent's index in the request, from 0.")
    events: list[UnloggedEvent] | None = sometimes(
        "The events it would append; null (left out) when the intent was refused."
    )
    trace: list[TraceStep] | None = sometimes(
        "Its trace; null (left out) when the intent was refused."
    )
    refused: Refusal | None = sometimes(
        "Why the intent was refused; null (left out) when it was accepted."
    )


class Change(Answer):
    """A value in the what-if beside the value in the log."""

    what_if: ChangeValue = Field(
        description="The value had the intents been taken; null when that state holds none."
    )
    actual: ChangeValue = Field(
        description="The value in the log; null when that state holds none."
    )


class CreatureDifference(Answer):
    """How one creature differs. A creature in only one of the two states has just the
    booleans `what_if` and `actual` saying where it exists."""

    position: Change | None = sometimes(
        "Its position in each state; null (left out) when they are the same."
    )
    hp: Change | None = sometimes("Its stamina in each; null (left out) when the same.")
    conditions: Change | None = sometimes("Its conditions in each; null (left out) when the same.")
    movement_left: Change | None = sometimes(
        "Its movement left in each; null (left out) when the same."
    )
    what_if: bool | None = sometimes(
        "Whether it exists in the what-if; null (left out) when it exists in both states."
    )
    actual: bool | None = sometimes(
        "Whether it exists in the log's state; null (left out) when it exists in both."
    )


class PendingDifference(Answer):
    """The open reaction windows of both states, when they differ."""

    what_if: list[str] = Field(description="Reaction ids open in the what-if.")
    actual: list[str] = Field(description="Reaction ids open in the log.")


class StateDifference(Answer):
    """What differs between the what-if's state and the log's."""

    creatures: dict[str, CreatureDifference] = Field(
        description="Creatures that differ, by id (the others are the same)."
    )
    pending_reactions: PendingDifference | None = sometimes(
        "The open reaction windows of each; null (left out) when they are the same."
    )


class WhatIf(Answer):
    """Intents tried from a version without appending, compared with what the log holds."""

    battle_id: str = Field(description="The battle.")
    from_version: int = Field(description="The version the intents were tried from.")
    steps: list[WhatIfStep] = Field(description="One step per intent tried, in order.")
    state: StateView = Field(description="The state after the intents.")
    compared_with_version: int = Field(
        description="The logged version compared with: as many actions after `from_version` "
        "as intents were tried; the head when fewer followed, or when an undo or redo since "
        "took back some of what followed (the head is then what the log says happened)."
    )
    difference: StateDifference = Field(description="How the two states differ.")
