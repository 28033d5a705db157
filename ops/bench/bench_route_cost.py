"""What each layer of `POST /battles/{id}/intents` costs per request, in process.

    python -m ops.bench bench_route_cost

The real application (`server.app.create_app`) is called as uvicorn calls it, with a fake
`receive`/`send`, but its battle service is a stand-in that answers every intent with one
canned accepted move at once: no database and no rules, so what is left is what the HTTP
layers cost (issue 25: "the hot routes pay only for what they use"). The body, headers and
rate limits are those of `bench_http`'s load (a director token, a fresh `Idempotency-Key`, the
limiter on and counting).

Reported, in microseconds of CPU per request (the least of several timed batches, which is
what survives a busy machine; the garbage collector paused within a batch, so that a
collection landing in one batch and not another is not read as a layer's cost):

* each layer of the middleware stack, as the cost of calling it less that of calling the
  layer inside it (uvicorn's `ProxyHeadersMiddleware`, which `bench_http`'s plain uvicorn
  adds, measured around the whole application);
* inside the FastAPI route: routing, the request/response wrapper, body reading and parsing,
  dependency solving (which includes authentication, the rate limit and body validation),
  body validation alone, the route function (the stand-in's work, answer building and the
  receipt), the receipt alone, and sending the response;
* the whole application per request, beside the end-to-end figure `bench_http` measures.

Run it on two trees (main's and a branch's) to compare: it reads whatever `server` imports.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import json
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import create_engine
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Match
from starlette.types import Message, Scope

from events.envelope import Envelope
from ops.bench.common import console, print_table
from server.app import create_app
from server.commands.pipeline import IntentOutcome
from server.operations.logging import configure_logging
from server.operations.settings import Settings
from server.readers.tokens import Principal, token_hash
from server.trust.receipts import make_receipt

BATTLE = "bench-battle"
TOKEN = "bench-director-token"
PATH = f"/battles/{BATTLE}/intents"
BODY = orjson.dumps({"type": "move", "creature": "c0", "path": [[1, 2]]})
NEVER_REFUSED = "10000000/minute"
BATCH = 400
REPEATS = 9


class StandIn:
    """The battle service, answering every intent with the same accepted move at once."""

    def __init__(self) -> None:
        self.version = 1
        self.who = Principal(BATTLE, "director", "director")

    async def submit(self, who: Principal, body: Any, **_: Any) -> IntentOutcome:
        self.version += 1
        return canned_outcome(self.version)

    def authenticate(self, battle_id: str, token: str) -> Principal | None:
        return self.who if token == TOKEN else None


def canned_outcome(version: int) -> IntentOutcome:
    envelope = Envelope(
        battle_id=BATTLE,
        version=version,
        global_position=version,
        type="Moved",
        schema_version=1,
        data={"creature": "c0", "path": [[1, 2]], "cost": 1, "movement_left": 4},
        intent_id=f"intent-{version}",
        causation_id=None,
        correlation_id="bench",
        actor="director",
        rules_version="draw-steel-1",
        recorded_at=datetime(2026, 11, 26, tzinfo=UTC),
        prev_hash=bytes(32),
        hash=bytes(range(32)),
    )
    trace = ({"rule": "move/cost", "step": 1, "detail": "1 square"},)
    return IntentOutcome(version, f"intent-{version}", (envelope,), (), trace)


def build() -> Any:
    settings = Settings(
        database_url="postgresql+psycopg://bench:bench@127.0.0.1:1/none",
        log_level="warning",
        questions_follow=False,
        rate_write=NEVER_REFUSED,
        rate_read=NEVER_REFUSED,
    )
    configure_logging(settings)
    app = create_app(settings, create_engine(settings.database_url))
    services = app.state.services
    stand_in = StandIn()
    app.state.services = dataclasses.replace(services, battles=stand_in)
    app.state.services.principals.put((BATTLE, token_hash(TOKEN)), stand_in.who)
    return app


def scope_for(app: Any, n: int) -> Scope:
    headers = [
        (b"host", b"127.0.0.1:8000"),
        (b"authorization", f"Bearer {TOKEN}".encode()),
        (b"content-type", b"application/json"),
        (b"content-length", str(len(BODY)).encode()),
        (b"idempotency-key", f"bench-{n}".encode()),
    ]
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 50000),
        "scheme": "http",
        "method": "POST",
        "root_path": "",
        "path": PATH,
        "raw_path": PATH.encode(),
        "query_string": b"",
        "headers": headers,
        "state": {},
        "app": app,
    }


def receive_once() -> Callable[[], Awaitable[Message]]:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)  # a disconnect would only come after the answer
        sent = True
        return {"type": "http.request", "body": BODY, "more_body": False}

    return receive


class Sink:
    """`send`: keeps the status, fails the measure on anything but the expected answer."""

    def __init__(self) -> None:
        self.status = 0

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]


Step = Callable[[int], Awaitable[Any]]


def per_call(loop: asyncio.AbstractEventLoop, *steps: Step) -> list[float]:
    """Microseconds of CPU per call of each step: the least of REPEATS batches of BATCH calls,
    the steps' batches taken in turn (so a busy moment of the machine hits them all alike)."""
    counter = iter(range(10**9))

    async def batch(step: Step) -> float:
        gc.collect()
        gc.disable()  # a collection falling in one batch and not another would be noise
        try:
            start = time.process_time()
            for _ in range(BATCH):
                await step(next(counter))
            return time.process_time() - start
        finally:
            gc.enable()

    best = [float("inf")] * len(steps)
    for repeat in range(REPEATS + 1):
        for n, step in enumerate(steps):
            spent = loop.run_until_complete(batch(step))
            if repeat:  # the first round warms up
                best[n] = min(best[n], spent)
    return [b / BATCH * 1e6 for b in best]


