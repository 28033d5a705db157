"""`POST /battles/{battle_id}/intents` answered ahead of the middleware stack (issue 25).

The busiest route paid, per request, for seven middleware layers, FastAPI's route matching
through every included router, and its dependency solver: 250 us a request in process with a
stand-in battle service (`ops/bench/bench_route_cost.py`), dependency solving alone 100 us.
Answered here, 90 us, most of it the answer and its receipt; under `bench_http`, 1.48 ->
1.10 ms of server CPU per intent. `LeanIntents` is the outermost layer of the application:
a request to the intents route that is plainly well formed is read, checked and answered
here with the same code the FastAPI route runs (`deps.authenticated`: the token, the
failed-authentication and write rate limits; the route's own pydantic body field;
`routes_battles.judge_intent`; the app's exception handlers for every error), and the same
request id, log line and latency metric as `RequestMiddleware`.

Anything else goes to the full stack unchanged, and so does an intents request with
anything unusual about it, before anything is counted or answered: a missing, repeated or
invalid header of those the route reads, another media type, a body over the limit, an
empty body, a query other than `dry_run`, JSON that does not parse or a body the intent model
refuses. Those answers (400, 413, 415, 422 with FastAPI's error list) are then exactly the
full stack's, and the body already read is handed on to it. The FastAPI route stays
declared, so `/openapi.json` is unchanged, and still answers whatever is passed on.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette._utils import is_async_callable
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.api.deps import Services, authenticated, bearer_of
from server.api.middleware import REQUEST_ID, record
from server.api.problems import unexpected
from server.api.routes.battles import MAX_IDEMPOTENCY_KEY, judge_intent

INTENTS = re.compile(r"/battles/([A-Za-z0-9_-]{1,64})/intents")
"""The route's path with a battle id its `BattleId` parameter accepts."""
DRY_RUN = {b"": False, b"dry_run=true": True, b"dry_run=false": False}
"""The query strings answered here; FastAPI parses any other."""
READ = frozenset(
    {
        b"authorization",
        b"content-length",
        b"content-type",
        b"idempotency-key",
        b"transfer-encoding",
        b"x-request-id",
    }
)
MAX_BRACKETS = 256
"""A body nesting deeper than this (counted as brackets, an upper bound of its depth) is
parsed by the full stack, whose answer to JSON too deep for Python's parser is its own."""


@dataclass(frozen=True)
class Head:
    """What the route reads from a request's head, found plainly well formed."""

    battle_id: str
    dry_run: bool
    token: str | None
    idempotency_key: str | None
    request_id: str


def declared_route(app: FastAPI, operation_id: str) -> APIRoute:
    """The app's FastAPI route declared with `operation_id` (its body field validates
    here, and the latency metric is labelled with its path)."""
    for route in app.router.routes:
        if isinstance(route, APIRoute) and route.operation_id == operation_id:
            return route
    raise LookupError(operation_id)


def replayed(messages: list[Message], receive: Receive) -> Receive:
    """`receive` that gives `messages` again first (what was read before passing on)."""
    pending = list(messages)

    async def again() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return again


