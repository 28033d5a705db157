"""Who a client is cannot be written by the client: proxy headers count only from configured
proxies, rate limits key on the authenticated principal or the real peer, junk credentials
mint no allowances, reads are limited too, and a retried creation's director token goes only
to the client that made it (issue "The edge holds")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.e2e.conftest import Running
from tests.integration.service.conftest import skirmish

KEY = "the-servers-key"


@contextmanager
def served(database: str, **settings: Any) -> Iterator[tuple[Running, FastAPI]]:
    config = Settings(database_url=to_sqlalchemy_url(database), log_level="warning", **settings)
    engine = make_engine(to_sqlalchemy_url(database), pool_size=5)
    app = create_app(config, engine)
    try:
        with serving(app, log_level="warning") as url:
            yield Running(url, database), app
    finally:
        engine.dispose()


def from_address(running: Running, source: str, **kwargs: Any) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=source)
    return httpx.Client(base_url=running.url, transport=transport, timeout=30, **kwargs)


@pytest.fixture
def few_creations(module_database: str) -> Iterator[Running]:
    with served(module_database, rate_create="3/minute") as (running, _):
        yield running


def test_a_rotating_x_forwarded_for_does_not_dodge_the_creation_limit(
    few_creations: Running,
) -> None:
    with httpx.Client(base_url=few_creations.url, timeout=30) as http:
        codes = [
            http.post(
                "/battles", json=skirmish(), headers={"X-Forwarded-For": f"198.51.100.{n}"}
            ).status_code
            for n in range(6)
        ]
    assert codes == [201, 201, 201, 429, 429, 429]


def test_a_configured_proxy_is_believed_about_its_clients(module_database: str) -> None:
    trusting = served(module_database, rate_create="2/minute", trusted_proxies="127.0.0.1")
    with trusting as (running, _), httpx.Client(base_url=running.url, timeout=30) as http:
        codes = [
            http.post("/battles", json=skirmish(), headers={"X-Forwarded-For": client}).status_code
            for client in ("198.51.100.1", "198.51.100.1", "198.51.100.1", "198.51.100.2")
        ]
    assert codes == [201, 201, 429, 201]


def test_junk_api_keys_are_401_and_open_no_counters(module_database: str) -> None:
    with served(module_database, api_key=KEY, rate_write="5/minute") as (running, app):
        limits = app.state.services.rate_limits
        with httpx.Client(base_url=running.url, timeout=30) as http:
            junk = [
                http.post("/battles", json=skirmish(), headers={"X-API-Key": f"junk-{n}"})
                for n in range(20)
            ]
            made = http.post("/battles", json=skirmish(), headers={"X-API-Key": KEY}).json()
            url = f"/battles/{made['battle_id']}/intents"
            director = {"Authorization": f"Bearer {made['director_token']}"}
            writes = [
                http.post(
                    url,
                    json={"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]},
                    headers={**director, "X-API-Key": f"junk-{n}"},
                ).status_code
                for n in range(8)
            ]
        creators = limits.clients("create")
    assert {a.status_code for a in junk} == {401}
    assert creators == 1  # the server's own key, after it was shown; no junk key counted
    assert writes == [201] * 5 + [429] * 3  # the token is counted, whatever key rides along


def test_reads_are_rate_limited_per_token_and_wrong_tokens_per_peer(module_database: str) -> None:
    limited = served(module_database, rate_read="4/minute", rate_auth="3/minute")
    with limited as (running, _), httpx.Client(base_url=running.url, timeout=30) as http:
        made = http.post("/battles", json=skirmish()).json()
        battle = made["battle_id"]
        director = {"Authorization": f"Bearer {made['director_token']}"}
        reads = [
            http.get(f"/battles/{battle}{route}", headers=director).status_code
            for route in ("", "/events", "/verify", "/replay", "", "/verify")
        ]
        wrong = [
            http.get(
                f"/battles/{battle}", headers={"Authorization": f"Bearer dir_junk{n}"}
            ).status_code
            for n in range(5)
        ]
    assert reads == [200, 200, 200, 200, 429, 429]
    assert wrong == [401, 401, 401, 429, 429]


def test_a_retried_creation_gives_the_token_only_to_its_creator(module_database: str) -> None:
    with served(module_database) as (running, _):
        body, key = skirmish(), {"Idempotency-Key": "create-once"}
        with from_address(running, "127.0.0.1") as creator:
            first = creator.post("/battles", json=body, headers=key).json()
            again = creator.post("/battles", json=body, headers=key)
        with from_address(running, "127.0.0.2") as other:
            forged = other.post(
                "/battles", json=body, headers={**key, "X-Forwarded-For": "127.0.0.1"}
            )
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["director_token"] == first["director_token"]
    assert forged.status_code == 201 and "Idempotent-Replayed" not in forged.headers
    assert forged.json()["battle_id"] != first["battle_id"]
    assert forged.json()["director_token"] != first["director_token"]
