"""`turnledger serve` on an embedded PostgreSQL: shared by two servers, and killable.

Real processes, real HTTP: two servers on one data folder share its PostgreSQL; a server
killed with SIGKILL starts again on the same folder with no manual cleanup.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "TURNLEDGER_DATABASE_URL")
    }
    env["TURNLEDGER_DATA_DIR"] = str(data_dir)
    env["TURNLEDGER_LOG_FORMAT"] = "json"
    return subprocess.Popen(
        [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def wait_healthy(port: int, seconds: float = 60) -> dict[str, str]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            answer = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
            if answer.status_code == 200:
                return dict(answer.json())
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"server on {port} never became healthy")


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "tl"
    yield folder
    pgdata = folder / "pgdata"
    if (pgdata / "postmaster.pid").exists():  # stop what the killed servers left running
        from pgserver._commands import pg_ctl

        user = "pgserver" if os.geteuid() == 0 else None
        with contextlib.suppress(subprocess.CalledProcessError):
            pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=pgdata, user=user)


def test_two_servers_share_one_folder_and_a_killed_one_restarts(data_dir: Path) -> None:
    first_port, second_port = free_port(), free_port()
    first = serve(data_dir, first_port)
    second = None
    try:
        wait_healthy(first_port)
        second = serve(data_dir, second_port)
        wait_healthy(second_port)
        created = httpx.post(
            f"http://127.0.0.1:{first_port}/battles",
            json={
                "ruleset": "draw-steel",
                "map": {"width": 5, "height": 5},
                "creatures": [
                    {"id": "a", "name": "A", "side": "x", "at": [0, 0], "speeds": {"walk": 5}}
                ],
            },
            timeout=10,
        )
        assert created.status_code == 201, created.text
        battle = created.json()
        seen_by_second = httpx.get(
            f"http://127.0.0.1:{second_port}/battles/{battle['battle_id']}",
            headers={"Authorization": f"Bearer {battle['director_token']}"},
            timeout=10,
        )
        assert seen_by_second.status_code == 200  # one PostgreSQL behind both

        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        second.send_signal(signal.SIGKILL)
        second.wait(timeout=10)

        first = serve(data_dir, first_port)
        wait_healthy(first_port)
        again = httpx.get(
            f"http://127.0.0.1:{first_port}/battles/{battle['battle_id']}",
            headers={"Authorization": f"Bearer {battle['director_token']}"},
            timeout=10,
        )
        assert again.status_code == 200 and again.json()["version"] == battle["version"]
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()


def test_workers_share_the_embedded_postgresql_and_a_clean_stop_stops_it(
    data_dir: Path,
) -> None:
    """`serve --workers 2`: two worker processes behind one port, one PostgreSQL; intents
    sent at once to one battle land on one version line; SIGTERM stops workers and
    PostgreSQL alike."""
    import psutil

    port = free_port()
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "TURNLEDGER_DATABASE_URL")
    }
    env["TURNLEDGER_DATA_DIR"] = str(data_dir)
    env["TURNLEDGER_LOG_FORMAT"] = "json"
    parent = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "server.operations.cli",
            "serve",
            "--port",
            str(port),
            "--workers",
            "2",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_healthy(port)
        workers = [
            p
            for p in psutil.Process(parent.pid).children(recursive=True)
            if "python" in p.name().lower() and p.username() == psutil.Process().username()
        ]
        assert len(workers) >= 2, workers
        url = f"http://127.0.0.1:{port}"
        created = httpx.post(
            f"{url}/battles",
            json={
                "ruleset": "draw-steel",
                "options": {"turns": False},
                "map": {"width": 6, "height": 3},
                "creatures": [
                    {"id": "a", "side": "x", "at": [0, 0], "speeds": {"walk": 5}},
                    {"id": "b", "side": "x", "at": [0, 2], "speeds": {"walk": 5}},
                ],
            },
            timeout=10,
        ).json()
        target = f"{url}/battles/{created['battle_id']}/intents"
        auth = {"Authorization": f"Bearer {created['director_token']}"}

        def moves(cid: str, y: int) -> list[int]:
            codes = []
            with httpx.Client(headers=auth, timeout=30) as http:
                for i in range(10):
                    step = {"type": "move", "creature": cid, "path": [[1 - i % 2, y]]}
                    codes.append(http.post(target, json=step).status_code)
            return codes

        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(moves, ["a", "b"], [0, 2]))
        assert all(code == 201 for codes in results for code in codes), results
        events = httpx.get(
            f"{url}/battles/{created['battle_id']}/events",
            params={"after": 0, "limit": 500},
            headers=auth,
            timeout=10,
        ).json()["events"]
        versions = [e["version"] for e in events]
        assert versions == list(range(1, len(versions) + 1))  # one line, no gap, no fork
        assert sum(e["type"] == "Moved" for e in events) == 20
        verified = httpx.get(
            f"{url}/battles/{created['battle_id']}/verify", headers=auth, timeout=10
        ).json()
        assert verified["ok"] is True, verified
    finally:
        parent.send_signal(signal.SIGTERM)
        try:
            parent.wait(timeout=30)
        except subprocess.TimeoutExpired:
            parent.kill()
    deadline = time.monotonic() + 15
    while (data_dir / "pgdata" / "postmaster.pid").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not (data_dir / "pgdata" / "postmaster.pid").exists()  # PostgreSQL stopped too
