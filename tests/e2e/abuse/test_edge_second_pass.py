"""The edge, second pass: the rows of the second outside attack, each against a real server
over real sockets (loopback addresses of 127.0.0.0/8 for the many-address rows)."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.conftest import as_app_role
from tests.e2e.abuse.edge_server import connect, get, read_answer, status_of
from tests.e2e.conftest import API_KEY, Running
from tests.integration.service.conftest import skirmish

KEY = {"X-API-Key": API_KEY}


@contextmanager
def served(database: str, **settings: Any) -> Iterator[tuple[Running, Engine]]:
    chosen = Settings(
        database_url=to_sqlalchemy_url(database),
        log_level="warning",
        **{"api_key": API_KEY, **settings},
    )
    engine = make_engine(as_app_role(database), pool_size=5)
    try:
        with serving(create_app(chosen, engine), log_level="error") as url:
            yield Running(url, database), engine
    finally:
        engine.dispose()


def created(running: Running) -> dict[str, Any]:
    with running.client(headers=KEY) as http:
        made = http.post("/battles", json=skirmish())
    assert made.status_code == 201, made.text
    return dict(made.json())


def fetch(running: Running, path: str, source: str, **headers: str) -> httpx.Response:
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(base_url=running.url, transport=transport, timeout=60) as http:
        return http.get(path, headers=headers)


def test_past_descriptor_1023_the_pool_still_opens_and_checks_connections(
    module_database: str,
) -> None:
    """1,100 idle client connections from five addresses (2,200 descriptors in this process,
    both ends), then a pool emptied so every database socket it opens is numbered past
    1,023: reads from a sixth address are all served (select() raised for each)."""
    with served(module_database, header_timeout=120.0, max_connections=4000) as (running, engine):
        battle = created(running)
        port = int(running.url.rsplit(":", 1)[1])
        idle = [
            socket.create_connection(("127.0.0.1", port), 5, (f"127.0.7.{n % 5 + 1}", 0))
            for n in range(1100)
        ]
        try:
            engine.dispose()  # the next connections are opened now, past descriptor 1,023
            auth = {"Authorization": f"Bearer {battle['director_token']}"}
            answers = [
                fetch(running, f"/battles/{battle['battle_id']}", "127.0.7.9", **auth).status_code
                for _ in range(30)
            ]
            with engine.connect() as conn:
                fd = conn.connection.driver_connection.pgconn.socket  # type: ignore[union-attr]
        finally:
            for sock in idle:
                sock.close()
    assert fd > 1023
    assert answers == [200] * 30


def test_a_fresh_address_gets_in_beside_twenty_addresses_of_half_open_connections(
    module_database: str,
) -> None:
    """Twenty addresses fill the process's connections with half-open ones and open them
    again as they are closed; a fresh address is served every time."""
    limits = {"max_connections": 60, "max_connections_per_client": 6, "header_timeout": 1.0}
    with served(module_database, **limits) as (running, _):
        opened: list[socket.socket] = []
        answers = []
        try:
            deadline = time.monotonic() + 4
            while time.monotonic() < deadline:
                for n in range(20):  # three a round from each address: past the total
                    for _ in range(3):
                        with contextlib.suppress(OSError):
                            opened.append(connect(running, f"127.0.8.{n + 1}"))
                sock = connect(running, "127.0.9.1")
                sock.sendall(get("/healthz"))
                answers.append(status_of(read_answer(sock)))
                sock.close()
                time.sleep(0.3)
        finally:
            for sock in opened:
                sock.close()
    assert len(answers) >= 5 and set(answers) == {200}


def test_junk_tokens_on_the_battle_list_are_401_then_429_never_an_empty_list(
    module_database: str,
) -> None:
    with served(module_database, rate_auth="5/minute") as (running, _):
        answers = [
            fetch(running, "/battles", "127.0.10.1", Authorization=f"Bearer junk-{n}").status_code
            for n in range(12)
        ]
        battle = created(running)
        # the same address, a valid token the server has not seen: served all the same
        mine = fetch(
            running, "/battles", "127.0.10.1", Authorization=f"Bearer {battle['director_token']}"
        )
        state = fetch(
            running,
            f"/battles/{battle['battle_id']}",
            "127.0.10.1",
            Authorization=f"Bearer {battle['director_token']}",
        )
    assert answers == [401] * 5 + [429] * 7
    assert mine.status_code == 200
    assert [b["battle_id"] for b in mine.json()["battles"]] == [battle["battle_id"]]
    assert state.status_code == 200


def test_wrong_tokens_cost_their_sender_not_a_valid_token_from_the_same_address(
    module_database: str,
) -> None:
    with served(module_database, rate_auth="5/minute") as (running, _):
        battle = created(running)
        b = battle["battle_id"]
        wrong = [
            fetch(running, f"/battles/{b}", "127.0.11.1", Authorization=f"Bearer w{n}").status_code
            for n in range(10)
        ]
        again = fetch(running, f"/battles/{b}", "127.0.11.1", Authorization="Bearer w0")
        right = fetch(
            running,
            f"/battles/{b}",
            "127.0.11.1",
            Authorization=f"Bearer {battle['director_token']}",
        )
        keys = [
            running.client(headers={"X-API-Key": f"junk-{n}"}).post("/battles", json=skirmish())
            for n in range(2)
        ]
    assert wrong == [401] * 5 + [429] * 5
    assert again.status_code == 429 and int(again.headers["Retry-After"]) >= 1
    assert right.status_code == 200, right.text
    assert {k.status_code for k in keys} <= {401, 429}


@pytest.mark.parametrize(
    "path",
    ["/healthz", "/keys", "/metrics", "/docs", "/openapi.json", "/docs/openapi.json", "/redoc"],
)
def test_every_route_without_a_token_has_a_limit(module_database: str, path: str) -> None:
    with served(module_database, rate_open="4/minute") as (running, _):
        # once from elsewhere first: /openapi.json is built on its first request, seconds
        # under load, which would give the counted address's allowance time to refill
        assert fetch(running, path, "127.0.12.3").status_code == 200
        answers = [fetch(running, path, "127.0.12.1").status_code for _ in range(6)]
        elsewhere = fetch(running, path, "127.0.12.2").status_code
    assert answers == [200] * 4 + [429] * 2
    assert elsewhere == 200  # the peer's allowance, not the route's


def test_every_request_counts_against_its_peer(module_database: str) -> None:
    with served(module_database, rate_peer="8/minute") as (running, _):
        battle = created(running)
        auth = {"Authorization": f"Bearer {battle['director_token']}"}
        answers = [
            fetch(running, f"/battles/{battle['battle_id']}", "127.0.13.1", **auth).status_code
            for _ in range(10)
        ]
    assert answers == [200] * 8 + [429] * 2


def test_continue_answers_a_stranger_as_for_a_battle_that_does_not_exist(
    module_database: str,
) -> None:
    """No oracle: a caller without the old battle's director token (no token, a wrong one,
    a player's) hears for an existing battle, at any version, what a missing one answers."""
    with served(module_database, api_key=None) as (running, _):
        with running.client() as http:
            made = http.post("/battles", json=skirmish()).json()
            b, director = made["battle_id"], made["director_token"]
            player = http.post(
                f"/battles/{b}/seats",
                json={"creatures": ["hero"]},
                headers={"Authorization": f"Bearer {director}"},
            ).json()["token"]
        answers: dict[str, set[tuple[int, str, str]]] = {b: set(), "nobody-here": set()}
        for named, heard in answers.items():
            for version in (None, 1, 10**9):
                asked: dict[str, Any] = {"battle_id": named, "creatures": ["hero"]}
                if version is not None:
                    asked["version"] = version
                body = {**skirmish(), "continue": asked}
                for token in (None, "dir_wrong", player):
                    with running.client(token) as http:
                        got = http.post("/battles", json=body)
                    detail = got.json()["detail"].replace(named, "<id>")
                    heard.add((got.status_code, got.json()["type"], detail))
        with running.client(director) as http:
            own = http.post(
                "/battles",
                json={
                    **skirmish(),
                    "creatures": [{"id": "hero", "at": [5, 5]}],
                    "continue": {"battle_id": b, "creatures": ["hero"]},
                },
            )
    assert answers[b] == answers["nobody-here"]
    assert [status for status, _, _ in answers[b]] == [404]
    assert own.status_code == 201, own.text


def test_trace_is_405_with_allow_and_a_whole_float_version_is_a_version(
    module_database: str,
) -> None:
    with served(module_database) as (running, _):
        battle = created(running)
        b, version = battle["battle_id"], battle["version"]
        with running.client(battle["director_token"]) as http:
            traced = [http.request("TRACE", path) for path in ("/healthz", f"/battles/{b}")]
            stale = http.post(f"/battles/{b}/undo", json={"expected_version": 9484.0})
            moved = http.post(
                f"/battles/{b}/intents",
                json={
                    "type": "move",
                    "creature": "hero",
                    "path": [[1, 2]],
                    "expected_version": float(version),
                },
            )
            fraction = http.post(f"/battles/{b}/undo", json={"expected_version": 1.5})
    for answer in traced:
        assert answer.status_code == 405
        assert "GET" in answer.headers["Allow"]
    assert stale.status_code == 409, stale.text  # a version, only not this battle's
    assert moved.status_code == 201, moved.text
    assert fraction.status_code == 422
