"""A server's resident memory while 64 clients ask for the largest replay page and never
read it, and after they leave; then the same 64 reading it.

    python -m ops.bench bench_replay_memory      (BENCH_CODE=<another checkout> to measure it)

Starts `turnledger serve` (default settings, rate limits off: the clients share an
address) on a throwaway embedded PostgreSQL, creates a battle as large as the limits allow
(200 x 200 map with terrain and elevation, 200 creatures) and plays `STEPS` intents on it, so
its `states=each` replay page is the whole 8 MiB of states. Its resident memory (psutil,
sampled every 0.1 s) is reported: at rest after one replay was read, at its peak with 64
unread replays, `/healthz`'s time meanwhile, then when the 64 clients have gone, and the
same with 64 clients reading the page at once (each asking again after a 503's
`Retry-After`, as a client should). With `BENCH_CODE` the server runs that
folder's code (`git archive main | tar -x -C /tmp/main` to measure main) on the same
database and clients.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from typing import Any

import httpx
import psutil

from events.migrate import upgrade
from ops.bench.bench_state_memory import grid_battle
from ops.bench.common import console, print_table, throwaway_postgres
from ops.citus.cluster import free_port
from ops.citus.stack import stop, wait_until_healthy
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

CLIENTS = 64
STEPS = 60
HOLD_SECONDS = float(os.environ.get("BENCH_REPLAY_HOLD_SECONDS", "8"))
MB = 2**20


class Peak:
    """The process's peak resident memory while in the `with` block."""

    def __init__(self, process: psutil.Process) -> None:
        self.process, self.peak = process, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.peak = max(self.peak, self.process.memory_info().rss)

    def __enter__(self) -> Peak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def big_battle(url: str) -> tuple[str, str, int]:
    """The battle, its director's token, and its replay page's size."""
    body = grid_battle(200, 200, 200, terrain=True)
    body["options"] = {"turns": False}
    with httpx.Client(base_url=url, timeout=120) as http:
        made = http.post("/battles", json=body)
        assert made.status_code == 201, made.text
        battle, token = made.json()["battle_id"], made.json()["director_token"]
        auth = {"Authorization": f"Bearer {token}"}
        for n in range(STEPS):
            creature = body["creatures"][n % len(body["creatures"])]["id"]
            intent = {"type": "set_condition", "creature": creature, "condition": "prone"}
            answer = http.post(f"/battles/{battle}/intents", json=intent, headers=auth)
            assert answer.status_code == 201, answer.text
        page = http.get(f"/battles/{battle}/replay", params={"states": "each"}, headers=auth)
        assert page.status_code == 200, page.text
    return battle, token, len(page.content)


async def unread(url: str, battle: str, token: str) -> tuple[list[Any], list[int]]:
    """64 connections that send the request and read only the status line."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    head = (
        f"GET /battles/{battle}/replay?states=each HTTP/1.1\r\nHost: b\r\n"
        f"Authorization: Bearer {token}\r\n\r\n"
    ).encode()
    writers, statuses = [], []
    for _ in range(CLIENTS):
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(head)
        writers.append((reader, writer))
    for reader, _ in writers:
        try:
            line = await asyncio.wait_for(reader.read(12), 60)
            statuses.append(int(line[9:12]) if line.startswith(b"HTTP/1.1 ") else 0)
        except (TimeoutError, ConnectionError):
            statuses.append(0)
    return writers, statuses


async def reading(url: str, battle: str, token: str) -> tuple[list[int], int]:
    """64 clients reading the page at once, each asking again after a 503's Retry-After
    (for two minutes at most): their last answers, and how many 503s they were told."""
    auth = {"Authorization": f"Bearer {token}"}
    told = [0]
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:

        async def one() -> int:
            deadline = time.monotonic() + 120
            while True:
                try:
                    got = await http.get(
                        f"/battles/{battle}/replay", params={"states": "each"}, headers=auth
                    )
                except httpx.HTTPError:
                    return 0
                if got.status_code != 503 or time.monotonic() > deadline:
                    return got.status_code
                told[0] += 1
                await asyncio.sleep(float(got.headers.get("Retry-After", "1")))

        return list(await asyncio.gather(*(one() for _ in range(CLIENTS)))), told[0]


def healthz(url: str) -> float:
    began = time.perf_counter()
    try:
        httpx.get(f"{url}/healthz", timeout=30).raise_for_status()
    except httpx.HTTPError:
        return float("inf")
    return time.perf_counter() - began


def measure(url: str, process: psutil.Process) -> list[list[Any]]:
    battle, token, size = big_battle(url)
    time.sleep(2)
    rest = process.memory_info().rss
    rows: list[list[Any]] = []
    with Peak(process) as peak:
        loop = asyncio.new_event_loop()
        writers, statuses = loop.run_until_complete(unread(url, battle, token))
        time.sleep(HOLD_SECONDS)
        health = healthz(url)
        held = process.memory_info().rss
        for _, writer in writers:
            writer.transport.abort()  # the clients leave, never having read
        loop.run_until_complete(asyncio.sleep(0.1))
        loop.close()
        time.sleep(3)
    after = process.memory_info().rss
    rows.append(
        [
            f"{CLIENTS} unread, held {HOLD_SECONDS:g} s",
            " ".join(f"{s}:{statuses.count(s)}" for s in sorted(set(statuses))),
            rest / MB,
            peak.peak / MB,
            held / MB,
            health * 1000,
            after / MB,
            (after - rest) / MB,
        ]
    )
    rest = after
    with Peak(process) as peak:
        began = time.monotonic()
        statuses, told = asyncio.run(reading(url, battle, token))
        took = time.monotonic() - began
        time.sleep(3)
    after = process.memory_info().rss
    rows.append(
        [
            f"{CLIENTS} reading, again after a 503 ({took:.0f} s for all)",
            " ".join(f"{s}:{statuses.count(s)}" for s in sorted(set(statuses)))
            + f" (503s told: {told})",
            rest / MB,
            peak.peak / MB,
            float("nan"),
            float("nan"),
            after / MB,
            (after - rest) / MB,
        ]
    )
    console.print(f"replay page (states=each): {size / MB:.1f} MB")
    return rows


def main() -> None:
    code = os.environ.get("BENCH_CODE") or os.getcwd()
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": to_sqlalchemy_url(uri),
            "TURNLEDGER_RATE_LIMITS": "off",
            "TURNLEDGER_LOG_LEVEL": "warning",
            "TURNLEDGER_LOG_FORMAT": "json",
            "PYTHONPATH": code,
        }
        command = [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(port)]
        log = open(os.environ.get("BENCH_REPLAY_LOG", os.devnull), "ab")  # noqa: SIM115
        server = subprocess.Popen(command, cwd=code, env=env, stdout=subprocess.DEVNULL, stderr=log)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_healthy(url, server, timeout=300)  # a loaded machine starts slowly
            rows = measure(url, psutil.Process(server.pid))
        finally:
            stop(server)
            log.close()
    print_table(
        f"Replay pages and the server's memory ({code})",
        [
            "clients",
            "answered (status:count)",
            "rss at rest MB",
            "peak rss MB",
            "rss while held MB",
            "/healthz meanwhile ms",
            "rss after MB",
            "after - rest MB",
        ],
        rows,
    )