def asgi_step(app: Any, layer: Any, extra: dict[str, Any] | None = None) -> Step:
    async def step(n: int) -> None:
        scope = scope_for(app, n)
        sink = Sink()
        async with AsyncExitStack() as stack:
            scope["fastapi_middleware_astack"] = stack
            scope.update(extra or {})
            await layer(scope, receive_once(), sink)
        if sink.status not in (200, 201):
            raise RuntimeError(f"the stand-in request was answered {sink.status}")

    return step


def middleware_chain(app: Any) -> tuple[Any, list[Any]]:
    """The lean intents layer (None on a tree without it), and the layers of the full stack
    from the outermost to the router."""
    layer = app.middleware_stack or app.build_middleware_stack()
    app.middleware_stack = layer
    lean = layer if type(layer).__name__ == "LeanIntents" else None
    layer = lean.app if lean is not None else layer
    chain = []
    while layer is not None and layer is not app.router:
        chain.append(layer)
        layer = getattr(layer, "app", None)
    return lean, [*chain, app.router]


class Switched:
    """The application with its lean intents layer on or off (as main's tree answers)."""

    def __init__(self, app: Any, lean: Any, on: bool) -> None:
        self.app, self.lean, self.on = app, lean, on

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if self.lean is not None:
            self.lean.enabled = self.on
        await self.app(scope, receive, send)


def intents_route(app: Any) -> Any:
    """The route as declared (the application's router holds it inside an included router)."""
    from server.api.routes import battles as routes_battles

    scope = scope_for(app, 0)
    for route in routes_battles.router.routes:
        match, _ = route.matches(scope)
        if match is Match.FULL and "POST" in getattr(route, "methods", ()):
            return route
    raise RuntimeError("no route matches the intents path")


def measure() -> list[tuple[str, float, str]]:
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    app = build()
    loop = asyncio.new_event_loop()
    rows: list[tuple[str, float, str]] = []
    lean, chain = middleware_chain(app)
    route = intents_route(app)
    full = Switched(app, lean, on=False)
    proxy = ProxyHeadersMiddleware(full, trusted_hosts="127.0.0.1")
    whole, lean_whole, proxied, in_route, *times = per_call(
        loop,
        asgi_step(app, full),
        asgi_step(app, Switched(app, lean, on=True)),
        asgi_step(app, proxy),
        asgi_step(app, route.app, {"route": route, "path_params": {"battle_id": BATTLE}}),
        *(asgi_step(app, layer) for layer in chain),
    )
    if lean is not None:
        lean.enabled = True
    rows.append(("uvicorn ProxyHeadersMiddleware", proxied - whole, "bench_http's uvicorn"))
    rows.append(("FastAPI/Starlette __call__", whole - times[0], "scope['app'], stack"))
    for layer, own, inner in zip(chain, times, [*times[1:], in_route], strict=True):
        name = type(layer).__name__
        note = "routing (match, path params)" if layer is app.router else ""
        rows.append((name, own - inner, note))
    rows += inside_route(loop, app, route, in_route)
    rows.append(("whole application, full stack", whole, "in process, no socket"))
    if lean is not None:
        rows += inside_lean(loop, app, lean)
        rows.append(("whole application, lean route", lean_whole, "LeanIntents answers"))
    return rows


