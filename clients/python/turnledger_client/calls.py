"""Each API call as a plain description (method, path, body, how to read the answer), shared
by the sync and the async client so the two cannot disagree."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar, get_args

from pydantic import BaseModel, TypeAdapter

from . import wire

T = TypeVar("T")
Intent = Mapping[str, Any] | BaseModel
"""An intent: a dict as the wire takes it, or one of the `wire` intent models (`wire.Move`)."""

Event = get_args(wire.EventsPage.model_fields["events"].annotation)[0]
"""A logged event: its envelope, with `data` typed by its `type` (`wire.MovedEnvelope`, ...)."""
EVENT: TypeAdapter[Any] = TypeAdapter(Event)


def logged_event(data: str | bytes) -> wire.LoggedEvent:
    """One stream message's `data`, as its typed envelope (picked by `type`)."""
    return wire.StreamEvent.model_validate_json(data).root


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request and how to read its successful answer."""

    method: str
    path: str
    read: Callable[[Any], T]
    json: Any = None
    params: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    appends: bool = True
    """False for a POST that only reads (what-if), which may be sent again freely."""

    @property
    def may_retry(self) -> bool:
        """Safe to send again: a read, or a write carrying an idempotency key."""
        return self.method == "GET" or not self.appends or "Idempotency-Key" in self.headers


def plain(body: Intent | Mapping[str, Any]) -> dict[str, Any]:
    """A request body as JSON-ready data: the fields set, and the `type` a wire model takes by
    default (`wire.Move(creature=..., path=...)` is a move), which the server needs."""
    if isinstance(body, BaseModel):
        data: dict[str, Any] = body.model_dump(mode="json", by_alias=True, exclude_unset=True)
        kind = getattr(body, "type", None)
        if isinstance(kind, str) and "type" in type(body).model_fields:
            data.setdefault("type", kind)
        return data
    return dict(body)


def key(given: str | None) -> dict[str, str]:
    """The `Idempotency-Key` header: the caller's, or a fresh one so retries are safe."""
    return {"Idempotency-Key": given or uuid.uuid4().hex}


M = TypeVar("M", bound=BaseModel)


def model(kind: type[M]) -> Callable[[Any], M]:
    return kind.model_validate


def intent_answer(data: Any) -> wire.IntentOut | wire.DryRunOut:
    return (wire.DryRunOut if data.get("dry_run") else wire.IntentOut).model_validate(data)


def battle(
    body: Mapping[str, Any] | BaseModel, idempotency_key: str | None
) -> Call[wire.BattleCreatedOut]:
    return Call("POST", "/battles", model(wire.BattleCreatedOut), plain(body),
                headers=key(idempotency_key))  # fmt: skip


def seat(battle_id: str, creatures: list[str], name: str | None) -> Call[wire.SeatOut]:
    body: dict[str, Any] = {"creatures": creatures}
    if name is not None:
        body["name"] = name
    return Call("POST", f"/battles/{battle_id}/seats", model(wire.SeatOut), body)


def submit(
    battle_id: str,
    intent: Intent,
    idempotency_key: str | None,
    expected_version: int | None,
    dry_run: bool,
) -> Call[wire.IntentOut | wire.DryRunOut]:
    body = plain(intent)
    if expected_version is not None:
        body["expected_version"] = expected_version
    return Call(
        "POST",
        f"/battles/{battle_id}/intents",
        intent_answer,
        body,
        params={"dry_run": "true"} if dry_run else {},
        headers=key(idempotency_key),
    )


def state(battle_id: str, version: int | None, at: datetime | None) -> Call[wire.BattleStateOut]:
    params: dict[str, Any] = {}
    if version is not None:
        params["version"] = version
    if at is not None:
        params["at"] = at.isoformat()
    return Call("GET", f"/battles/{battle_id}", model(wire.BattleStateOut), params=params)


def events(
    battle_id: str,
    after: int,
    limit: int,
    narrate: bool,
    creature: str | None = None,
    types: list[str] | None = None,
    round_: int | None = None,
    turn: int | None = None,
) -> Call[wire.EventsPage]:
    params: dict[str, Any] = {"after": after, "limit": limit}
    if narrate:
        params["narrate"] = "true"
    filters = (("creature", creature), ("type", types or None), ("round", round_), ("turn", turn))
    params.update({k: v for k, v in filters if v is not None})
    return Call("GET", f"/battles/{battle_id}/events", model(wire.EventsPage), params=params)


def battles(tags: list[str] | None, limit: int, before: str | None) -> Call[wire.BattlesPage]:
    params: dict[str, Any] = {"limit": limit}
    if tags:
        params["tag"] = tags
    if before is not None:
        params["before"] = before
    return Call("GET", "/battles", model(wire.BattlesPage), params=params)


def describe(battle_id: str, title: str | None, tags: list[str] | None) -> Call[wire.Described]:
    body = {k: v for k, v in (("title", title), ("tags", tags)) if v is not None}
    # the same title and tags again change nothing: safe to retry
    return Call("PATCH", f"/battles/{battle_id}", model(wire.Described), body, appends=False)


