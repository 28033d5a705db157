"""The methods a path answers, for a 405's `Allow` (RFC 9110 15.5.6, 10.2.1).

FastAPI makes one route per operation, so a path with GET and POST is two routes, and the
405 Starlette raises names only the methods of the first route whose path matched: a GET
on `/battles` heard `Allow: POST`, though the document (and the server) also answers GET.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Match


def allowed_methods(request: Request) -> list[str]:
    """Every method the request's path is documented with, sorted.

    A concrete path wins over a templated one that also matches it, as OpenAPI matches
    paths: `/battles/import` is the import (POST), not a battle named `import`."""
    scope = dict(request.scope)
    by_path: dict[str, set[str]] = {}
    for route in request.app.router.routes:
        matched, _ = route.matches(scope)
        path, methods = getattr(route, "path", None), getattr(route, "methods", None)
        if matched != Match.NONE and path is not None and methods:
            by_path.setdefault(path, set()).update(methods)
    if not by_path:
        return []
    fewest = min(path.count("{") for path in by_path)
    return sorted(m for path, ms in by_path.items() if path.count("{") == fewest for m in ms)
