"""The finishing touches on `/openapi.json` that no single route can make.

Declares how callers authenticate (a battle's bearer token, or `?token=` on GET routes; the
server's API key for creating battles) and answers every request-validation error with the
`Problem` schema the server really sends, instead of FastAPI's `HTTPValidationError`.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from . import examples
from .openapi_typing import typescript_ready

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
        schemes: list[dict[str, list[str]]] = [{"battleToken": []}]
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
    """A server-sent-events answer: its body is text; the model a route declares for it is
    each message's parsed `data` (OpenAPI 3.2's `itemSchema`), not a JSON body."""
    for answer in operation.get("responses", {}).values():
        content = answer.get("content", {})
        if "text/event-stream" in content and "application/json" in content:
            item = content.pop("application/json").get("schema")
            stream = content["text/event-stream"]
            stream["schema"] = {"type": "string", "description": answer.get("description", "")}
            if item:
                stream["itemSchema"] = item


def finish(schema: dict[str, Any]) -> dict[str, Any]:
    """Add the security schemes and tags, the problem schema of invalid requests, and the
    examples (server/api/examples.py)."""
    components = schema.setdefault("components", {})
    components["securitySchemes"] = SECURITY_SCHEMES
    schema["tags"] = TAGS
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            security = _security(path, method)
            if security is not None:
                operation["security"] = security
            _problem_for_invalid_requests(operation)
            _event_streams(operation)
    for unused in ("HTTPValidationError", "ValidationError"):
        components.get("schemas", {}).pop(unused, None)
    examples.add_to(schema)
    return typescript_ready(schema)


def install(app: FastAPI) -> None:
    """Serve the finished schema at `/openapi.json` (computed once, on first request)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = finish(
                get_openapi(
                    title=app.title,
                    version=app.version,
                    description=app.description,
                    routes=app.routes,
                )
            )
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
