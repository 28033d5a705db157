"""One check for every route of the contract: a query parameter the route does not declare
is named in a 422, never ignored (ignoring it would answer a question nobody asked, as
`?rules_version=` on a judgement would)."""

from __future__ import annotations

from urllib.parse import parse_qsl

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.routing import APIRoute
from starlette.types import ASGIApp, Receive, Scope, Send

from server.api.problems import ProblemError

WORDS = {
    "/battles/{battle_id}/events": (
        "filter(s)",
        "; the log filters by creature, type, round and turn",
    ),
}
"""Where a route names its parameters in words of its own: what they are, and a hint."""


NO_TOKEN = frozenset({"/feed"})
"""Routes that take no battle token (the feed is an API key's alone)."""


def declared(route: APIRoute) -> frozenset[str]:
    """The query parameters `route` reads (its own and its dependencies'), and `token`: a
    battle token may come there on a GET (server/api/deps.py, `bearer`), and on any other
    method it is refused as no token at all (401), never as an unknown parameter."""
    names: set[str] = set()
    pending = [route.dependant]
    while pending:
        dependant = pending.pop()
        names.update(param.alias for param in dependant.query_params)
        pending.extend(dependant.dependencies)
    if route.path not in NO_TOKEN:
        names.add("token")
    return frozenset(names)


def refuse_undeclared(app: FastAPI) -> None:
    """Put the check in front of every JSON route of the contract (pages answer HTML and
    take what a browser sends)."""
    for route in app.router.routes:
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        if isinstance(route.response_class, type) and issubclass(
            route.response_class, HTMLResponse
        ):
            continue
        route.app = _Checked(
            route.app, declared(route), *WORDS.get(route.path, ("parameter(s)", ""))
        )


class _Checked:
    def __init__(self, app: ASGIApp, allowed: frozenset[str], what: str, hint: str) -> None:
        self.app = app
        self.allowed = allowed
        self.what = what
        self.hint = hint

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = scope.get("query_string", b"")
        if query:
            given = {name for name, _ in parse_qsl(query.decode("latin-1"), keep_blank_values=True)}
            unknown = sorted(given - self.allowed)
            if unknown:
                raise ProblemError(
                    422,
                    "invalid-request",
                    f"unknown {self.what}: {', '.join(unknown)}{self.hint}",
                )
        await self.app(scope, receive, send)
