"""The HTTP application, wired in one place (`create_app`), never at import time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from sqlalchemy import Engine
from starlette.types import ASGIApp

from server.api import openapi, problems
from server.api.answers.schemas import MAX_BODY_BYTES
from server.api.bounded_body import answer_budget
from server.api.deps import PrincipalCache, Services
from server.api.lean_intents import LeanIntents, declared_route
from server.api.metrics import Metrics
from server.api.middleware import RequestMiddleware
from server.api.query_parameters import refuse_undeclared
from server.api.rate_limits import RateLimits
from server.api.routes import battles as routes_battles
from server.api.routes import bundle as routes_bundle
from server.api.routes import campaign as routes_campaign
from server.api.routes import docs as routes_docs
from server.api.routes import feed as routes_feed
from server.api.routes import guide as routes_guide
from server.api.routes import history as routes_history
from server.api.routes import keys as routes_keys
from server.api.routes import ops as routes_ops
from server.api.routes import options as routes_options
from server.api.routes import questions as routes_questions
from server.api.routes import tokens as routes_tokens
from server.api.stream_encoding import CatchUpBudget, EncodedEvents
from server.operations.settings import Settings
from server.state.stream_hub import StreamHub
from server.trust.api_keys import ApiKeys, KeyFile, keys_path
from server.trust.verification import VerifiedHeads, Verifier
from server.viewer import routes as viewer_routes
from server.wiring import Wired, notify_url, wire_services

DESCRIPTION = """\
turnledger judges tactical combat intents and keeps every decision in an append-only,
hash-chained event log. Send a battle token as `Authorization: Bearer <token>` (GET routes
also accept `?token=`). Errors are `application/problem+json`; refusals carry `rule` and
`step`.

