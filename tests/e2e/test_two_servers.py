"""Two server processes on one database answer as one would: every answer is judged on the
battle's head, whichever process cached what (DESIGN section 2, the write path)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import orjson
import psycopg
import pytest

from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.conftest import _with_database
from tests.e2e.conftest import API_KEY, free_port
from tests.integration.service.conftest import skirmish


@contextmanager
def database(pg_admin_uri: str, template: str) -> Iterator[str]:
    name = f"two_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield _with_database(pg_admin_uri, name)
    finally:
        with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def server_process(database_uri: str) -> Iterator[str]:
    """`turnledger serve` as a process of its own on `database_uri`."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": to_sqlalchemy_url(database_uri),
        "TURNLEDGER_API_KEY": API_KEY,
        "TURNLEDGER_LOG_LEVEL": "warning",
    }
    command = [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert process.poll() is None, "the server process ended"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def servers(pg_admin_uri: str, template_database: str) -> Iterator[tuple[str, str, str]]:
    """Two processes on one database, and a third on a database of its own (the reference)."""
    with (
        database(pg_admin_uri, template_database) as shared,
        database(pg_admin_uri, template_database) as alone,
        server_process(shared) as one,
        server_process(shared) as two,
        server_process(alone) as reference,
    ):
        yield one, two, reference


INTENT_ID = re.compile(r"\b[0-9a-f]{30}\b")


def essence(answer: httpx.Response) -> dict[str, Any]:
    """What must agree between runs: status, version, rule, and each event's type and data
    (ids, hashes and times differ by run; intent ids inside undo markers are masked)."""
    body = orjson.loads(INTENT_ID.sub("<intent>", answer.text))
    found: dict[str, Any] = {"status": answer.status_code, "rule": body.get("rule")}
    if answer.status_code in (200, 201):
        found["version"] = body["version"]
        found["events"] = [(e["type"], e["data"]) for e in body["events"]]
    if answer.status_code == 409:
        found["actual_version"] = body.get("actual_version")
    return found


class Table:
    """One battle played through some servers; each request goes to the next server in turn."""

    def __init__(self, urls: list[str]) -> None:
        self.clients = [httpx.Client(base_url=u, timeout=30) for u in urls]
        made = self.clients[0].post("/battles", json=skirmish(), headers={"X-API-Key": API_KEY})
        assert made.status_code == 201, made.text
        self.battle = made.json()["battle_id"]
        self.auth = {"Authorization": f"Bearer {made.json()['director_token']}"}
        self.turn = 0

    def send(self, kind: str, body: dict[str, Any] | None, **params: Any) -> httpx.Response:
        http = self.clients[self.turn % len(self.clients)]
        self.turn += 1
        url = f"/battles/{self.battle}/{kind}"
        return http.post(url, json=body, params=params, headers=self.auth)

    def state(self) -> dict[str, Any]:
        # from the server that did not answer the last request
        got = self.clients[self.turn % len(self.clients)].get(
            f"/battles/{self.battle}", headers=self.auth
        )
        assert got.status_code == 200
        body: dict[str, Any] = got.json()
        return {"version": body["version"], "creatures": body["creatures"]}

    def close(self) -> None:
        for http in self.clients:
            http.close()


def script(seed: int, steps: int) -> list[tuple[str, dict[str, Any] | None, dict[str, Any]]]:
    """A random walk of legal and illegal requests: moves of either creature to a neighbour
    or back home, moves into walls, dry runs, undo, redo, and named versions (some stale)."""
    rng = random.Random(seed)
    out: list[tuple[str, dict[str, Any] | None, dict[str, Any]]] = [
        # the case: one server moves the hero, the other must judge the move back
        ("intents", {"type": "move", "creature": "hero", "path": [[2, 1]]}, {}),
        ("intents", {"type": "move", "creature": "hero", "path": [[1, 1]]}, {}),
    ]
    for _ in range(steps):
        roll = rng.random()
        creature = rng.choice(["hero", "gob"])
        if roll < 0.55:
            x, y = rng.randint(0, 11), rng.randint(0, 7)
            body: dict[str, Any] = {"type": "move", "creature": creature, "to": [x, y]}
            if rng.random() < 0.3:
                body = {"type": "move", "creature": creature, "path": [[3, rng.randint(0, 1)]]}
            params = {"dry_run": "true"} if rng.random() < 0.3 else {}
            out.append(("intents", body, params))
        elif roll < 0.7:
            out.append(("undo", None, {}))
        elif roll < 0.8:
            out.append(("redo", None, {}))
        else:
            out.append(("expected", {"type": "fall_prone", "creature": creature}, {}))
    return out


def play(table: Table, steps: list[tuple[str, dict[str, Any] | None, dict[str, Any]]]) -> list[Any]:
    answers: list[Any] = []
    version = 2
    for kind, body, params in steps:
        if kind == "expected":
            # name the version the client last saw; every other time, one that is stale
            named = version if len(answers) % 2 else max(1, version - 1)
            assert body is not None
            answer = table.send("intents", {**body, "expected_version": named})
        else:
            answer = table.send(kind, body, **params)
        got = essence(answer)
        if answer.status_code == 201:
            version = got["version"]
        answers.append(got)
        answers.append(table.state())
    return answers


def test_two_processes_answer_every_request_as_one_process_would(
    servers: tuple[str, str, str],
) -> None:
    one, two, reference = servers
    steps = script(seed=13, steps=60)
    alone = Table([reference])
    pair = Table([one, two])
    try:
        expected = play(alone, steps)
        got = play(pair, steps)
    finally:
        alone.close()
        pair.close()
    for index, (want, have) in enumerate(zip(expected, got, strict=True)):
        assert have == want, f"answer {index} differs"
    statuses = {a["status"] for a in expected if "status" in a}
    assert {201, 200, 409, 422} <= statuses  # the script met every kind of answer
