"""The edge under attack: each row of the "edge holds" issue's table while 8 clients play.

    python -m ops.bench bench_edge      (BENCH_EDGE_ROW_SECONDS=6)

Starts a default `turnledger serve` (rate limits on, no trusted proxy, an API key for
creations) on a throwaway embedded PostgreSQL of this process's own (its `DATABASE_URL`: the
operator's database, which the server waits for and does not restart). Eight normal clients
(a process of their own, so the attackers' work does not slow their clock) each play a battle
of their own: a move, then a read of the state, over and over. Then, one row at a time, an
attacker does what the issue's row did (scaled to run in seconds), each from loopback
addresses of its own.

The rows that read a long battle (streams, /verify, replays) read the largest battle within
the limits (docs/limits.md: 200 creatures, a 200x200 map) with 5,000 events played into it
through the server's own command table (real moves, judged and logged as the server logs
them); before the rows, its replay is read through the real route, every page, and must be
answered 200. The database row stops the PostgreSQL (`pg_ctl stop -m immediate`) while the
clients play, keeps it down `BENCH_EDGE_ROW_SECONDS`, and starts it again on the same folder.

Per row: what the attack's requests were answered (status counts), the normal clients' p50
and p99 during it and the p99 against the quiet round's, their 5xx, the server's peak open
file handles; then the server's resident memory before the row, its peak (sampled every
0.1 s from /proc) and after it (once the server's CPU has fallen back to the quiet round's
rate, at most a minute), and the CPU time per request (normal and attack alike) of the
server and of PostgreSQL (/proc). For the database row: its normal clients' 503s, the
slowest answer while the database was down against the documented bound (the connect timeout
plus a second), other 5xx, how long after the start writes succeed again, and the p99 from
then on. The target: no row takes the normal p99 past 3x the quiet one, nothing in any row
answers 5xx (but the database row's 503s, in time), memory returns to within 50 MB of where
it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
import psutil

from engine.intents import parse_intent
from events.migrate import upgrade
from ops.bench.bench_http import cpu_seconds, postgres_pids
from ops.bench.common import console, percentile, print_table, throwaway_postgres_server
from ops.citus.stack import servers
from ops.soak.abuse import largest_within_limits
from server.commands.types import SubmitIntent
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.settings import Settings
from server.readers.identity import authenticate
from server.wiring import wire_services

ROW_SECONDS = float(os.environ.get("BENCH_EDGE_ROW_SECONDS", "6"))
NORMAL_CLIENTS = 8
KEY = "bench-edge-key"
BACKLOG = 5000
ROW_GRACE = 30.0
"""Seconds a row may run past its end before it is cut off (its open requests cancelled)."""
SETTLE_MAX = 180.0
"""Seconds the server is given after a row to finish what the row left it (pages still being
made for readers gone), as `settle` tells."""
CONNECT_TIMEOUT = float(Settings.model_fields["connect_timeout"].default)
"""The documented default (TURNLEDGER_CONNECT_TIMEOUT): a stopped database refuses at once,
so every request is answered 503 within it plus a second (docs/limits.md)."""


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


Sample = tuple[float, float, int, bool]
"""A normal client's request: sent at, seconds to its answer, status (0: none), a write."""


async def play(url: str, stop: Any, samples: list[Sample]) -> None:
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
                samples.append((began, time.time() - began, status, method == "POST"))
            n += 1


def normal_clients(url: str, stop: Any, out: Connection) -> None:
    samples: list[Sample] = []

    async def main() -> None:
        await asyncio.gather(*(play(url, stop, samples) for _ in range(NORMAL_CLIENTS)))

    asyncio.run(main())
    out.send(samples)
    out.close()


# -- the server's handles, memory and CPU, and PostgreSQL's CPU ------------------------------


