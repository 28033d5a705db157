"""Access beyond the route matrix: the viewer page, the logs, and the log's immutability."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import psycopg

from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.e2e.conftest import API_KEY, Battle, Running, seat
from tests.integration.service.conftest import skirmish
from tests.integration.test_embedded_postgres import free_port, wait_healthy

HERO_MOVE = {"type": "move", "creature": "hero", "path": [[1, 2]]}


def test_a_token_opens_only_its_own_battle_everywhere(server: Running, new_battle: Any) -> None:
    mine, other = new_battle(), new_battle()
    foreign_player = seat(server, other, ["hero"])
    for token in (other.director, foreign_player):
        with server.client() as http:
            page = http.get(f"/battles/{mine.battle_id}/view", params={"token": token})
            state = http.get(f"/battles/{mine.battle_id}", params={"token": token})
            with http.stream(
                "GET", f"/battles/{mine.battle_id}/stream", params={"token": token}
            ) as stream:
                streamed = stream.status_code
        with server.client(token) as http:
            undo = http.post(f"/battles/{mine.battle_id}/undo")
            judged = http.get(f"/battles/{mine.battle_id}/replay")
        assert page.status_code in (401, 403, 404) and "Traceback" not in page.text
        assert {state.status_code, streamed, undo.status_code, judged.status_code} <= {401, 403}


def test_no_route_alters_the_log(server: Running, new_battle: Any) -> None:
    battle: Battle = new_battle()
    with server.client(battle.director) as http:
        http.post(f"/battles/{battle.battle_id}/intents", json=HERO_MOVE)
        before = http.get(f"/battles/{battle.battle_id}/events").json()
        base = f"/battles/{battle.battle_id}"
        for path in ("", "/events", "/events/1", "/intents", "/verify", "/stream"):
            for method in ("PUT", "PATCH", "DELETE"):
                answer = http.request(method, base + path, json={"version": 1, "data": {}})
                # PATCH /battles/{id} is the director's title and tags (never the log): a body
                # of log fields is refused by its schema; every other pair has no route.
                allowed = (422,) if (method, path) == ("PATCH", "") else (404, 405)
                assert answer.status_code in allowed, (method, path, answer.status_code)
        after = http.get(f"/battles/{battle.battle_id}/events").json()
        verified = http.get(f"/battles/{battle.battle_id}/verify").json()
    assert after == before
    assert verified["ok"] is True


def test_tokens_never_reach_the_logs(module_database: str, tmp_path: Path) -> None:
    """A real server process with JSON logs; every way of sending a token; then grep."""
    log_path = tmp_path / "server.log"
    env = dict(os.environ)
    env["DATABASE_URL"] = to_sqlalchemy_url(module_database)
    env["TURNLEDGER_LOG_FORMAT"] = "json"
    env["TURNLEDGER_LOG_LEVEL"] = "debug"
    port = free_port()
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(port)],
            env=env,
            stdout=log,
            stderr=log,
        )
    try:
        wait_healthy(port)
        url = f"http://127.0.0.1:{port}"
        created = httpx.post(f"{url}/battles", json=skirmish(), timeout=10).json()
        director = created["director_token"]
        bid = created["battle_id"]
        auth = {"Authorization": f"Bearer {director}"}
        player = httpx.post(
            f"{url}/battles/{bid}/seats", json={"creatures": ["hero"]}, headers=auth, timeout=10
        ).json()["token"]
        for token in (director, player):
            bearer = {"Authorization": f"Bearer {token}"}
            httpx.get(f"{url}/battles/{bid}", headers=bearer, timeout=10)
            httpx.get(f"{url}/battles/{bid}", params={"token": token}, timeout=10)
            httpx.get(f"{url}/battles/{bid}/view", params={"token": token}, timeout=10)
            httpx.post(f"{url}/battles/{bid}/intents", json=HERO_MOVE, headers=bearer, timeout=10)
            httpx.post(f"{url}/battles/{bid}/intents", json={"bad": token}, headers=bearer)
            httpx.get(f"{url}/battles/{bid}/events", params={"token": token + "x"}, timeout=10)
            with httpx.stream(
                "GET", f"{url}/battles/{bid}/stream", params={"token": token}, timeout=2
            ) as stream:
                assert stream.status_code == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    logged = log_path.read_text()
    assert '"route"' in logged  # the requests were logged...
    assert director not in logged and player not in logged  # ...without their tokens
    assert director.split("_", 1)[1] not in logged


def test_a_retried_creation_gets_the_first_battle_and_token_not_a_second_battle(
    server: Running,
) -> None:
    def battles() -> int:
        with psycopg.connect(server.database_uri) as conn:
            found = conn.execute("SELECT count(*) FROM battles").fetchone()
        assert found is not None
        return int(found[0])

    before = battles()
    key = {"X-API-Key": API_KEY, "Idempotency-Key": "campaign-42-battle-7"}
    with server.client(headers=key) as http:
        first = http.post("/battles", json=skirmish())
        again = http.post("/battles", json=skirmish())
        other = http.post("/battles", json={**skirmish(), "seed": 99})
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again.headers["idempotent-replayed"] == "true"
    assert other.status_code == 422  # the key was first used for another request
    assert battles() == before + 1
    token = again.json()["director_token"]
    with server.client(token) as http:  # the token given again opens the battle
        assert http.get(f"/battles/{first.json()['battle_id']}").status_code == 200
    with psycopg.connect(server.database_uri) as conn:  # and is nowhere in the clear
        stored = conn.execute("SELECT sealed_token FROM creation_keys").fetchall()
    assert stored and all(token.encode() not in bytes(row[0]) for row in stored)


def test_concurrent_creations_with_one_key_make_one_battle(server: Running) -> None:
    from concurrent.futures import ThreadPoolExecutor

    key = {"X-API-Key": API_KEY, "Idempotency-Key": "raced-key"}

    def create(_: int) -> dict[str, object]:
        with server.client(headers=key) as http:
            answer = http.post("/battles", json=skirmish())
        assert answer.status_code == 201, answer.text
        return dict(answer.json())

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(create, range(4)))
    assert len({a["battle_id"] for a in answers}) == 1
    assert len({a["director_token"] for a in answers}) == 1
