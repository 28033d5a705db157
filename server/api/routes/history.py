"""History: undo, redo, judgement, replay, what-if."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Path, Query, Request
from pydantic import Field
from starlette.responses import Response

from engine.results import Refused
from server.api.answers import schemas as s
from server.api.answers.common import Answer
from server.api.bounded_body import PiecewiseJSON, admit
from server.api.deps import BattleId, Caller, Deps, Director, View, limited
from server.api.problems import ProblemError, refusal_error, responses
from server.api.routes.battles import READ, WRITE, IdempotencyKey, after_append, answer
from server.api.wire import OrjsonResponse
from server.commands.types import Redo, Rewind, Undo
from server.queries.judgement import judgement as judgement_of
from server.queries.narration import narrate_what_if
from server.queries.rejudgement import MAX_ACTIONS, rejudge
from server.queries.replay import replay_page
from server.queries.what_if import what_if as what_if_of

router = APIRouter(tags=["history"])
IntentId = Annotated[
    str,
    Path(
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9_-]+$",
        description="The action's `intent_id`.",
    ),
]
EMPTY_UNDO = s.UndoIn()
EMPTY_REDO = s.RedoIn()


@router.post(
    "/battles/{battle_id}/undo",
    status_code=201,
    response_model=s.IntentOut,
    responses={**WRITE, **responses(429)},
    dependencies=[limited("write")],
    operation_id="undo",
)
async def undo(
    battle_id: BattleId,
    who: Caller,
    view: View,
    deps: Deps,
    request: Request,
    body: Annotated[s.UndoIn, Body()] = EMPTY_UNDO,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Undo the latest action; `{"to_version": N}` rewinds; `{"intent_id": ...}` undoes one."""
    body = body or s.UndoIn()
    if body.to_version is not None and body.intent_id is not None:
        raise ProblemError(422, "invalid-request", "give `to_version` or `intent_id`, not both")
    command: Undo | Rewind = (
        Undo(who, body.intent_id, idempotency_key, body.expected_version)
        if body.to_version is None
        else Rewind(who, body.to_version, idempotency_key, body.expected_version)
    )
    outcome = await deps.commands.dispatch(command)
    return answer(request, outcome, "undo", deps, view=await after_append(deps, who, outcome, view))


@router.post(
    "/battles/{battle_id}/redo",
    status_code=201,
    response_model=s.IntentOut,
    responses={**WRITE, **responses(429)},
    dependencies=[limited("write")],
    operation_id="redo",
)
async def redo(
    battle_id: BattleId,
    who: Caller,
    view: View,
    deps: Deps,
    request: Request,
    body: Annotated[s.RedoIn, Body()] = EMPTY_REDO,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Redo the latest undone action (a new action clears redo)."""
    expected = body.expected_version if body else None
    outcome = await deps.commands.dispatch(Redo(who, idempotency_key, expected))
    return answer(request, outcome, "redo", deps, view=await after_append(deps, who, outcome, view))


@router.get(
    "/battles/{battle_id}/intents/{intent_id}/judgement",
    response_model=s.Judgement,
    responses=READ,
    operation_id="get_judgement",
)
def judgement(battle_id: BattleId, intent_id: IntentId, who: Caller, view: View, deps: Deps) -> Any:
    """Re-judge a recorded action under the current rules; says whether it still matches."""
    found = judgement_of(deps.ports, who, intent_id, view=view)
    if isinstance(found, Refused):
        raise refusal_error(found)
    return OrjsonResponse(found)


class RejudgedAction(s.Judgement):
    rule: str | None = Field(
        description="The rule that refuses the action now (null: still accepted, with other"
        " events)."
    )


class RejudgementPage(Answer):
    """A page of the battle's actions judged again under today's rules, oldest first."""

    battle_id: str = Field(description="The battle.")
    checked: int = Field(description="How many actions this page judged again.")
    differing: list[RejudgedAction] = Field(
        description="The actions whose events would differ today: the rule, what was recorded"
        " and what would be judged now."
    )
    next_after: int | None = Field(
        description="Pass as `after` for the next page; null when this was the last."
    )


@router.get(
    "/battles/{battle_id}/rejudgement",
    response_model=RejudgementPage,
    responses=READ,
    operation_id="rejudge_battle",
)
def rejudge_battle(
    battle_id: BattleId,
    who: Director,
    deps: Deps,
    after: Annotated[
        int, Query(ge=0, le=2**31 - 1, description="Judge the actions after this version.")
    ] = 0,
    limit: Annotated[
        int, Query(ge=1, le=MAX_ACTIONS, description="At most this many actions.")
    ] = 50,
) -> Any:
    """Every action of the battle judged again under today's rules (the director, or the
    API key that created it): those whose events would differ, in pages; one page shares
    the work budget (over it: 422 `limits/too-costly` naming the limit; ask a smaller
    `limit`)."""
    found = rejudge(deps.ports, who, after, limit)
    if isinstance(found, Refused):
        raise refusal_error(found)
    return OrjsonResponse(
        {
            "battle_id": battle_id,
            "checked": found.checked,
            "differing": found.differing,
            "next_after": found.next_after,
        }
    )


@router.get(
    "/battles/{battle_id}/replay", response_model=s.Replay, responses=READ, operation_id="replay"
)
def replay(
    battle_id: BattleId,
    who: Caller,
    view: View,
    deps: Deps,
    first: Annotated[
        int | None,
        Query(alias="from", ge=1, le=2**31 - 1, description="The first version (default 1)."),
    ] = None,
    last: Annotated[
        int | None,
        Query(alias="to", ge=1, le=2**31 - 1, description="The last version (default: a page)."),
    ] = None,
    states: Annotated[
        Literal["each", "last", "none", "changes"],
        Query(
            description="Which steps carry the state after them: each, the last, or none;"
            " `changes`: the page's first state whole, then each step's `change` since the"
            " step before (a page's size then grows with what happened, not with the battle)."
        ),
    ] = "each",
) -> Any:
    """States and events of a range of versions, for a viewer to step through.

    At most 500 events and 8 MiB of states a page: when the range is longer, `to` is the
    last version this page covers and `next_from` is where the next page starts.
    """
    if first is not None and last is not None and first > last:
        raise ProblemError(422, "invalid-request", "`from` must not be after `to`")
    budget = admit(deps.answers)  # 503 while it is spent
    page = replay_page(deps.ports, who, first, last, states, view=view)
    return PiecewiseJSON(page, budget, deps.settings.write_timeout)


@router.post(
    "/battles/{battle_id}/what-if", response_model=s.WhatIf, responses=WRITE, operation_id="what_if"
)
def what_if(battle_id: BattleId, body: s.WhatIfIn, who: Caller, view: View, deps: Deps) -> Any:
    """From a version, try intents without appending: their events and the state difference."""
    found = what_if_of(deps.ports, who, body.version, body.intents, view=view)
    if isinstance(found, Refused):
        raise refusal_error(found)
    return OrjsonResponse(narrate_what_if(deps.ports, battle_id, body.version, found, view))
