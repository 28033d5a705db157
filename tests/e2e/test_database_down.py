"""When the database cannot be reached: 503 problems and an unhealthy /healthz, no traces."""

from __future__ import annotations

import threading
import time

import httpx
import uvicorn

from server.app import create_app
from server.operations.database import make_engine
from server.operations.settings import Settings
from tests.e2e.conftest import free_port
from tests.integration.service.conftest import skirmish

NOWHERE = f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/nothing?connect_timeout=2"


def test_an_unreachable_database_is_a_503_not_a_stack_trace() -> None:
    engine = make_engine(NOWHERE, pool_size=2)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(Settings(database_url=NOWHERE), engine),
            host="127.0.0.1",
            port=port,
            log_level="critical",
            access_log=False,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=15) as http:
            health = http.get("/healthz")
            read = http.get("/battles/b1", headers={"Authorization": "Bearer dir_x"})
            create = http.post("/battles", json=skirmish())
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        engine.dispose()
    assert health.status_code == 503 and health.json()["database"] == "unreachable"
    assert read.status_code == create.status_code == 503
    assert read.headers["content-type"] == "application/problem+json"
    assert "Traceback" not in read.text + create.text
