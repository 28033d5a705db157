"""The edge under attack: each row of the "edge holds" issue's table while 8 clients play.

    python -m ops.bench bench_edge      (BENCH_EDGE_ROW_SECONDS=6)

Starts a default `turnledger serve` (rate limits on, no trusted proxy, an API key for
creations) on a throwaway embedded PostgreSQL. Eight normal clients (a process of their own,
so the attackers' work does not slow their clock) each play a battle of their own: a move,
then a read of the state, over and over. Then, one row at a time, an attacker does what the
issue's row did (scaled to run in seconds), each from loopback addresses of its own.

Per row: what the attack's requests were answered (status counts), the normal clients' p50
and p99 during it and the p99 against the quiet round's, their 5xx, and the server's peak
open file handles and resident memory (sampled every 0.1 s from /proc) and its memory when
the row is over. The target: no row takes the normal p99 past 3x the quiet one, nothing in
any row answers 5xx, memory returns to within 50 MB of where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from typing import Any

import httpx
import psutil

from events.migrate import upgrade
from ops.bench.common import console, percentile, print_table, throwaway_postgres
from ops.citus.stack import servers
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

ROW_SECONDS = float(os.environ.get("BENCH_EDGE_ROW_SECONDS", "6"))
NORMAL_CLIENTS = 8
KEY = "bench-edge-key"
BACKLOG = 5000


def battle_body() -> dict[str, Any]:
    return {
        "ruleset": "draw-steel",
        "options": {"turns": False},
        "map": {"width": 10, "height": 8},
        "creatures": [
            {"id": "hero", "side": "a", "at": [1, 1], "speeds": {"walk": 5}},
            {"id": "gob", "side": "b", "at": [6, 6], "speeds": {"walk": 5}},
        ],
    }


# -- the normal clients (a process of their own) ------------------------------------------


async def play(url: str, stop: Any, samples: list[tuple[float, float, int]]) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        made = (await http.post("/battles", json=battle_body(), headers={"X-API-Key": KEY})).json()
        battle, auth = made["battle_id"], {"Authorization": f"Bearer {made['director_token']}"}
        n = 0
        while not stop.is_set():
            move = {"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]}
            for method, path, body in (
                ("POST", f"/battles/{battle}/intents", move),
                ("GET", f"/battles/{battle}", None),
            ):
                began = time.time()
                try:
                    status = (await http.request(method, path, json=body, headers=auth)).status_code
                except httpx.HTTPError:
                    status = 0
                samples.append((began, time.time() - began, status))
            n += 1


def normal_clients(url: str, stop: Any, out: Connection) -> None:
    samples: list[tuple[float, float, int]] = []

    async def main() -> None:
        await asyncio.gather(*(play(url, stop, samples) for _ in range(NORMAL_CLIENTS)))

    asyncio.run(main())
    out.send(samples)
    out.close()


# -- the server's handles and memory ---------------------------------------------------------


class Sampler:
    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)
        self.peak_fds = self.peak_rss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def rss(self) -> int:
        with contextlib.suppress(psutil.Error):
            return int(self.process.memory_info().rss)
        return 0

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            with contextlib.suppress(psutil.Error):
                self.peak_fds = max(self.peak_fds, self.process.num_fds())
                self.peak_rss = max(self.peak_rss, self.rss())

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


# -- the attacks ----------------------------------------------------------------------------


class Attacker:
    def __init__(self, url: str) -> None:
        self.url = url
        host, port = url.removeprefix("http://").rsplit(":", 1)
        self.host, self.port = host, int(port)
        self.answers: Counter[int] = Counter()

    def client(self, source: str = "127.0.0.2") -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=source)
        return httpx.AsyncClient(base_url=self.url, transport=transport, timeout=60)

    async def count(self, call: Awaitable[httpx.Response]) -> httpx.Response | None:
        try:
            answer = await call
        except httpx.HTTPError:
            self.answers[0] += 1
            return None
        self.answers[answer.status_code] += 1
        return answer

    async def raw(self, source: str, first: bytes, then: bytes, every: float, until: float) -> None:
        """A connection that sends `first`, then `then` every `every` s until answered."""
        try:
            reader, writer = await asyncio.open_connection(
                self.host, self.port, local_addr=(source, 0)
            )
        except OSError:
            self.answers[-1] += 1  # not even accepted
            return
        answer = asyncio.create_task(reader.read(4096))
        try:
            writer.write(first)
            while not answer.done() and time.time() < until:
                with contextlib.suppress(ConnectionError):
                    if then:
                        writer.write(then)
                        await writer.drain()
                await asyncio.wait([answer], timeout=every)
            got = answer.result() if answer.done() and not answer.exception() else b""
            self.answers[int(got[9:12]) if got.startswith(b"HTTP/1.1 ") else 0] += 1
        except ConnectionError:
            self.answers[0] += 1
        finally:
            answer.cancel()
            writer.close()


async def backlog_battle(attacker: Attacker, uri: str) -> tuple[str, str, list[str]]:
    """A battle with `BACKLOG` more events (appended by another writer) and 10 seats."""
    async with attacker.client() as http:
        made = (await http.post("/battles", json=battle_body(), headers={"X-API-Key": KEY})).json()
        battle, director = made["battle_id"], made["director_token"]
        seats = [
            (
                await http.post(
                    f"/battles/{battle}/seats",
                    json={"creatures": ["hero"]},
                    headers={"Authorization": f"Bearer {director}"},
                )
            ).json()["token"]
            for _ in range(10)
        ]
    await asyncio.to_thread(append_backlog, uri, battle, made["version"] + 0)
    return battle, director, seats


def append_backlog(uri: str, battle: str, after: int) -> None:
    from events.store_postgres import PostgresEventStore
    from ops.bench.bench_store import META, bench_registry, sample_event

    engine = make_engine(to_sqlalchemy_url(uri))
    store = PostgresEventStore(
        engine, lambda: datetime.now(UTC), registry=bench_registry, notify="off"
    )
    head = store.head_version(battle)
    try:
        for n in range(BACKLOG // 10):
            store.append(battle, head + 10 * n, [sample_event(10 * n + i) for i in range(10)], META)
    finally:
        store.close()
        engine.dispose()


Row = tuple[str, Callable[[float], Awaitable[None]], float]


def rows(attacker: Attacker, big: tuple[str, str, list[str]]) -> list[Row]:
    a = attacker
    battle, director, seats = big
    stream_head = (
        b"GET /battles/%s/stream HTTP/1.1\r\nHost: b\r\n"
        b"Authorization: Bearer %s\r\nLast-Event-ID: 0\r\n\r\n"
    )

    async def quiet(until: float) -> None:
        await asyncio.sleep(until - time.time())

    async def streams(until: float) -> None:
        async def one(token: str, n: int) -> None:
            try:
                reader, writer = await asyncio.open_connection(
                    a.host, a.port, local_addr=(f"127.0.3.{n % 50 + 1}", 0)
                )
            except OSError:
                a.answers[-1] += 1
                return
            writer.write(stream_head % (battle.encode(), token.encode()))
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
                a.answers[int(head[9:12])] += 1
                while time.time() < until and await asyncio.wait_for(
                    reader.read(65536), until - time.time() + 0.1
                ):
                    pass
            except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.close()

        await asyncio.gather(*(one(t, n) for n, t in enumerate([director, *seats] * 8)))

    async def half_open(until: float) -> None:
        # opened a hundred at a time: a kernel's accept queue (uvicorn's backlog, 2048)
        # would otherwise hold the last ones in SYN retries past the row's end
        sources = ["127.0.0.3"] * 600 + [f"127.0.1.{n + 1}" for n in range(30) for _ in range(100)]
        held = []
        for n in range(0, len(sources), 100):
            held += [
                asyncio.create_task(a.raw(s, b"", b"", 0.5, until)) for s in sources[n : n + 100]
            ]
            await asyncio.sleep(0.05)
        await asyncio.gather(*held)

    async def dripping(until: float) -> None:
        await asyncio.gather(
            *(
                a.raw(f"127.0.4.{n % 10 + 1}", b"GET /healthz HTTP/1.1\r\n", b"X", 1.0, until)
                for n in range(1500)
            )
        )

    async def endless(until: float) -> None:
        body = (
            b"POST /battles HTTP/1.1\r\nHost: b\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n"
        )
        await asyncio.gather(
            *(a.raw(f"127.0.5.{n % 10 + 1}", body, b"1\r\n \r\n", 1.0, until) for n in range(1500))
        )

    async def huge_headers(until: float) -> None:
        pad = b"X-Pad: " + b"p" * 65000 + b"\r\n"
        await asyncio.gather(
            *(
                a.raw("127.0.0.9", b"GET /healthz HTTP/1.1\r\nHost: b\r\n", pad, 0.0, until)
                for _ in range(8)
            )
        )
        await quiet(until)

    async def forged_addresses(until: float) -> None:
        async with a.client("127.0.0.6") as http:
            for n in range(300):
                await a.count(
                    http.post(
                        "/battles",
                        json=battle_body(),
                        headers={
                            "X-API-Key": KEY,
                            "X-Forwarded-For": f"198.51.{n // 250}.{n % 250}",
                        },
                    )
                )
        await quiet(until)

    async def forged_retry(until: float) -> None:
        # the API key is the creator's principal: another client, without it, sends the
        # creator's address in X-Forwarded-For (and, to reach the key check, a wrong key)
        key = {"Idempotency-Key": "bench-edge-retry"}
        async with a.client("127.0.0.7") as creator, a.client("127.0.0.8") as other:
            made = await creator.post(
                "/battles", json=battle_body(), headers={**key, "X-API-Key": KEY}
            )
            token = made.json()["director_token"]
            for n in range(20):
                forged = {**key, "X-Forwarded-For": "127.0.0.7", "X-API-Key": f"guess-{n}"}
                got = await a.count(other.post("/battles", json=battle_body(), headers=forged))
                if got is not None and got.json().get("director_token") == token:
                    a.answers[999] += 1  # the creator's token leaked
        await quiet(until)

    async def junk_keys(until: float) -> None:
        async with a.client("127.0.0.10") as http:
            for n in range(200):
                await a.count(
                    http.post("/battles", json=battle_body(), headers={"X-API-Key": f"junk-{n}"})
                )
        await quiet(until)

    async def replayed_key(until: float) -> None:
        move = {"type": "move", "creature": "hero", "path": [[1, 2]]}
        async with a.client("127.0.0.11") as http:
            made = (
                await http.post("/battles", json=battle_body(), headers={"X-API-Key": KEY})
            ).json()
            b, d = made["battle_id"], {"Authorization": f"Bearer {made['director_token']}"}
            hero = (
                await http.post(f"/battles/{b}/seats", json={"creatures": ["hero"]}, headers=d)
            ).json()["token"]
            gob = (
                await http.post(f"/battles/{b}/seats", json={"creatures": ["gob"]}, headers=d)
            ).json()["token"]
            key = {"Idempotency-Key": "k1"}
            await http.post(
                f"/battles/{b}/intents",
                json=move,
                headers={**key, "Authorization": f"Bearer {hero}"},
            )
            for _ in range(50):
                await a.count(
                    http.post(
                        f"/battles/{b}/intents",
                        json=move,
                        headers={**key, "Authorization": f"Bearer {gob}"},
                    )
                )
        await quiet(until)

    async def verifies(until: float) -> None:
        auth = {"Authorization": f"Bearer {seats[0]}"}
        async with a.client("127.0.0.12") as http:
            while time.time() < until:
                await asyncio.gather(
                    *(
                        a.count(http.get(f"/battles/{battle}/verify", headers=auth))
                        for _ in range(8)
                    )
                )

    async def bad_text(until: float) -> None:
        auth = {"Authorization": f"Bearer {director}"}
        async with a.client("127.0.0.13") as http:
            await a.count(
                http.post(
                    f"/battles/{battle}/seats",
                    json={"creatures": ["hero"], "name": "a\x00"},
                    headers=auth,
                )
            )
            await a.count(
                http.get(f"/battles/{battle}/stream", headers={**auth, "Last-Event-ID": b"\xb2"})
            )  # type: ignore[dict-item]
            await a.count(
                http.get(f"/battles/{battle}/stream", headers={**auth, "Last-Event-ID": "99999999"})
            )
        await quiet(until)

    async def idle_sockets(until: float) -> None:
        # 2,000 connections from ten addresses that send nothing (past descriptor 1,023 in
        # the server: its new database connections are opened beyond it)
        held = []
        for n in range(0, 2000, 100):
            held += [
                asyncio.create_task(a.raw(f"127.0.6.{(n + k) % 10 + 1}", b"", b"", 0.5, until))
                for k in range(100)
            ]
            await asyncio.sleep(0.05)
        await asyncio.gather(*held)

    replay_head = (
        b"GET /battles/%s/replay?states=each HTTP/1.1\r\nHost: b\r\n"
        b"Authorization: Bearer %s\r\n\r\n"
    )

    async def replays_unread(until: float) -> None:
        async def one(n: int) -> None:
            try:
                reader, writer = await asyncio.open_connection(
                    a.host, a.port, local_addr=(f"127.0.7.{n % 8 + 1}", 0)
                )
            except OSError:
                a.answers[-1] += 1
                return
            writer.write(replay_head % (battle.encode(), director.encode()))
            try:
                head = await asyncio.wait_for(reader.read(12), until - time.time())
                a.answers[int(head[9:12]) if head.startswith(b"HTTP/1.1 ") else 0] += 1
                await asyncio.sleep(max(0.0, until - time.time()))  # never read the rest
            except (TimeoutError, ConnectionError, ValueError):
                a.answers[0] += 1
            finally:
                writer.close()

        await asyncio.gather(*(one(n) for n in range(64)))

    async def replays_read(until: float) -> None:
        auth = {"Authorization": f"Bearer {director}"}

        async def one(n: int) -> None:
            async with a.client(f"127.0.8.{n % 8 + 1}") as http:
                while time.time() < until:
                    got = await a.count(
                        http.get(
                            f"/battles/{battle}/replay", params={"states": "each"}, headers=auth
                        )
                    )
                    if got is None or got.status_code != 200:
                        await asyncio.sleep(0.5)

        await asyncio.gather(*(one(n) for n in range(64)))

    async def half_open_twenty(until: float) -> None:
        # 20 addresses x 230 half-open connections (past the process total of 4,096),
        # opened again as the server closes them
        async def keep(source: str) -> None:
            while time.time() < until:
                await a.raw(source, b"", b"", 0.5, until)

        await asyncio.gather(
            *(keep(f"127.0.9.{n % 20 + 1}") for n in range(20 * 230)),
            fresh(until),
        )

    async def fresh(until: float) -> None:
        # a fresh address beside them, once a second: it must get in
        async with a.client("127.0.10.1") as http:
            while time.time() < until:
                got = await a.count(http.get("/healthz"))
                a.answers[1000 + (got.status_code if got is not None else 0)] += 1
                await asyncio.sleep(1.0)

    r = ROW_SECONDS
    return [
        ("quiet round", quiet, r),
        ("88 streams of 11 tokens from version 0, 5,000-event battle", streams, r),
        ("3,600 half-open connections (600 from one address)", half_open, 10.0),
        ("1,500 heads dripped a byte a second (12 s)", dripping, 12.0),
        ("1,500 chunked bodies that never end (32 s)", endless, 32.0),
        ("8 requests offering 50 MB+ of headers", huge_headers, r),
        ("a creation's retry from elsewhere, the creator's XFF (x20)", forged_retry, r),
        ("200 creations with junk X-API-Keys", junk_keys, r),
        ("another player's idempotency key replayed (x50)", replayed_key, r),
        ("300 creations, a rotating X-Forwarded-For", forged_addresses, r),
        ("/verify 8 at once by a player, 5,000-event battle", verifies, r),
        ("seat 'a\\u0000', Last-Event-ID '²' and past the head", bad_text, r),
        ("2,000 idle sockets from 10 addresses", idle_sockets, 10.0),
        ("64 replays (states=each, 5,000 events) never read", replays_unread, r),
        ("64 replay readers reading, 5,000-event battle", replays_read, r),
        (
            "20 addresses of half-open connections, reopened; a fresh one (1xxx)",
            half_open_twenty,
            10.0,
        ),
        ("quiet round again", quiet, r),
    ]


def limiter_cost() -> tuple[float, float]:
    """Microseconds a check costs: ours (GCRA), and the moving window it replaced (the
    `limits` library's), for 1,000 clients at 6000/minute."""
    from limits import parse
    from limits.storage import MemoryStorage
    from limits.strategies import MovingWindowRateLimiter

    from server.api.rate_limits import RateLimits

    limits = RateLimits("120/minute", "6000/minute", "6000/minute")
    keys = [f"seat:b:{n % 1000}" for n in range(100_000)]
    began = time.perf_counter()
    for key in keys:
        limits.check("read", key)
    ours = (time.perf_counter() - began) / len(keys) * 1e6
    window, item = MovingWindowRateLimiter(MemoryStorage()), parse("6000/minute")
    began = time.perf_counter()
    for key in keys:
        window.hit(item, "read", key)
    return ours, (time.perf_counter() - began) / len(keys) * 1e6


async def attack(url: str, uri: str, pid: int) -> list[list[Any]]:
    attacker = Attacker(url)
    big = await backlog_battle(attacker, uri)
    table: list[list[Any]] = []
    for name, row, seconds in rows(attacker, big):
        attacker.answers = Counter()
        before = Sampler(pid).rss()
        with Sampler(pid) as sampler:
            began = time.time()
            await row(began + seconds)
            ended = time.time()
            await asyncio.sleep(1.5)  # what the row left open is answered and closed
        table.append(
            [
                name,
                began,
                ended,
                dict(attacker.answers),
                sampler.peak_fds,
                sampler.peak_rss,
                before,
                Sampler(pid).rss(),
            ]
        )
    return table


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        env = {
            "TURNLEDGER_RATE_LIMITS": "on",
            "TURNLEDGER_TRUSTED_PROXIES": "",
            "TURNLEDGER_API_KEY": KEY,
        }
        with servers(to_sqlalchemy_url(uri), 1, env) as started:
            url, process = started[0]
            spawn = multiprocessing.get_context("spawn")
            receive, send = spawn.Pipe(duplex=False)
            stop = spawn.Event()
            normal = spawn.Process(target=normal_clients, args=(url, stop, send))
            normal.start()
            time.sleep(3)
            table = asyncio.run(attack(url, uri, process.pid))
            stop.set()
            samples = receive.recv()
            normal.join()
    quiet = [lat for t, lat, _ in samples if table[0][1] <= t < table[0][2]]
    quiet_p99 = percentile(quiet, 99)
    out = []
    for name, began, ended, answers, fds, peak, before, after in table:
        during = [(lat, status) for t, lat, status in samples if began <= t < ended]
        latencies = [lat for lat, _ in during]
        p99 = percentile(latencies, 99)
        out.append(
            [
                name,
                " ".join(f"{k}:{v}" for k, v in sorted(answers.items())) or "-",
                len(latencies),
                percentile(latencies, 50) * 1000,
                p99 * 1000,
                p99 / quiet_p99,
                sum(1 for _, s in during if s >= 500),
                sum(v for k, v in answers.items() if k >= 500 and k not in (503, 999)),
                fds,
                peak / 2**20,
                (after - before) / 2**20,
            ]
        )
    print_table(
        f"The edge under attack: {NORMAL_CLIENTS} normal clients playing, one attack per row",
        [
            "row",
            "attack answered (status:count)",
            "normal requests",
            "p50 ms",
            "p99 ms",
            "p99 / quiet",
            "normal 5xx",
            "attack 5xx but 503",
            "peak fds",
            "peak rss MB",
            "rss after - before MB",
        ],
        out,
    )
    console.print(
        "1xxx: a fresh address's /healthz beside the half-open connections (1200: served). "
        "503 is the answer to a connection past the caps (HTTP's own); "
        "status 0: the connection closed or timed out without an answer (a dripping client"
        " still waiting when its row ended); -1: not accepted; 999: a creator's token leaked."
        " Rate limiter, us a check for 1,000 clients: {:.2f} (GCRA), {:.2f} (the moving"
        " window it replaced).".format(*limiter_cost())
    )


if __name__ == "__main__":
    main()
