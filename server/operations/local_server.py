"""The app on uvicorn in a background thread, on a free local port (for `demo`)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from server.operations.settings import Settings


@contextmanager
def serving(app: Any, log_level: str = "error", port: int = 0) -> Iterator[str]:
    """Serve `app` on uvicorn in a daemon thread on `port` (0: a free one), within the edge's
    bounds (server/api/edge.py) read from the app's settings; its base URL."""
    if not port:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
    from server.api.edge import EdgeGuard, EdgeLimits, uvicorn_options

    settings = getattr(getattr(app, "state", None), "settings", None) or Settings()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level=log_level,
        **uvicorn_options(settings, EdgeGuard(EdgeLimits.of(settings))),
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    # generous: under a loaded machine the lifespan (the OpenAPI document, the first pool
    # connections) takes tens of seconds; a crash is seen at once by the thread ending
    deadline = time.monotonic() + 90
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the local server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def local_server(settings: Settings, port: int = 0) -> Iterator[str]:
    """The app on its database (migrated first), served locally (for `demo`), each step that
    takes seconds said on the command line's stderr."""
    from server.app import create_app
    from server.operations.cli_guard import start_database
    from server.operations.cli_progress import migrate
    from server.operations.database import app_database_url, maintenance_engine, server_engine
    from server.trust.roles import check_app_role

    owner = start_database(settings)
    migrating = maintenance_engine(owner, settings)
    try:
        migrate(migrating)
    finally:
        migrating.dispose()
    # served as the application role, as `serve` does (server/trust/roles.py)
    engine = server_engine(app_database_url(settings, owner), settings)
    check_app_role(engine)
    try:
        with serving(create_app(settings, engine), port=port) as url:
            yield url
    finally:
        engine.dispose()
