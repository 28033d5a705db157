"""The finishing touches on `/openapi.json` that no single route can make.

Declares how callers authenticate (a battle's bearer token, or `?token=` on GET routes; the
server's API key for creating battles) and answers every request-validation error with the
`Problem` schema the server really sends, instead of FastAPI's `HTTPValidationError`.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from server.api.answers import examples
from server.api.openapi_typing import typescript_ready
from server.api.problems import TITLES

BATTLE_ROUTES = "/battles/{battle_id}"
SECURITY_SCHEMES: dict[str, Any] = {
    "battleToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "A battle's token as `Authorization: Bearer <token>`: the director "
        "token from `POST /battles` (everything in its battle) or a player token from "
        "`POST /battles/{battle_id}/seats` (its own creatures; it reads the whole battle).",
    },
    "battleTokenQuery": {
        "type": "apiKey",
        "in": "query",
        "name": "token",
        "description": "The same token as `?token=`, accepted on GET routes (for an "
        "`EventSource` or a link, which cannot send headers).",
    },
    "apiKey": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "The server's API key (`TURNLEDGER_API_KEY`), needed to create battles "
        "when the server sets one; it may also be sent as a bearer token.",
    },
}
TAGS = [
    {"name": "battles", "description": "Create battles, seat players, judge intents, read."},
    {"name": "history", "description": "Undo, redo, rewind, judgement, replay and what-if."},
    {"name": "ops", "description": "Liveness and metrics."},
    {"name": "viewer", "description": "The battle viewer, a page for a game master's browser."},
]


def _security(path: str, method: str) -> list[dict[str, list[str]]] | None:
    if path == "/battles" and method == "post":
        # No token needed: the API key, when the server has one, is the `X-API-Key` header
        # parameter (openapi-python-client demands a token wherever `security` lists any).
        return []
    if path.startswith(BATTLE_ROUTES):
        # the API key that created the battle acts as its director (server/api/deps.py)
        schemes: list[dict[str, list[str]]] = [{"battleToken": []}, {"apiKey": []}]
        return [*schemes, {"battleTokenQuery": []}] if method == "get" else schemes
    return None


def _problem_for_invalid_requests(operation: dict[str, Any]) -> None:
    answer = operation.get("responses", {}).get("422")
    if answer is None:
        return
    json_body = answer.get("content", {}).pop("application/json", None)
    if json_body is not None:
        answer["description"] = "The request is invalid, or the rules refused it"
        answer["content"]["application/problem+json"] = {
            "schema": {"$ref": "#/components/schemas/Problem"}
        }


def _event_streams(operation: dict[str, Any]) -> None:
    """A server-sent-events answer: its body is text, and each of its events is described
    by OpenAPI 3.2's `itemSchema` as the event itself (`event`, `id`, `data`: strings, as
    an SSE parser hands them over), `data` holding JSON that the model the route declares
    (`contentSchema`) describes. A route that answers JSON pages as well as a stream
    (`x-json-pages`, the feed) keeps its JSON answer as it is."""
    if operation.pop("x-json-pages", False):
        return
    for answer in operation.get("responses", {}).values():
        content = answer.get("content", {})
        if "text/event-stream" in content and "application/json" in content:
            item = content.pop("application/json").get("schema")
            stream = content["text/event-stream"]
            stream["schema"] = {"type": "string", "description": answer.get("description", "")}
            if item:
                stream["itemSchema"] = sse_event(item)


def sse_event(data: dict[str, Any]) -> dict[str, Any]:
    """The schema of one server-sent event whose `data` is JSON described by `data`."""
    return {
        "type": "object",
        "description": "One event of the stream (heartbeats are SSE comments, not events).",
        "required": ["event", "id", "data"],
        "properties": {
            "event": {"type": "string", "description": "The event's type (`data.type`)."},
            "id": {
                "type": "string",
                "description": "The event's version: send it as `Last-Event-ID` to resume.",
            },
            "data": {
                "type": "string",
                "description": "The event as JSON, one line.",
                "contentMediaType": "application/json",
                "contentSchema": data,
            },
        },
    }


EVERY_REQUEST = (408, 429, 431, 503)
"""What any request may be answered, whatever its route: a head too slow (408) or too large
(431) and a connection past the caps (503) are answered by the edge (server/api/edge.py), and
every route is rate-limited per client (429, server/api/rate_limits.py)."""
EVERY_BODY = (400, 413, 415)
"""What any request with a body may be answered: not JSON (400), too large (413), another
media type (415) (server/api/middleware.py)."""


def _answers_of_every_request(operation: dict[str, Any]) -> None:
    """Document the answers the edge and the middleware give any request (as problems)."""
    answers = operation.setdefault("responses", {})
    statuses = EVERY_REQUEST + (EVERY_BODY if "requestBody" in operation else ())
    for status in statuses:
        answers.setdefault(
            str(status),
            {
                "description": TITLES[status],
                "content": {
                    "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                },
            },
        )


def finish(schema: dict[str, Any]) -> dict[str, Any]:
    """Add the security schemes and tags, the problem schema of invalid requests, and the
    examples (server/api/answers/examples.py)."""
    components = schema.setdefault("components", {})
    components["securitySchemes"] = SECURITY_SCHEMES
    schema["tags"] = TAGS
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            security = _security(path, method)
            if security is not None:
                operation["security"] = security
            _problem_for_invalid_requests(operation)
            _answers_of_every_request(operation)
            _event_streams(operation)
    for unused in ("HTTPValidationError", "ValidationError"):
        components.get("schemas", {}).pop(unused, None)
    examples.add_to(schema)
    return typescript_ready(schema)


# Every app this process makes with the same routes has the same document, and building it
# costs 2.4 s of CPU (every model's schema with its descriptions): a test process makes an app
# per module, and a server made again (the embedded PostgreSQL's restart, a worker) would pay
# it each time. Kept by what the document is built from, so an app of other routes gets its own.
_BUILT: dict[tuple[object, ...], dict[str, Any]] = {}


def _built_from(app: FastAPI) -> tuple[object, ...]:
    routes = tuple(
        (
            getattr(r, "path", None),
            tuple(sorted(getattr(r, "methods", None) or ())),
            type(r).__qualname__,
            _name(getattr(r, "endpoint", None)),
        )
        for r in app.routes
    )
    return (app.title, app.version, app.description, routes)


def _name(endpoint: object) -> str | None:
    if endpoint is None:
        return None
    return f"{getattr(endpoint, '__module__', '')}.{getattr(endpoint, '__qualname__', '')}"


def install(app: FastAPI) -> None:
    """Serve the finished schema at `/openapi.json` (computed once per process for the same
    routes; nothing mutates it after)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            key = _built_from(app)
            document = _BUILT.get(key)
            if document is None:
                document = finish(
                    get_openapi(
                        title=app.title,
                        version=app.version,
                        description=app.description,
                        routes=app.routes,
                    )
                )
                _BUILT[key] = document
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
