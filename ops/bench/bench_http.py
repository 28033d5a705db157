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


SERVER_PID = [0]
"""The running server's process id (for its CPU time, with its workers')."""


def server_pids() -> list[int]:
    import psutil

    try:
        root = psutil.Process(SERVER_PID[0])
        return [root.pid, *(p.pid for p in root.children(recursive=True))]
    except psutil.Error:
        return [SERVER_PID[0]]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far (Linux /proc; 0 where unreadable)."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def postgres_pids(uri: str) -> list[int]:
    """The embedded PostgreSQL's postmaster and its children (its backends and workers)."""
    socket_dir = psycopg.conninfo.conninfo_to_dict(uri).get("host", "")
    try:
        with open(os.path.join(str(socket_dir), "postmaster.pid")) as f:
            postmaster = int(f.readline())
    except (OSError, ValueError):
        return []
    pids = [postmaster]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == postmaster:
                        pids.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return pids


@contextmanager
def running_server(uri: str, workers: int = 1) -> Any:
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
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]
    process = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    SERVER_PID[0] = process.pid
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


class KeepAlive:
    """A minimal HTTP/1.1 keep-alive client for the load: pre-encoded requests, the status
    and a Content-Length body read back. httpx spent about as much CPU per request as the
    server did (3.8 ms against 4.7 ms, measured), and on this two-core machine the load
    generator then competed with the server it measures."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, host: str, port: int) -> KeepAlive:
        reader, writer = await asyncio.open_connection(host, port)
        writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(reader, writer)

    async def send(self, request: bytes) -> int:
        self.writer.write(request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
            elif name.strip().lower() == b"transfer-encoding":
                raise RuntimeError("a chunked answer: this client reads Content-Length only")
        if length:
            await self.reader.readexactly(length)
        return int(head[9:12])

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


def post_request(host: str, target: str, token: str, body: bytes) -> bytes:
    head = (
        f"POST {target} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def http_workload(url: str, name: str, clients: int, shared: bool) -> tuple[Measurement, int]:
    """Each client has its own keep-alive connection and waits for each answer."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as setup:
        battles = []
        for _ in range(1 if shared else clients):
            made = (await setup.post("/battles", json=battle_body(CREATURES))).json()
            battles.append((made["battle_id"], made["director_token"]))
    host_port = url.removeprefix("http://")
    host, port = host_port.rsplit(":", 1)
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = 0
    stop = asyncio.Event()
    ready = asyncio.Barrier(clients + 1)

    async def client(n: int) -> None:
        nonlocal errors
        battle_id, token = battles[0 if shared else n]
        creature = n % CREATURES
        x = 2 * creature + 1
        target = f"/battles/{battle_id}/intents"
        requests = [
            post_request(
                host_port,
                target,
                token,
                orjson.dumps({"type": "move", "creature": f"c{creature}", "path": [[x, y]]}),
            )
            for y in (2, 1)
        ]
        conn = await KeepAlive.open(host, int(port))
        try:
            await ready.wait()
            i = 0
            while not stop.is_set():
                start = time.perf_counter()
                status = await conn.send(requests[i % 2])
                latencies[n].append(time.perf_counter() - start)
                if status != 201:
                    errors += 1
                i += 1
        finally:
            await conn.close()

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
        runs = [(1, 8, False), (1, 32, False), (1, 8, True), (2, 8, False)]
        for workers in sorted({w for w, _, _ in runs}):
            with running_server(uri, workers) as url:
                for _, clients, shared in [r for r in runs if r[0] == workers]:
                    label = f"{clients} {'shared' if shared else 'own'}"
                    if workers > 1:
                        label += f", {workers} workers"
                    before = cpu_seconds(server_pids()), cpu_seconds(postgres_pids(uri))
                    http, errors = run_loop(http_workload(url, label, clients, shared))
                    server_cpu = (cpu_seconds(server_pids()) - before[0]) / http.operations
                    pg_cpu = (cpu_seconds(postgres_pids(uri)) - before[1]) / http.operations
                    raw = raw_workload(uri, clients, 1, f"raw-{clients}-{shared}-{workers}")
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
                            server_cpu * 1000,
                            pg_cpu * 1000,
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
                "server cpu ms",
                "pg cpu ms",
            ),
            rows,
        )
        console.print(
            "clients: 'own' = one battle each, 'shared' = one battle for all; each intent appends"
            " 2 events; raw = single-row INSERTs from as many threads; es = eventsourcing"
            " in-process; cpu ms = CPU time per intent of the server (all its workers) and of"
            " PostgreSQL; the load comes from a minimal keep-alive HTTP/1.1 client; '2 workers'"
            " = `turnledger serve --workers 2`"
        )


if __name__ == "__main__":
    main()
