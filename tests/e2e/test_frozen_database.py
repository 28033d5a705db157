"""A frozen PostgreSQL (its postmaster and every backend stopped with SIGSTOP) is answered
with 503 within seconds on every route, /healthz included, and the server recovers on its
own once it thaws (SIGCONT). The database is this module's own embedded PostgreSQL: the
one the other tests share must never be frozen."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from events.migrate import upgrade
from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.e2e.conftest import API_KEY, Running
from tests.e2e.sse_reader import Battle, Reader
from tests.integration.service.conftest import skirmish

SECONDS_TO_503 = 20.0
"""Generous: the defaults give up on a connection after 3 s and on a round trip after 6 s."""


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[tuple[str, Path]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver
    home = Path(tempfile.mkdtemp(prefix="turnledger-frozen-pg-"))
    server = pgserver.get_server(home / "pgdata", cleanup_mode="delete")
    try:
        yield server.get_uri(), home / "pgdata"
    finally:
        thaw(home / "pgdata")
        server.cleanup()
        shutil.rmtree(home, ignore_errors=True)


def postgres_processes(pgdata: Path) -> list[psutil.Process]:
    postmaster = psutil.Process(int((pgdata / "postmaster.pid").read_text().split()[0]))
    return [postmaster, *postmaster.children(recursive=True)]


def freeze(pgdata: Path) -> None:
    for process in postgres_processes(pgdata):
        with contextlib.suppress(ProcessLookupError):  # it may exit between list and kill
            os.kill(process.pid, signal.SIGSTOP)


def thaw(pgdata: Path) -> None:
    for process in postgres_processes(pgdata):
        with contextlib.suppress(ProcessLookupError):  # it may exit between list and kill
            os.kill(process.pid, signal.SIGCONT)


@pytest.fixture(scope="module")
def server(own_postgres: tuple[str, Path]) -> Iterator[Running]:
    uri = to_sqlalchemy_url(own_postgres[0])
    migrating = make_engine(uri)
    upgrade(migrating)
    migrating.dispose()
    settings = Settings(database_url=uri, api_key=API_KEY, log_level="error")
    engine = make_engine(uri, pool_size=10, timeouts=settings.database_timeouts())
    try:
        with serving(create_app(settings, engine), log_level="critical") as url:
            yield Running(url, own_postgres[0])
    finally:
        engine.dispose()


def timed(server: Running, method: str, path: str, **kwargs: Any) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    with httpx.Client(base_url=server.url, timeout=60) as http:
        answer = http.request(method, path, **kwargs)
    return answer, time.monotonic() - started


def test_a_frozen_database_is_a_503_within_seconds_everywhere_and_the_server_recovers(
    server: Running, own_postgres: tuple[str, Path]
) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        made = http.post("/battles", json=skirmish(), headers={"X-API-Key": API_KEY}).json()
        battle, director = made["battle_id"], made["director_token"]
        auth = {"Authorization": f"Bearer {director}"}
        moved = http.post(
            f"/battles/{battle}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2]]},
            headers=auth,
        ).json()
    follower = Reader(server, Battle(battle, director, []), director).start()
    stranger = {"Authorization": "Bearer not-a-token-the-cache-knows"}
    move = {"type": "move", "creature": "hero", "path": [[1, 3]]}
    routes: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", "/healthz", {}),
        ("POST", "/battles", {"json": skirmish(), "headers": {"X-API-Key": API_KEY}}),
        ("POST", f"/battles/{battle}/seats", {"json": {"creatures": ["hero"]}, "headers": auth}),
        ("GET", f"/battles/{battle}", {"headers": auth}),
        ("GET", f"/battles/{battle}?version=1", {"headers": auth}),
        ("GET", f"/battles/{battle}", {"headers": stranger}),
        ("POST", f"/battles/{battle}/intents", {"json": move, "headers": auth}),
        ("POST", f"/battles/{battle}/intents?dry_run=true", {"json": move, "headers": auth}),
        ("GET", f"/battles/{battle}/reach?creature=hero", {"headers": auth}),
        ("GET", f"/battles/{battle}/events", {"headers": auth}),
        ("GET", f"/battles/{battle}/stream", {"headers": auth}),
        ("POST", f"/battles/{battle}/undo", {"headers": auth}),
        ("POST", f"/battles/{battle}/redo", {"headers": auth}),
        ("GET", f"/battles/{battle}/intents/{moved['intent_id']}/judgement", {"headers": auth}),
        ("GET", f"/battles/{battle}/replay?from=1&to=2", {"headers": auth}),
        (
            "POST",
            f"/battles/{battle}/what-if",
            {"json": {"version": 1, "intents": [move]}, "headers": auth},
        ),
        ("GET", f"/battles/{battle}/verify", {"headers": auth}),
    ]
    # A queue on one battle's write lock: without failing fast once the database is known
    # not to answer, the last of these would wait a full deadline for each one before it.
    routes += [("POST", f"/battles/{battle}/intents", {"json": move, "headers": auth})] * 12
    pgdata = own_postgres[1]
    freeze(pgdata)
    try:
        with ThreadPoolExecutor(len(routes)) as pool:
            answers = list(pool.map(lambda r: timed(server, r[0], r[1], **r[2]), routes))
        metrics = httpx.get(f"{server.url}/metrics", timeout=10)
    finally:
        thaw(pgdata)
    for (method, path, _), (answer, seconds) in zip(routes, answers, strict=True):
        assert answer.status_code == 503, (method, path, answer.status_code, answer.text[:200])
        assert seconds < SECONDS_TO_503, (method, path, seconds)
        if path == "/healthz":
            assert answer.json() == {"status": "unavailable", "database": "unreachable"}
        else:
            assert answer.headers["content-type"] == "application/problem+json", path
            assert answer.json()["status"] == 503
    assert metrics.status_code == 200  # what needs no database still answers

    # Thawed: the server finds its way back without a restart.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        health, _ = timed(server, "GET", "/healthz")
        if health.status_code == 200:
            break
        time.sleep(0.2)
    assert health.status_code == 200
    # Commands sent while frozen had an unknown outcome (the database may have run them on
    # waking, after the client was told 503), so the next move is one legal either way.
    with httpx.Client(base_url=server.url, timeout=30) as http:
        again = http.post(
            f"/battles/{battle}/intents",
            json={"type": "move", "creature": "hero", "to": [2, 4]},
            headers=auth,
        )
    assert again.status_code == 201, again.text
    # the stream opened before the freeze is still live and gets the new events
    follower.stop_at = again.json()["version"]
    assert follower.done.wait(30)
    assert follower.error is None
    assert follower.ids == list(range(1, again.json()["version"] + 1))
