"""Live events written to every stream in one pass (no wake-up per stream): streams of every
kind of reader (the director, players who may and may not see a hidden creature, and one
whose rights change as the director hides and reveals it), opened at any point while the
log grows, each get exactly the bytes a reader of their kind reads, every event once and in
order across the switch from catching up to live; and a reader that stops reading for a
while is bounded and then gets the rest, in order, once."""

from __future__ import annotations

import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.api import stream
from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.state.stream_hub import StreamHub
from tests.e2e.conftest import API_KEY, Running
from tests.e2e.test_hidden_creatures import LURKER, battle_with_lurker

SETTINGS = {"stream_heartbeat": 0.5, "log_level": "warning", "api_key": API_KEY}
EVENT = re.compile(rb"id: (\d+)\r\nevent: [^\r\n]*\r\ndata: [^\r\n]*\r\n\r\n")


@pytest.fixture(scope="module")
def live(module_database: str) -> Iterator[tuple[Running, FastAPI]]:
    settings = Settings(database_url=to_sqlalchemy_url(module_database), **SETTINGS)
    engine = make_engine(to_sqlalchemy_url(module_database), pool_size=20)
    app = create_app(settings, engine)
    try:
        with serving(app, log_level="warning") as url:
            yield Running(url, module_database), app
    finally:
        engine.dispose()


def hub_of(app: FastAPI) -> StreamHub:
    hub: StreamHub = app.state.services.hub
    return hub


@dataclass
class Raw:
    """A stream read in a thread, kept as the body's bytes (heartbeats left out)."""

    server: Running
    battle_id: str
    token: str
    after: int | None = None
    stop_at: int | None = None
    events: list[tuple[int, bytes]] = field(default_factory=list)
    opened: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    status: int = 0
    error: BaseException | None = None

    def start(self) -> Raw:
        threading.Thread(target=self._run, daemon=True).start()
        assert self.opened.wait(15), "the stream did not open"
        return self

    def _run(self) -> None:
        headers = {"Last-Event-ID": str(self.after)} if self.after is not None else {}
        body = b""
        try:
            with (
                self.server.client(self.token, headers=headers, timeout=30) as http,
                http.stream("GET", f"/battles/{self.battle_id}/stream") as answer,
            ):
                self.status = answer.status_code
                self.opened.set()
                for data in answer.iter_bytes():
                    body += data
                    while (end := body.find(b"\r\n\r\n")) >= 0:
                        message, body = body[: end + 4], body[end + 4 :]
                        if message.startswith(b":"):
                            continue  # a heartbeat
                        found = EVENT.fullmatch(message)
                        assert found is not None, message
                        self.events.append((int(found[1]), message))
                    stop_at = self.stop_at
                    if stop_at is not None and self.events and self.events[-1][0] >= stop_at:
                        return
                    if self.done.is_set():
                        return
        except BaseException as exc:  # reported by the test
            self.error = exc
        finally:
            self.opened.set()
            self.done.set()


