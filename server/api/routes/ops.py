"""Operations: liveness (with a database round trip) and Prometheus metrics."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text
from starlette.responses import Response

from events.timeouts import shorter_deadline
from server.api.answers import schemas as s
from server.api.deps import Deps
from server.api.wire import OrjsonResponse

router = APIRouter(tags=["ops"])


@router.get(
    "/healthz",
    response_model=s.Health,
    responses={503: {"model": s.Health, "description": "The database cannot be reached"}},
    operation_id="healthz",
)
def healthz(deps: Deps) -> Any:
    """Liveness, including a round trip to the database (within `TURNLEDGER_HEALTH_TIMEOUT`
    seconds once connected: a probe must answer before its caller gives up on it)."""
    try:
        with shorter_deadline(deps.settings.health_timeout), deps.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception:
        return OrjsonResponse({"status": "unavailable", "database": "unreachable"}, 503)
    return OrjsonResponse({"status": "ok", "database": "ok"})


@router.get(
    "/metrics",
    response_class=Response,
    responses={
        200: {
            "content": {CONTENT_TYPE_LATEST.split(";")[0]: {"schema": {"type": "string"}}},
            "description": "Prometheus' text format",
        }
    },
    operation_id="metrics",
)
def metrics(deps: Deps) -> Response:
    """Prometheus metrics: intents, refusals, latency, append conflicts, open streams."""
    return Response(generate_latest(deps.metrics.registry), media_type=CONTENT_TYPE_LATEST)
