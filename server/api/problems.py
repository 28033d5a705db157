"""Every error as `application/problem+json` (RFC 9457): type, title, status, detail.

Refusals add `rule` and `step`. No handler ever lets a stack trace reach the client: unknown
exceptions become a bare 500, and a database that cannot be reached becomes 503.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import orjson
import structlog
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from engine.results import Refused
from server.api.allowed_methods import allowed_methods
from server.errors import ServiceError

PROBLEM_JSON = "application/problem+json"
log = structlog.get_logger("turnledger.http")

TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    413: "Content Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    501: "Not Implemented",
    503: "Service Unavailable",
}


class Problem(BaseModel):
    """An error answer. `rule` and `step` are present when the rules refused an intent."""

    type: str = Field(
        description="What went wrong, as a path: `/problems/refused` (the rules refused), "
        "`/problems/invalid-request`, `/problems/unauthorized`, `/problems/stale-version`, ..."
    )
    title: str = Field(description="The HTTP status in words.")
    status: int = Field(description="The HTTP status.")
    detail: str = Field(description="A sentence saying what went wrong.")
    rule: str | None = Field(
        default=None,
        description="Refusals: the stable, namespaced id of the rule that forbids the intent;"
        " null on every other problem.",
    )
    step: int | None = Field(
        default=None,
        description="Refusals: the step of the path (or leg) the rule applies to, counted from"
        " 0 (the first square entered is step 0; the viewer shows it counted from 1); null when"
        " the rule applies to the intent as a whole, and on every other problem.",
    )
    errors: list[dict[str, Any]] | None = Field(
        default=None,
        description="Invalid requests: each error's `loc` (where) and `msg` (what); null on"
        " every other problem.",
    )
    expected_version: int | None = Field(
        default=None,
        description="409: the version the request was decided on; null on other problems.",
    )
    actual_version: int | None = Field(
        default=None, description="409: the battle's version now; null on other problems."
    )


class ProblemError(Exception):
    """Raised by routes to answer with a problem document."""

    def __init__(
        self,
        status: int,
        kind: str,
        detail: str,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status, self.kind, self.detail, self.extra = status, kind, detail, extra
        self.headers = headers


def problem(
    status: int, kind: str, detail: str, *, headers: dict[str, str] | None = None, **extra: Any
) -> Response:
    body = {
        "type": f"/problems/{kind}",
        "title": TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
        **{k: v for k, v in extra.items() if v is not None},
    }
    if status == 401:
        headers = {"WWW-Authenticate": "Bearer", **(headers or {})}
    try:
        encoded = orjson.dumps(body)
    except TypeError:  # an echoed client value orjson can't hold (an integer beyond 64 bits)
        encoded = json.dumps(body, default=str).encode()
    return Response(encoded, status, headers=headers, media_type=PROBLEM_JSON)


def refusal_status(refused: Refused) -> int:
    """403 when the refusal is about who asks, 422 when the rules forbid the intent."""
    return 403 if refused.rule.startswith("auth/") else 422


def refusal_error(refused: Refused) -> ProblemError:
    return ProblemError(
        refusal_status(refused), "refused", refused.detail, rule=refused.rule, step=refused.step
    )


def is_database_down(exc: BaseException) -> bool:
    """Whether `exc` (or what caused it) says the database is away, slow or frozen."""
    import psycopg
    from sqlalchemy.exc import DBAPIError
    from sqlalchemy.exc import OperationalError as SAOperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    from events.store_async import DatabaseUnavailable
    from server.state.stream_hub import HubUnavailable

    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(
            seen,
            SAOperationalError
            | psycopg.OperationalError
            | DatabaseUnavailable
            | HubUnavailable
            | PoolTimeout,  # every pooled connection busy past the wait: the database is slow
        ):
            return True
        if isinstance(seen, DBAPIError) and seen.connection_invalidated:
            return True
        if isinstance(seen, TimeoutError) and "QueuePool" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def database_unavailable() -> Response:
    return problem(
        503,
        "database-unavailable",
        "the database cannot be reached or did not answer in time; a command sent now may"
        " or may not have been recorded, so retry it with the same Idempotency-Key",
    )


def _validation_problem(exc: RequestValidationError) -> Response:
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return problem(400, "malformed-json", "the request body is not valid JSON")
    shown = [
        {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))}
        for e in errors[:10]
    ]
    detail = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in shown[:3])
    return problem(422, "invalid-request", detail or "invalid request", errors=shown)


def install(app: FastAPI) -> None:
    """Every failure answered as a problem document: the service's typed failures, invalid
    requests, HTTP errors, a database that is away, and anything else."""
    app.add_exception_handler(ProblemError, _problem)  # type: ignore[arg-type]
    app.add_exception_handler(ServiceError, _service)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http)  # type: ignore[arg-type]
    app.add_exception_handler(NotImplementedError, _not_yet)  # type: ignore[arg-type]
    app.add_exception_handler(UnicodeEncodeError, _unencodable)  # type: ignore[arg-type]
    # Registered by class, these are answered by Starlette's ExceptionMiddleware. A handler
    # for `Exception` runs in ServerErrorMiddleware instead, which re-raises after answering:
    # uvicorn then closes the connection, and a client reusing it (keep-alive) sees a reset
    # instead of the 503 it was sent.
    import psycopg
    from sqlalchemy.exc import DBAPIError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    from events.store_async import DatabaseUnavailable
    from server.state.stream_hub import HubUnavailable

    for kind in (DBAPIError, psycopg.Error, PoolTimeout, DatabaseUnavailable, HubUnavailable):
        app.add_exception_handler(kind, _database_down)
    # Anything else reaches the request middleware (server/api/middleware.py), which answers
    # with `unexpected` and keeps the connection; this handler only serves an app without it.
    app.add_exception_handler(Exception, _anything)


async def _problem(request: Request, exc: ProblemError) -> Response:
    return problem(exc.status, exc.kind, exc.detail, headers=exc.headers, **exc.extra)


async def _service(request: Request, exc: ServiceError) -> Response:
    """A service's typed failure; a conflict names the versions, and is counted."""
    extra: dict[str, Any] = {}
    if exc.status in (409, 503):
        services = getattr(request.app.state, "services", None)
        if services is not None:
            services.metrics.conflicts.labels(exc.kind).inc()
    if exc.status == 409:
        extra = {
            "expected_version": getattr(exc, "expected", None),
            "actual_version": getattr(exc, "actual", None),
        }
    if exc.status == 503:
        request.scope.setdefault("state", {})["outcome"] = "busy"
    return problem(exc.status, exc.kind, exc.detail, **extra)


