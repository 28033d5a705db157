"""Battles a campaign can find: list them by tag, title and tag them, close them."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from server.api.answers.battle_bodies import Tag, Tags, Title
from server.api.answers.common import Answer
from server.api.deps import BattleId, Deps, Director, Services, bearer, given_key, known_key
from server.api.problems import ProblemError, responses
from server.api.rate_limits import peer_of
from server.api.wire import OrjsonResponse
from server.readers.tokens import token_hash

router = APIRouter(tags=["campaign"])


class Closure(Answer):
    at: str = Field(description="When the battle was closed (ISO 8601).")
    reason: str = Field(description="Why, as the director said.")


class BattleListed(Answer):
    battle_id: str = Field(description="The battle.")
    ruleset: str = Field(description="Its ruleset.")
    title: str | None = Field(description="Its title; null when it was given none.")
    tags: list[str] = Field(description="Its tags.")
    version: int = Field(description="Its version now (the log's head).")
    created_at: str = Field(description="When it was created (ISO 8601).")
    last_activity: str = Field(description="When its last event was recorded (ISO 8601).")
    closed: Closure | None = Field(description="Its closure; null while it is open.")


class BattlesPage(Answer):
    """The battles the caller may see, newest first."""

    battles: list[BattleListed] = Field(description="A page of battles.")
    next_before: str | None = Field(
        description="Pass as `before` for the next page; null on the last page."
    )


class DescribeIn(BaseModel):
    """What the director changes about how the battle is found (absent: unchanged)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    title: Title | None = Field(
        default=None, description="The new title; null (or left out): kept as it is."
    )
    tags: Tags | None = Field(
        default=None, description="The new tags; null (or left out): kept as they are."
    )


class CloseIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    reason: Annotated[str, Field(min_length=1, max_length=500)] = Field(
        description="Why the battle ends (1 to 500 characters)."
    )


class Described(Answer):
    battle_id: str = Field(description="The battle.")
    title: str | None = Field(description="Its title now; null when it has none.")
    tags: list[str] = Field(description="Its tags now.")


class ClosedOut(Answer):
    battle_id: str = Field(description="The battle.")
    closed: Closure = Field(description="Its closure.")


@router.get(
    "/battles",
    response_model=BattlesPage,
    responses=responses(401, 422, 429, 503),
    operation_id="list_battles",
)
async def list_battles(
    deps: Deps,
    request: Request,
    tag: Annotated[
        list[Tag] | None, Query(max_length=20, description="Only battles with every one of these.")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=100, description="At most this many.")] = 50,
    before: Annotated[
        str | None, Query(max_length=200, description="The `next_before` of the last page.")
    ] = None,
) -> Any:
    """The battles the caller may see, newest first: those its API key created, or those
    its token opens (as director or seat), with each one's ruleset, version, title, tags and
    last activity."""
    unknown = sorted(set(request.query_params) - {"tag", "limit", "before", "token"})
    if unknown:
        raise ProblemError(422, "invalid-request", f"unknown parameter(s): {', '.join(unknown)}")
    scope, hashed = listing_caller(request, deps)
    page = await run_in_threadpool(
        deps.catalog.listing,
        scope=scope,
        token_hash=hashed,
        tags=tag or [],
        limit=limit,
        before=before,
    )
    if (
        hashed is not None
        and not page.battles
        and not await run_in_threadpool(deps.catalog.token_opens_any, hashed)
    ):
        # a junk credential is a failed authentication (401, then 429), not an empty list
        deps.rate_limits.failed(peer_of(request), b"list\0" + hashed)
        raise ProblemError(401, "unauthorized", "this key or token opens no battle here")
    return OrjsonResponse({"battles": page.battles, "next_before": page.next_before})


def listing_caller(request: Request, deps: Services) -> tuple[str | None, bytes | None]:
    """Whose battles a listing shows: an API key's (its scope) or a battle token's (its
    hash). A key or token the server does not know is a 401, never an empty page."""

    def peer() -> str:
        return peer_of(request)

    key = given_key(request)
    if key is not None:
        return known_key(deps, key, peer).scope, None
    token = bearer(request)
    if not token:
        raise ProblemError(401, "unauthorized", "send an API key or a battle's token")
    if deps.keys.find(token) is not None:
        return known_key(deps, token, peer).scope, None
    deps.rate_limits.refused_before(peer(), b"list\0" + token_hash(token))
    return None, token_hash(token)


@router.patch(
    "/battles/{battle_id}",
    response_model=Described,
    responses=responses(401, 403, 404, 422, 429, 503),
    operation_id="describe_battle",
)
async def describe_battle(battle_id: BattleId, body: DescribeIn, who: Director, deps: Deps) -> Any:
    """The director changes the battle's title or tags (what is left out stays)."""
    await run_in_threadpool(deps.catalog.describe, battle_id, body.title, body.tags)
    title, tags = await run_in_threadpool(deps.catalog.described, battle_id)
    return OrjsonResponse({"battle_id": battle_id, "title": title, "tags": tags})


@router.post(
    "/battles/{battle_id}/close",
    response_model=ClosedOut,
    responses=responses(401, 403, 404, 409, 422, 429, 503),
    operation_id="close_battle",
)
async def close_battle(battle_id: BattleId, body: CloseIn, who: Director, deps: Deps) -> Any:
    """Close the battle: from now on nothing appends to it (a 409 naming the closure); every
    read works as before. Closing a closed battle is a 409."""
    async with deps.battles.pipeline.locks.hold(battle_id):
        await run_in_threadpool(deps.catalog.refuse_if_closed, battle_id)
        await run_in_threadpool(deps.catalog.close, battle_id, body.reason, deps.battles.clock())
    found = await run_in_threadpool(deps.catalog.closure, battle_id)
    assert found is not None
    at, reason = found
    return OrjsonResponse(
        {"battle_id": battle_id, "closed": {"at": at.isoformat(), "reason": reason}}
    )
