"""The whole server under load, beside the floor of its own stack and raw INSERTs.

    python -m ops.bench bench_http          (or `make bench` for every benchmark)
    python -m ops.bench bench_http --creatures 8 50 200 --map 200x200
    python -m ops.bench bench_http --clients 8 64 256     (appends in groups, issue 41)

Starts, on one throwaway embedded PostgreSQL, the real server with one worker and with two
(uvicorn and uvloop with the edge protocol, as `turnledger serve` runs it) and a floor app
(ops/bench/floor_app.py: a FastAPI `async def` route that validates a small body and does one
INSERT through an async psycopg pool). Eight clients, each on its own battle and its own
keep-alive connection, submit move intents back and forth between two squares (turns off),
each with a fresh `Idempotency-Key` as real clients send them. The variants run in alternated
rounds so that none is favoured by when it ran; each round also measures plain single-row
INSERTs of event rows from eight threads. The `eventsourcing` library's in-process rate on
the same PostgreSQL is the peer reference.

Reported per variant: requests/s, p50/p99, and CPU time per request of the server processes
and of PostgreSQL (from /proc), which is the figure that survives a busy machine. Targets
(issue 13, reported, not asserted): >= 0.5x the floor app, >= 0.15x the raw insert rate,
server + PostgreSQL CPU <= 1.5 ms per intent, p99 < 50 ms.

With `--clients`, the server with its appends committed in groups (events/append_group.py)
and the same server with each append alone (`TURNLEDGER_APPEND_GROUPS=0`), beside the floor,
at each number of concurrent clients, each client on its own battle: with the figures above,
the mean size of the groups and the share of appends by the size of their group.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import psycopg
from eventsourcing.domain import Aggregate, event

from events.migrate import upgrade
from ops.bench.bench_store import raw_workload, run_threads
from ops.bench.common import Measurement, console, percentile, print_table, throwaway_postgres
from ops.bench.floor_app import FLOOR_TABLE
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url


class EsBattle(Aggregate):
    """The peer's aggregate: creatures' positions, moved one event at a time."""

    @event("Created")
    def __init__(self, creatures: int) -> None:
        self.positions = {f"c{i}": [2 * i + 1, 1] for i in range(creatures)}

    @event("Moved")
    def move(self, creature: str, to: list[int]) -> None:
        self.positions[creature] = to


SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
CREATURES = 8
CLIENTS = 8
MOVES_SO_FAR: dict[tuple[str, int], int] = {}
"""Moves each creature made in earlier rounds (their parity says where it stands)."""
SERVER_FACTORY = "server.app:app_from_env"
NEVER_REFUSED = "10000000/minute"
"""A rate limit the load never reaches (one address sends every client's requests)."""
FLOOR_FACTORY = "ops.bench.floor_app:create"


def spot(i: int, width: int | None) -> tuple[int, int]:
    """Where creature `i` stands: every other square of row 1 (one row per battle without a
    map size), else rows 1, 4, 7... of a `width`-wide map; each moves to the square below."""
    if width is None:
        return 2 * i + 1, 1
    per_row = (width - 1) // 2
    return 2 * (i % per_row) + 1, 3 * (i // per_row) + 1


def battle_body(creatures: int, size: tuple[int, int] | None = None) -> dict[str, Any]:
    """A Draw Steel battle without turns; `size`: the map's width and height (else a strip
    just wide enough)."""
    width, height = size or (2 * creatures + 2, 6)
    return {
        "ruleset": "draw-steel",
        "seed": 7,
        "options": {"turns": False},
        "map": {"width": width, "height": height},
        "creatures": [
            {
                "id": f"c{i}",
                "name": f"Hero {i}",
                "side": "heroes",
                "at": list(spot(i, size and width)),
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


@dataclass
class Served:
    """A server process under test: where it listens and its process id (for CPU time)."""

    url: str
    pid: int

    def pids(self) -> list[int]:
        import psutil

        try:
            root = psutil.Process(self.pid)
            return [root.pid, *(p.pid for p in root.children(recursive=True))]
        except psutil.Error:
            return [self.pid]


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
def running_server(
    uri: str,
    workers: int = 1,
    factory: str = SERVER_FACTORY,
    *,
    rate_limits: bool | None = None,
    questions_follow: bool = False,
    http: str | None = None,
    env: dict[str, str] | None = None,
) -> Iterator[Served]:
    """uvicorn with uvloop serving `factory` (the real server by default).

    `rate_limits`: None runs the limiter as `turnledger serve` does by default (on), with
    rates far above what the load sends from its one address, so it counts every request
    and refuses none; True keeps the default rates, False turns the limiter off. `http`:
    uvicorn's protocol; by default the real server runs as `turnledger serve` runs it (the
    edge protocol, `server.api.edge:EdgeProtocol`, and no proxy headers believed: no proxy is
    trusted by default), and any other app on plain httptools, the parser the edge wraps.
    `env`: more of the server's environment (its settings, as `TURNLEDGER_APPEND_GROUPS`)."""
    if http is None:
        http = "server.api.edge:EdgeProtocol" if factory == SERVER_FACTORY else "httptools"
    port = free_port()
    env = {
        **os.environ,
        **(env or {}),
        "DATABASE_URL": to_sqlalchemy_url(uri) if factory == SERVER_FACTORY else uri,
        "TURNLEDGER_LOG_LEVEL": "warning",
        "TURNLEDGER_RATE_LIMITS": "off" if rate_limits is False else "on",
        "TURNLEDGER_QUESTIONS_FOLLOW": "on" if questions_follow else "off",
    }
    if rate_limits is None:
        env |= {"TURNLEDGER_RATE_WRITE": NEVER_REFUSED, "TURNLEDGER_RATE_CREATE": NEVER_REFUSED}
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "--factory",
        factory,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--loop",
        "uvloop",
        "--http",
        http,
        "--no-access-log",
        "--no-proxy-headers",
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]
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
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"{factory} did not start")
            time.sleep(0.1)
        yield Served(url, process.pid)
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


def post_request(host: str, target: str, token: str, body: bytes, key: str | None) -> bytes:
    keyed = f"Idempotency-Key: {key}\r\n" if key else ""
    head = (
        f"POST {target} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\n{keyed}Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def make_battles(
    url: str, count: int, creatures: int = CREATURES, size: tuple[int, int] | None = None
) -> list[tuple[str, str]]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as setup:
        battles = []
        for _ in range(count):
            made = (await setup.post("/battles", json=battle_body(creatures, size))).json()
            battles.append((made["battle_id"], made["director_token"]))
        return battles


async def http_workload(
    url: str,
    name: str,
    battles: list[tuple[str, str]],
    clients: int,
    *,
    keyed: bool = True,
    seconds: float = SECONDS,
    creatures: int = CREATURES,
    size: tuple[int, int] | None = None,
) -> tuple[Measurement, int]:
    """Each client has its own keep-alive connection and waits for each answer; with `keyed`,
    every intent carries a fresh Idempotency-Key, as real clients send them."""
    shared = len(battles) == 1
    host_port = url.removeprefix("http://")
    host, port = host_port.rsplit(":", 1)
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = 0
    stop = asyncio.Event()
    ready = asyncio.Barrier(clients + 1)
    run = secrets.token_hex(4)

    async def client(n: int) -> None:
        nonlocal errors
        battle_id, token = battles[0 if shared else n]
        creature = n % creatures
        x, y0 = spot(creature, size and size[0])
        target = f"/battles/{battle_id}/intents"
        bodies = [
            orjson.dumps({"type": "move", "creature": f"c{creature}", "path": [[x, y]]})
            for y in (y0 + 1, y0)
        ]
        conn = await KeepAlive.open(host, int(port))
        try:
            await ready.wait()
            # go on where the last round left this creature, so no move is to where it stands
            i = MOVES_SO_FAR.get((battle_id, creature), 0)
            while not stop.is_set():
                key = f"{run}-{n}-{i}" if keyed else None
                request = post_request(host_port, target, token, bodies[i % 2], key)
                start = time.perf_counter()
                status = await conn.send(request)
                latencies[n].append(time.perf_counter() - start)
                if status != 201:
                    errors += 1
                i += 1
            MOVES_SO_FAR[(battle_id, creature)] = i
        finally:
            await conn.close()

    tasks = [asyncio.create_task(client(n)) for n in range(clients)]
    await ready.wait()
    began = time.perf_counter()
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - began
    flat = [x for per in latencies for x in per]
    return Measurement(name, len(flat), len(flat), elapsed, flat), errors


@dataclass
class Tally:
    """One variant's rounds added up: requests, seconds, latencies, errors and CPU seconds."""

    name: str
    requests: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    server_cpu: float = 0.0
    pg_cpu: float = 0.0
    groups: GroupSizes | None = None
    """The sizes of the groups its appends went to the database in (the server's /metrics)."""

    def add(self, m: Measurement, errors: int, server_cpu: float, pg_cpu: float) -> None:
        self.requests += m.operations
        self.seconds += m.seconds
        self.latencies += m.latencies
        self.errors += errors
        self.server_cpu += server_cpu
        self.pg_cpu += pg_cpu

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else float("nan")

    def per_request_ms(self, cpu: float) -> float:
        return cpu / self.requests * 1000 if self.requests else float("nan")


def measure(
    uri: str, served: Served, tally: Tally, battles: list[tuple[str, str]], clients: int, **kw: Any
) -> None:
    groups = group_histogram(served.url) if tally.groups is not None else None
    before = cpu_seconds(served.pids()), cpu_seconds(postgres_pids(uri))
    m, errors = run_loop(http_workload(served.url, tally.name, battles, clients, **kw))
    after = cpu_seconds(served.pids()), cpu_seconds(postgres_pids(uri))
    tally.add(m, errors, after[0] - before[0], after[1] - before[1])
    if tally.groups is not None and groups is not None:
        tally.groups.add(groups, group_histogram(served.url))


GROUP_METRIC = "turnledger_append_group_size"


def group_histogram(url: str) -> dict[str, float]:
    """The server's histogram of append group sizes (`le` bound -> groups so far, cumulative;
    `sum` and `count` too), from its /metrics (one worker's: run it with one)."""
    found: dict[str, float] = {}
    for line in httpx.get(f"{url}/metrics", timeout=10).text.splitlines():
        if line.startswith(f"{GROUP_METRIC}_bucket"):
            bound = line.split('le="', 1)[1].split('"', 1)[0]
            found[bound] = float(line.rsplit(" ", 1)[1])
        elif line.startswith((f"{GROUP_METRIC}_sum ", f"{GROUP_METRIC}_count ")):
            found[line.split(" ", 1)[0].rsplit("_", 1)[1]] = float(line.rsplit(" ", 1)[1])
    return found


@dataclass
class GroupSizes:
    """Groups of appends counted between scrapes of the server's histogram."""

    cumulative: dict[str, float] = field(default_factory=dict)

    def add(self, before: dict[str, float], after: dict[str, float]) -> None:
        for bound, n in after.items():
            self.cumulative[bound] = self.cumulative.get(bound, 0.0) + n - before.get(bound, 0.0)

    @property
    def mean(self) -> float:
        count = self.cumulative.get("count", 0.0)
        return self.cumulative.get("sum", 0.0) / count if count else float("nan")

    def shares(self) -> str:
        """The share of appends (not of groups) by the size of their group: a group of n
        counts n times; a bucket's appends are estimated at its upper bound."""
        bounds = sorted(
            (float(b), n) for b, n in self.cumulative.items() if b not in ("sum", "count")
        )
        parts, below, last = [], 0.0, 0.0
        for bound, n in bounds:
            groups = n - below
            if groups > 0 and bound != float("inf"):
                low = int(last) + 1
                parts.append((f"{low}" if low == int(bound) else f"{low}-{int(bound)}", groups))
            below, last = n, bound
        weights = [(label, groups * float(label.rsplit("-", 1)[-1])) for label, groups in parts]
        total = sum(w for _, w in weights) or 1.0
        return " ".join(f"{label}:{w / total:.0%}" for label, w in weights if w / total >= 0.005)


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


def map_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        return int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a map is WIDTHxHEIGHT, like 200x200: {text!r}") from None


def options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m ops.bench bench_http")
    parser.add_argument(
        "--creatures",
        type=int,
        nargs="+",
        default=[CREATURES],
        help="creatures per battle; several numbers measure each, rounds alternated",
    )
    parser.add_argument(
        "--map", type=map_size, default=None, help="map size WIDTHxHEIGHT (default: a strip)"
    )
    parser.add_argument(
        "--clients",
        type=int,
        nargs="+",
        default=None,
        help="concurrent clients (each on its own battle): measures the server with its appends"
        " in groups and each alone, beside the floor, at each count (issue 41)",
    )
    return parser.parse_args(argv or [])


ALONE = {"TURNLEDGER_APPEND_GROUPS": "0"}
"""The server's environment with every append its own statement and commit."""


def by_clients(counts: list[int]) -> None:
    """The server with its appends committed in groups and each alone, and the floor app,
    at each number of concurrent clients, rounds alternated: requests/s, latency, CPU per
    intent (server and PostgreSQL) and the sizes of the groups."""
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute(FLOOR_TABLE)
        with (
            running_server(uri, 1) as grouped,
            running_server(uri, 1, env=ALONE) as alone,
            running_server(uri, 1, FLOOR_FACTORY) as floor,
        ):
            plans: list[tuple[int, list[tuple[Tally, Served, list[tuple[str, str]]]]]] = []
            for clients in counts:
                plans.append(
                    (
                        clients,
                        [
                            (
                                Tally(
                                    f"turnledger, groups, {clients} clients", groups=GroupSizes()
                                ),
                                grouped,
                                run_loop(make_battles(grouped.url, clients)),
                            ),
                            (
                                Tally(f"turnledger, each alone, {clients} clients"),
                                alone,
                                run_loop(make_battles(alone.url, clients)),
                            ),
                            (
                                Tally(f"floor app, {clients} clients"),
                                floor,
                                [(f"floor{n}", "-") for n in range(clients)],
                            ),
                        ],
                    )
                )
            for round_ in range(ROUNDS):
                for clients, variants in plans:
                    turn = round_ % len(variants)
                    for tally, served, battles in variants[turn:] + variants[:turn]:
                        measure(uri, served, tally, battles, clients)
        rows = []
        for _, variants in plans:
            floor_rate = variants[-1][0].rate
            for tally, _, _ in variants:
                server_ms = tally.per_request_ms(tally.server_cpu)
                pg_ms = tally.per_request_ms(tally.pg_cpu)
                rows.append(
                    (
                        tally.name,
                        tally.rate,
                        percentile(tally.latencies, 50) * 1000,
                        percentile(tally.latencies, 99) * 1000,
                        tally.errors,
                        server_ms,
                        pg_ms,
                        server_ms + pg_ms,
                        tally.rate / floor_rate,
                        tally.groups.mean if tally.groups else float("nan"),
                        tally.groups.shares() if tally.groups else "",
                    )
                )
        print_table(
            f"HTTP intents by concurrent clients, each on its own battle ({ROUNDS} alternated"
            f" rounds of {SECONDS:.0f} s; load {os.getloadavg()[0]:.2f})",
            (
                "variant",
                "req/s",
                "p50 ms",
                "p99 ms",
                "errors",
                "server cpu ms/req",
                "pg cpu ms/req",
                "cpu ms/req",
                "x floor",
                "mean group",
                "appends by group size",
            ),
            rows,
        )
        console.print(
            "groups: appends of different battles committed in one statement and one commit"
            " (events/append_group.py); each alone: the same server with"
            " TURNLEDGER_APPEND_GROUPS=0, every append its own statement and commit (as before"
            " issue 41); appends by group size: the share of appends that went in a group of"
            " that size (from the server's turnledger_append_group_size histogram; a bucket"
            " counted at its upper bound). Targets (issue 41): server + pg cpu <= 1.0 ms per"
            " intent, >= 0.4x the floor, p99 < 50 ms at 64 clients."
        )


def main(argv: list[str] | None = None) -> None:
    args = options(argv)
    if args.clients:
        by_clients(args.clients)
        return
    size: tuple[int, int] | None = args.map
    plain = args.creatures == [CREATURES] and size is None
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute(
                "CREATE TABLE bench_raw (LIKE event_log INCLUDING DEFAULTS INCLUDING"
                " CONSTRAINTS INCLUDING INDEXES)"
            )
            conn.execute(FLOOR_TABLE)
        where = f" on {size[0]}x{size[1]}" if size else ""
        with (
            running_server(uri, 1) as one,
            running_server(uri, 2) as two,
            running_server(uri, 1, FLOOR_FACTORY) as floor,
        ):
            variants: list[tuple[Tally, Served, list[tuple[str, str]], dict[str, Any]]] = []
            for n in args.creatures:
                shape = {"creatures": n, "size": size}
                made = run_loop(make_battles(one.url, CLIENTS, n, size))
                label = "turnledger, 1 worker" if plain else f"turnledger, {n} creatures{where}"
                variants.append((Tally(label), one, made, shape))
            if plain:
                made = run_loop(make_battles(two.url, CLIENTS))
                variants.append((Tally("turnledger, 2 workers"), two, made, {}))
            floors = [(f"floor{n}", "-") for n in range(CLIENTS)]
            variants.append((Tally("floor app, 1 worker"), floor, floors, {}))
            raw_rows: list[Measurement] = []
            for round_ in range(ROUNDS):
                # rotate the order, so no variant always runs on a warmer or cooler machine
                turn = round_ % len(variants)
                for tally, served, battles, shape in variants[turn:] + variants[:turn]:
                    measure(uri, served, tally, battles, CLIENTS, **shape)
                raw_rows.append(raw_workload(uri, CLIENTS, 1, f"raw-{round_}"))
            extras = []
            if plain:
                unkeyed = Tally("turnledger, 1 worker, no key")
                made = run_loop(make_battles(one.url, CLIENTS))
                measure(uri, one, unkeyed, made, CLIENTS, keyed=False)
                shared = Tally("turnledger, 1 worker, 8 clients on 1 battle")
                measure(uri, one, shared, run_loop(make_battles(one.url, 1)), CLIENTS)
                extras = [unkeyed, shared]
            if plain:
                with running_server(uri, 1, questions_follow=False) as lazy:
                    # what the log's question read models cost the write path (issue 28):
                    # the same load with them brought up to date only by questions, beside
                    # the default in alternated rounds
                    alone = Tally("turnledger, 1 worker, question models not followed")
                    again = Tally("turnledger, 1 worker (again, beside it)")
                    lazy_battles = run_loop(make_battles(lazy.url, CLIENTS))
                    for _ in range(ROUNDS):
                        measure(uri, lazy, alone, lazy_battles, CLIENTS)
                        measure(uri, one, again, variants[0][2], CLIENTS)
                    extras += [alone, again]
        raw_rate = sum(r.units for r in raw_rows) / sum(r.seconds for r in raw_rows)
        floor_rate = variants[-1][0].rate
        peer = eventsourcing_workload(uri, CLIENTS)
        rows = []
        for tally in [*(v[0] for v in variants), *extras]:
            server_ms = tally.per_request_ms(tally.server_cpu)
            pg_ms = tally.per_request_ms(tally.pg_cpu)
            rows.append(
                (
                    tally.name,
                    tally.rate,
                    percentile(tally.latencies, 50) * 1000,
                    percentile(tally.latencies, 99) * 1000,
                    tally.errors,
                    server_ms,
                    pg_ms,
                    server_ms + pg_ms,
                    tally.rate / floor_rate,
                    tally.rate / raw_rate,
                )
            )
        nan = float("nan")
        rows.append(
            (f"raw INSERT, {CLIENTS} threads", raw_rate, nan, nan, 0, nan, nan, nan, nan, 1.0)
        )
        rows.append(
            (
                f"eventsourcing, {CLIENTS} threads",
                *(peer.rate, peer.p50_ms, peer.p99_ms, 0, nan, nan, nan),
                *(peer.rate / floor_rate, peer.rate / raw_rate),
            )
        )
        print_table(
            f"HTTP intents, {CLIENTS} keep-alive clients on their own battles{where}"
            f" ({ROUNDS} alternated rounds of {SECONDS:.0f} s; load {os.getloadavg()[0]:.2f})",
            (
                "variant",
                "req/s",
                "p50 ms",
                "p99 ms",
                "errors",
                "server cpu ms/req",
                "pg cpu ms/req",
                "cpu ms/req",
                "x floor",
                "x raw",
            ),
            rows,
        )
        if len(args.creatures) > 1:
            sized = [v[0] for v in variants[: len(args.creatures)]]
            cpu = [t.per_request_ms(t.server_cpu + t.pg_cpu) for t in sized]
            console.print(
                f"CPU per intent at {args.creatures[-1]} creatures: {cpu[-1] / cpu[0]:.2f}x that"
                f" at {args.creatures[0]} (target: at most 1.5x; at {CREATURES}: at most 1.2 ms)"
            )
        console.print(
            "Each intent carries a fresh Idempotency-Key (but 'no key') and appends 2 events;"
            " the server runs as `turnledger serve` does by default (rate limits on, set far"
            " above the load); floor app = FastAPI async route + pydantic body + one INSERT"
            " via an async psycopg pool (ops/bench/floor_app.py); raw = single-row INSERTs of"
            " event rows from as many threads; cpu ms = CPU time per request of the server"
            " (all its workers) and of PostgreSQL, from /proc; the load comes from a minimal"
            " keep-alive HTTP/1.1 client. Targets (issues 13, 25): >= 0.35x floor, server +"
            " pg cpu <= 1.2 ms at 8 creatures and at 200 creatures <= 1.5x that, p99 < 50 ms."
        )


if __name__ == "__main__":
    main(sys.argv[1:])
