"""A real `turnledger serve` on its embedded PostgreSQL (no DATABASE_URL): when the
PostgreSQL stops under it (`pg_ctl stop -m immediate`), the server starts it again and
writes go on without a restart of the server; and SIGTERM stops the server, and its
PostgreSQL, within 15 s whatever it is doing: live streams open, writers in flight, or the
database just stopped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.operations.embedded_postgres import postmaster_running
from tests.e2e.conftest import API_KEY, free_port
from tests.integration.service.conftest import skirmish

STOPS_WITHIN = 15.0
"""docs/limits.md: SIGTERM stops the process within 15 s."""
WRITERS = 8
STREAMS = 6


class Served:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {
            k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "TURNLEDGER_"))
        }
        env.update(
            TURNLEDGER_DATA_DIR=str(folder),
            TURNLEDGER_API_KEY=API_KEY,
            TURNLEDGER_LOG_FORMAT="json",
            TURNLEDGER_LOG_LEVEL="warning",
        )
        self.log = (folder / "server.log").open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(self.port)],
            env=env,
            stdout=self.log,
            stderr=self.log,
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.logged()
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError("the server did not start: " + self.logged())

    @property
    def pgdata(self) -> Path:
        return self.folder / "pgdata"

    def logged(self, tail: int = 3000) -> str:
        return (self.folder / "server.log").read_text(errors="replace")[-tail:]

    def stop_postgres_immediately(self) -> None:
        from pgserver._commands import pg_ctl

        user = "pgserver" if os.geteuid() == 0 else None
        # -W: not waiting for postmaster.pid to go, which the server's restart writes again
        pg_ctl(["-m", "immediate", "-W", "stop"], pgdata=self.pgdata, user=user)

    def terminate(self) -> float:
        """SIGTERM; the seconds until the process is gone."""
        sent = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(10)
        return time.monotonic() - sent


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    running = Served(tmp_path)
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.process.kill()
            running.process.wait(10)
        running.log.close()
        if postmaster_running(running.pgdata):  # never leave a PostgreSQL behind
            from pgserver._commands import pg_ctl

            user = "pgserver" if os.geteuid() == 0 else None
            pg_ctl(["-m", "immediate", "stop"], pgdata=running.pgdata, user=user)


class Load:
    """Writers moving on one battle and live streams of it, until stopped; every writer's
    answer kept as (sent at, status)."""

    def __init__(self, url: str) -> None:
        with httpx.Client(base_url=url, timeout=30) as http:
            made = http.post("/battles", json=skirmish(), headers={"X-API-Key": API_KEY}).json()
        self.url, self.battle = url, made["battle_id"]
        self.auth = {"Authorization": f"Bearer {made['director_token']}"}
        self.answers: list[tuple[float, int]] = []
        self.streamed = [0] * STREAMS
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.write, daemon=True) for _ in range(WRITERS)]
        self.threads += [
            threading.Thread(target=self.follow, args=(n,), daemon=True) for n in range(STREAMS)
        ]
        for thread in self.threads:
            thread.start()

    def write(self) -> None:
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
                self.answers.append((sent, status))
                step += 1

    def follow(self, n: int) -> None:
        while not self.stop.is_set():
            try:
                with httpx.stream(
                    "GET", f"{self.url}/battles/{self.battle}/stream", headers=self.auth, timeout=60
                ) as stream:
                    for line in stream.iter_lines():
                        if line.startswith("id:"):
                            self.streamed[n] += 1
                        if self.stop.is_set():
                            return
            except httpx.HTTPError:
                time.sleep(0.2)

    def written_since(self, since: float) -> int:
        return sum(1 for sent, status in self.answers if sent >= since and status == 201)

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(5)


def wait_for(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_sigterm_stops_a_busy_server_and_its_postgres_within_15_seconds(served: Served) -> None:
    load = Load(served.url)
    try:
        assert wait_for(lambda: load.written_since(0) > 10 and all(load.streamed), 60)
        took = served.terminate()
    finally:
        load.finish()
    assert took < STOPS_WITHIN, (took, served.logged())
    assert not postmaster_running(served.pgdata)


def test_a_stopped_embedded_postgres_is_started_again_and_sigterm_still_stops_it(
    served: Served,
) -> None:
    load = Load(served.url)
    try:
        assert wait_for(lambda: load.written_since(0) > 10, 60)
        stopped = time.monotonic()
        served.stop_postgres_immediately()
        # started again by the server; its pools follow: the battle is written again
        assert wait_for(lambda: load.written_since(stopped + 1) > 5, 30), served.logged()
        assert postmaster_running(served.pgdata)
        assert "embedded PostgreSQL stopped; starting it again" in served.logged(10**8)
        # stopped again, and SIGTERM at once: the server stops all the same
        served.stop_postgres_immediately()
        time.sleep(0.3)
        took = served.terminate()
    finally:
        load.finish()
    assert took < STOPS_WITHIN, (took, served.logged())
    assert not postmaster_running(served.pgdata)
    assert served.process.returncode is not None
