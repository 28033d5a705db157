"""A replay page is sent in pieces within the process's budget of bytes in flight and a write
timeout (server/api/bounded_body.py), over real sockets to a real server and PostgreSQL.

The battle's `states=each` page is about 7 MB, and the readers that never read shrink their
socket's receive buffer before connecting, so the server meets them while the page is far
from sent. What the server holds is read from its own gauge on /metrics."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import orjson
import pytest

from ops.bench.bench_state_memory import grid_battle
from server.api.bounded_body import PIECE
from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.queries.replay import replay
from server.readers.identity import authenticate
from tests.conftest import as_app_role
from tests.e2e.conftest import Running
from tests.integration.service.conftest import skirmish

SETTINGS = {"log_level": "error", "rate_limits": False}
STEPS = 40
"""Intents after the creation: each step's state is about 85 KB (100 creatures, a 100 x 100
map with terrain), so the page is about 7 MB."""


@dataclass
class Battles:
    big: str
    big_director: str
    small: str
    small_director: str


@dataclass
class Served:
    running: Running
    app: Any

    def metric(self, name: str) -> float:
        text = httpx.get(f"{self.running.url}/metrics", timeout=10).text
        found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
        return float(found.group(1)) if found else 0.0

    @property
    def in_flight(self) -> float:
        return self.metric("turnledger_answer_bytes_in_flight")

    def aborts(self, why: str) -> float:
        return self.metric(f'turnledger_answer_aborts_total{{why="{why}"}}')


@contextmanager
def served(database: str, **overrides: Any) -> Iterator[Served]:
    settings = Settings(database_url=to_sqlalchemy_url(database), **{**SETTINGS, **overrides})
    engine = make_engine(as_app_role(database), pool_size=8)
    app = create_app(settings, engine)
    try:
        with serving(app, log_level="error") as url:
            yield Served(Running(url, database), app)
    finally:
        engine.dispose()


BUDGET_MB = 1
"""A budget the unread replays of the battle spend; one reader at a time goes alone."""


@pytest.fixture(scope="module")
def bounded(module_database: str) -> Iterator[Served]:
    """A server with a small budget and a write timeout long enough to hold unread replays
    through a test (one server start for all but the write timeout's test: a start costs
    seconds of CPU on a loaded machine)."""
    with served(module_database, answer_budget_mb=BUDGET_MB, write_timeout=120) as server:
        yield server


@pytest.fixture(scope="module")
def battles(bounded: Served) -> Battles:
    body = grid_battle(100, 100, 100, terrain=True)
    body["options"] = {"turns": False}
    with bounded.running.client() as http:
        big = http.post("/battles", json=body).json()
        small = http.post("/battles", json=skirmish()).json()
        auth = {"Authorization": f"Bearer {big['director_token']}"}
        for n in range(STEPS):
            creature = body["creatures"][n % len(body["creatures"])]["id"]
            intent = {"type": "set_condition", "creature": creature, "condition": "prone"}
            answer = http.post(f"/battles/{big['battle_id']}/intents", json=intent, headers=auth)
            assert answer.status_code == 201, answer.text
    return Battles(
        big["battle_id"], big["director_token"], small["battle_id"], small["director_token"]
    )


def whole_page(server: Served, battle: str, token: str, query: dict[str, Any]) -> bytes:
    """The page as the server encoded it before it was sent in pieces: built whole."""
    ports = server.app.state.services.ports
    principal = authenticate(ports.directory, battle, token)
    assert principal is not None
    first, last = query.get("from"), query.get("to")
    return orjson.dumps(replay(ports, principal, first, last, query.get("states", "each")))


def unread_replay(server: Served, battle: str, token: str) -> socket.socket:
    """A connection that asks for the battle's replay page and never reads it."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: the window
    port = int(server.running.url.rsplit(":", 1)[1])
    sock.connect(("127.0.0.1", port))
    sock.sendall(
        f"GET /battles/{battle}/replay?states=each HTTP/1.1\r\nHost: t\r\n"
        f"Authorization: Bearer {token}\r\n\r\n".encode()
    )
    return sock


def drain(sock: socket.socket, wait: float = 30) -> bytes:
    """All the connection still gives, until the server's close (or `wait` passes)."""
    sock.settimeout(wait)
    got = bytearray()
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(1 << 20)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        got += chunk
    return bytes(got)


