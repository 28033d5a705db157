"""Battles: create, seats, state, intents, reach, the log and its live stream, verify."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import partial
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.concurrency import run_in_threadpool
from starlette.background import BackgroundTask
from starlette.responses import Response

from engine.intents import Intent
from engine.results import Refused
from events.vocabulary import registry
from server.api.answers import schemas as s
from server.api.answers.documented import IntentIn
from server.api.deps import (
    BattleId,
    Caller,
    Deps,
    Director,
    Services,
    View,
    api_key,
    bearer,
    limited,
)
from server.api.problems import ProblemError, refusal_error, responses
from server.api.rate_limits import client_of
from server.api.stream import Follower, StreamResponse
from server.api.wire import OrjsonResponse, ReaderAnswer, envelope_json, outcome_json, plain_json
from server.campaign.continuation import continued_body
from server.campaign.directory import Revoked
from server.commands.pipeline import IntentOutcome
from server.errors import BadRequest, NotFound
from server.queries.narration import narrate_page, with_narration
from server.questions.answering import read_on
from server.questions.store import Filters
from server.readers.redaction import reader_kind
from server.readers.tokens import Principal, token_hash
from server.readers.view import ReaderView, view_of
from server.state.stream_hub import TooManyStreams
from server.trust.receipts import check_receipts, make_receipt

router = APIRouter(tags=["battles"])
MAX_IDEMPOTENCY_KEY = 200
IdempotencyKey = Annotated[
    str | None,
    Header(
        min_length=1,
        max_length=MAX_IDEMPOTENCY_KEY,
        description="Send one per request: a retry with the same key gets the first answer "
        "and appends nothing; the same key with another body is refused (400).",
    ),
]
READ = responses(401, 403, 404, 422, 429, 503)
WRITE = responses(400, 401, 403, 404, 409, 413, 415, 422, 429, 503)
STREAM_RETRY_AFTER = 5
"""Seconds a client over its stream cap is asked to wait: a slot frees as soon as one of
its streams closes, and a slower reconnect loop costs the server next to nothing."""


def bytes_page(page: list[Any], budget: int) -> list[Any]:
    """The leading events of `page` whose data fits in `budget` bytes (one at least)."""
    spent = 0
    for n, envelope in enumerate(page):
        spent += len(orjson.dumps(envelope.data))
        if n and spent > budget:
            return page[:n]
    return page


def check_limits(body: s.BattleIn) -> None:
    if body.map is not None and body.map.width * body.map.height > s.MAX_MAP_SQUARES:
        raise ProblemError(
            422,
            "limit/map-too-big",
            f"the map has {body.map.width * body.map.height} squares;"
            f" at most {s.MAX_MAP_SQUARES} are allowed",
        )


def answer(
    request: Request,
    outcome: IntentOutcome,
    kind: str,
    deps: Deps,
    ruled: bool = False,
    view: ReaderView | None = None,
) -> Response:
    """Map a judged intent to 201 (appended or replayed), 200 (dry run) or a problem; a ruled
    intent's answer says which rules were set aside (`overruled`, empty when none were); a
    player's answer is read as it may read it (`view`, server/readers/view.py)."""
    return answer_to(request.scope.setdefault("state", {}), outcome, kind, deps, ruled, view)


def answer_to(
    state: dict[str, Any],
    outcome: IntentOutcome,
    kind: str,
    deps: Services,
    ruled: bool = False,
    view: ReaderView | None = None,
) -> Response:
    """`answer`, leaving what the request's log line says in `state` (the request scope's)."""
    state["intent_type"] = kind
    if outcome.refused is not None:
        state["outcome"] = "refused"
        deps.metrics.intents.labels(kind, "refused").inc()
        deps.metrics.refusals.labels(outcome.refused.rule).inc()
        raise refusal_error(outcome.refused)
    state["intent_id"] = outcome.intent_id
    label = "dry_run" if outcome.dry_run else ("replayed" if outcome.replayed else "accepted")
    state["outcome"] = label
    deps.metrics.intents.labels(kind, label).inc()
    headers = {"Idempotent-Replayed": "true"} if outcome.replayed else None
    # the log's question read models follow the append once the answer is sent (a question
    # asked before that brings them up to the head itself)
    keep_up = (
        BackgroundTask(
            deps.questions.follow_after_answer, outcome.envelopes[0].battle_id, outcome.envelopes
        )
        if outcome.envelopes and not outcome.replayed and deps.settings.questions_follow
        else None
    )
    body = outcome_json(outcome, view)
    if ruled:
        body["overruled"] = [
            {k: e["data"].get(k) for k in ("rule", "step", "detail")}
            for e in body["events"]
            if e["type"] == "RuleOverruled"
        ]
    if outcome.envelopes and not outcome.dry_run:
        last = outcome.envelopes[-1]
        body["receipt"] = make_receipt(deps.keyring, last.battle_id, last.version, last.hash)
    return OrjsonResponse(
        body, 200 if outcome.dry_run else 201, headers=headers, background=keep_up
    )


