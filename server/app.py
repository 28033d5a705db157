"""The HTTP application, wired in one place (`create_app`), never at import time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from sqlalchemy import Engine, text

from events.store_postgres import PostgresEventStore
from server.settings import Settings


def utc_now() -> datetime:
    return datetime.now(UTC)


def create_app(settings: Settings, engine: Engine) -> FastAPI:
    store = PostgresEventStore(engine, utc_now)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(title="turnledger", version="1", lifespan=lifespan)
    app.state.settings = settings
    app.state.store = store

    @app.get("/healthz", tags=["ops"])
    def healthz() -> JSONResponse:
        """Liveness, including a round trip to the database."""
        try:
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        except Exception:
            return JSONResponse(
                {"status": "unavailable", "database": "unreachable"},
                status_code=503,
            )
        return JSONResponse({"status": "ok", "database": "ok"})

    return app
