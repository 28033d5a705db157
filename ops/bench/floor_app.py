"""The floor bench_http measures the server against: the least a FastAPI write can cost.

An `async def` route validates a small pydantic body and does one INSERT through an async
psycopg pool, nothing else: no decision, no hash chain, no idempotency key, no read model.
Served by uvicorn with the same loop, parser and flags as the real server, and driven by the
same keep-alive client, so the ratio of the two rates is the cost of this project's own work.

    DATABASE_URL=postgresql://... uvicorn --factory ops.bench.floor_app:create
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Literal

import orjson
from fastapi import FastAPI
from psycopg_pool import AsyncConnectionPool
from pydantic import BaseModel, Field
from starlette.responses import Response

INSERT = (
    "INSERT INTO bench_floor (battle_id, type, data, recorded_at)"
    " VALUES (%s, %s, %s::jsonb, %s) RETURNING id"
)


class MoveIn(BaseModel):
    type: Literal["move"]
    creature: str = Field(min_length=1, max_length=64)
    path: list[list[int]] = Field(min_length=1, max_length=200)


def create() -> FastAPI:
    pool = AsyncConnectionPool(
        os.environ["DATABASE_URL"], min_size=8, max_size=16, open=False, kwargs={"autocommit": True}
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await pool.open()
        yield
        await pool.close()

    app = FastAPI(lifespan=lifespan)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/battles/{battle_id}/intents", status_code=201)
    async def submit(battle_id: str, body: MoveIn) -> Response:
        data = orjson.dumps(body.model_dump()).decode()
        async with pool.connection() as conn:
            cur = await conn.execute(INSERT, (battle_id, body.type, data, datetime.now(UTC)))
            row = await cur.fetchone()
        assert row is not None
        return Response(orjson.dumps({"id": row[0]}), 201, media_type="application/json")

    return app


FLOOR_TABLE = (
    "CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, battle_id varchar NOT NULL,"
    " type varchar NOT NULL, data jsonb NOT NULL, recorded_at timestamptz NOT NULL)"
)
