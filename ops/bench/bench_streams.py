"""Idle live streams: what 900 open `GET /battles/{id}/stream` cost the server while nothing
happens, and how fast one move then reaches every one of them.

    python -m ops.bench bench_streams      (BENCH_STREAMS=900, BENCH_IDLE_SECONDS=60,
                                            BENCH_FANOUT_MOVES=100, BENCH_FANOUT_APPENDS=300)

Starts the real server (one uvicorn worker, uvloop, the edge's httptools protocol, as
`turnledger serve` runs it) on a throwaway embedded PostgreSQL, creates battles with one
seat token per stream (so no token is over the per-token stream cap), opens the streams
with a minimal asyncio client that only drains its sockets (so the load generator costs
next to nothing), waits for them to catch up, then samples the CPU time of the server
process and of PostgreSQL from /proc over an idle minute. Afterwards it submits one move in
every battle and times its arrival on every stream (which also checks that no stream
missed it).

Reported: CPU seconds per minute of the server and of PostgreSQL while idle, the load
average, and the delivery latency of a live event to all streams (p50, p99, max).

Then the fan-out: one battle with `BENCH_FANOUT_STREAMS` streams (30 seats, one each); the
server's CPU per event per stream (the target is at most 5 us) while they catch up a
backlog of about 1,200 events from the start; live, as the CPU of 300
(`BENCH_FANOUT_APPENDS`) one-event appends made by another writer (this process), back to
back and 10 ms apart, which the server only reads and fans out (less what the same appends
cost it with no stream open: its follower of the log reads them too); and as the CPU of
100 (`BENCH_FANOUT_MOVES`) moves with the streams open less the CPU of as many with none
(noisy: a move costs far more than its fan-out). Beside them, the server's own account of
the live fan-out ("hub us", from /metrics): the CPU time of the stream hub's thread handing
the events to the streams (where a live stream's events are encoded and written) per event
per stream, for the moves and the paced appends; it leaves out the hub's one read of the
log per notice, which every stream of the process shares.
"""

from __future__ import annotations

import asyncio
import os
import time
from datetime import UTC, datetime
from typing import Any

import httpx

from events.migrate import upgrade
from ops.bench.bench_http import cpu_seconds, postgres_pids, running_server
from ops.bench.common import console, percentile, print_table, throwaway_postgres
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

STREAMS = int(os.environ.get("BENCH_STREAMS", "900"))
IDLE_SECONDS = float(os.environ.get("BENCH_IDLE_SECONDS", "60"))
SEATS_PER_BATTLE = 30
FANOUT_STREAMS = int(os.environ.get("BENCH_FANOUT_STREAMS", "30"))
FANOUT_BACKLOG_MOVES = 600
FANOUT_LIVE_MOVES = int(os.environ.get("BENCH_FANOUT_MOVES", "100"))
FANOUT_APPENDS = int(os.environ.get("BENCH_FANOUT_APPENDS", "300"))
EDGE = "server.api.edge:EdgeProtocol"
"""The protocol `turnledger serve` runs: its live streams are written to without a task."""


def battle_body() -> dict[str, Any]:
    return {
        "ruleset": "draw-steel",
        "seed": 7,
        "options": {"turns": False},
        "map": {"width": 10, "height": 6},
        "creatures": [
            {"id": "hero", "name": "Hero", "side": "heroes", "at": [1, 1], "speeds": {"walk": 5}}
        ],
    }


async def make_seats(url: str, streams: int) -> list[tuple[str, str, str]]:
    """(battle id, director token, seat token) for every stream to open."""
    seats: list[tuple[str, str, str]] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        while len(seats) < streams:
            made = (await http.post("/battles", json=battle_body())).json()
            battle, director = made["battle_id"], made["director_token"]
            for _ in range(min(SEATS_PER_BATTLE, streams - len(seats))):
                seat = await http.post(
                    f"/battles/{battle}/seats",
                    json={"creatures": ["hero"]},
                    headers={"Authorization": f"Bearer {director}"},
                )
                seats.append((battle, director, seat.json()["token"]))
    return seats


