"""What a creature may do now: `GET /battles/{id}/creatures/{cid}/options`."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from server.api.answers.options import OptionsOut
from server.api.deps import BattleId, Caller, Deps
from server.api.problems import refusal_error, responses
from server.api.wire import OrjsonResponse
from server.queries import views

router = APIRouter(tags=["battles"])
CreatureId = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$", description="Its id.")
]


@router.get(
    "/battles/{battle_id}/creatures/{creature_id}/options",
    response_model=OptionsOut,
    responses=responses(401, 403, 404, 422, 429, 503),
    operation_id="get_options",
)
async def creature_options(
    battle_id: BattleId, creature_id: CreatureId, who: Caller, deps: Deps
) -> Any:
    """What the creature may do now, as this token may: each kind of intent its ruleset
    allows it at this moment, with what it spends of the ruleset's economy and an intent to
    submit as it is, or why it is not available (the rule and a sentence); for movement the
    squares (gridless: the region) it can reach, as `GET .../reach` answers. Its searches
    share the budget of one reach (`limits/too-costly`). In a closed battle every option is
    unavailable by `battle/closed`, its sentence the closure's."""
    found = await views.options(deps.ports, who, creature_id)
    if "refused" in found:
        raise refusal_error(found["refused"])
    return OrjsonResponse(found)