def test_streams_of_every_kind_of_reader_get_their_bytes_once_in_order_while_written_live(
    live: tuple[Running, FastAPI],
) -> None:
    server, app = live
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        made = http.post("/battles", json=battle_with_lurker([6, 6])).json()
    battle, director = made["battle_id"], made["director_token"]
    url = f"/battles/{battle}"
    tokens = {"director": director}
    with server.client(director) as http:
        for name, creatures in (("hero", ["hero"]), ("gob", ["gob"]), ("lurker", [LURKER])):
            tokens[name] = http.post(f"{url}/seats", json={"creatures": creatures}).json()["token"]
    intents = [
        {"type": "move", "creature": "hero", "path": [[1, 2]]},
        {"type": "move", "creature": LURKER, "path": [[6, 5]]},
        {"type": "move", "creature": "hero", "path": [[1, 1]]},
        {"type": "move", "creature": LURKER, "path": [[6, 6]]},
        {"type": "hide", "creature": LURKER, "visible_to": ["monsters"]},  # the goblin sees it
        {"type": "move", "creature": LURKER, "path": [[6, 5]]},
        {"type": "move", "creature": "hero", "path": [[1, 2]]},
        {"type": "move", "creature": LURKER, "path": [[6, 6]]},
        {"type": "reveal", "creature": LURKER},  # everyone sees it from here
        {"type": "move", "creature": LURKER, "path": [[6, 5]]},
        {"type": "hide", "creature": LURKER},  # hidden from every player again
        {"type": "move", "creature": "hero", "path": [[1, 1]]},
        {"type": "move", "creature": LURKER, "path": [[6, 6]]},
    ]
    stop = threading.Event()

    def write() -> None:
        with server.client(director) as http:
            n = 0
            while not stop.is_set():
                answer = http.post(f"{url}/intents", json=intents[n % len(intents)])
                assert answer.status_code == 201, answer.text
                n += 1

    writer = threading.Thread(target=write, daemon=True)
    hub = hub_of(app)
    handed = hub.handed_live
    writer.start()
    chance = random.Random(25)
    readers: list[tuple[str, Raw]] = []
    try:
        for _ in range(3):  # three streams per token (of its cap of eight), four tokens
            for name, token in tokens.items():
                with server.client(director) as http:
                    head = int(http.get(url).json()["version"])
                after = chance.choice([None, chance.randint(0, head)])
                readers.append((name, Raw(server, battle, token, after).start()))
                time.sleep(chance.uniform(0.0, 0.2))
        time.sleep(1.0)
    finally:
        stop.set()
        writer.join(timeout=30)
    with server.client(director) as http:
        final = int(http.get(url).json()["version"])
    for _, r in readers:
        r.stop_at = final
    # what each kind of reader reads, from a stream that only catches up (through `send`)
    whole = {
        name: Raw(server, battle, token, 0, stop_at=final).start() for name, token in tokens.items()
    }
    for r in [*whole.values(), *(r for _, r in readers)]:
        assert r.done.wait(30), "a stream never reached the battle's head"
        assert r.error is None, r.error
        assert r.status == 200
    expected = {name: dict(r.events) for name, r in whole.items()}
    for name, r in readers:
        first = (r.after or 0) + 1
        assert [v for v, _ in r.events] == list(range(first, final + 1)), name
        assert [m for _, m in r.events] == [expected[name][v] for v in range(first, final + 1)]
    assert final > 40  # the writer really wrote meanwhile
    assert hub.handed_live > handed  # and the live events were written by the hub
    # the kinds differ where they must: a player who may not see the lurker never reads of it
    hero = [expected["hero"][v] for v in range(1, final + 1)]
    revealed = next(n for n, m in enumerate(hero) if b'"type":"reveal"' in m)
    assert not any(LURKER.encode() in m for m in hero[:revealed])
    assert b"event: Unseen" in b"".join(hero)
    assert LURKER.encode() in b"".join(expected["lurker"].values())
    assert b"event: Unseen" not in b"".join(expected["director"].values())
    assert expected["gob"] != expected["hero"] != expected["lurker"]
    listed: list[dict[str, Any]] = []
    with server.client(tokens["hero"]) as http:
        after = 0
        while after < final:  # pages may end short (their bytes, what the reader may see)
            page = http.get(f"{url}/events", params={"after": after, "limit": 1000}).json()
            assert page["next_after"] > after
            listed += page["events"]
            after = page["next_after"]
    assert [e["type"] for e in listed] == [
        re.search(rb"event: (\w+)", expected["hero"][v])[1].decode()  # type: ignore[index]
        for v in range(1, final + 1)
    ]


