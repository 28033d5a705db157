"""Questions to the log: the battle's rulings and what a creature did (DESIGN section 7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from events.envelope import Envelope
from server.api.answers import questions as q
from server.api.deps import BattleId, Deps, View
from server.api.problems import ProblemError, responses
from server.api.wire import OrjsonResponse
from server.errors import NotFound

router = APIRouter(tags=["questions"])
READ = responses(401, 403, 404, 422, 429, 503)
CreatureId = Annotated[str, Path(min_length=1, max_length=64, description="The creature's id.")]


def only(request: Request, known: set[str]) -> None:
    """A parameter the route does not know is named in a 422, never ignored."""
    unknown = sorted(set(request.query_params) - known - {"token"})
    if unknown:
        raise ProblemError(422, "invalid-request", f"unknown parameter(s): {', '.join(unknown)}")


@router.get(
    "/battles/{battle_id}/rulings",
    response_model=q.RulingsPage,
    responses=READ,
    operation_id="list_rulings",
)
def rulings(
    battle_id: BattleId,
    view: View,
    deps: Deps,
    request: Request,
    after: Annotated[int, Query(ge=0, le=2**31 - 1, description="Rulings after this version.")] = 0,
    limit: Annotated[int, Query(ge=1, le=1000, description="At most this many.")] = 100,
) -> Any:
    """The battle's rulings, so a table can keep its precedents: each rule the director set
    aside, with the version, the actor and the reason; an undone action's are left out, and
    so is a ruling on (or naming) a creature hidden from the caller, as its event is."""
    only(request, {"after", "limit"})
    # a ruling is listed when the caller reads its event in the log as an event
    shown: Callable[[Envelope], bool] | None = None if view.everything else view.shows
    found, next_after = deps.questions.rulings(battle_id, after, limit, shown)
    return OrjsonResponse({"battle_id": battle_id, "rulings": found, "next_after": next_after})


@router.get(
    "/battles/{battle_id}/creatures/{creature}/movement",
    response_model=q.Movement,
    responses=READ,
    operation_id="get_movement",
)
def movement(
    battle_id: BattleId,
    creature: CreatureId,
    view: View,
    deps: Deps,
    request: Request,
    round_: Annotated[
        int | None, Query(alias="round", ge=1, le=2**31 - 1, description="A round.")
    ] = None,
    turn: Annotated[
        int | None,
        Query(ge=1, le=2**31 - 1, description="A turn (numbered 1, 2, ... as turns start)."),
    ] = None,
) -> Any:
    """What the creature did in a round or a turn (neither: the whole battle so far): willing
    and forced movement with their distances in the ruleset's unit, the squares entered, its
    falls, the reactions it provoked and took, and the rulings on it; each item has its
    version. Undone actions are left out."""
    only(request, {"round", "turn"})
    if round_ is not None and turn is not None:
        raise ProblemError(422, "invalid-request", "ask for a round or a turn, not both")
    state = deps.battles.view(battle_id)
    if creature in view.hidden() or (
        creature not in state.get("creatures", {})
        and not deps.questions.ever_named(battle_id, creature)
    ):  # a creature hidden from the reader is asked about as one never named
        raise NotFound(f"no creature {creature!r} in battle {battle_id!r}")
    as_read = view.facts_about(creature)
    found = deps.questions.movement(battle_id, creature, round_, turn, state["ruleset"], as_read)
    return OrjsonResponse(found)