def inside_lean(
    loop: asyncio.AbstractEventLoop, app: Any, lean: Any
) -> list[tuple[str, float, str]]:
    """The parts of the lean route (server/api/lean_intents.py), each called alone."""
    from server.api.deps import authenticated
    from server.api.middleware import record

    services = app.state.services
    scope = scope_for(app, 0)
    scope["route"] = lean.route

    async def head(n: int) -> None:
        lean._plain_head(scope)

    async def body(n: int) -> None:
        lean._plain_body(BODY)

    async def auth(n: int) -> None:
        await authenticated(services, BATTLE, TOKEN, "POST", lambda: "ip:127.0.0.1", {})

    async def recorded(n: int) -> None:
        record(services.metrics, scope, {"request_id": "x"}, 201, 0.001)

    parts = per_call(loop, head, body, auth, recorded)
    return [
        ("lean: head checks", parts[0], "path, query, headers"),
        ("lean: body parse + validation", parts[1], "json.loads, the route's body field"),
        ("lean: authentication + rate limit", parts[2], "deps.authenticated, cached"),
        ("lean: latency metric + log line", parts[3], "middleware.record"),
    ]


def inside_route(
    loop: asyncio.AbstractEventLoop, app: Any, route: Any, in_route: float
) -> list[tuple[str, float, str]]:
    from fastapi.dependencies.utils import solve_dependencies

    handler = route.get_route_handler()
    services = app.state.services
    field = route.body_field
    adapter = field._type_adapter  # the route's own: the intent union, with its discriminator
    parsed = orjson.loads(BODY)

    def request_of(n: int, stack: AsyncExitStack | None = None) -> Request:
        scope = scope_for(app, n)
        scope["path_params"] = {"battle_id": BATTLE}
        scope["route"] = route
        for key in ("middleware", "inner", "function"):
            scope[f"fastapi_{key}_astack"] = stack
        return Request(scope, receive_once())

    async def run_handler(n: int) -> Response:
        async with AsyncExitStack() as stack:
            return await handler(request_of(n, stack))  # type: ignore[no-any-return]

    async def solve(n: int) -> None:
        async with AsyncExitStack() as stack:
            solved = await solve_dependencies(
                request=request_of(n, stack),
                dependant=route.dependant,
                body=parsed,
                dependency_overrides_provider=None,
                async_exit_stack=stack,
                embed_body_fields=route._embed_body_fields,
            )
        if solved.errors:
            raise RuntimeError(solved.errors)

    async def endpoint(n: int) -> None:
        async with AsyncExitStack() as stack:
            solved = await solve_dependencies(
                request=request_of(n, stack),
                dependant=route.dependant,
                body=parsed,
                dependency_overrides_provider=None,
                async_exit_stack=stack,
                embed_body_fields=route._embed_body_fields,
            )
            await route.endpoint(**solved.values)

    async def read_body(n: int) -> None:
        json.loads(await request_of(n).body())

    async def validate(n: int) -> None:
        field.validate(parsed, {}, loc=("body",))

    async def validate_json(n: int) -> None:
        adapter.validate_json(BODY)

    async def rate_limit(n: int) -> None:
        services.rate_limits.check("write", f"seat:{BATTLE}:director")

    async def receipt(n: int) -> None:
        make_receipt(services.keyring, BATTLE, n + 2, bytes(range(32)))

    response = loop.run_until_complete(run_handler(0))

    async def send_response(n: int) -> None:
        scope = scope_for(app, n)
        await response(scope, receive_once(), Sink())

    handler_total, sent, solved, with_endpoint, body_read, *alone = per_call(
        loop,
        run_handler,
        send_response,
        solve,
        endpoint,
        read_body,
        validate,
        validate_json,
        rate_limit,
        receipt,
    )
    wrapper_inner = handler_total + sent
    return [
        ("request_response wrapper", in_route - wrapper_inner, "exit stacks, exception wrap"),
        ("body read + JSON parse", body_read, "Request.body, json.loads"),
        ("dependency solving (all)", solved, "principal, rate limit, params, body"),
        ("  body validation alone", alone[0], "the route's body field"),
        ("  (validate_json instead)", alone[1], "for comparison"),
        ("  rate limit check alone", alone[2], "RateLimits.check"),
        ("route function", with_endpoint - solved, "stand-in, answer, receipt"),
        ("  receipt alone", alone[3], "Ed25519 signature"),
        ("handler overhead", handler_total - with_endpoint - body_read, "FastAPI's rest"),
        ("response send", sent, "Response.__call__"),
    ]


def main(argv: list[str] | None = None) -> None:
    rows = measure()
    print_table(
        "POST /battles/{id}/intents: CPU per request by layer (us; a stand-in battle service)",
        ["layer", "us/request", "what"],
        [(name, round(us, 1), note) for name, us, note in rows],
    )
    console.print(
        "Layer costs are differences of timed calls (noise of a microsecond or two, so small"
        " negatives are noise). End to end over a socket and a database: bench_http."
    )


if __name__ == "__main__":
    main()
