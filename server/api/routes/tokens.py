"""Revoking and rotating a battle's tokens (server/campaign/token_revocation.py): new routes,
added to the contract beside the ones that made the tokens."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.concurrency import run_in_threadpool
from pydantic import Field

from server.api.answers.common import Answer
from server.api.deps import BattleId, Deps, Director, limited
from server.api.problems import ProblemError, responses
from server.api.wire import OrjsonResponse
from server.campaign.token_revocation import Revocation, may_revoke_all

router = APIRouter(tags=["tokens"])
SeatId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class RevokedOut(Answer):
    """What was revoked: every later request with those tokens is a 401 naming it revoked,
    and the live streams they hold end."""

    battle_id: str = Field(description="The battle.")
    revoked: list[str] = Field(
        description="What each revoked token was: `director` or `seat:<seat id>`."
    )
    revoked_at: str = Field(description="When (ISO 8601).")


class RotatedOut(RevokedOut):
    director_token: str = Field(
        description="The battle's new director token, shown once; the old one stopped."
    )


def revoked_json(done: Revocation) -> dict[str, Any]:
    return {
        "battle_id": done.battle_id,
        "revoked": list(done.revoked),
        "revoked_at": done.at.isoformat(),
    }


@router.delete(
    "/battles/{battle_id}/seats/{seat_id}",
    response_model=RevokedOut,
    responses=responses(401, 403, 404, 422, 429, 503),
    dependencies=[limited("write")],
    operation_id="revoke_seat",
)
async def revoke_seat(battle_id: BattleId, seat_id: SeatId, who: Director, deps: Deps) -> Any:
    """The director (or the API key that created the battle) revokes a seat's token: it
    opens nothing from now on. The seat's creatures stay; a new seat can take them."""
    done = await run_in_threadpool(deps.tokens.revoke_seat, battle_id, seat_id)
    return OrjsonResponse(revoked_json(done))


@router.post(
    "/battles/{battle_id}/director-token/rotate",
    response_model=RotatedOut,
    responses=responses(401, 403, 404, 422, 429, 503),
    dependencies=[limited("write")],
    operation_id="rotate_director",
)
async def rotate_director_token(battle_id: BattleId, who: Director, deps: Deps) -> Any:
    """A new director token, shown once; the old one stops at once (a 401 naming it
    revoked). The director rotates its own token; the API key that created the battle may
    rotate it too (and so get the battle back after revoking all its tokens)."""
    token, done = await run_in_threadpool(deps.tokens.rotate_director, battle_id)
    return OrjsonResponse({**revoked_json(done), "director_token": token})


@router.post(
    "/battles/{battle_id}/tokens/revoke",
    response_model=RevokedOut,
    responses=responses(401, 403, 404, 422, 429, 503),
    dependencies=[limited("write")],
    operation_id="revoke_tokens",
)
async def revoke_battle_tokens(battle_id: BattleId, who: Director, deps: Deps) -> Any:
    """The API key that created the battle revokes every token of it, the director's and
    every seat's (`POST .../director-token/rotate` with the key then makes a new director
    token)."""
    if not may_revoke_all(who):
        raise ProblemError(
            403, "forbidden", "only the API key that created the battle revokes all its tokens"
        )
    done = await run_in_threadpool(deps.tokens.revoke_all, battle_id)
    return OrjsonResponse(revoked_json(done))
