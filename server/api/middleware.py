"""One pure ASGI middleware for every request: request id, the peer's rate limits, body
limits, media type, logging.

Pure ASGI (not `BaseHTTPMiddleware`) so streaming answers pass straight through and the
per-request cost stays a few microseconds. Routes leave what the log line should say
(battle, intent, outcome) in `scope["state"]`, which is shared with `request.state`.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

import structlog
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.api.metrics import Metrics
from server.api.problems import ProblemError, problem, unexpected
from server.api.rate_limits import RateLimits

log = structlog.get_logger("turnledger.http")
BODY_METHODS = {"POST", "PUT", "PATCH"}
READ = frozenset({b"x-request-id", b"content-length", b"content-type", b"transfer-encoding"})
REQUEST_ID = re.compile(r"[\x21-\x7e]{1,64}")
"""A client's X-Request-Id: kept as the correlation id of the events it appends (64 chars)."""


class BodyTooLarge(HTTPException):
    """Raised while a body is read past the limit. An HTTPException, so FastAPI's body parsing
    lets it through (it answers any other error there with a bare 400)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is over {limit} bytes")


def _json_media(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


class RequestMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        metrics: Metrics,
        max_body: int,
        rate_limits: Callable[[], RateLimits | None] = lambda: None,
        larger: Mapping[str, int] | None = None,
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.max_body = max_body
        self.rate_limits = rate_limits
        self.larger = dict(larger or {})
        """Paths whose bodies may be larger than `max_body` (an import's whole battle)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        headers = {  # only those read here (the last of a repeated one, as a dict of all)
            k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"] if k in READ
        }
        given = headers.get("x-request-id")
        request_id = given if given and REQUEST_ID.fullmatch(given) else secrets.token_hex(8)
        state: dict[str, Any] = scope.setdefault("state", {})
        state["request_id"] = request_id
        status = {"code": 500, "started": False}

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"], status["started"] = message["status"], True
                message["headers"] = [
                    *message.get("headers", []),
                    (b"x-request-id", request_id.encode("latin-1")),
                ]
            await send(message)

        limit = self.larger.get(scope["path"], self.max_body)
        refusal = self._over_rate(scope) or self._refuse_early(scope["method"], headers, limit)
        if given is not None and given != request_id:
            refusal = problem(
                400,
                "invalid-request",
                "X-Request-Id must be 1 to 64 visible ASCII characters (it is logged as the"
                " events' correlation id)",
            )
        if refusal is not None:
            await refusal(scope, receive, send_with_id)
        else:
            try:
                await self.app(scope, self._limited(receive, limit), send_with_id)
            except BodyTooLarge:
                if status["started"]:
                    raise
                await self._too_large(limit)(scope, receive, send_with_id)
            except Exception as exc:
                # Answered here rather than by Starlette's ServerErrorMiddleware, which
                # re-raises after answering: uvicorn would then close a keep-alive
                # connection under the client's next request. Once an answer has started,
                # nothing sensible can follow it, so the connection must close.
                if status["started"]:
                    raise
                await unexpected(exc)(scope, receive, send_with_id)
        self._record(scope, state, int(status["code"]), time.perf_counter() - started)

    def _over_rate(self, scope: Scope) -> Any:
        """429 when the peer is past its allowance of requests, or of requests to routes that
        authenticate no one (every path but a battle's): no route is free to flood, not even
        /healthz (a database query) or the documentation (server/api/rate_limits.py)."""
        limits = self.rate_limits()
        if limits is None or not limits.enabled:
            return None
        client = scope.get("client")
        peer = "ip:" + (client[0] if client else "unknown")
        try:
            limits.check("peer", peer)
            if not scope["path"].startswith("/battles"):
                limits.check("open", peer)
        except ProblemError as exc:
            return problem(exc.status, exc.kind, exc.detail, headers=exc.headers)
        return None

    def _refuse_early(self, method: str, headers: dict[str, str], limit: int) -> Any:
        if method not in BODY_METHODS:
            return None
        length = headers.get("content-length")
        # ASCII digits only: str.isdigit() also accepts digits int() refuses ('²')
        if length is not None and length.isascii() and length.isdigit() and int(length) > limit:
            return self._too_large(limit)
        has_body = (length is not None and length != "0") or "transfer-encoding" in headers
        if has_body and not _json_media(headers.get("content-type", "")):
            return problem(415, "unsupported-media-type", "send the body as application/json")
        return None

    @staticmethod
    def _too_large(limit: int) -> Any:
        return problem(413, "too-large", f"the request body is over {limit} bytes")

    @staticmethod
    def _limited(receive: Receive, limit: int) -> Receive:
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        return counted

    def _record(self, scope: Scope, state: dict[str, Any], code: int, seconds: float) -> None:
        record(self.metrics, scope, state, code, seconds)


def record(
    metrics: Metrics, scope: Scope, state: dict[str, Any], code: int, seconds: float
) -> None:
    """The request's latency by route template, and its log line (not for probes)."""
    route = scope.get("route")
    template = getattr(route, "path", "unmatched")
    metrics.latency.labels(scope["method"], template, str(code)).observe(seconds)
    if template in ("/metrics", "/healthz"):
        return
    with contextlib.suppress(Exception):  # a broken log sink must not break serving
        _log(scope, state, code, seconds, template)


def _log(scope: Scope, state: dict[str, Any], code: int, seconds: float, template: str) -> None:
    log.info(
        "request",
        request_id=state.get("request_id"),
        method=scope["method"],
        route=template,
        status=code,
        battle_id=state.get("battle_id"),
        intent_id=state.get("intent_id"),
        intent=state.get("intent_type"),
        outcome=state.get("outcome"),
        ms=round(seconds * 1000, 2),
    )
