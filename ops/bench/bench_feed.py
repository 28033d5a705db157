"""The campaign feed beside the per-battle stream: the server's CPU per event per reader.

    python -m ops.bench bench_feed      (BENCH_FEED_READERS=20, BENCH_FEED_BATTLES=10,
                                         BENCH_FEED_BACKLOG=40, BENCH_FEED_APPENDS=200)

Starts the real server (one uvicorn worker, the edge protocol, as `turnledger serve` runs it)
on a throwaway embedded PostgreSQL, with an API key (`TURNLEDGER_API_KEY`) that creates
`BENCH_FEED_BATTLES` battles, each with a backlog of `BENCH_FEED_BACKLOG` moves. Then, for
`BENCH_FEED_READERS` readers at a time:

- the feed (`GET /feed`, server-sent events, the key's), each reader from the start: the
  server's CPU per event per reader while they catch up the backlog of every battle;
- live: `BENCH_FEED_APPENDS` one-event appends made by another writer (this process) to one
  of the key's battles, 10 ms apart, which the server only reads and sends; its CPU with the
  readers open, less what the same appends cost it with none open, per event per reader;
- the same two figures for as many per-battle streams (`GET /battles/{id}/stream`, one
  seat token each) of that one battle, for comparison.

CPU is the server process's, from /proc (user + system): on a machine others share, other
processes' load slows it but is not counted in it; the figures still move with it (caches,
the scheduler), so read them as a comparison made in one run, not as absolutes.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import httpx

from events.migrate import upgrade
from ops.bench.bench_http import cpu_seconds, running_server
from ops.bench.bench_streams import EDGE, appended, battle_body, loadavg, moves
from ops.bench.common import console, print_table, throwaway_postgres
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

READERS = int(os.environ.get("BENCH_FEED_READERS", "20"))
BATTLES = int(os.environ.get("BENCH_FEED_BATTLES", "10"))
BACKLOG = int(os.environ.get("BENCH_FEED_BACKLOG", "40"))
APPENDS = int(os.environ.get("BENCH_FEED_APPENDS", "200"))
KEY = "bench-feed-key"


class Reader:
    """One open SSE connection that drains its socket and counts the events it is sent."""

    def __init__(self) -> None:
        self.events = 0
        self.task: asyncio.Task[None] | None = None

    async def run(
        self, host: str, port: int, path: str, header: str, opened: asyncio.Event
    ) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{header}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        await reader.readuntil(b"\r\n\r\n")
        opened.set()
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"event:") and b"checkpoint" not in line:
                    self.events += 1
        finally:
            writer.close()


async def open_readers(url: str, path: str, headers: list[str]) -> list[Reader]:
    host, port = url.removeprefix("http://").rsplit(":", 1)
    readers = []
    for header in headers:
        r = Reader()
        opened = asyncio.Event()
        r.task = asyncio.create_task(r.run(host, int(port), path, header, opened))
        await opened.wait()
        readers.append(r)
    return readers


async def until(readers: list[Reader], events: int, wait: float = 120) -> None:
    deadline = time.perf_counter() + wait
    while any(r.events < events for r in readers) and time.perf_counter() < deadline:
        await asyncio.sleep(0.01)


async def close(readers: list[Reader]) -> None:
    for r in readers:
        assert r.task is not None
        r.task.cancel()
    await asyncio.gather(*(r.task for r in readers if r.task), return_exceptions=True)


async def measure(
    url: str,
    uri: str,
    pid: int,
    path: str,
    headers: list[str],
    backlog: int,
    target: tuple[str, int],
) -> tuple[float, float, tuple[str, int]]:
    """(catch-up us, live us) per event per reader, and the target battle's new head."""
    cpu0 = cpu_seconds([pid])
    readers = await open_readers(url, path, headers)
    await until(readers, backlog)
    catch_up = (cpu_seconds([pid]) - cpu0) / (backlog * len(readers)) * 1e6
    battle, head = target
    cpu0 = cpu_seconds([pid])
    head = await asyncio.to_thread(appended, uri, battle, head, APPENDS, 0.01)
    await until(readers, backlog + APPENDS)
    spent = cpu_seconds([pid]) - cpu0
    await close(readers)
    return catch_up, spent, (battle, head)


async def run(url: str, uri: str, pid: int) -> dict[str, Any]:
    key = {"X-API-Key": KEY}
    async with httpx.AsyncClient(base_url=url, timeout=120, headers=key) as http:
        made = [(await http.post("/battles", json=battle_body())).json() for _ in range(BATTLES)]
        heads = [await moves(http, m["battle_id"], m["director_token"], BACKLOG) for m in made]
        target = made[0]
        seats = [
            (
                await http.post(
                    f"/battles/{target['battle_id']}/seats",
                    json={"creatures": ["hero"]},
                    headers={"Authorization": f"Bearer {target['director_token']}"},
                )
            ).json()["token"]
            for _ in range(READERS)
        ]
        alone = (await http.post("/battles", json=battle_body())).json()
    # the baseline: the same appends with no reader open (the hub reads nothing then)
    quiet = (alone["battle_id"], 2)
    cpu0 = cpu_seconds([pid])
    await asyncio.to_thread(appended, uri, quiet[0], quiet[1], APPENDS, 0.01)
    await asyncio.sleep(0.3)
    baseline = cpu_seconds([pid]) - cpu0
    every = sum(heads) + quiet[1] + APPENDS  # the baseline's battle is the key's too
    feed = await measure(
        url, uri, pid, "/feed", [f"X-API-Key: {KEY}"] * READERS, every,
        (target["battle_id"], heads[0]),
    )  # fmt: skip
    stream = await measure(
        url, uri, pid, f"/battles/{target['battle_id']}/stream",
        [f"Authorization: Bearer {t}" for t in seats], feed[2][1], feed[2],
    )  # fmt: skip
    per = APPENDS * READERS
    return {
        "feed_catch_up": feed[0],
        "feed_live": (feed[1] - baseline) / per * 1e6,
        "stream_catch_up": stream[0],
        "stream_live": (stream[1] - baseline) / per * 1e6,
        "backlog_feed": every,
        "backlog_stream": feed[2][1],
    }


def main() -> None:
    os.environ.setdefault("TURNLEDGER_MAX_CONNECTIONS_PER_CLIENT", "100000")
    os.environ["TURNLEDGER_API_KEY"] = KEY
    os.environ.setdefault("TURNLEDGER_STREAMS_PER_TOKEN", str(READERS + 1))
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        before = loadavg()
        with running_server(uri, http=EDGE) as served:
            found = asyncio.run(run(served.url, uri, served.pid))
        after = loadavg()
    print_table(
        f"{READERS} readers: server CPU per event per reader (us)",
        ["reader", "backlog events", "catch-up us", f"live us ({APPENDS} appends, 10 ms apart)"],
        [
            ["feed (GET /feed)", found["backlog_feed"], found["feed_catch_up"], found["feed_live"]],
            [
                "stream (GET /battles/{id}/stream)",
                found["backlog_stream"],
                found["stream_catch_up"],
                found["stream_live"],
            ],
        ],
    )
    console.print(
        f"loadavg (1 5 15) {' '.join(before)} -> {' '.join(after)}; the feed's backlog is every"
        " battle of the key, the stream's its one battle (the feed's target)."
    )


if __name__ == "__main__":
    main()
