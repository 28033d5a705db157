"""Typed events on the wire, derived from the vocabulary's registry.

Every event type registered in `events.vocabulary.registry` gets a `<Type>Data` model (its
fields without `type`, as the log stores them) and one model per shape an event takes in an
answer, each with `type` fixed to its name; the unions are discriminated on `type`. Because
the models are built from the registry, a new event type cannot be left out of the schema.

Shapes: `<Type>Envelope` (a logged event: `GET .../events`, a 201 answer), `<Type>Event`
(an event not logged: a dry run, what-if, judgement) and `<Type>Record` (a replay step).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

import events.battle_events
import events.gridless_events
import events.history_events
import events.table_events
import events.visibility_events  # noqa: F401  (each module registers its event types)
from events.glossary import fill_descriptions
from events.vocabulary import Event, registry
from server.api.answers.documented import BattleOptions, RecordedIntent


class EventData(BaseModel):
    """Base of the event data models: described by the vocabulary's glossary."""

    # Events are logged whole: every field is always sent (server/api/openapi_typing.py).
    model_config = ConfigDict(
        json_schema_extra=fill_descriptions, json_schema_serialization_defaults_required=True
    )


SHOWN_AS: dict[tuple[str, str], Any] = {
    ("IntentAccepted", "intent"): RecordedIntent,
    ("BattleCreated", "options"): BattleOptions,
    # server/readers/redaction.py: a player reads the battle with `seed` null (the seed would tell
    # every coming roll); the schema says what is sent, so a typed client reads both
    ("BattleCreated", "seed"): int | None,
}
"""Event fields the log keeps loosely (plain JSON) but whose shape the server knows, or
sends in more shapes than it logs."""


def _data_model(name: str, event: type[Event]) -> type[BaseModel]:
    fields: dict[str, Any] = {
        field: (SHOWN_AS.get((name, field), info.annotation), info)
        for field, info in event.model_fields.items()
        if field != "type"
    }
    doc = (event.__doc__ or "").strip() or f"What a `{name}` event records."
    model = create_model(f"{name}Data", __base__=EventData, __doc__=doc, **fields)
    model.glossary_name = name  # type: ignore[attr-defined]
    return model


def _type_field(name: str) -> Any:
    return (Literal[name], Field(description=f"Always `{name}`: the event's type."))


ENVELOPE_FIELDS: dict[str, Any] = {
    "battle_id": (str, Field(description="The battle the event belongs to.")),
    "version": (int, Field(description="The event's place in its battle's log: 1, 2, 3, ...")),
    "global_position": (int, Field(description="The event's place across all battles.")),
    "schema_version": (int, Field(description="The version of the event type's data shape.")),
    "intent_id": (
        str | None,
        Field(
            description="The action it belongs to: every event of one intent shares it; "
            "null when none was recorded with the event."
        ),
    ),
    "causation_id": (
        str | None,
        Field(
            description="What caused the action; null when nothing was recorded (the server "
            "records none of its own: only an imported log may carry one)."
        ),
    ),
    "correlation_id": (
        str | None,
        Field(
            description="The request that caused it (the `X-Request-ID` answered); null when "
            "the action came with no request id."
        ),
    ),
    "actor": (
        str | None,
        Field(
            description="Who acted: `director`, or `seat:<seat_id>` for a player's seat; null "
            "when no actor was recorded with the event."
        ),
    ),
    "rules_version": (
        str | None,
        Field(
            description="The ruleset's rules version that decided it; null when none was "
            "recorded with the event."
        ),
    ),
    "recorded_at": (str, Field(description="When the store recorded it (ISO-8601, UTC).")),
    "prev_hash": (str, Field(description="The previous event's `hash` (hex); zeros for v1.")),
    "hash": (
        str,
        Field(description="sha256 (hex) over `prev_hash` and this envelope: the hash chain."),
    ),
    "narration": (
        str | None,
        Field(
            default=None,
            description="The event in plain words (the log's `narrate=true`, and what-if "
            "answers); null for bookkeeping events that tell nothing on their own.",
        ),
    ),
}

RECORD_FIELDS: dict[str, Any] = {
    "intent_id": ENVELOPE_FIELDS["intent_id"],
    "actor": ENVELOPE_FIELDS["actor"],
    "recorded_at": ENVELOPE_FIELDS["recorded_at"],
}


def _shape(name: str, data: type[BaseModel], suffix: str, extra: dict[str, Any], doc: str) -> Any:
    fields = {
        "type": _type_field(name),
        "data": (data, Field(description=f"What the `{name}` event records.")),
        **extra,
    }
    return create_model(f"{name}{suffix}", __doc__=doc.format(name=name), **fields)


def _union(models: list[Any]) -> Any:
    return Annotated[Union[tuple(models)], Field(discriminator="type")]  # noqa: UP007


EVENT_TYPES: tuple[str, ...] = tuple(sorted(registry.types))
"""Every event type of the vocabulary, as the schema names them."""

DATA_MODELS: dict[str, type[BaseModel]] = {
    name: _data_model(name, registry.model(name)) for name in EVENT_TYPES
}
ENVELOPES = [
    _shape(name, DATA_MODELS[name], "Envelope", ENVELOPE_FIELDS, "A logged `{name}` event.")
    for name in EVENT_TYPES
]
NARRATION = {"narration": ENVELOPE_FIELDS["narration"]}
UNLOGGED = [
    _shape(name, DATA_MODELS[name], "Event", NARRATION, "A `{name}` event that was not logged.")
    for name in EVENT_TYPES
]
RECORDS = [
    _shape(name, DATA_MODELS[name], "Record", RECORD_FIELDS, "A `{name}` event in a replay.")
    for name in EVENT_TYPES
]


class UnseenData(BaseModel):
    """Nothing: the event concerns a creature hidden from this reader."""

    model_config = ConfigDict(extra="forbid")


_UNSEEN_DOC = (
    "An event this reader may not read (it concerns a creature hidden from it): its "
    "version, so versions stay contiguous, and nothing else."
)
UNSEEN_FIELDS: dict[str, Any] = {
    "type": (Literal["Unseen"], Field(description="Always `Unseen`: a placeholder.")),
    "data": (UnseenData, Field(description="Empty.")),
}
ENVELOPES.append(
    create_model(
        "UnseenEnvelope",
        __doc__=_UNSEEN_DOC,
        battle_id=ENVELOPE_FIELDS["battle_id"],
        version=ENVELOPE_FIELDS["version"],
        narration=ENVELOPE_FIELDS["narration"],
        **UNSEEN_FIELDS,
    )
)
UNLOGGED.append(create_model("UnseenEvent", __doc__=_UNSEEN_DOC, **UNSEEN_FIELDS, **NARRATION))
RECORDS.append(create_model("UnseenRecord", __doc__=_UNSEEN_DOC, **UNSEEN_FIELDS))

LoggedEvent = _union(ENVELOPES)
"""An event from the log: its envelope, with `data` typed by `type`."""
UnloggedEvent = _union(UNLOGGED)
"""An event that was decided but not logged (a dry run, a what-if, a judgement)."""
ReplayedEvent = _union(RECORDS)
"""An event as a replay step shows it."""