def test_a_reader_that_stops_reading_is_bounded_and_then_gets_the_rest_once_in_order(
    live: tuple[Running, FastAPI], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, app = live
    monkeypatch.setattr(stream, "LIVE_BUFFER_BYTES", 16 * 1024)
    # the reader stays away while 300 intents are judged, which on a loaded machine took
    # past the 30 s after which a client that reads nothing is dropped (once in 50 runs
    # beside a busy loop): this test is about the reader that comes back
    monkeypatch.setattr(stream, "SEND_TIMEOUT", 300.0)
    hub = hub_of(app)
    slow_before = hub.slow_readers
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        made = http.post("/battles", json=battle_with_lurker([6, 6])).json()
    battle, director = made["battle_id"], made["director_token"]
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    quiet = socket.socket()
    quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: it fills
    quiet.connect((host, int(port)))
    quiet.sendall(
        f"GET /battles/{battle}/stream HTTP/1.1\r\nHost: {host}\r\n"
        f"Authorization: Bearer {director}\r\n\r\n".encode()
    )
    received = quiet.recv(65536)
    assert received.startswith(b"HTTP/1.1 200")
    # and a small send buffer on the server's side, so that what the client leaves unread
    # shows in the connection's buffer rather than in the kernel's
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any(s.sink for s in hub._subs.get(battle, ())):
        time.sleep(0.02)
    (sub,) = hub._subs[battle]
    assert sub.sink is not None  # caught up: live, written by the hub
    follower = sub.sink.__self__  # type: ignore[attr-defined]
    follower.body._transport.get_extra_info("socket").setsockopt(
        socket.SOL_SOCKET, socket.SO_SNDBUF, 4096
    )
    reader = Raw(server, battle, director).start()  # a reader that keeps up, beside it
    try:
        with server.client(director) as http:
            for n in range(300):  # about 600 events, 400 KB: far past what may wait unsent
                moved = http.post(
                    f"/battles/{battle}/intents",
                    json={"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]},
                )
                assert moved.status_code == 201, moved.text
            final = int(moved.json()["version"])
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and hub.slow_readers == slow_before:
            time.sleep(0.05)
        assert hub.slow_readers > slow_before  # sent back to the log, not buffered
        reader.stop_at = final
        assert reader.done.wait(20) and reader.error is None
        assert [v for v, _ in reader.events] == list(range(1, final + 1))
        # the quiet one reads again: everything, once, in order (chunked framing and all)
        body = read_through(quiet, received, final)
    finally:
        quiet.close()
        reader.done.set()
    assert [int(v) for v in re.findall(rb"^id: (\d+)\r$", body, re.MULTILINE)] == list(
        range(1, final + 1)
    )
    assert body.replace(b": ping\r\n\r\n", b"") == b"".join(m for _, m in reader.events)


def read_through(sock: socket.socket, received: bytes, final: int, wait: float = 20) -> bytes:
    """Read a raw stream answer on until its body (dechunked) holds event `final` whole;
    the body. Not until the line `id: <final>` shows: that line may come in a chunk still
    arriving, and a body cut to whole chunks would then lose the chunk's events (the
    catch-up after a slow reader sends many events in one chunk)."""
    sock.settimeout(wait)
    last = re.compile(rb"(?:^|\n)id: %d\r\nevent: [^\r\n]*\r\ndata: [^\r\n]*\r\n\r\n" % final)
    while True:
        if b"id: %d\r\n" % final in received:
            body = dechunk(received.partition(b"\r\n\r\n")[2])
            if last.search(body):
                return body
        data = sock.recv(65536)
        assert data, "the server closed the stream"
        received += data


def dechunk(raw: bytes) -> bytes:
    """A chunked body's bytes (as far as whole chunks go)."""
    out, at = b"", 0
    while (end := raw.find(b"\r\n", at)) >= 0:
        size = int(raw[at:end], 16)
        if end + 2 + size + 2 > len(raw):
            break
        out += raw[end + 2 : end + 2 + size]
        at = end + 2 + size + 2
    return out


@settings(
    max_examples=6,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(
    pauses=st.lists(st.floats(min_value=0.0, max_value=0.4), min_size=1, max_size=40),
    size=st.sampled_from([512, 4096, 65536]),
)
def test_a_reader_pausing_at_random_gets_every_event_once_in_order(
    live: tuple[Running, FastAPI], pauses: list[float], size: int
) -> None:
    """Whatever pauses a reader makes between its reads (and however little it reads at a
    time), while the log grows past what its connection may hold, it gets every event once
    and in order: from the live writes, from the log when it fell behind, across both."""
    server, app = live
    hub = hub_of(app)
    kept = stream.LIVE_BUFFER_BYTES
    stream.LIVE_BUFFER_BYTES = 8 * 1024  # (not monkeypatch: hypothesis runs many examples)
    try:
        with server.client(headers={"X-API-Key": API_KEY}) as http:
            made = http.post("/battles", json=battle_with_lurker([6, 6])).json()
        battle, director = made["battle_id"], made["director_token"]
        host, port = server.url.removeprefix("http://").rsplit(":", 1)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((host, int(port)))
        sock.settimeout(30)
        sock.sendall(
            f"GET /battles/{battle}/stream HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {director}\r\n\r\n".encode()
        )
        deadline = time.monotonic() + 10  # live, then a small send buffer on its connection
        while time.monotonic() < deadline and not any(s.sink for s in hub._subs.get(battle, ())):
            time.sleep(0.02)
        (sub,) = hub._subs[battle]
        assert sub.sink is not None
        follower = sub.sink.__self__  # type: ignore[attr-defined]
        follower.body._transport.get_extra_info("socket").setsockopt(
            socket.SOL_SOCKET, socket.SO_SNDBUF, 4096
        )
        final = [0]

        def write() -> None:
            with server.client(director) as http:
                for n in range(40):  # 80 events, about 50 KB: past what may wait unsent
                    moved = http.post(
                        f"/battles/{battle}/intents",
                        json={"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]},
                    )
                    assert moved.status_code == 201, moved.text
                final[0] = int(moved.json()["version"])

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        received = b""
        try:
            for pause in pauses:
                time.sleep(pause)
                received += sock.recv(size)
            writer.join(60)
            assert final[0] > 0, "the writer did not finish"
            body = read_through(sock, received, final[0])
        finally:
            sock.close()
        ids = [int(v) for v in re.findall(rb"^id: (\d+)\r$", body, re.MULTILINE)]
        assert ids == list(range(1, final[0] + 1))
    finally:
        stream.LIVE_BUFFER_BYTES = kept
