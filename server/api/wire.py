"""Rendering service values as the JSON of DESIGN section 9 (hashes in hex, times in ISO)."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import BaseModel
from starlette.responses import Response

from events.envelope import Envelope
from events.vocabulary import Event
from server.api.problems import ProblemError
from server.commands.pipeline import IntentOutcome
from server.readers.redaction import (
    PLACEHOLDER,
    Reader,
    Visibility,
    hidden_from,
    readable,
    redact_event,
    shown_trace,
)


class OrjsonResponse(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def plain_json(model: BaseModel) -> dict[str, Any]:
    """A request model as the plain JSON the services take; numbers must fit in 64 bits."""
    body: dict[str, Any] = model.model_dump(mode="json", exclude_unset=True, by_alias=True)
    try:
        orjson.dumps(body)
    except TypeError:
        raise ProblemError(422, "invalid-request", "numbers must fit in 64 bits") from None
    return body


def envelope_json(e: Envelope, *, director: bool = True) -> dict[str, Any]:
    """An envelope on the wire; a player reads it without the battle's secrets."""
    return {
        "battle_id": e.battle_id,
        "version": e.version,
        "global_position": e.global_position,
        "type": e.type,
        "schema_version": e.schema_version,
        "data": readable(e.type, e.data, director=director),
        "intent_id": e.intent_id,
        "causation_id": e.causation_id,
        "correlation_id": e.correlation_id,
        "actor": e.actor,
        "rules_version": e.rules_version,
        "recorded_at": e.recorded_at.isoformat(),
        "prev_hash": e.prev_hash.hex(),
        "hash": e.hash.hex(),
    }


def redacted_json(e: Envelope, reader: Reader, seen: Visibility) -> dict[str, Any]:
    """An envelope as `reader` may read it (server/readers/redaction.py): itself, or a placeholder
    keeping its version and carrying nothing else."""
    kind, data = redact_event(e.type, e.data, e.version, reader, seen)
    if kind != PLACEHOLDER:
        shown = envelope_json(e, director=reader.director)
        return {**shown, "type": kind, "data": data}
    return {"battle_id": e.battle_id, "version": e.version, "type": PLACEHOLDER, "data": {}}


def _preview_as(event: Event, reader: Reader, seen: Visibility) -> dict[str, Any]:
    shown = preview_json(event)
    kind, data = redact_event(shown["type"], shown["data"], seen.version + 1, reader, seen)
    return {"type": kind, "data": data}


def preview_json(event: Event) -> dict[str, Any]:
    data = event.model_dump(mode="json")
    return {"type": data.pop("type", event.type), "data": data}


def outcome_json(
    outcome: IntentOutcome, reader: Reader | None = None, seen: Visibility | None = None
) -> dict[str, Any]:
    """A judged intent's answer, as `reader` may read it (a player's lacks what is hidden
    from it: a dry run's events are read at the head's visibility)."""
    reader, seen = reader or Reader(True), seen or Visibility()
    hidden = hidden_from(reader, seen)
    if outcome.envelopes:
        events = [redacted_json(e, reader, seen) for e in outcome.envelopes]
    else:
        events = [_preview_as(e, reader, seen) for e in outcome.events]
    answer = {
        "version": outcome.version,
        "intent_id": outcome.intent_id,
        "events": events,
        "trace": shown_trace(list(outcome.trace), hidden),
        "replayed": outcome.replayed,
        "dry_run": outcome.dry_run,
    }
    if outcome.dry_run:  # like the trace, its words may name anyone: none with hidden ones
        answer["reactions"] = [] if hidden else list(outcome.ahead)
    return answer
