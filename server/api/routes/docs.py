"""The API's documentation pages, Swagger UI at `/docs` and ReDoc at `/redoc`, served offline.

Their scripts and styles come from the `fastapi-offline` package's copies, served here, so
the pages work on a machine (or a game table) without internet; nothing loads from a CDN.
"""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from starlette.responses import FileResponse, HTMLResponse, Response

from server.api.problems import problem

router = APIRouter(include_in_schema=False)
ASSETS = Path(str(files("fastapi_offline") / "static"))
ASSET_URL = "/docs/assets"
MEDIA = {".js": "text/javascript; charset=utf-8", ".css": "text/css", ".png": "image/png"}
TITLE = "turnledger API"


@router.get("/docs")
def swagger_ui() -> HTMLResponse:
    """Swagger UI over `/openapi.json`: every route, its bodies and answers, to try out."""
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title=f"{TITLE} - Swagger UI",
        swagger_js_url=f"{ASSET_URL}/swagger-ui-bundle.js",
        swagger_css_url=f"{ASSET_URL}/swagger-ui.css",
        swagger_favicon_url=f"{ASSET_URL}/favicon.png",
        # no validator badge: it would send the schema to an online validator
        swagger_ui_parameters={"validatorUrl": None, "persistAuthorization": True},
    )


@router.get("/redoc")
def redoc() -> HTMLResponse:
    """ReDoc over `/openapi.json`: the contract as one readable page."""
    return get_redoc_html(
        openapi_url="/openapi.json",
        title=f"{TITLE} - ReDoc",
        redoc_js_url=f"{ASSET_URL}/redoc.standalone.js",
        redoc_favicon_url=f"{ASSET_URL}/favicon.png",
        with_google_fonts=False,
    )


REDOC_BADGE = b"https://cdn.redoc.ly/redoc/logo-mini.svg"


@functools.cache
def _redoc_script() -> bytes:
    # ReDoc's one remote fetch is the logo of its "API docs by Redocly" badge: point it here.
    script = (ASSETS / "redoc.standalone.js").read_bytes()
    return script.replace(REDOC_BADGE, f"{ASSET_URL}/favicon.png".encode())


@router.get("/docs/assets/{name}")
def asset(name: str) -> Response:
    """One of the documentation pages' files (a fixed set; anything else is not found)."""
    path = ASSETS / name
    if "/" in name or path.suffix not in MEDIA or not path.is_file():
        return problem(404, "not-found", "no such documentation file")
    cache = {"Cache-Control": "max-age=86400"}
    if name == "redoc.standalone.js":
        return Response(_redoc_script(), media_type=MEDIA[".js"], headers=cache)
    return FileResponse(path, media_type=MEDIA[path.suffix], headers=cache)