class Sampler:
    """The server's peak file handles and resident memory (every 0.1 s), and the CPU seconds
    the server and PostgreSQL spend from `__enter__` on (PostgreSQL's processes counted each
    from when it is first seen: a restarted database's new backends are counted whole)."""

    def __init__(self, pid: int, uri: str) -> None:
        self.process = psutil.Process(pid)
        self.pid, self.uri = pid, uri
        self.peak_fds = self.peak_rss = 0
        self.pg_first: dict[int, float] = {}
        self.pg_last: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def rss(self) -> int:
        with contextlib.suppress(psutil.Error):
            return int(self.process.memory_info().rss)
        return 0

    def server_cpu(self) -> float:
        return cpu_seconds([self.pid])

    def pg_cpu(self) -> float:
        """PostgreSQL's CPU seconds since `__enter__`, as last seen (refreshed now)."""
        self._sample_pg()
        return sum(self.pg_last[pid] - self.pg_first[pid] for pid in self.pg_last)

    def _sample_pg(self) -> None:
        for pid in postgres_pids(self.uri):
            spent = cpu_seconds([pid])
            self.pg_first.setdefault(pid, spent if self._entering else 0.0)
            self.pg_last[pid] = max(self.pg_last.get(pid, 0.0), spent)

    def _run(self) -> None:
        n = 0
        while not self._stop.wait(0.1):
            with contextlib.suppress(psutil.Error):
                self.peak_fds = max(self.peak_fds, self.process.num_fds())
                self.peak_rss = max(self.peak_rss, self.rss())
            n += 1
            if n % 5 == 0:  # listing /proc costs more than reading one process
                self._sample_pg()

    def __enter__(self) -> Sampler:
        self._entering = True
        self._sample_pg()
        self._entering = False
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
        self.marks: dict[str, float] = {}

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


Backlog = tuple[str, str, list[str]]
"""The long battle: its id, its director's token, and 10 seats' tokens."""


def backlog_body() -> dict[str, Any]:
    """The largest battle within the limits (docs/limits.md), out of turns: any creature
    moves at any time."""
    return largest_within_limits() | {"options": {"turns": False}}


async def backlog_battle(attacker: Attacker, uri: str, data_dir: Path) -> Backlog:
    """The largest battle within the limits with `BACKLOG` events played into it by another
    writer (this process) and 10 seats; its replay read whole through the route first."""
    async with attacker.client() as http:
        made = await http.post("/battles", json=backlog_body(), headers={"X-API-Key": KEY})
        made.raise_for_status()
        battle, director = made.json()["battle_id"], made.json()["director_token"]
        seats = [
            (
                await http.post(
                    f"/battles/{battle}/seats",
                    json={"creatures": ["c000"]},
                    headers={"Authorization": f"Bearer {director}"},
                )
            ).json()["token"]
            for _ in range(10)
        ]
    began = time.time()
    head = await asyncio.to_thread(lambda: asyncio.run(played(uri, data_dir, battle, director)))
    console.print(f"backlog: {head:,} events played in {time.time() - began:.0f} s")
    await replayed_whole(attacker, battle, director, head)
    return battle, director, seats