def close(battle_id: str, reason: str) -> Call[wire.ClosedOut]:
    path = f"/battles/{battle_id}/close"
    return Call("POST", path, model(wire.ClosedOut), {"reason": reason})


def rulings(battle_id: str, after: int, limit: int) -> Call[wire.RulingsPage]:
    params = {"after": after, "limit": limit}
    return Call("GET", f"/battles/{battle_id}/rulings", model(wire.RulingsPage), params=params)


def movement(
    battle_id: str, creature: str, round_: int | None, turn: int | None
) -> Call[wire.Movement]:
    params = {k: v for k, v in (("round", round_), ("turn", turn)) if v is not None}
    path = f"/battles/{battle_id}/creatures/{creature}/movement"
    return Call("GET", path, model(wire.Movement), params=params)


def reach(battle_id: str, creature: str, kind: str, mode: str) -> Call[wire.ReachOut]:
    params = {"creature": creature, "kind": kind, "mode": mode}
    return Call("GET", f"/battles/{battle_id}/reach", model(wire.ReachOut), params=params)


def options(battle_id: str, creature: str) -> Call[wire.OptionsOut]:
    path = f"/battles/{battle_id}/creatures/{creature}/options"
    return Call("GET", path, model(wire.OptionsOut))


def undo(
    battle_id: str,
    to_version: int | None,
    intent_id: str | None,
    expected_version: int | None,
    idempotency_key: str | None,
) -> Call[wire.IntentOut]:
    body = {
        k: v
        for k, v in (
            ("to_version", to_version),
            ("intent_id", intent_id),
            ("expected_version", expected_version),
        )
        if v is not None
    }
    return Call("POST", f"/battles/{battle_id}/undo", model(wire.IntentOut), body,
                headers=key(idempotency_key))  # fmt: skip


def redo(
    battle_id: str, expected_version: int | None, idempotency_key: str | None
) -> Call[wire.IntentOut]:
    body = {} if expected_version is None else {"expected_version": expected_version}
    return Call("POST", f"/battles/{battle_id}/redo", model(wire.IntentOut), body,
                headers=key(idempotency_key))  # fmt: skip


def judgement(battle_id: str, intent_id: str) -> Call[wire.Judgement]:
    path = f"/battles/{battle_id}/intents/{intent_id}/judgement"
    return Call("GET", path, model(wire.Judgement))


def replay(battle_id: str, first: int | None, last: int | None) -> Call[wire.Replay]:
    params = {k: v for k, v in (("from", first), ("to", last)) if v is not None}
    return Call("GET", f"/battles/{battle_id}/replay", model(wire.Replay), params=params)


def what_if(battle_id: str, version: int, intents: list[Intent]) -> Call[wire.WhatIf]:
    body = {"version": version, "intents": [plain(i) for i in intents]}
    return Call("POST", f"/battles/{battle_id}/what-if", model(wire.WhatIf), body, appends=False)


def verify(battle_id: str) -> Call[wire.VerifyOut]:
    return Call("GET", f"/battles/{battle_id}/verify", model(wire.VerifyOut))


def keys() -> Call[wire.KeySet]:
    return Call("GET", "/keys", model(wire.KeySet))


def export(battle_id: str) -> Call[dict[str, Any]]:
    """The bundle as plain JSON: its texts are what the signatures cover, kept as sent."""
    return Call("GET", f"/battles/{battle_id}/export", dict)


def import_bundle(bundle: Mapping[str, Any]) -> Call[wire.ImportedOut]:
    # no idempotency key on the server's side: an import is sent once, never retried
    return Call("POST", "/battles/import", model(wire.ImportedOut), dict(bundle))


def verify_receipts(battle_id: str, receipts: list[dict[str, Any]]) -> Call[wire.VerifyOut]:
    body = {"receipts": receipts}
    return Call("POST", f"/battles/{battle_id}/verify", model(wire.VerifyOut), body, appends=False)


def feed(after: str | None, limit: int) -> Call[wire.FeedPageOut]:
    params: dict[str, Any] = {"limit": limit}
    if after:
        params["after"] = after
    return Call("GET", "/feed", model(wire.FeedPageOut), params=params)


def revoke_seat(battle_id: str, seat_id: str) -> Call[wire.RevokedOut]:
    # revoking again revokes nothing more: safe to retry
    return Call(
        "DELETE", f"/battles/{battle_id}/seats/{seat_id}", model(wire.RevokedOut), appends=False
    )


def rotate_director_token(battle_id: str) -> Call[wire.RotatedOut]:
    # never sent twice: a lost answer's new token would be lost with it, the old one revoked
    return Call("POST", f"/battles/{battle_id}/director-token/rotate", model(wire.RotatedOut))


def revoke_battle_tokens(battle_id: str) -> Call[wire.RevokedOut]:
    return Call(
        "POST", f"/battles/{battle_id}/tokens/revoke", model(wire.RevokedOut), appends=False
    )


def rejudgement(battle_id: str, after: int, limit: int) -> Call[wire.RejudgementPage]:
    return Call(
        "GET",
        f"/battles/{battle_id}/rejudgement",
        model(wire.RejudgementPage),
        params={"after": after, "limit": limit},
    )
