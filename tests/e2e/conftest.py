"""A real uvicorn server on a free port, one per test module, on its own fresh database."""

from __future__ import annotations

import socket
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import psycopg
import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.conftest import _with_database, as_app_role
from tests.integration.service.conftest import skirmish

API_KEY = "e2e-api-key"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Running:
    url: str
    database_uri: str

    def client(
        self, token: str | None = None, headers: dict[str, str] | None = None, **kwargs: Any
    ) -> httpx.Client:
        sent = {"Authorization": f"Bearer {token}"} if token else {}
        sent.update(headers or {})
        return httpx.Client(base_url=self.url, headers=sent, **{"timeout": 10, **kwargs})


@pytest.fixture(scope="module")
def module_database(pg_admin_uri: str, template_database: str) -> Iterator[str]:
    name = f"m_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template_database}"')
    yield _with_database(pg_admin_uri, name)
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def server(module_database: str) -> Iterator[Running]:
    settings = Settings(
        database_url=to_sqlalchemy_url(module_database), api_key=API_KEY, log_level="warning"
    )
    engine = make_engine(as_app_role(module_database), pool_size=20)  # as the server connects
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, module_database)
    finally:
        engine.dispose()


@dataclass
class Battle:
    battle_id: str
    director: str
    version: int


@pytest.fixture
def new_battle(server: Running) -> Callable[..., Battle]:
    def make(body: dict[str, Any] | None = None) -> Battle:
        with server.client(headers={"X-API-Key": API_KEY}) as http:
            answer = http.post("/battles", json=body or skirmish())
        assert answer.status_code == 201, answer.text
        got = answer.json()
        return Battle(got["battle_id"], got["director_token"], got["version"])

    return make


def seat(server: Running, battle: Battle, creatures: list[str]) -> str:
    with server.client(battle.director) as http:
        answer = http.post(f"/battles/{battle.battle_id}/seats", json={"creatures": creatures})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["token"])
