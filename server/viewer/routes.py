"""Serve the battle viewer: the page at `/battles/{id}/view` and its static files.

The page is plain HTML, CSS and JavaScript modules (no build step, nothing from a CDN); it
talks to the same public routes any client uses. The page route checks the token itself so
that a wrong or missing one shows a readable page instead of JSON, and it tells the page the
caller's role so it can offer only the buttons that role may use.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from typing import Any

import structlog
from fastapi import APIRouter, Request
from pydantic import TypeAdapter
from starlette.responses import FileResponse, HTMLResponse, Response

import events.battle_events  # registers the battle event types with `registry`
import events.history_events
from engine.intents import Intent
from events.vocabulary import registry
from server.readers.identity import authenticate
from server.readers.redaction import PLACEHOLDER

log = structlog.get_logger("turnledger.viewer")
router = APIRouter(tags=["viewer"])
STATIC = Path(__file__).parent / "static"
BATTLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MEDIA = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
# The token travels in the page's address: keep it out of Referer headers and caches.
PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def error_page(status: int, title: str, detail: str) -> HTMLResponse:
    body = (STATIC / "error.html").read_text(encoding="utf-8")
    body = body.replace("{{title}}", html.escape(title)).replace("{{detail}}", html.escape(detail))
    return HTMLResponse(body, status_code=status, headers=PRIVATE)


def page_config(battle_id: str, who: Any, title: str | None = None) -> str:
    config = {
        "battle_id": battle_id,
        "title": title,
        "role": who.role,
        "creatures": sorted(who.creatures),
        "event_types": sorted({*registry.types, *events.history_events.CONTROL_TYPES, PLACEHOLDER}),
    }
    # `</` must not close the script element that carries the JSON.
    return json.dumps(config).replace("</", "<\\/")


PAGE_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"description": why, "content": {"text/html": {}}}
    for status, why in (
        (401, "A readable page: the token is missing or does not open this battle"),
        (404, "A readable page: not a battle id"),
        (503, "A readable page: the battle store cannot be reached"),
    )
}


@router.get(
    "/battles/{battle_id}/view",
    response_class=HTMLResponse,
    responses=PAGE_ERRORS,
    operation_id="view_battle",
)
def battle_view(battle_id: str, request: Request, token: str | None = None) -> Response:
    """The battle viewer page; open it with the battle's director or player `?token=`."""
    if not BATTLE_ID.match(battle_id):
        return error_page(404, "No such battle", "A battle id is 1 to 64 letters, digits, - or _.")
    if not token:
        return error_page(
            401, "A token is needed", "Open this page with ?token= and a token of this battle."
        )
    try:
        who = authenticate(request.app.state.services.ports.directory, battle_id, token)
    except Exception as exc:  # the database is away: say so, never show a trace
        log.warning("viewer cannot authenticate", error=type(exc).__name__)
        return error_page(503, "The server is busy", "The battle store cannot be reached now.")
    if who is None:
        return error_page(
            401, "This token does not open this battle", "Check the link you were given."
        )
    body = (STATIC / "viewer.html").read_text(encoding="utf-8")
    body = body.replace("{{config}}", page_config(battle_id, who, _title(request, battle_id)))
    return HTMLResponse(body, headers=PRIVATE)


def _title(request: Request, battle_id: str) -> str | None:
    """The battle's title, as its campaign named it (None: untitled, or unreadable now)."""
    try:
        title, _ = request.app.state.services.catalog.described(battle_id)
    except Exception as exc:  # the header falls back to the ruleset: never fail the page
        log.warning("viewer cannot read the title", error=type(exc).__name__)
        return None
    return str(title) if title else None


@router.get("/viewer/battles/{battle_id}/me", include_in_schema=False)
def whoami(battle_id: str, request: Request) -> Response:
    """Who the page's token acts as (`director`, or `seat:<id>`): what the log's `actor`
    says of its actions, so the page enables Undo and Redo as the server judges them. Kept
    out of the page itself, whose bytes are the same for every seat of one kind."""
    token = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
    who = (
        authenticate(request.app.state.services.ports.directory, battle_id, token)
        if token
        else None
    )
    if who is None:
        return Response(status_code=401, headers=PRIVATE)
    body = json.dumps({"actor": who.actor})
    return Response(body, media_type="application/json", headers=PRIVATE)


@router.get("/viewer/intents.json", include_in_schema=False)
def intent_shapes() -> Response:
    """The intents' JSON Schema (one per `type`), for the viewer's what-if form: what the
    API's OpenAPI document says of them, without building that whole document (seconds, the
    first time) while the page waits."""
    return Response(_intent_shapes(), media_type="application/json", headers=PRIVATE)


@functools.cache
def _intent_shapes() -> bytes:
    return json.dumps(TypeAdapter(Intent).json_schema()).encode()


@router.get("/viewer/static/{name:path}", include_in_schema=False)
def static_file(name: str) -> Response:
    """A file of the viewer; anything outside the static folder is simply not found."""
    root = STATIC.resolve()
    path = (root / name).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        return error_page(404, "Not found", "There is no such file in the viewer.")
    media = MEDIA.get(path.suffix, "application/octet-stream")
    return FileResponse(path, media_type=media, headers={"Cache-Control": "no-cache"})