async def moves(http: httpx.AsyncClient, battle: str, director: str, count: int) -> int:
    """`count` moves of the hero back and forth; the battle's version after them."""
    version = 0
    for n in range(count):
        moved = await http.post(
            f"/battles/{battle}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2 if n % 2 == 0 else 1]]},
            headers={"Authorization": f"Bearer {director}"},
        )
        version = moved.json()["version"]
    return version


def appended(uri: str, battle: str, after: int, count: int, pause: float) -> int:
    """`count` one-event appends to the battle's log from this process (another writer: the
    server only reads and fans them out), `pause` seconds apart; the last version."""
    from events.store_postgres import PostgresEventStore
    from ops.bench.bench_store import META, bench_registry, sample_event

    engine = make_engine(to_sqlalchemy_url(uri))
    store = PostgresEventStore(
        engine, lambda: datetime.now(UTC), registry=bench_registry, notify="coalesced"
    )
    try:
        for n in range(count):
            store.append(battle, after + n, [sample_event(n)], META)
            if pause:
                time.sleep(pause)
    finally:
        store.close()
        engine.dispose()
    return after + count


async def delivered(streams: list[Stream], version: int, wait: float = 60) -> None:
    deadline = time.perf_counter() + wait
    while not all(version in s.arrived for s in streams) and time.perf_counter() < deadline:
        await asyncio.sleep(0.01)


async def fanout(url: str, uri: str, server_pid: int) -> dict[str, Any]:
    """CPU per event per stream, catching up and live (see the module docstring)."""
    seats = await make_seats(url, FANOUT_STREAMS)
    battle, director = seats[0][0], seats[0][1]
    host, port = url.removeprefix("http://").rsplit(":", 1)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        await moves(http, battle, director, FANOUT_BACKLOG_MOVES)
        cpu0 = cpu_seconds([server_pid])
        head = await moves(http, battle, director, FANOUT_LIVE_MOVES)  # no stream open
        without = cpu_seconds([server_pid]) - cpu0
        streams = [Stream(battle) for _ in seats]
        cpu0 = cpu_seconds([server_pid])
        for stream, (_, _, token) in zip(streams, seats, strict=True):
            opened = asyncio.Event()
            stream.task = asyncio.create_task(stream.run(host, int(port), token, opened))
            await opened.wait()
        await delivered(streams, head, 120)
        catch_up = (cpu_seconds([server_pid]) - cpu0) / (head * len(streams))
        hub0 = await fanned_out(http)  # outside the CPU measured: /metrics costs too
        cpu0 = cpu_seconds([server_pid])
        last = await moves(http, battle, director, FANOUT_LIVE_MOVES)
        await delivered(streams, last)
        with_streams = cpu_seconds([server_pid]) - cpu0
        hub = {"moves": per_event(hub0, await fanned_out(http))}
        live_events = last - head
        # appended by another writer: the server's CPU is the hub's reads and the fan-out
        # (last: the bench's events are not the battle's, so no move follows them), less
        # what the same appends cost with no stream open (to a battle of its own)
        alone = await quiet_battle(http, director)
        per_append: dict[str, float] = {}
        head = last
        for label, pause in (("burst", 0.0), ("paced", 0.01)):
            base = await appends_cpu(uri, alone, pause, server_pid, [])
            alone = (alone[0], alone[1] + FANOUT_APPENDS)
            hub0 = await fanned_out(http)
            spent = await appends_cpu(uri, (battle, head), pause, server_pid, streams)
            hub[label] = per_event(hub0, await fanned_out(http))
            head += FANOUT_APPENDS
            per_append[label] = (spent - base) / (FANOUT_APPENDS * len(streams)) * 1e6
        caught = sum(1 for s in streams if head in s.arrived)
        await close_streams(streams)
    return {
        "streams": caught,
        "backlog": FANOUT_BACKLOG_MOVES * 2 + FANOUT_LIVE_MOVES * 2 + 2,
        "burst_us": per_append["burst"],
        "paced_us": per_append["paced"],
        "hub_moves_us": hub["moves"],
        "hub_paced_us": hub["paced"],
        "catch_up_us": catch_up * 1e6,
        "live_events": live_events,
        "live_us": (with_streams - without) / (live_events * len(streams)) * 1e6,
    }