def until(check: Callable[[], bool], wait: float, what: str) -> float:
    """Seconds until `check` holds (polled), failing with `what` past `wait`."""
    began = time.monotonic()
    while not check():
        if time.monotonic() - began > wait:
            pytest.fail(f"not within {wait} s: {what}")
        time.sleep(0.1)
    return time.monotonic() - began


@pytest.mark.parametrize(
    "query",
    [{"states": "each"}, {"states": "changes"}, {"from": 3, "to": 20, "states": "each"}],
    ids=["each", "changes", "range"],
)
def test_a_replay_page_on_the_wire_is_the_page_encoded_whole(
    bounded: Served, battles: Battles, query: dict[str, Any]
) -> None:
    with bounded.running.client(battles.big_director) as http:
        answer = http.get(f"/battles/{battles.big}/replay", params=query)
    whole = whole_page(bounded, battles.big, battles.big_director, query)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    assert answer.content == whole
    assert query["states"] == "changes" or len(whole) > 10 * PIECE  # many pieces


WRITE_TIMEOUT = 2.0


def test_a_reader_that_never_reads_is_closed_within_the_write_timeout(
    module_database: str, battles: Battles
) -> None:
    with served(module_database, write_timeout=WRITE_TIMEOUT) as server:
        page = whole_page(server, battles.big, battles.big_director, {"states": "each"})
        sock = unread_replay(server, battles.big, battles.big_director)
        try:
            # the kernel's buffers fill, then the connection's, then a piece waits for the
            # client: the write timeout closes it (generous margin: a loaded machine)
            until(
                lambda: server.aborts("write-timeout") == 1,
                WRITE_TIMEOUT + 20,
                "the write timeout closed the connection",
            )
            until(lambda: server.in_flight == 0, 10, "the answer's bytes counted out")
            got = drain(sock)
        finally:
            sock.close()
        assert got.startswith(b"HTTP/1.1 200 ")
        assert len(got) < len(page)  # cut short: most of the page was never sent
        assert not got.endswith(b"0\r\n\r\n")  # and never ended as if it were whole
        with server.running.client(battles.big_director) as http:
            again = http.get(f"/battles/{battles.big}/replay", params={"states": "each"})
        assert again.status_code == 200 and again.content == page
        assert server.in_flight == 0


READERS = 24
"""Unread replays: each holds the piece it is sending (about 85 KB), what its connection
buffers and the state it folds (about 1 MB counted), so one or two spend a 1 MB budget; the
others wait for room for their first piece (each asks before any other replay is admitted),
taking any that frees at once."""


def test_unread_replays_spend_the_budget_then_a_replay_is_503_and_play_goes_on(
    bounded: Served, battles: Battles
) -> None:
    server, limit = bounded, BUDGET_MB * 2**20
    with ExitStack() as readers:
        for _ in range(READERS):
            sock = unread_replay(server, battles.big, battles.big_director)
            readers.callback(sock.close)
        spent = {"since": time.monotonic()}

        def spent_a_while() -> bool:  # held, not passing: the readers have all stalled
            if server.in_flight + PIECE <= limit:
                spent["since"] = time.monotonic()
            return time.monotonic() - spent["since"] > 1

        until(spent_a_while, 30, "the unread replays spend the budget")
        assert server.in_flight < limit + 2 * 2**20  # bounded: at most a step or two past
        with server.running.client(battles.big_director) as http:
            refused = http.get(f"/battles/{battles.big}/replay", params={"states": "each"})
        with server.running.client(battles.small_director) as http:
            state = http.get(f"/battles/{battles.small}")
            moved = http.post(
                f"/battles/{battles.small}/intents",
                json={"type": "move", "creature": "hero", "path": [[1, 2]]},
            )
            health = http.get("/healthz")
        assert refused.status_code == 503
        assert refused.headers["Retry-After"] == "1"
        problem = refused.json()
        assert problem["type"] == "/problems/answer-budget"
        assert "TURNLEDGER_ANSWER_BUDGET_MB" in problem["detail"]
        assert state.status_code == 200, state.text
        assert moved.status_code == 201, moved.text
        assert health.status_code == 200
    # the readers went away (closed without reading): their bytes are counted out
    until(lambda: server.in_flight == 0, 30, "the budget back at zero")
    with server.running.client(battles.big_director) as http:
        again = http.get(f"/battles/{battles.big}/replay", params={"states": "each"})
    assert again.status_code == 200
    assert again.content == whole_page(
        server, battles.big, battles.big_director, {"states": "each"}
    )
