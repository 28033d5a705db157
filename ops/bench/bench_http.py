"""The whole server under load: HTTP + engine + store, beside raw INSERTs and `eventsourcing`.

    python -m ops.bench bench_http          (or `make bench` for every benchmark)

Starts the real server (uvicorn with uvloop and httptools, one process) on a throwaway
embedded PostgreSQL and drives it with async httpx clients, each submitting move intents
back and forth between two squares (turns off): 8 and 32 clients each on its own battle, and
8 clients sharing one battle (each moving its own creature). Beside each, in the same run and
the same PostgreSQL: plain psycopg single-row INSERTs of event-sized rows from the same
number of threads (the ceiling), and the same move workload through the `eventsourcing`
library in-process (one aggregate per battle; the peer reference). Each intent appends two
events (IntentAccepted, Moved), so the ratio column compares intents/s with raw rows/s.
Targets (reported, not asserted): at 8 clients on separate battles, >= 0.25x the raw rate,
ahead of eventsourcing, p99 < 50 ms.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any

import httpx
import orjson
import psycopg
from eventsourcing.domain import Aggregate, event

from events.migrate import upgrade
from ops.bench.bench_store import raw_workload, run_threads
from ops.bench.common import Measurement, console, print_table, throwaway_postgres
from server.database import make_engine
from server.embedded_postgres import to_sqlalchemy_url


class EsBattle(Aggregate):
    """The peer's aggregate: creatures' positions, moved one event at a time."""

    @event("Created")
    def __init__(self, creatures: int) -> None:
        self.positions = {f"c{i}": [2 * i + 1, 1] for i in range(creatures)}

    @event("Moved")
    def move(self, creature: str, to: list[int]) -> None:
        self.positions[creature] = to


NODELAY = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]
SECONDS = float(os.environ.get("BENCH_SECONDS", "4"))
CREATURES = 8


def battle_body(creatures: int) -> dict[str, Any]:
    return {
        "ruleset": "draw-steel",
        "seed": 7,
        "options": {"turns": False},
        "map": {"width": 2 * creatures + 2, "height": 6},
        "creatures": [
            {
                "id": f"c{i}",
                "name": f"Hero {i}",
                "side": "heroes",
                "at": [2 * i + 1, 1],
                "speeds": {"walk": 5},
                "stats": {"might": 1, "agility": 1},
                "hp": 20,
            }
            for i in range(creatures)
        ],
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_server(uri: str) -> Any:
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": to_sqlalchemy_url(uri),
        "TURNLEDGER_LOG_LEVEL": "warning",
        "TURNLEDGER_POOL_SIZE": "40",
    }
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "--factory",
        "server.app:app_from_env",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--loop",
        "uvloop",
        "--http",
        "httptools",
        "--no-access-log",
        "--log-level",
        "warning",
    ]
    process = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


async def http_workload(url: str, name: str, clients: int, shared: bool) -> tuple[Measurement, int]:
    """Each client has its own connection (httpx's shared pool serialises on a lock)."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as setup:
        battles = []
        for _ in range(1 if shared else clients):
            made = (await setup.post("/battles", json=battle_body(CREATURES))).json()
            battles.append((made["battle_id"], made["director_token"]))
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = 0
    stop = asyncio.Event()
    ready = asyncio.Barrier(clients + 1)

    async def client(n: int) -> None:
        nonlocal errors
        battle_id, token = battles[0 if shared else n]
        creature = n % CREATURES
        x = 2 * creature + 1
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        target = f"/battles/{battle_id}/intents"
        bodies = [
            orjson.dumps({"type": "move", "creature": f"c{creature}", "path": [[x, y]]})
            for y in (2, 1)
        ]
        transport = httpx.AsyncHTTPTransport(socket_options=NODELAY)
        async with httpx.AsyncClient(
            base_url=url, timeout=30, headers=headers, transport=transport
        ) as http:
            await ready.wait()
            i = 0
            while not stop.is_set():
                start = time.perf_counter()
                answer = await http.post(target, content=bodies[i % 2])
                latencies[n].append(time.perf_counter() - start)
                if answer.status_code != 201:
                    errors += 1
                i += 1

    tasks = [asyncio.create_task(client(n)) for n in range(clients)]
    await ready.wait()
    began = time.perf_counter()
    await asyncio.sleep(SECONDS)
    stop.set()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - began
    flat = [x for per in latencies for x in per]
    return Measurement(name, len(flat), len(flat), elapsed, flat), errors


def run_loop(coroutine: Any) -> Any:
    try:
        import uvloop

        return uvloop.run(coroutine)
    except ImportError:
        return asyncio.run(coroutine)


def eventsourcing_workload(uri: str, writers: int) -> Measurement:
    """The same moves through `eventsourcing` (in-process, PostgreSQL, cached aggregates)."""
    from eventsourcing.application import Application

    info = psycopg.conninfo.conninfo_to_dict(uri)
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": str(info.get("dbname", "postgres")),
        "POSTGRES_HOST": str(info.get("host", "localhost")),
        "POSTGRES_PORT": str(info.get("port", "5432")),
        "POSTGRES_USER": str(info.get("user", "postgres")),
        "POSTGRES_PASSWORD": str(info.get("password", "")),
        "POSTGRES_POOL_SIZE": str(writers),
        "AGGREGATE_CACHE_MAXSIZE": "1000",
        "POSTGRES_CREATE_TABLE": "y",
    }
    app = Application(env=env)
    ids = []
    for _ in range(writers):
        battle = EsBattle(CREATURES)
        app.save(battle)
        ids.append(battle.id)
    lock = [threading.Lock() for _ in range(writers)]

    def work(w: int, n: int) -> None:
        with lock[w]:
            battle = app.repository.get(ids[w])
            battle.move("c0", [1, 2 - n % 2])
            app.save(battle)

    try:
        return run_threads(f"eventsourcing {writers}w", writers, 1, work)
    finally:
        app.close()


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute(
                "CREATE TABLE bench_raw (LIKE event_log INCLUDING DEFAULTS INCLUDING"
                " CONSTRAINTS INCLUDING INDEXES)"
            )
        rows = []
        with running_server(uri) as url:
            for clients, shared in ((8, False), (32, False), (8, True)):
                label = f"{clients} {'shared' if shared else 'own'}"
                http, errors = run_loop(http_workload(url, label, clients, shared))
                raw = raw_workload(uri, clients, 1, f"raw-{clients}-{shared}")
                peer = eventsourcing_workload(uri, clients) if not shared else None
                rows.append(
                    (
                        label,
                        http.rate,
                        http.p50_ms,
                        http.p99_ms,
                        errors,
                        raw.rate,
                        http.rate / raw.rate,
                        peer.rate if peer else float("nan"),
                        peer.p99_ms if peer else float("nan"),
                    )
                )
        print_table(
            f"HTTP move intents vs raw INSERT and eventsourcing ({SECONDS:.0f} s each)",
            (
                "clients",
                "intents/s",
                "p50 ms",
                "p99 ms",
                "errors",
                "raw rows/s",
                "ratio",
                "es/s",
                "es p99",
            ),
            rows,
        )
        console.print(
            "clients: 'own' = one battle each, 'shared' = one battle for all; each intent appends"
            " 2 events; raw = single-row INSERTs from as many threads; es = eventsourcing"
            " in-process"
        )


if __name__ == "__main__":
    main()