async def after_append(
    deps: Services, who: Principal, outcome: IntentOutcome, view: ReaderView | None
) -> ReaderView | None:
    """The request's view once its own append is read (what it hid or revealed counts for
    its answer); read now when the request came without one."""
    if who.is_director or outcome.refused is not None:
        return None
    if view is None:
        return await run_in_threadpool(view_of, deps.battles, who)
    return await run_in_threadpool(
        view.follow, outcome.envelopes, partial(view_of, deps.battles, who)
    )


@router.post(
    "/battles",
    status_code=201,
    response_model=s.BattleCreatedOut,
    responses={**WRITE, **responses(429)},
    dependencies=[Depends(api_key), limited("create")],
    operation_id="create_battle",
)
async def create_battle(
    body: s.BattleIn, deps: Deps, request: Request, idempotency_key: IdempotencyKey = None
) -> Any:
    """Create a battle; the answer holds its id and the director token (shown once, and
    again only to a retry of the same request with the same `Idempotency-Key`)."""
    check_limits(body)
    raw = plain_json(body)
    scope = client_of(request, deps.keys)
    continued = raw.pop("continue", None)
    if continued is not None:
        raw, continued = await run_in_threadpool(
            continue_from, deps, bearer(request), scope, raw, continued
        )
    created = await deps.battles.create_battle(
        raw,
        idempotency_key=idempotency_key,
        scope=scope,
        created_by=scope if scope.startswith("key:") else None,
        continued_from=continued,
    )
    if isinstance(created, Refused):
        raise refusal_error(created)
    headers = {"Idempotent-Replayed": "true"} if created.replayed else None
    return OrjsonResponse(
        {
            "battle_id": created.battle_id,
            "director_token": created.director_token,
            "version": created.version,
            "receipt": make_receipt(
                deps.keyring, created.battle_id, created.version, created.envelopes[-1].hash
            ),
            **({"continued_from": continued} if continued is not None else {}),
        },
        201,
        headers=headers,
    )


@router.post(
    "/battles/{battle_id}/seats",
    status_code=201,
    response_model=s.SeatOut,
    responses={**WRITE, **responses(429)},
    dependencies=[limited("write")],
    operation_id="add_seat",
)
async def add_seat(battle_id: BattleId, body: s.SeatIn, who: Director, deps: Deps) -> Any:
    """A player token bound to some creatures (director only; the token is shown once)."""
    seat_id, token = await deps.battles.add_seat(who, body.creatures, body.name)
    out = {"seat_id": seat_id, "token": token, "creatures": body.creatures, "name": body.name}
    return OrjsonResponse(out, 201)


@router.get(
    "/battles/{battle_id}",
    response_model=s.BattleStateOut,
    responses=READ,
    operation_id="get_state",
)
def battle_state(
    battle_id: BattleId,
    who: Caller,
    view: View,
    deps: Deps,
    version: Annotated[
        int | None, Query(ge=1, le=2**31 - 1, description="The state at this version.")
    ] = None,
    at: Annotated[
        datetime | None,
        Query(description="The state as it was at this ISO-8601 instant (UTC if no offset)."),
    ] = None,
) -> Any:
    """The battle's state now, at `version`, or as it was at the instant `at`."""
    if version is not None and at is not None:
        raise ProblemError(422, "invalid-request", "give `version` or `at`, not both")
    if at is not None:
        state = deps.battles.view_at(battle_id, at if at.tzinfo else at.replace(tzinfo=UTC))
    else:
        state = deps.battles.view(battle_id, version)
    return ReaderAnswer(state, view, s.BattleStateOut)