async def _invalid(request: Request, exc: RequestValidationError) -> Response:
    return _validation_problem(exc)


async def _http(request: Request, exc: StarletteHTTPException) -> Response:
    kinds = {404: "not-found", 405: "method-not-allowed", 413: "too-large"}
    kind = kinds.get(exc.status_code, "error")
    # the exception's headers are part of the answer: a 405's `Allow` (RFC 9110 15.5.6)
    headers = dict(exc.headers) if exc.headers else None
    if exc.status_code == 405 and (methods := allowed_methods(request)):
        headers = {**(headers or {}), "Allow": ", ".join(methods)}
    return problem(exc.status_code, kind, str(exc.detail), headers=headers)


async def _not_yet(request: Request, exc: NotImplementedError) -> Response:
    return problem(501, "not-implemented", "this part of the server is not available yet")


async def _database_down(request: Request, exc: Exception) -> Response:
    if refused_value(exc):
        return problem(422, "invalid-request", UNSTORABLE)
    return unexpected(exc)


async def _unencodable(request: Request, exc: UnicodeEncodeError) -> Response:
    return problem(422, "invalid-request", UNSTORABLE)


async def _anything(request: Request, exc: Exception) -> Response:
    return unexpected(exc)


UNSTORABLE = "text must be valid Unicode without NUL characters (the log cannot store it)"


def refused_value(exc: BaseException) -> bool:
    """Whether the database refused a value a client sent (a NUL in text, a character its
    encoding lacks): every text field is checked before it is stored (server/api/answers/schemas.py
    `StoredText`), so this is the last line, which answers 422 instead of 500."""
    import psycopg

    cause = getattr(exc, "orig", None) or exc
    return isinstance(cause, psycopg.DataError) and (
        "NUL" in str(cause)
        or isinstance(
            cause,
            psycopg.errors.CharacterNotInRepertoire | psycopg.errors.UntranslatableCharacter,
        )
    )


def unexpected(exc: BaseException) -> Response:
    """The answer to an exception no handler knew: 503 when the database is behind it, else
    a bare 500 (the error is logged, never shown)."""
    if is_database_down(exc):
        _log_safely("warning", "database unavailable", error=type(exc).__name__)
        return database_unavailable()
    _log_safely("error", "unhandled error", exc_info=exc)
    return problem(500, "internal", "the server failed to answer; the error was logged")


def _log_safely(level: str, message: str, **fields: Any) -> None:
    """A failing log sink (a closed stream) must not turn a problem answer into a 500."""
    with contextlib.suppress(Exception):
        getattr(log, level)(message, **fields)


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI documentation of the problem answers a route can give."""
    return {
        status: {
            "model": Problem,
            "description": TITLES.get(status, "Error"),
            "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}},
        }
        for status in statuses
    }
