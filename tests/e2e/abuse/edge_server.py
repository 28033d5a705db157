"""A real server with small edge limits, and a raw-socket client to attack it with."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.e2e.conftest import Running

EDGE = {
    "max_connections": 12,
    "max_connections_per_client": 6,
    "header_bytes": 4096,
    "header_line_bytes": 1024,
    "header_timeout": 1.0,
    "body_timeout": 1.0,
    "keep_alive_timeout": 1.0,
}
"""Small enough to prove each bound in a second, large enough for normal requests."""


@contextmanager
def edge_server(database: str, **overrides: Any) -> Iterator[Running]:
    settings = Settings(
        database_url=to_sqlalchemy_url(database), log_level="warning", **{**EDGE, **overrides}
    )
    engine = make_engine(to_sqlalchemy_url(database), pool_size=5)
    try:
        with serving(create_app(settings, engine), log_level="error") as url:
            yield Running(url, database)
    finally:
        engine.dispose()


def port_of(running: Running) -> int:
    return int(running.url.rsplit(":", 1)[1])


def connect(running: Running, source: str = "127.0.0.1") -> socket.socket:
    """A TCP connection to the server from `source` (any 127/8 address is this machine's)."""
    sock = socket.create_connection(("127.0.0.1", port_of(running)), 5, (source, 0))
    sock.settimeout(5)
    return sock


def read_answer(sock: socket.socket, wait: float = 5) -> bytes:
    """Everything the server writes until it closes the connection (or `wait` passes)."""
    sock.settimeout(wait)
    got = b""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        got += chunk
    return got


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


def get(path: str, extra: str = "") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: t\r\n{extra}Connection: close\r\n\r\n".encode()