async def played(uri: str, data_dir: Path, battle: str, token: str) -> int:
    """Moves until the battle's log holds `BACKLOG` events, through the server's own command
    table on the same database and key store: each creature in turn steps a square forth,
    then back, every move judged and logged as the server logs it (IntentAccepted, Moved)."""
    engine = make_engine(to_sqlalchemy_url(uri))
    wired = wire_services(Settings(data_dir=data_dir), engine)
    await wired.start()
    try:
        director = authenticate(wired.ports.directory, battle, token)
        assert director is not None, "the server's token is not this process's"
        version, n = 0, 0
        while version < BACKLOG:
            creature, back = n % 200, (n // 200) % 2
            move = {"type": "move", "creature": f"c{creature:03d}", "to": [creature, 101 - back]}
            outcome = await wired.commands.dispatch(SubmitIntent(director, parse_intent(move)))
            assert outcome.refused is None, outcome.refused
            version, n = outcome.version, n + 1
        return version
    finally:
        await wired.stop()
        engine.dispose()


async def replayed_whole(attacker: Attacker, battle: str, director: str, head: int) -> None:
    """The battle's replay through the real route, every page: the backlog must be what a
    replay reads (a page answered 500 would make the replay rows measure an error path).
    States after the last step of each page; the first page again with every state. Pages
    are followed by `to` (`next_from` is missing on a page the 500-event cap ends: counted)."""
    auth = {"Authorization": f"Bearer {director}"}
    async with attacker.client("127.0.0.14") as http:
        http.timeout = httpx.Timeout(120)
        end, pages, unsaid = 0, 0, 0
        while end < head:
            got = await http.get(
                f"/battles/{battle}/replay",
                params={"from": end + 1, "states": "last"},
                headers=auth,
            )
            if got.status_code != 200:
                raise RuntimeError(f"replay from {end + 1}: {got.status_code} {got.text[:300]}")
            page = got.json()
            end, pages = page["to"], pages + 1
            unsaid += end < head and page.get("next_from") != end + 1
        each = await http.get(f"/battles/{battle}/replay", headers=auth)
        if each.status_code != 200:
            raise RuntimeError(f"replay, every state: {each.status_code} {each.text[:300]}")
        steps = len(each.json()["steps"])
    console.print(
        f"backlog replay: {pages} pages to version {end:,} (states=last) answered 200, {unsaid}"
        f" of them not the last but without next_from; the first page with every state:"
        f" {steps} steps, {len(each.content) / 2**20:.1f} MB, {each.elapsed.total_seconds():.1f} s"
    )


Row = tuple[str, Callable[[float], Awaitable[None]], float]


def rows(attacker: Attacker, big: Backlog, postgres: Any) -> list[Row]:
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
                    # an answer not begun 10 s after the row's end is not waited for
                    got = await a.count(
                        http.get(
                            f"/battles/{battle}/replay",
                            params={"states": "each"},
                            headers=auth,
                            timeout=until - time.time() + 10.0,
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

    async def database_stops(until: float) -> None:
        # the clients play on with it up, then down for a row's seconds, then started again
        # on the same folder and socket, and on to the row's end (at least 8 s more)
        await asyncio.sleep(2.0)
        a.marks["stopped"] = time.time()
        await asyncio.to_thread(stop_database, postgres)
        await asyncio.sleep(ROW_SECONDS)
        a.marks["starting"] = time.time()
        await asyncio.to_thread(start_database, postgres)
        a.marks["started"] = time.time()
        await asyncio.sleep(max(until - time.time(), 8.0))

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
        ("64 replays (states=each) of the 5,000-event battle never read", replays_unread, r),
        ("64 replay readers (states=each) reading, 5,000-event battle", replays_read, r),
        (
            "20 addresses of half-open connections, reopened; a fresh one (1xxx)",
            half_open_twenty,
            10.0,
        ),
        ("the database stopped (-m immediate) and started again", database_stops, r + 12.0),
        ("quiet round again", quiet, r),
    ]


def stop_database(postgres: Any) -> None:
    """`pg_ctl stop -m immediate`: the postmaster and every backend end at once (a crash, as
    far as the server can tell); PostgreSQL recovers on its next start."""
    from pgserver._commands import pg_ctl  # type: ignore[attr-defined]

    pg_ctl(["-m", "immediate", "stop"], pgdata=postgres.pgdata, user=postgres.system_user)


def start_database(postgres: Any) -> None:
    """Started again on the same folder and socket, as its operator would (a database of
    `DATABASE_URL` is not the server's to restart: docs/limits.md). pgserver gives
    `pg_ctl start` 10 s, which crash recovery on a loaded machine can pass: asked once more."""
    try:
        with type(postgres)._lock:
            postgres.ensure_postgres_running()
    except subprocess.TimeoutExpired:
        with type(postgres)._lock:
            postgres.ensure_postgres_running()


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


@dataclass
class Measured:
    """One row as measured: its times (row began, ended, the server settled), what the attack
    was answered, the server's peak handles and memory, and the CPU seconds spent."""

    name: str
    began: float
    ended: float
    settled: float
    answers: dict[int, int]
    fds: int
    rss_before: int
    rss_peak: int
    rss_after: int
    server_cpu: float
    pg_cpu: float
    marks: dict[str, float]


async def attack(url: str, uri: str, pid: int, postgres: Any, data_dir: Path) -> list[Measured]:
    attacker = Attacker(url)
    big = await backlog_battle(attacker, uri, data_dir)
    table: list[Measured] = []
    quiet: tuple[float, float] | None = None
    for name, row, seconds in rows(attacker, big, postgres):
        attacker.answers, attacker.marks = Counter(), {}
        sampler = Sampler(pid, uri)
        before, server_before = sampler.rss(), sampler.server_cpu()
        with sampler:
            began = time.time()
            try:
                await asyncio.wait_for(row(began + seconds), seconds + ROW_GRACE)
            except TimeoutError:
                attacker.answers[-2] += 1  # cut off: its open requests cancelled
            ended = time.time()
            await settle(sampler, attacker, quiet)
            settled = time.time()
        server_cpu = sampler.server_cpu() - server_before
        if quiet is None:
            answers = sorted([await probe(attacker) for _ in range(5)])
            quiet = server_cpu / (settled - began), answers[2]
        table.append(
            Measured(
                name,
                began,
                ended,
                settled,
                dict(attacker.answers),
                sampler.peak_fds,
                before,
                max(sampler.peak_rss, before),
                sampler.rss(),
                server_cpu,
                sampler.pg_cpu(),
                dict(attacker.marks),
            )
        )
    return table


async def probe(attacker: Attacker) -> float:
    """Seconds a /healthz takes from an address of its own (30 at most): how long the
    server's event loop and its database round trip keep a request waiting."""
    began = time.time()
    with contextlib.suppress(httpx.HTTPError):
        async with attacker.client("127.0.0.15") as http:
            await http.get("/healthz", timeout=30)
    return time.time() - began


async def settle(sampler: Sampler, attacker: Attacker, quiet: tuple[float, float] | None) -> None:
    """What the row left open is answered and closed (1.5 s), and what the server still does
    for it (a page made for a reader gone) is done, for at most `SETTLE_MAX` seconds: its CPU
    over a second back within 1.5x the quiet round's rate and two /healthz in a row within 3x
    the quiet round's (`quiet`: that CPU rate and that /healthz's seconds). On a loaded machine
    the CPU alone would not tell: a server short of CPU spends little however busy it is."""
    await asyncio.sleep(1.5)
    if quiet is None:
        return
    rate, answer = quiet
    deadline, calm = time.time() + SETTLE_MAX, 0
    while time.time() < deadline and calm < 2:
        last = sampler.server_cpu()
        took = await probe(attacker)
        await asyncio.sleep(max(0.0, 1.0 - took))
        spent = (sampler.server_cpu() - last) / max(1.0, took)
        calm = calm + 1 if spent <= 1.5 * rate + 0.05 and took <= max(3 * answer, 0.05) else 0


def main() -> None:
    with (
        throwaway_postgres_server() as postgres,
        tempfile.TemporaryDirectory(prefix="turnledger-bench-edge-") as data_dir,
    ):
        uri = postgres.get_uri()
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        env = {
            "TURNLEDGER_RATE_LIMITS": "on",
            "TURNLEDGER_TRUSTED_PROXIES": "",
            "TURNLEDGER_API_KEY": KEY,
            # the key store this process shares with the server, to play the backlog
            "TURNLEDGER_DATA_DIR": data_dir,
        }
        with servers(to_sqlalchemy_url(uri), 1, env) as started:
            url, process = started[0]
            spawn = multiprocessing.get_context("spawn")
            receive, send = spawn.Pipe(duplex=False)
            stop = spawn.Event()
            normal = spawn.Process(target=normal_clients, args=(url, stop, send))
            normal.start()
            time.sleep(3)
            try:
                table = asyncio.run(attack(url, uri, process.pid, postgres, Path(data_dir)))
            finally:
                stop.set()
                samples = receive.recv()
                normal.join()
    report(table, samples)


def report(table: list[Measured], samples: list[Sample]) -> None:
    width, console.width = console.width, max(console.width, 240)  # a row's name on one line
    try:
        tables(table, samples)
    finally:
        console.width = width


def tables(table: list[Measured], samples: list[Sample]) -> None:
    quiet_row = table[0]
    quiet_p99 = percentile([s[1] for s in samples if quiet_row.began <= s[0] < quiet_row.ended], 99)
    out, resources = [], []
    for m in table:
        during = [s for s in samples if m.began <= s[0] < m.ended]
        latencies = [s[1] for s in during]
        p99 = percentile(latencies, 99)
        out.append(
            [
                m.name,
                " ".join(f"{k}:{v}" for k, v in sorted(m.answers.items())) or "-",
                len(latencies),
                percentile(latencies, 50) * 1000,
                p99 * 1000,
                p99 / quiet_p99,
                sum(1 for s in during if s[2] == 503),
                sum(1 for s in during if s[2] >= 500 and s[2] != 503),
                sum(1 for s in during if s[2] == 0),
                sum(v for k, v in m.answers.items() if 500 <= k < 999 and k != 503),
                m.fds,
            ]
        )
        # every request the server answered from the row's start until it settled
        normal = sum(1 for s in samples if m.began <= s[0] < m.settled)
        attack = sum(v for k, v in m.answers.items() if 0 < k < 999)
        requests = normal + attack
        grew = (m.rss_after - m.rss_before) / 2**20
        resources.append(
            [
                m.name,
                m.rss_before / 2**20,
                m.rss_peak / 2**20,
                m.rss_after / 2**20,
                grew,
                "yes" if grew <= 50 else "NO",
                (m.rss_after - quiet_row.rss_before) / 2**20,
                m.settled - m.ended,
                requests,
                m.server_cpu / requests * 1000 if requests else float("nan"),
                m.pg_cpu / requests * 1000 if requests else float("nan"),
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
            "normal 503",
            "normal 5xx but 503",
            "normal unanswered",
            "attack 5xx but 503",
            "peak fds",
        ],
        out,
    )
    console.print(
        "1xxx: a fresh address's /healthz beside the half-open connections (1200: served). "
        "503 is the answer to a connection past the caps (HTTP's own); "
        "status 0: the connection closed or timed out without an answer (a dripping client"
        " still waiting when its row ended, a replay not begun 10 s after its row's end);"
        " -1: not accepted; -2: the row cut off"
        f" {ROW_GRACE:.0f} s after its end; 999: a creator's token leaked."
        " Rate limiter, us a check for 1,000 clients: {:.2f} (GCRA), {:.2f} (the moving"
        " window it replaced). normal unanswered: no answer within the client's 60 s, or the"
        " connection closed.".format(*limiter_cost())
    )
    print_table(
        "The server's memory and CPU per row (/proc)",
        [
            "row",
            "rss before MB",
            "peak MB",
            "after MB",
            "after - before MB",
            "within 50 MB",
            "after - first quiet MB",
            "settled after s",
            "requests",
            "server cpu ms/req",
            "pg cpu ms/req",
        ],
        resources,
    )
    console.print(
        "after: once the server's CPU fell back to 1.5x the quiet round's rate and /healthz"
        " to 3x its time (settled after: seconds past the row's end, at most"
        f" {SETTLE_MAX:.0f}); requests: the normal"
        " clients' and the attack's answered ones, from the row's start until it settled;"
        " cpu per request: user + system time over them; after - first quiet: against the"
        " memory before the first quiet round (a row that did not give its memory back leaves"
        " the next row's `before` high)."
    )
    database = next((m for m in table if "stopped" in m.marks), None)
    if database is not None:
        print_table(
            "The database stopped and started again, for the normal clients",
            [
                "503s",
                "slowest answer while down s",
                "bound s",
                "5xx but 503",
                "down s",
                "start took s",
                "writes again after the start s",
                "p99 after recovery ms",
                "p99 / quiet",
            ],
            [database_row(database, samples, quiet_p99)],
        )
        console.print(
            "while down: from the stop until PostgreSQL accepted again (its start included);"
            " the slowest answer counts a request in flight at the stop from the stop; bound:"
            " the connect timeout plus a second (docs/limits.md); p99 after recovery: from the"
            " first write answered 201 after the start to the row's end."
        )


def database_row(m: Measured, samples: list[Sample], quiet_p99: float) -> list[Any]:
    stopped, starting, started = m.marks["stopped"], m.marks["starting"], m.marks["started"]
    during = [s for s in samples if m.began <= s[0] < m.ended]
    answered_while_down = [
        s[0] + s[1] - max(s[0], stopped) for s in during if s[0] < started and s[0] + s[1] > stopped
    ]
    writes_back = sorted(s[0] + s[1] for s in during if s[3] and s[2] == 201 and s[0] >= starting)
    back = writes_back[0] if writes_back else float("nan")
    after = [s[1] for s in during if s[0] >= back]
    p99 = percentile(after, 99)
    return [
        sum(1 for s in during if s[2] == 503),
        max(answered_while_down, default=float("nan")),
        CONNECT_TIMEOUT + 1,
        sum(1 for s in during if s[2] >= 500 and s[2] != 503),
        started - stopped,
        started - starting,
        back - started,
        p99 * 1000,
        p99 / quiet_p99,
    ]


if __name__ == "__main__":
    main()