async def fanned_out(http: httpx.AsyncClient) -> tuple[float, float]:
    """The server's own account of its live fan-out so far (from /metrics): CPU seconds of
    the stream hub's dispatch (thread CPU time: precise, and no neighbour's load in it), and
    events handed to streams, once per stream."""
    found = {"seconds": 0.0, "events": 0.0}
    for line in (await http.get("/metrics")).text.splitlines():
        name, _, value = line.partition(" ")
        if name == "turnledger_stream_fanout_cpu_seconds_total":
            found["seconds"] = float(value)
        elif name == "turnledger_stream_fanout_events_total":
            found["events"] = float(value)
    return found["seconds"], found["events"]


def per_event(before: tuple[float, float], after: tuple[float, float]) -> float:
    """Microseconds of the hub's CPU per event per stream between two `fanned_out`."""
    events = after[1] - before[1]
    return (after[0] - before[0]) / events * 1e6 if events else float("nan")


async def quiet_battle(http: httpx.AsyncClient, director: str) -> tuple[str, int]:
    """A battle no stream reads, and its head: where the baseline's appends go."""
    made = (await http.post("/battles", json=battle_body())).json()
    state = await http.get(
        f"/battles/{made['battle_id']}",
        headers={"Authorization": f"Bearer {made['director_token']}"},
    )
    return made["battle_id"], int(state.json()["version"])


async def appends_cpu(
    uri: str, at: tuple[str, int], pause: float, server_pid: int, streams: list[Stream]
) -> float:
    """Server CPU seconds of `FANOUT_APPENDS` appends after `at` (battle, head) until every
    one of `streams` has them."""
    cpu0 = cpu_seconds([server_pid])
    head = await asyncio.to_thread(appended, uri, at[0], at[1], FANOUT_APPENDS, pause)
    await delivered(streams, head)
    if not streams:
        await asyncio.sleep(0.3)  # the server's own follower of the log reads them too
    return cpu_seconds([server_pid]) - cpu0


async def close_streams(streams: list[Stream]) -> None:
    for s in streams:
        assert s.task is not None
        s.task.cancel()
    await asyncio.gather(*(s.task for s in streams if s.task), return_exceptions=True)


class Stream:
    """One open SSE connection that drains its socket and notes when each event id arrives."""

    def __init__(self, battle: str) -> None:
        self.battle = battle
        self.arrived: dict[int, float] = {}
        self.task: asyncio.Task[None] | None = None
        self.status = 0

    async def run(self, host: str, port: int, token: str, opened: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(
            f"GET /battles/{self.battle}/stream HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        self.status = int(head[9:12])
        opened.set()
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"id:"):
                    self.arrived[int(line[3:].strip())] = time.perf_counter()
        finally:
            writer.close()


def loadavg() -> list[str]:
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]


def postgres_cpu(uri: str) -> dict[int, float]:
    """CPU seconds so far of each PostgreSQL process (backends come and go: kept per pid)."""
    return {pid: cpu_seconds([pid]) for pid in postgres_pids(uri)}


