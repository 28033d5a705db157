"""No failure resets a connection: over one keep-alive connection, every way a request can
fail is answered with a problem document, and the next request on that same connection is
served."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass

import h11
import orjson
import psycopg
import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.e2e.conftest import API_KEY, Running
from tests.integration.service.conftest import skirmish


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict[str, object]:
        return dict(orjson.loads(self.body))


class OneConnection:
    """HTTP/1.1 over a single socket (h11), failing loudly if the server closes it."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").rsplit(":", 1)
        self.host = f"{host}:{port}"
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        self.h11 = h11.Connection(h11.CLIENT)

    def send(
        self,
        method: str,
        target: str,
        body: bytes = b"",
        headers: dict[str, str] | None = None,
        *,
        chunked: bool = False,
    ) -> Answer:
        sent = [("Host", self.host), *(headers or {}).items()]
        if chunked:
            sent.append(("Transfer-Encoding", "chunked"))
        elif body or method in ("POST", "PUT", "PATCH"):
            sent.append(("Content-Length", str(len(body))))
        out = self.h11.send(h11.Request(method=method, target=target, headers=sent))
        if chunked:
            for start in range(0, len(body), 16 * 1024):
                out += self.h11.send(h11.Data(data=body[start : start + 16 * 1024]))
        elif body:
            out += self.h11.send(h11.Data(data=body))
        out += self.h11.send(h11.EndOfMessage())
        self._send_all(out)
        return self._read()

    def _send_all(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError) as exc:
            # the server answered early and stopped reading: read what it said first
            self._early = exc

    def _read(self) -> Answer:
        response: h11.Response | None = None
        body = b""
        while True:
            event = self.h11.next_event()
            if event is h11.NEED_DATA:
                data = self.sock.recv(65536)
                assert data, "the server closed the keep-alive connection"
                self.h11.receive_data(data)
                continue
            if isinstance(event, h11.Response):
                response = event
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                break
            elif isinstance(event, h11.ConnectionClosed):
                raise AssertionError("the server closed the keep-alive connection")
        assert response is not None
        headers = {k.decode().lower(): v.decode() for k, v in response.headers}
        assert headers.get("connection", "").lower() != "close", "the server asked to close"
        assert self.h11.their_state is h11.DONE and self.h11.our_state is h11.DONE
        self.h11.start_next_cycle()
        return Answer(response.status_code, headers, body)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(scope="module")
def server(module_database: str) -> Iterator[Running]:
    settings = Settings(
        database_url=to_sqlalchemy_url(module_database),
        api_key=API_KEY,
        log_level="error",
        lock_timeout=0.5,
    )
    engine = make_engine(
        to_sqlalchemy_url(module_database), pool_size=10, timeouts=settings.database_timeouts()
    )
    app = create_app(settings, engine)

    @app.get("/test-only/boom")
    def boom() -> None:  # stands for any bug no test has found yet
        raise RuntimeError("a bug")

    try:
        with serving(app, log_level="critical") as url:
            yield Running(url, module_database)
    finally:
        engine.dispose()


def assert_problem(answer: Answer, status: int) -> None:
    assert answer.status == status, (answer.status, answer.body[:300])
    assert answer.headers["content-type"] == "application/problem+json"
    body = answer.json()
    assert body["status"] == status and {"type", "title", "detail"} <= set(body)
    assert b"Traceback" not in answer.body


def test_every_failure_keeps_the_keep_alive_connection_usable(server: Running) -> None:
    http = OneConnection(server.url)
    json = {"Content-Type": "application/json"}
    try:
        created = http.send(
            "POST", "/battles", orjson.dumps(skirmish()), {**json, "X-API-Key": API_KEY}
        )
        assert created.status == 201
        battle = str(created.json()["battle_id"])
        auth = {"Authorization": f"Bearer {created.json()['director_token']}", **json}
        intents = f"/battles/{battle}/intents"
        move = orjson.dumps({"type": "move", "creature": "hero", "path": [[1, 2]]})
        huge = b'{"type": "move", "creature": "' + b"h" * 400_000 + b'"}'

        def healthy() -> None:
            assert http.send("GET", "/healthz").status == 200

        failures = [
            (400, ("POST", intents, b'{"type": "move", "creature": ', auth)),
            (413, ("POST", intents, huge, auth)),
            (404, ("GET", "/no/such/route", b"", {})),
            (405, ("DELETE", f"/battles/{battle}", b"", auth)),
            (415, ("POST", intents, move, {**auth, "Content-Type": "text/plain"})),
            (401, ("GET", f"/battles/{battle}", b"", {"Authorization": "Bearer wrong"})),
            (422, ("POST", intents, b'{"type": "fly away"}', auth)),
            (422, ("GET", f"/battles/{battle}/stream", b"", {**auth, "Last-Event-ID": "x"})),
            (500, ("GET", "/test-only/boom", b"", {})),
        ]
        for status, (method, target, body, headers) in failures:
            assert_problem(http.send(method, target, body, headers), status)
            healthy()
        # HEAD has no body to carry a problem; its status is still the answer
        assert http.send("HEAD", f"/battles/{battle}/stream", b"", auth).status == 405
        healthy()
        # too large, without a Content-Length: found while the body is read
        assert_problem(http.send("POST", intents, huge, auth, chunked=True), 413)
        healthy()
        # a database error: a lock the request cannot get within the lock timeout
        with psycopg.connect(server.database_uri) as locker:
            locker.execute("LOCK TABLE battle_views IN ACCESS EXCLUSIVE MODE")
            assert_problem(http.send("GET", f"/battles/{battle}", b"", auth), 503)
            assert_problem(http.send("POST", intents, move, auth), 503)
        healthy()
        moved = http.send("POST", intents, move, auth)
        assert moved.status == 201, moved.body
    finally:
        http.close()


def test_a_client_that_hangs_up_mid_body_does_not_disturb_others(server: Running) -> None:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    raw = socket.create_connection((host, int(port)))
    raw.sendall(
        b"POST /battles HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b'Content-Length: 1000\r\n\r\n{"ruleset"'
    )
    raw.close()
    http = OneConnection(server.url)
    try:
        assert http.send("GET", "/healthz").status == 200
    finally:
        http.close()
