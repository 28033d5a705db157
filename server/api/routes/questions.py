"""Questions to the log: the battle's rulings and what a creature did (DESIGN section 7)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from events.envelope import Envelope
from server.api.answers import questions as q
from server.api.deps import BattleId, Caller, Deps
from server.api.problems import ProblemError, responses
from server.api.wire import OrjsonResponse
from server.errors import NotFound
from server.queries import views
from server.readers.redaction import UNSEEN, hidden_from, redact_event

router = APIRouter(tags=["questions"])
READ = responses(401, 403, 404, 422, 429, 503)
CreatureId = Annotated[str, Path(min_length=1, max_length=64, description="The creature's id.")]


@router.get(
    "/battles/{battle_id}/rulings",
    response_model=q.RulingsPage,
    responses=READ,
    operation_id="list_rulings",
)
def rulings(
    battle_id: BattleId,
    who: Caller,
    deps: Deps,
    request: Request,
    after: Annotated[int, Query(ge=0, le=2**31 - 1, description="Rulings after this version.")] = 0,
    limit: Annotated[int, Query(ge=1, le=1000, description="At most this many.")] = 100,
) -> Any:
    """The battle's rulings, so a table can keep its precedents: each rule the director set
    aside, with the version, the actor and the reason; an undone action's are left out, and
    so is a ruling on (or naming) a creature hidden from the caller, as its event is."""
    reader, seen = deps.ports.readers.of(who)
    shown: Callable[[Envelope], bool] | None = None
    if not reader.director and seen.any:

        def as_read(e: Envelope) -> bool:  # the ruling's event as the caller reads it in the log
            return redact_event(e.type, e.data, e.version, reader, seen)[0] == e.type

        shown = as_read
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
    who: Caller,
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
    if round_ is not None and turn is not None:
        raise ProblemError(422, "invalid-request", "ask for a round or a turn, not both")
    view = views.view(deps.ports, battle_id)
    reader, seen = deps.ports.readers.of(who)
    hidden = hidden_from(reader, seen)
    if creature in hidden or (
        creature not in view.get("creatures", {})
        and not deps.questions.ever_named(battle_id, creature)
    ):  # a creature hidden from the reader is asked about as one never named
        raise NotFound(f"no creature {creature!r} in battle {battle_id!r}")
    seen_row = None
    if not reader.director and seen.any:

        def as_read(row: Any) -> Any:
            """A fact as the caller reads its event: none from before the creature was seen
            (a reveal without `history` keeps its past hidden), none whose ruling speaks of
            a creature hidden then (its `about`), and a creature hidden then or now that
            pushed it or could react to it named as an unseen one (by field: `source`,
            `reactor`)."""
            if not seen.sees(reader, creature, row.version):
                return None
            then = hidden_from(reader, seen, row.version) | hidden
            if not then:
                return row
            detail = dict(row.detail or {})
            if set(detail.get("about") or ()) & then:
                return None
            for key in WHO:
                if detail.get(key) in then:
                    detail[key] = UNSEEN
            return SimpleNamespace(**{**row._asdict(), "detail": detail})

        seen_row = as_read
    found = deps.questions.movement(battle_id, creature, round_, turn, view["ruleset"], seen_row)
    return OrjsonResponse(found)


WHO = ("source", "reactor")
"""The fields of a fact's detail that hold another creature's id (projections/log_questions.py)."""
