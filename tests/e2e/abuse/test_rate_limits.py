"""Rate limits for a public server: battle creations and writes per client, 429 with
`Retry-After` past them, before any work; other clients are not held back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.e2e.conftest import Running
from tests.integration.service.conftest import skirmish


@contextmanager
def limited_server(database: str, **rates: str) -> Iterator[Running]:
    settings = Settings(database_url=to_sqlalchemy_url(database), log_level="warning", **rates)
    engine = make_engine(to_sqlalchemy_url(database), pool_size=5)
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, database)
    finally:
        engine.dispose()


@pytest.fixture
def few_creations(module_database: str) -> Iterator[Running]:
    with limited_server(module_database, rate_create="3/minute") as running:
        yield running


@pytest.fixture
def few_writes(module_database: str) -> Iterator[Running]:
    with limited_server(module_database, rate_write="5/minute") as running:
        yield running


def test_creations_past_the_limit_are_429_with_retry_after_and_create_nothing(
    few_creations: Running,
) -> None:
    with httpx.Client(base_url=few_creations.url, timeout=30) as http:
        answers = [http.post("/battles", json=skirmish()) for _ in range(5)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
    refused = answers[3]
    assert refused.headers["content-type"] == "application/problem+json"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "TURNLEDGER_RATE_CREATE" in refused.json()["detail"]


def test_writes_past_the_limit_are_429_and_append_nothing(few_writes: Running) -> None:
    with httpx.Client(base_url=few_writes.url, timeout=30) as http:
        made = http.post("/battles", json=skirmish())
    assert made.status_code == 201, made.text
    battle, token = made.json()["battle_id"], made.json()["director_token"]
    auth = {"Authorization": f"Bearer {token}"}
    url = f"/battles/{battle}/intents"
    with httpx.Client(base_url=few_writes.url, timeout=30, headers=auth) as http:
        codes = []
        for y in (2, 1, 2, 1, 2, 1, 2):
            moved = http.post(url, json={"type": "move", "creature": "hero", "path": [[1, y]]})
            codes.append(moved.status_code)
        head = http.get(f"/battles/{battle}").json()["version"]
        undo = http.post(f"/battles/{battle}/undo")
    assert codes == [201] * 5 + [429] * 2
    assert head == made.json()["version"] + 5 * 2  # five moves of two events, nothing more
    assert undo.status_code == 429
    assert int(undo.headers["Retry-After"]) >= 1