class LeanIntents:
    """The outermost layer: the intents route when a request is plain, else `app`."""

    def __init__(self, app: ASGIApp, owner: FastAPI, route: APIRoute, *, max_body: int) -> None:
        assert route.body_field is not None
        self.app, self.owner, self.route, self.max_body = app, owner, route, max_body
        self.body_field = route.body_field
        self.enabled = True
        self.answered = 0
        """Requests answered here (tests read it to know which path a request took)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.enabled or scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        head = self._plain_head(scope)
        if head is None:
            await self.app(scope, receive, send)
            return
        raw, messages = await self._read(receive)
        body = self._plain_body(raw) if raw is not None else None
        if body is None:
            await self.app(scope, replayed(messages, receive), send)
            return
        await self._answer(scope, receive, send, head, body, started)

    def _plain_head(self, scope: Scope) -> Head | None:
        if scope.get("root_path"):
            return None
        path = INTENTS.fullmatch(scope["path"])
        dry_run = DRY_RUN.get(scope["query_string"])
        if path is None or dry_run is None:
            return None
        found: dict[bytes, str] = {}
        for name, value in scope["headers"]:
            if name in READ:
                if name in found:
                    return None  # said twice: which one counts is the full stack's to say
                found[name] = value.decode("latin-1")
        length = found.get(b"content-length")
        if length is not None and not (
            length.isascii() and length.isdigit() and int(length) <= self.max_body
        ):
            return None
        media = found.get(b"content-type", "").split(";", 1)[0].strip().lower()
        key = found.get(b"idempotency-key")
        given = found.get(b"x-request-id")
        if (
            media != "application/json"
            or (key is not None and not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY)
            or (given is not None and not REQUEST_ID.fullmatch(given))
        ):
            return None
        token = bearer_of(found.get(b"authorization", ""))
        if token is None and any(name == b"x-api-key" for name, _ in scope["headers"]):
            return None  # an API key acting as director: the full stack's dependency
        return Head(
            battle_id=path.group(1),
            dry_run=dry_run,
            token=token,
            idempotency_key=key,
            request_id=given or secrets.token_hex(8),
        )

    async def _read(self, receive: Receive) -> tuple[bytes | None, list[Message]]:
        """The whole body (None when over the limit or not a body), and the messages read."""
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return None, messages
            size += len(message.get("body", b""))
            if size > self.max_body:
                return None, messages
            if not message.get("more_body", False):
                break
        if len(messages) == 1:
            return messages[0].get("body", b""), messages
        return b"".join(m.get("body", b"") for m in messages), messages

    def _plain_body(self, raw: bytes) -> Any:
        """The intent the route's body field makes of `raw`, parsed as FastAPI parses it
        (Python's `json`), or None for the full stack to answer."""
        if not raw or raw.count(b"[") + raw.count(b"{") > MAX_BRACKETS:
            return None
        try:
            parsed = json.loads(raw)
        except Exception:
            return None
        value, errors = self.body_field.validate(parsed, {}, loc=("body",))
        return None if errors else value

    async def _answer(
        self, scope: Scope, receive: Receive, send: Send, head: Head, body: Any, started: float
    ) -> None:
        self.answered += 1
        state: dict[str, Any] = scope.setdefault("state", {})
        state["request_id"] = head.request_id
        scope["route"] = self.route
        scope["path_params"] = {"battle_id": head.battle_id}
        status = {"code": 500, "started": False}
        request_id = head.request_id.encode("latin-1")

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"], status["started"] = message["status"], True
                message["headers"] = [*message.get("headers", []), (b"x-request-id", request_id)]
            await send(message)

        deps: Services = self.owner.state.services

        def peer() -> str:
            client = scope.get("client")
            return "ip:" + (client[0] if client else "unknown")

        try:
            who = await authenticated(deps, head.battle_id, head.token, "POST", peer, state)
            response = await judge_intent(
                deps, who, body, head.dry_run, head.idempotency_key, state
            )
            await response(scope, receive, send_with_id)
        except Exception as exc:
            if status["started"]:
                raise
            await (await self._handled(scope, receive, exc))(scope, receive, send_with_id)
        record(deps.metrics, scope, state, int(status["code"]), time.perf_counter() - started)

    async def _handled(self, scope: Scope, receive: Receive, exc: Exception) -> Response:
        """The answer the app's exception handlers give `exc` (as Starlette's
        ExceptionMiddleware looks them up), or `unexpected`'s when none is registered."""
        handlers = self.owner.exception_handlers
        handler: Any = None
        if isinstance(exc, HTTPException) and exc.status_code != 500:
            handler = handlers.get(exc.status_code)
        if handler is None:
            for kind in type(exc).__mro__:
                if kind is not Exception and kind in handlers:
                    handler = handlers[kind]
                    break
        if handler is None:
            return unexpected(exc)
        request = Request(scope, receive)
        try:
            if is_async_callable(handler):
                return await handler(request, exc)  # type: ignore[no-any-return]
            return await run_in_threadpool(handler, request, exc)
        except Exception as failed:
            return unexpected(failed)
