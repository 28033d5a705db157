"""A PostgreSQL that stops (`pg_ctl stop -m immediate`) while eight writers play one battle:
every request is answered 503 within the connect timeout plus a second (docs/limits.md), not
one every connect timeout as they queue on the battle's write lock; once it is started again
the same server writes again without a restart (its pools follow). The database is this
module's own: the one the other tests share must never be stopped."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from events.migrate import upgrade
from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.e2e.conftest import API_KEY
from tests.integration.service.conftest import skirmish

WRITERS = 8
CONNECT_TIMEOUT = 3.0
"""The documented default (TURNLEDGER_CONNECT_TIMEOUT): a stopped database refuses at once,
so what a request may wait is the connect timeout, plus the second the README grants."""


class OwnPostgres:
    def __init__(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import pgserver
        self.home = Path(tempfile.mkdtemp(prefix="turnledger-stopped-pg-"))
        self.server = pgserver.get_server(self.home / "pgdata", cleanup_mode="delete")
        self.uri = self.server.get_uri()

    def pg_ctl(self, *args: str) -> None:
        from pgserver._commands import pg_ctl

        pg_ctl(list(args), pgdata=self.server.pgdata, user=self.server.system_user)

    def stop_immediately(self) -> None:
        self.pg_ctl("-m", "immediate", "stop")

    def start(self) -> None:
        with self.server._lock:
            self.server.ensure_postgres_running()
        assert self.server.get_uri() == self.uri  # the same socket: clients find it again

    def close(self) -> None:
        try:
            self.start()
        finally:
            self.server.cleanup()
            shutil.rmtree(self.home, ignore_errors=True)


@pytest.fixture(scope="module")
def postgres() -> Iterator[OwnPostgres]:
    own = OwnPostgres()
    try:
        yield own
    finally:
        own.close()


@pytest.fixture(scope="module")
def url(postgres: OwnPostgres) -> Iterator[str]:
    uri = to_sqlalchemy_url(postgres.uri)
    migrating = make_engine(uri)
    upgrade(migrating)
    migrating.dispose()
    settings = Settings(
        database_url=uri, api_key=API_KEY, log_level="error", connect_timeout=CONNECT_TIMEOUT
    )
    engine = make_engine(uri, pool_size=10, timeouts=settings.database_timeouts())
    try:
        with serving(create_app(settings, engine), log_level="critical") as served:
            yield served
    finally:
        engine.dispose()


class Writers:
    """`WRITERS` threads moving the hero back and forth on one battle, every answer kept as
    (sent at, seconds, status)."""

    def __init__(self, url: str, battle: str, token: str) -> None:
        self.url, self.battle, self.auth = url, battle, {"Authorization": f"Bearer {token}"}
        self.answers: list[tuple[float, float, int]] = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.write, args=(n,)) for n in range(WRITERS)]

    def write(self, n: int) -> None:
        with httpx.Client(base_url=self.url, timeout=60) as http:
            step = 0
            while not self.stop.is_set():
                move: dict[str, Any] = {"type": "move", "creature": "hero", "to": [1, 1 + step % 2]}
                sent = time.monotonic()
                try:
                    status = http.post(
                        f"/battles/{self.battle}/intents", json=move, headers=self.auth
                    ).status_code
                except httpx.HTTPError:
                    status = 0
                self.answers.append((sent, time.monotonic() - sent, status))
                step += 1

    def __enter__(self) -> Writers:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(60)

    def between(self, start: float, end: float) -> list[tuple[float, float, int]]:
        return [a for a in self.answers if start <= a[0] < end]


def test_a_stopped_database_answers_every_writer_503_in_time_and_a_restart_is_followed(
    postgres: OwnPostgres, url: str
) -> None:
    with httpx.Client(base_url=url, timeout=30) as http:
        made = http.post("/battles", json=skirmish(), headers={"X-API-Key": API_KEY}).json()
    with Writers(url, made["battle_id"], made["director_token"]) as writers:
        while len(writers.answers) < 2 * WRITERS:  # every writer has started
            time.sleep(0.1)
        stopped_at = time.monotonic()
        postgres.stop_immediately()
        time.sleep(8.0)
        started_at = time.monotonic()
        postgres.start()
        time.sleep(6.0)
    ended = time.monotonic()

    before = [a for a in writers.answers if a[0] + a[1] < stopped_at]
    assert before and all(status in (201, 422) for _, _, status in before), before[-5:]
    down = writers.between(stopped_at + 0.5, started_at - CONNECT_TIMEOUT - 1)
    # eight writers for seconds: far more than one answer every connect timeout
    assert len(down) > 8 * WRITERS, len(down)
    assert {status for _, _, status in down} == {503}, sorted({s for _, _, s in down})
    slowest = max(seconds for _, seconds, _ in down)
    assert slowest <= CONNECT_TIMEOUT + 1, slowest
    # those in flight when it stopped were answered within the same time
    around = writers.between(stopped_at - 1, stopped_at + 0.5)
    assert all(sent + seconds <= stopped_at + CONNECT_TIMEOUT + 1 for sent, seconds, _ in around)
    # started again: the pools follow it, and the battle is written again
    back = writers.between(started_at + 3, ended)
    assert any(status == 201 for _, _, status in back), back[-5:]
    assert all(status in (201, 422, 503) for _, _, status in back)