@router.post(
    "/battles/{battle_id}/intents",
    status_code=201,
    response_model=s.IntentOut,
    responses={
        **WRITE,
        **responses(429),
        200: {"model": s.DryRunOut, "description": "A dry run's preview"},
    },
    dependencies=[limited("write")],
    operation_id="submit_intent",
)
async def submit_intent(
    battle_id: BattleId,
    body: IntentIn,
    who: Caller,
    view: View,
    deps: Deps,
    request: Request,
    dry_run: Annotated[
        bool, Query(description="Judge without appending: 200 with the events it would add.")
    ] = False,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Judge an intent: 201 with the new version, events and trace, or a refusal (422/403)."""
    state = request.scope.setdefault("state", {})
    return await judge_intent(deps, who, body, dry_run, idempotency_key, state, view)


async def judge_intent(
    deps: Services,
    who: Principal,
    body: Intent,
    dry_run: bool,
    idempotency_key: str | None,
    state: dict[str, Any],
    view: ReaderView | None = None,
) -> Response:
    """What `submit_intent` does once its request is read and its caller known; the lean
    intents route (server/api/lean_intents.py) calls it too."""
    path = getattr(body, "path", None)
    if path is not None and len(path) > s.MAX_PATH:
        raise ProblemError(
            422, "limit/path-too-long", f"a path has at most {s.MAX_PATH} steps, not {len(path)}"
        )
    if view is None and not who.is_director:  # the lean route reads it here, once
        view = await run_in_threadpool(view_of, deps.battles, who)
    outcome = await deps.battles.submit(
        who,
        body,
        idempotency_key=idempotency_key,
        dry_run=dry_run,
        correlation_id=state.get("request_id"),
        view=view,
    )
    view = await after_append(deps, who, outcome, view)
    return answer_to(state, outcome, body.type, deps, ruled=body.overrule is not None, view=view)


@router.get(
    "/battles/{battle_id}/reach",
    response_model=s.ReachOut,
    responses=READ,
    operation_id="get_reach",
)
async def reach(
    battle_id: BattleId,
    who: Caller,
    deps: Deps,
    creature: Annotated[str, Query(min_length=1, max_length=64, description="Its id.")],
    kind: Annotated[
        str, Query(pattern="^(move|shift)$", description="`move` or `shift`.")
    ] = "move",
    mode: Annotated[
        str,
        Query(pattern="^(walk|climb|swim|fly|burrow)$", description="The movement mode."),
    ] = "walk",
) -> Any:
    """Every square the creature could end this move on, with its cost and, where a move
    there would provoke, the reactions it would open (for a ruler)."""
    found = await deps.battles.reach(who, creature, kind, mode)
    if "refused" in found:
        raise refusal_error(found["refused"])
    return OrjsonResponse(found)


@router.get(
    "/battles/{battle_id}/events",
    response_model=s.EventsPage,
    responses=READ,
    operation_id="list_events",
)
def events(
    battle_id: BattleId,
    who: Caller,
    view: View,
    deps: Deps,
    request: Request,
    after: Annotated[int, Query(ge=0, le=2**31 - 1, description="Events after this version.")] = 0,
    limit: Annotated[int, Query(ge=1, le=s.MAX_PAGE, description="At most this many.")] = 100,
    narrate: Annotated[
        bool, Query(description="Add each event's `narration`: the event in plain words.")
    ] = False,
    creature: Annotated[
        str | None,
        Query(min_length=1, max_length=64, description="Only events about this creature."),
    ] = None,
    type_: Annotated[
        list[str] | None,
        Query(
            alias="type",
            max_length=50,
            description="Only events of these types (repeat `type` for several).",
        ),
    ] = None,
    round_: Annotated[
        int | None, Query(alias="round", ge=1, le=2**31 - 1, description="Only this round.")
    ] = None,
    turn: Annotated[
        int | None,
        Query(
            ge=1,
            le=2**31 - 1,
            description="Only this turn (turns are numbered 1, 2, ... as they start).",
        ),
    ] = None,
) -> Any:
    """The log of this battle, in version order, a page at a time: at most `limit` events and
    about 4 MiB of them (a page ends before the event that would pass it, but always holds
    one); `next_after` says where the next page starts. Filters combine (`creature`, `type`,
    `round`, `turn`); a filter it does not know is a 422, never ignored."""
    filters = event_filters(request, creature, type_, round_, turn)
    read_to: int | None = None
    if filters is None:
        found = deps.battles.events(battle_id, after, limit)
    elif creature is not None and creature in view.hidden():
        found = []  # a creature hidden from the reader is asked about as one never named
    elif view.everything:
        found = deps.questions.events(battle_id, after, limit, filters)
    else:  # a filtered page keeps no placeholders, and reads on past them: they would say
        # where a hidden creature did what the filter asks (its `next_after` too)
        found, read_to = read_on(
            lambda since, n: deps.questions.events(battle_id, since, n, filters),
            after,
            limit,
            view.shows,
        )
    page = bytes_page(found, s.MAX_PAGE_BYTES)
    next_after = page[-1].version if page else after
    if read_to is not None and len(page) == len(found):
        next_after = read_to
    if filters is not None and not view.everything:
        page = [e for e in page if view.shows(e)]
    body = {"battle_id": battle_id, "events": [envelope_json(e) for e in page]}
    if narrate and page:
        with_narration(body, narrate_page(deps.battles, battle_id, after, page, view))
    return ReaderAnswer({**body, "next_after": next_after}, view, s.EventsPage)


def continue_from(
    deps: Any, token: str | None, scope: str, body: dict[str, Any], asked: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The creation body completed from the battle it continues, and where it came from
    (the battle, the version read, the creatures). Only the old battle's director, or the
    API key that created it, may carry its creatures on."""
    old_id = str(asked["battle_id"])
    # rights first, and a caller without them hears what a missing battle answers: the
    # battle's existence and its versions are the director's (or the creating key's) to know
    who = deps.battles.authenticate(old_id, token) if token else None
    by_key = scope.startswith("key:") and deps.catalog.created_by(old_id) == scope
    head = deps.battles.store.head_version(old_id)
    if head == 0 or not (by_key or (who is not None and who.is_director)):
        raise NotFound(
            f"continue: no battle {old_id!r} that this caller may continue (its director's"
            " token or the API key that created it continues a battle)"
        )
    version = asked.get("version") or head
    if version > head:
        raise BadRequest(f"continue: battle {old_id!r} has versions 1 to {head}, not {version}")
    old = deps.battles.loader.at(old_id, version).state
    names = list(asked["creatures"])
    merged = continued_body(body, old, old_id, names)
    return merged, {"battle_id": old_id, "version": version, "creatures": names}


EVENT_QUERY = frozenset({"after", "limit", "narrate", "creature", "type", "round", "turn"})


def event_filters(
    request: Request,
    creature: str | None,
    types: list[str] | None,
    round_: int | None,
    turn: int | None,
) -> Filters | None:
    """The events route's filters (None: none asked); an unknown parameter or event type is
    named in a 422 rather than ignored, which would answer a question nobody asked."""
    unknown = sorted(set(request.query_params) - EVENT_QUERY - {"token"})
    if unknown:
        raise ProblemError(
            422,
            "invalid-request",
            f"unknown filter(s): {', '.join(unknown)}; the log filters"
            " by creature, type, round and turn",
        )
    for name in types or []:
        if name not in registry.types:
            raise ProblemError(422, "invalid-request", f"unknown event type {name!r}")
    if creature is None and not types and round_ is None and turn is None:
        return None
    return Filters(creature, tuple(types or ()), round_, turn)


@router.get(
    "/battles/{battle_id}/stream",
    responses={
        **responses(401, 403, 404, 409, 422, 429, 503),
        200: {
            "description": "Server-sent events: one per logged event, `event:` its type, "
            "`id:` its version, `data:` its envelope as JSON (as in `GET .../events`).",
            "model": s.StreamEvent,
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
    },
    operation_id="stream_events",
)
async def stream(
    battle_id: BattleId,
    who: Caller,
    view: View,
    deps: Deps,
    request: Request,
    last_event_id: Annotated[
        str | None, Header(description="Resume after this version (sent on reconnects).")
    ] = None,
    after: Annotated[
        int | None, Query(ge=0, le=2**31 - 1, description="Start after this version.")
    ] = None,
) -> Response:
    """Live events, one per logged event, `id` = its version; resume with `Last-Event-ID`.

    Heartbeats (SSE comments) come every `TURNLEDGER_STREAM_HEARTBEAT` seconds; one token
    may hold `TURNLEDGER_STREAMS_PER_TOKEN` open streams, a battle
    `TURNLEDGER_STREAMS_PER_BATTLE` and a server process `TURNLEDGER_STREAMS_PER_PROCESS`,
    beyond which the answer is 429 with `Retry-After`. Resuming after a version past the
    log's head is a 409 naming the head."""
    start = after or 0
    if last_event_id:
        # ASCII digits only: str.isdigit() also accepts digits int() refuses ('²')
        if not (last_event_id.isascii() and last_event_id.isdigit()) or len(last_event_id) > 10:
            raise ProblemError(422, "invalid-request", "Last-Event-ID must be a version number")
        start = int(last_event_id)
    settings = deps.settings
    try:
        sub = await deps.hub.subscribe(
            battle_id, (battle_id, who.seat_id), wait=settings.database_timeouts().deadline
        )
    except TooManyStreams as exc:
        raise ProblemError(
            429,
            "too-many-streams",
            f"{exc}; close one, or retry later",
            headers={"Retry-After": str(STREAM_RETRY_AFTER)},
        ) from None
    store, reads = deps.battles.store, deps.metrics.stream_reads.labels("catch-up")

    def read(battle: str, after: int, up_to: int) -> list[Any]:
        reads.inc()
        return store.read_stream(battle, after=after, up_to=up_to)

    follower = Follower(
        deps.hub,
        sub,
        read,
        start,
        kind=reader_kind(who.is_director),
        encoded=deps.encoded,
        budget=deps.catch_up,
        view=None if who.is_director else view,
    )
    token = bearer(request)
    if token is not None:
        sub.token = token_hash(token)
        follower.still_open = opened_by(deps, battle_id, token)
    try:
        await follower.start()
        if start and follower.first_page_empty:
            await past_the_head(deps, battle_id, start)
    except BaseException:
        deps.hub.unsubscribe(sub)
        raise
    deps.metrics.open_streams.inc()
    return StreamResponse(
        follower,
        on_close=deps.metrics.open_streams.dec,
        ping=settings.stream_heartbeat,
        headers={"Cache-Control": "no-store"},
    )


def opened_by(deps: Services, battle_id: str, token: str) -> Callable[[], Awaitable[bool]]:
    """Whether `token` still opens the battle (asked of the database at a stream's
    heartbeats: a revocation by another server process ends the stream there)."""

    async def ask() -> bool:
        found = await run_in_threadpool(deps.battles.identify, battle_id, token)
        return not isinstance(found, Revoked)

    return ask


async def past_the_head(deps: Deps, battle_id: str, start: int) -> None:
    """A stream asked to resume after a version the battle has not reached would wait in
    silence: a 409 naming the head instead (an EventSource then stops reconnecting)."""
    head = await asyncio.to_thread(deps.battles.store.head_version, battle_id)
    if start > head:
        raise ProblemError(
            409,
            "past-the-head",
            f"the battle's log ends at version {head}; cannot resume after version {start}",
        )


@router.get(
    "/battles/{battle_id}/verify",
    response_model=s.VerifyOut,
    responses=READ,
    operation_id="verify_chain",
)
def verify(
    battle_id: BattleId,
    who: Caller,
    deps: Deps,
    full: Annotated[
        bool,
        Query(
            description="Walk the whole chain again, not only what was appended since the "
            "last verified head (director only)."
        ),
    ] = False,
) -> Any:
    """Walk the battle's hash chain and say whether it holds (from the last verified head)."""
    if full and not who.is_director:
        raise ProblemError(403, "forbidden", "only the director may ask for a full re-walk")
    return OrjsonResponse(verify_json(battle_id, deps.verifier.verify(battle_id, full=full)))


@router.post(
    "/battles/{battle_id}/verify",
    response_model=s.VerifyOut,
    responses=READ,
    operation_id="verify_receipts",
)
def verify_receipts(battle_id: BattleId, body: s.VerifyIn, who: Caller, deps: Deps) -> Any:
    """The chain, and whether the log agrees with every receipt given: the first version
    where it does not, and two validly signed receipts for one version with different hashes
    (`conflicts`, `rewritten`: proof that the history was rewritten)."""
    result = deps.verifier.verify(battle_id, full=body.full and who.is_director)
    receipts = [r.model_dump() for r in body.receipts]
    checked = check_receipts(
        deps.keyring,
        battle_id,
        receipts,
        lambda versions: deps.verifier.hashes_at(battle_id, versions),
        lambda versions: deps.verifier.recorded_at(battle_id, versions),
    )
    actions = deps.verifier.actions(battle_id)
    return OrjsonResponse(
        {**verify_json(battle_id, result), "receipts": {**checked.as_json(), "actions": actions}}
    )


def verify_json(battle_id: str, verified: Any) -> dict[str, Any]:
    result, resumed_from = verified
    return {
        "battle_id": battle_id,
        "ok": result.ok,
        "checked": result.checked,
        "first_broken_version": result.first_broken_version,
        "reason": result.reason,
        "resumed_from": resumed_from,
    }
