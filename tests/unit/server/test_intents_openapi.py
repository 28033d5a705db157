"""The intents route's OpenAPI is main's, byte for byte, now that a lean layer answers it.

The digest below is of the route's operation and every schema it refers to (transitively),
as canonical JSON, computed from main's `/openapi.json` when the lean route was written
(issue 25), and again when events gained what hidden creatures need (additions only: the
`UnseenCreatureMet` event, a ruling's `about`, an intent's `unseen`), and when every route
documented the edge's and the middleware's answers (additions only: 408, 431, 503 and the
bodies' 400/413/415 where missing), and when trace steps named the creature forced into
and the draw, stow, into-space, landing and surface fields joined the intents, and when the
table's intents and answers were added (`set_order`, `adjust`, a dry run's `reactions`).
The FastAPI route stays declared only for this document and for the requests the lean
layer passes on: if this fails, the route's contract changed, which the lean
route (server/api/lean_intents.py) would then have to follow. (Recomputed again when the
route gained its request and answer examples and `Problem` its field descriptions: no
change to what the route accepts or answers; and once more when the table's `set_order` and
`adjust` gained their examples; and when every nullable field's description came to say
when it is null: descriptions only, the document without them unchanged; and when a move's `to` was documented
as the numbers it takes, a fraction meaning inches, as a creature's `at` already was, and the
examples' recorded `set_terrain` came to record its area's `from` as sent, not `from_`.)
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
from fastapi import FastAPI
from sqlalchemy import create_engine
from starlette.routing import Match

from server.api.lean_intents import declared_route
from server.app import create_app
from server.operations.settings import Settings

INTENTS = "/battles/{battle_id}/intents"
MAIN_DIGEST = "301d3e24cdef595f425f02ef9c24c7f28845887f177f5f1ec80dfca5e94a93ea"


def app() -> FastAPI:
    import tempfile
    from unittest import mock

    from server import wiring

    settings = Settings(
        database_url="postgresql+psycopg://nobody:nothing@127.0.0.1:1/none",
        log_level="warning",
        data_dir=tempfile.mkdtemp(prefix="openapi-"),  # a key store of its own, not the cwd's
    )
    # The document needs no database; the key store's legacy record is read from one at start.
    with mock.patch.object(wiring, "recorded_legacy", lambda keyring, engine: keyring):
        return create_app(settings, create_engine(settings.database_url))


def document() -> dict[str, Any]:
    return app().openapi()


def referred(node: Any, found: set[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                found.add(value.rsplit("/", 1)[-1])
            else:
                referred(value, found)
    elif isinstance(node, list):
        for value in node:
            referred(value, found)


def route_part(spec: dict[str, Any], path: str) -> dict[str, Any]:
    """The path's operations and the schemas they refer to, directly or through others."""
    operations = spec["paths"][path]
    schemas = spec["components"]["schemas"]
    todo: set[str] = set()
    referred(operations, todo)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            referred(schemas[name], todo)
    return {"operations": operations, "schemas": {name: schemas[name] for name in sorted(seen)}}


def digest(part: dict[str, Any]) -> str:
    return hashlib.sha256(orjson.dumps(part, option=orjson.OPT_SORT_KEYS)).hexdigest()


def test_the_intents_route_documents_what_main_documented() -> None:
    part = route_part(document(), INTENTS)
    assert list(part["operations"]) == ["post"]
    assert part["operations"]["post"]["operationId"] == "submit_intent"
    assert len(part["schemas"]) > 100  # every intent, event and problem shape is in it
    assert digest(part) == MAIN_DIGEST


def test_the_lean_layer_answers_for_the_route_the_app_would_pick() -> None:
    """No other route matches a POST to the intents path before the declared one (the lean
    layer would otherwise shadow it)."""
    made = app()
    scope = {"type": "http", "method": "POST", "path": "/battles/b-1/intents", "root_path": ""}
    first = next(r for r in made.router.routes if r.matches(scope)[0] is Match.FULL)
    assert getattr(first, "operation_id", None) == "submit_intent"
    assert declared_route(made, "submit_intent") is first
