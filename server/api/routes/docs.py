"""The API's documentation pages, Swagger UI at `/docs` and ReDoc at `/redoc`, served offline.

Their scripts and styles come from the `fastapi-offline` package's copies, served here, so
the pages work on a machine (or a game table) without internet; nothing loads from a CDN.
Swagger UI reads the contract written as OpenAPI 3.0 (`/docs/openapi.json`), which it opens
in seconds where the 3.1 of `/openapi.json` took it tens of seconds (server/api/openapi_30.py).
"""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from starlette.responses import FileResponse, HTMLResponse, Response

from server.api.openapi_30 import as_openapi_30
from server.api.problems import problem
from server.api.wire import OrjsonResponse

router = APIRouter(include_in_schema=False)
ASSETS = Path(str(files("fastapi_offline") / "static"))
ASSET_URL = "/docs/assets"
MEDIA = {".js": "text/javascript; charset=utf-8", ".css": "text/css", ".png": "image/png"}
TITLE = "turnledger API"


@router.get("/docs")
def swagger_ui() -> HTMLResponse:
    """Swagger UI over the contract: every route, its bodies and answers, to try out."""
    return get_swagger_ui_html(
        openapi_url=SWAGGER_CONTRACT,
        title=f"{TITLE} - Swagger UI",
        swagger_js_url=f"{ASSET_URL}/swagger-ui-bundle.js",
        swagger_css_url=f"{ASSET_URL}/swagger-ui.css",
        swagger_favicon_url=f"{ASSET_URL}/favicon.png",
        # no validator badge: it would send the schema to an online validator
        swagger_ui_parameters={
            "validatorUrl": None,
            "persistAuthorization": True,
            # the schemas are read beside each operation; listing all 300-odd at the page's
            # foot cost seconds of rendering on every load
            "defaultModelsExpandDepth": -1,
        },
    )


SWAGGER_CONTRACT = "/docs/openapi.json"


@router.get(SWAGGER_CONTRACT)
def swagger_contract(request: Request) -> Response:
    """`/openapi.json` written as OpenAPI 3.0, the same routes, bodies and answers, for
    Swagger UI (clients generate from `/openapi.json`)."""
    state = request.app.state
    if getattr(state, "openapi_30", None) is None:
        state.openapi_30 = as_openapi_30(request.app.openapi())
    return OrjsonResponse(state.openapi_30)


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