Limits (each refused with a problem naming it, before it costs anything): bodies 256 KiB; maps
40,000 squares; 200 creatures; 200 terrain entries; 40,000 squares listed one by one (3,000 in
one `set_terrain`); terrain covering 160,000 squares in all (areas counted by size); one logged
event 64 KiB (areas are logged as rectangles, listed squares as runs, and creatures beyond the
creation event's room as `CreaturePlaced` events of the same action, so a battle within these
limits fits); paths 200 steps; what-if 50 intents; events pages 1,000 events; replay pages 500
events and 8 MiB of states. Route search, reach, what-if, judgement and undo re-judgement have
a search budget (`limits/too-costly`, 422); creations a rate per API key or client address,
reads and writes a rate per token (429 with `Retry-After`); live streams a number per token,
per battle and per server (429). Values are strict (a boolean or a
string is not a number); creature ids are 1-64 ASCII letters, digits, `_`, `.`, `-`.
"""


def tune_interpreter() -> None:
    """Hand the GIL round more often than every 5 ms (Python's default).

    A long decision in the executor (a route search) runs beside the event loop thread that
    serves every other battle; with the default interval it could keep the loop waiting 5 ms
    per hand over.
    """
    import sys

    sys.setswitchinterval(0.001)


def settle_heap() -> None:
    """Take what the process made to start (modules, the OpenAPI models, pydantic's
    validators: most of its objects) out of the garbage collector's sight.

    Measured under bench_http: the oldest generation's collections walked them all, 170 to
    210 ms each (on a loaded machine), every few seconds: the "one slow round in three"
    of issue 25. Frozen, they are never collected (they live as long as the process) and a
    collection walks only what requests made since."""
    import gc

    gc.collect()
    gc.freeze()


class Turnledger(FastAPI):
    """FastAPI with `POST /battles/{battle_id}/intents` answered ahead of its middleware
    stack when a request is plain (server/api/lean_intents.py); `lean_intents` is that
    layer once the first request has built the stack."""

    lean_intents: LeanIntents | None = None

    def build_middleware_stack(self) -> ASGIApp:
        stack = super().build_middleware_stack()
        route = declared_route(self, "submit_intent")
        self.lean_intents = LeanIntents(stack, self, route, max_body=MAX_BODY_BYTES)
        return self.lean_intents


ROUTERS = (
    routes_battles.router,
    routes_history.router,
    routes_ops.router,
    routes_questions.router,
    routes_campaign.router,
    routes_feed.router,
    routes_options.router,
    viewer_routes.router,
    routes_docs.router,
    routes_guide.router,
    routes_keys.router,
    routes_tokens.router,
    routes_bundle.router,
)


def create_app(settings: Settings, engine: Engine) -> FastAPI:
    """The HTTP server: the services wired over `engine`, the routes, the contract's
    finishing touches, and one middleware in front of them all."""
    metrics = Metrics.create()
    wired = wire_services(
        settings,
        engine,
        on_conflict=metrics.conflicts.labels("re-decided").inc,
        on_refused_row=lambda kind: metrics.refused_rows.labels(kind).inc(),
        on_group=metrics.append_groups.observe,
    )
    hub = stream_hub(settings, engine, wired, metrics)
    services = shared_services(settings, engine, wired, metrics, hub)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await wired.start()
        # built before the first request, which would otherwise wait seconds for it (the
        # schema of every model with its descriptions takes 2.4 s of CPU to build)
        app.openapi()
        settle_heap()
        yield
        await hub.close()
        await wired.stop()

    app = Turnledger(
        title="turnledger",
        version="1",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served offline by routes_docs
        redoc_url=None,
        # FastAPI's native OpenTelemetry asks the global providers on every request (3% of
        # the event loop's time per intent, measured with py-spy); this server reports
        # through Prometheus (/metrics) and configures no OpenTelemetry.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.settings = settings
    app.state.store = wired.store
    app.state.services = services
    problems.install(app)
    # The routes join the app's own list rather than being included router by router:
    # FastAPI matches an included router's routes through a layer of its own per router,
    # 10 to 45 us a request where the one flat list takes 5 to 23 us (ops/bench/
    # bench_route_cost.py); the routers add no prefix, dependency or tag of their own, so
    # the OpenAPI document is the same (tests/unit/server/test_intents_openapi.py).
    for router in ROUTERS:
        app.router.routes.extend(router.routes)
    openapi.install(app)
    refuse_undeclared(app)
    app.add_middleware(
        RequestMiddleware,
        metrics=metrics,
        max_body=MAX_BODY_BYTES,
        rate_limits=lambda: app.state.services.rate_limits,
        larger={"/battles/import": routes_bundle.IMPORT_MAX_BYTES},
    )
    return app


def stream_hub(settings: Settings, engine: Engine, wired: Wired, metrics: Metrics) -> StreamHub:
    """The process's one reader of the log for every live stream (server/state/stream_hub.py)."""
    return StreamHub(
        notify_url(settings, engine),
        wired.store.read_all,
        wired.store.tail,
        per_token=settings.streams_per_token,
        per_battle=settings.streams_per_battle,
        per_process=settings.streams_per_process,
        safety_interval=settings.stream_safety_poll,
        connect_timeout=settings.database_timeouts().connect_seconds,
        on_read=metrics.stream_reads.labels("hub").inc,
        on_failure=metrics.stream_hub_failures.inc,
        registry=metrics.registry,
    )


def shared_services(
    settings: Settings, engine: Engine, wired: Wired, metrics: Metrics, hub: StreamHub
) -> Services:
    """What the routes share (server/api/deps.py), each bounded as the settings say."""
    return Services(
        settings=settings,
        engine=engine,
        ports=wired.ports,
        commands=wired.commands,
        questions=wired.questions,
        catalog=wired.catalog,
        metrics=metrics,
        hub=hub,
        keyring=wired.keyring,
        verifier=Verifier(wired.store, VerifiedHeads(engine, wired.keyring.chain_key)),
        keys=ApiKeys(
            KeyFile(keys_path(settings.data_dir, settings.api_keys_file)), settings.api_key
        ),
        principals=PrincipalCache(int(settings.principal_cache_mb * 2**20)),
        encoded=EncodedEvents(int(settings.stream_cache_mb * 2**20)),
        catch_up=CatchUpBudget(settings.stream_catch_up_mb_per_s * 2**20),
        answers=answer_budget(settings.answer_budget_mb, metrics),
        rate_limits=RateLimits(
            settings.rate_create,
            settings.rate_write,
            settings.rate_read,
            settings.rate_auth,
            peer=settings.rate_peer,
            open=settings.rate_open,
            enabled=settings.rate_limits,
        ),
    )


def app_from_env() -> FastAPI:
    """For `uvicorn --factory server.app:app_from_env`: settings from the environment."""
    import sys

    from events.migrate import upgrade
    from server.operations.database import (
        app_database_url,
        maintenance_engine,
        owner_database_url,
        server_engine,
    )
    from server.operations.logging import configure_logging
    from server.trust.roles import RoleSetupFailed, RoleTooStrong, check_app_role

    tune_interpreter()
    settings = Settings()
    configure_logging(settings)
    owner = owner_database_url(settings)
    migrating = maintenance_engine(owner, settings)
    try:
        upgrade(migrating)
    finally:
        migrating.dispose()
    try:
        engine = server_engine(app_database_url(settings, owner), settings)
        check_app_role(engine)
    except (RoleTooStrong, RoleSetupFailed) as exc:
        sys.exit(f"turnledger: {exc}")
    return create_app(settings, engine)