async def run(url: str, uri: str, server_pid: int) -> dict[str, Any]:
    seats = await make_seats(url, STREAMS)
    host, port = url.removeprefix("http://").rsplit(":", 1)
    streams = []
    for battle, _, token in seats:
        stream = Stream(battle)
        opened = asyncio.Event()
        stream.task = asyncio.create_task(stream.run(host, int(port), token, opened))
        await opened.wait()
        streams.append(stream)
    refused = sum(1 for s in streams if s.status != 200)
    await asyncio.sleep(10)  # every stream has caught up; nothing happens from here on
    load_before = loadavg()
    server0, pg0 = cpu_seconds([server_pid]), postgres_cpu(uri)
    began = time.perf_counter()
    await asyncio.sleep(IDLE_SECONDS)
    elapsed = time.perf_counter() - began
    server1, pg1 = cpu_seconds([server_pid]), postgres_cpu(uri)
    load_after = loadavg()

    battles = {battle: director for battle, director, _ in seats}
    sent: dict[str, tuple[int, float]] = {}
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for battle, director in battles.items():
            started = time.perf_counter()
            moved = await http.post(
                f"/battles/{battle}/intents",
                json={"type": "move", "creature": "hero", "path": [[1, 2]]},
                headers={"Authorization": f"Bearer {director}"},
            )
            sent[battle] = (moved.json()["version"], started)
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline:
        if all(sent[s.battle][0] in s.arrived for s in streams):
            break
        await asyncio.sleep(0.05)
    delays = [
        s.arrived[sent[s.battle][0]] - sent[s.battle][1]
        for s in streams
        if sent[s.battle][0] in s.arrived
    ]
    for s in streams:
        assert s.task is not None
        s.task.cancel()
    await asyncio.gather(*(s.task for s in streams if s.task), return_exceptions=True)
    per_minute = 60 / elapsed
    return {
        "streams": len(streams) - refused,
        "refused": refused,
        "server": (server1 - server0) * per_minute,
        "postgres": sum(t - pg0.get(pid, 0.0) for pid, t in pg1.items()) * per_minute,
        "load": f"{' '.join(load_before)} -> {' '.join(load_after)}",
        "delivered": len(delays),
        "p50": percentile(delays, 50) * 1000,
        "p99": percentile(delays, 99) * 1000,
        "max": max(delays, default=float("nan")) * 1000,
    }


def main() -> None:
    # every stream comes from this one address: the edge would refuse past 256 of them
    os.environ.setdefault("TURNLEDGER_MAX_CONNECTIONS_PER_CLIENT", "100000")
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        with running_server(uri, http=EDGE) as served:
            found = asyncio.run(run(served.url, uri, served.pid))
            spread = asyncio.run(fanout(served.url, uri, served.pid))
    print_table(
        f"{STREAMS} idle streams over {IDLE_SECONDS:.0f} s (CPU seconds per minute, from /proc)",
        [
            "streams open",
            "refused",
            "server cpu s/min",
            "postgres cpu s/min",
            "loadavg (1 5 15) before -> after",
            "live event delivered",
            "p50 ms",
            "p99 ms",
            "max ms",
        ],
        [
            [
                found["streams"],
                found["refused"],
                found["server"],
                found["postgres"],
                found["load"],
                found["delivered"],
                found["p50"],
                found["p99"],
                found["max"],
            ]
        ],
    )
    print_table(
        f"Fan-out: {FANOUT_STREAMS} streams of one battle (server CPU per event per stream)",
        [
            "streams caught up",
            "backlog events",
            "catch-up us",
            "appended burst us",
            "appended 10 ms apart us",
            "hub us, moves",
            "hub us, 10 ms apart",
            "live moves' events",
            "live moves us",
        ],
        [
            [
                spread["streams"],
                spread["backlog"],
                spread["catch_up_us"],
                spread["burst_us"],
                spread["paced_us"],
                spread["hub_moves_us"],
                spread["hub_paced_us"],
                spread["live_events"],
                spread["live_us"],
            ]
        ],
    )
    console.print(
        "Idle: no intent is submitted while CPU is sampled; afterwards one move per battle,"
        " timed from its POST to its arrival on each stream of that battle."
    )


if __name__ == "__main__":
    main()
