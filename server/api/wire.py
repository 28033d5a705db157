"""Rendering service values as the JSON of DESIGN section 9 (hashes in hex, times in ISO)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import orjson
from pydantic import BaseModel
from starlette.background import BackgroundTask
from starlette.responses import Response

from events.creature_fields import LOGGED
from events.envelope import Envelope
from events.vocabulary import Event
from server.api.answers.common import DryRunOut, IntentOut
from server.api.answers.events import LoggedEvent
from server.api.problems import ProblemError
from server.commands.pipeline import IntentOutcome
from server.readers.redaction import readable
from server.readers.view import ReaderView

LOGGED_ENVELOPE = Annotated[LoggedEvent, LOGGED]
"""One logged event on the wire (the stream's, one at a time)."""


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


def redacted_json(e: Envelope, view: ReaderView) -> dict[str, Any]:
    """An envelope as `view`'s reader may read it: itself, or a placeholder keeping its
    version and carrying nothing else (the live stream encodes one at a time)."""
    shown: dict[str, Any] = view.answer(envelope_json(e), LOGGED_ENVELOPE)
    return shown


def preview_json(event: Event) -> dict[str, Any]:
    data = event.model_dump(mode="json")
    return {"type": data.pop("type", event.type), "data": data}


def outcome_json(outcome: IntentOutcome, view: ReaderView | None = None) -> dict[str, Any]:
    """A judged intent's answer, as `view`'s reader may read it (by the fields its answer
    model marks, server/readers/view.py; a dry run's events are read at the head)."""
    if outcome.envelopes:
        events = [envelope_json(e) for e in outcome.envelopes]
    else:
        events = [preview_json(e) for e in outcome.events]
    answer: dict[str, Any] = {
        "version": outcome.version,
        "intent_id": outcome.intent_id,
        "events": events,
        "trace": list(outcome.trace),
        "replayed": outcome.replayed,
        "dry_run": outcome.dry_run,
    }
    if outcome.dry_run:
        answer["reactions"] = list(outcome.ahead)
    if view is None:
        return answer
    shown: dict[str, Any] = view.answer(answer, DryRunOut if outcome.dry_run else IntentOut)
    return shown


class ReaderAnswer(OrjsonResponse):
    """An answer encoded as its reader may read it: `view` applied to the fields its answer
    `model` marks (server/readers/view.py); the director's bytes are the answer's own."""

    def __init__(
        self,
        content: Any,
        view: ReaderView,
        model: Any,
        status_code: int = 200,
        headers: Mapping[str, str] | None = None,
        background: BackgroundTask | None = None,
    ) -> None:
        super().__init__(view.answer(content, model), status_code, headers, background=background)
