"""The edge holds (issue "The edge holds"): connections are bounded before any work, over
real sockets against a real server with small limits (tests/e2e/abuse/edge_server.py)."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator

import pytest

from tests.e2e.abuse.edge_server import EDGE, connect, edge_server, get, read_answer, status_of
from tests.e2e.conftest import Running


@pytest.fixture(scope="module")
def edge(module_database: str) -> Iterator[Running]:
    with edge_server(module_database) as running:
        yield running


def healthy(running: Running, source: str = "127.0.0.1") -> int:
    sock = connect(running, source)
    try:
        sock.sendall(get("/healthz"))
        return status_of(read_answer(sock))
    finally:
        sock.close()


def test_one_address_past_its_connections_is_answered_503_and_others_still_get_in(
    edge: Running,
) -> None:
    held = [connect(edge) for _ in range(EDGE["max_connections_per_client"])]
    try:
        time.sleep(0.1)
        one_more = connect(edge)
        one_more.sendall(get("/healthz"))
        refused = read_answer(one_more)
        elsewhere = healthy(edge, "127.0.0.2")
    finally:
        for sock in held:
            sock.close()
    assert status_of(refused) == 503
    assert b"retry-after: 1" in refused.lower()
    assert b"MAX_CONNECTIONS_PER_CLIENT" in refused
    assert elsewhere == 200


def test_at_the_process_cap_a_stranger_takes_the_place_of_a_hogs_idle_connection(
    edge: Running,
) -> None:
    per = EDGE["max_connections_per_client"]
    held = [connect(edge, "127.0.0.3") for _ in range(per)]
    held += [connect(edge, "127.0.0.4") for _ in range(EDGE["max_connections"] - per)]
    try:
        time.sleep(0.1)
        stranger = connect(edge, "127.0.0.5")
        stranger.sendall(get("/healthz"))
        served = read_answer(stranger)
        time.sleep(0.1)
        evicted = []
        for sock in held:
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                evicted.append(sock.recv(65536))
    finally:
        for sock in held:
            sock.close()
    assert status_of(served) == 200
    # exactly one idle connection made room, the oldest, and heard why
    assert [status_of(answer) for answer in evicted] == [503]
    assert b"made room" in evicted[0]


def test_the_process_past_its_connections_answers_503_when_none_is_idle(
    edge: Running,
) -> None:
    # every held connection is being answered (its body is still to come): none is taken
    head = (
        b"POST /battles HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    per = EDGE["max_connections_per_client"]
    held = []
    for n in range(EDGE["max_connections"]):
        sock = connect(edge, f"127.0.0.{6 + n // per}")
        sock.sendall(head)
        held.append(sock)
    try:
        time.sleep(0.1)
        stranger = connect(edge, "127.0.0.9")
        stranger.sendall(get("/healthz"))
        refused = read_answer(stranger, 0.5)
    finally:
        for sock in held:
            sock.close()
    assert status_of(refused) == 503
    assert b"retry-after: 1" in refused.lower()
    time.sleep(0.2)
    assert healthy(edge, "127.0.0.9") == 200  # the slots came back with the connections


def test_a_huge_header_is_431_before_it_is_read_whole(edge: Running) -> None:
    sock = connect(edge)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n")
        refused = b""
        try:
            for _ in range(2000):  # 2 MB offered in 1 KB lines: the server stops at 4 KiB
                sock.sendall(b"X-Pad: " + b"a" * 1000 + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        refused = read_answer(sock)
    finally:
        sock.close()
    assert status_of(refused) == 431, refused[:200]
    assert json.loads(refused.split(b"\r\n\r\n", 1)[1])["type"] == "/problems/headers-too-large"
    assert healthy(edge) == 200


def test_one_overlong_header_line_is_431(edge: Running) -> None:
    sock = connect(edge)
    try:
        sock.sendall(get("/healthz", "X-Long: " + "b" * 2000 + "\r\n"))
        refused = read_answer(sock)
    finally:
        sock.close()
    assert status_of(refused) == 431
    assert b"1024 bytes" in refused


def test_normal_headers_near_the_limits_pass(edge: Running) -> None:
    lines = "".join(f"X-H{n}: {'c' * 900}\r\n" for n in range(3))
    sock = connect(edge)
    try:
        sock.sendall(get("/healthz", lines))
        assert status_of(read_answer(sock)) == 200
    finally:
        sock.close()


def test_a_head_dripped_a_byte_at_a_time_is_408_when_its_time_is_up(edge: Running) -> None:
    sock = connect(edge)
    started = time.monotonic()
    answer = b""
    try:
        for byte in b"GET /healthz HTTP/1.1\r\nX-Slow: " + b"z" * 100:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                break
            time.sleep(0.05)
            if time.monotonic() - started > EDGE["header_timeout"] + 1:
                break
        answer = read_answer(sock, 3)
    finally:
        sock.close()
    assert status_of(answer) == 408
    assert time.monotonic() - started < EDGE["header_timeout"] + 3


def test_a_connection_that_never_speaks_is_closed_with_408(edge: Running) -> None:
    sock = connect(edge)
    started = time.monotonic()
    try:
        answer = read_answer(sock, EDGE["header_timeout"] + 3)
    finally:
        sock.close()
    assert status_of(answer) == 408
    assert time.monotonic() - started < EDGE["header_timeout"] + 2


def test_a_chunked_body_that_never_ends_is_408(edge: Running) -> None:
    sock = connect(edge)
    head = (
        b"POST /battles HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    started = time.monotonic()
    try:
        sock.sendall(head + b"1\r\n{\r\n")
        for _ in range(30):
            try:
                sock.sendall(b"1\r\n \r\n")
            except (BrokenPipeError, ConnectionResetError):
                break
            time.sleep(0.1)
            if time.monotonic() - started > EDGE["body_timeout"] + 1:
                break
        answer = read_answer(sock, 3)
    finally:
        sock.close()
    assert status_of(answer) == 408, answer[:300]
    assert b"body" in answer


def test_an_idle_keep_alive_connection_is_closed(edge: Running) -> None:
    sock = connect(edge)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        sock.settimeout(5)
        first = sock.recv(65536)
        started = time.monotonic()
        rest = read_answer(sock, EDGE["keep_alive_timeout"] + 3)
    finally:
        sock.close()
    assert status_of(first) == 200
    assert rest == b""  # closed without another word
    assert time.monotonic() - started < EDGE["keep_alive_timeout"] + 2


def test_many_half_open_connections_leave_the_server_serving(edge: Running) -> None:
    opened: list[socket.socket] = []
    try:
        for n in range(60):  # five times the process's cap, from many addresses
            with contextlib.suppress(OSError):
                opened.append(connect(edge, f"127.0.1.{n % 20 + 1}"))
        time.sleep(EDGE["header_timeout"] + 1)  # the idle ones are answered 408 and closed
        assert healthy(edge, "127.0.2.1") == 200
    finally:
        for sock in opened:
            sock.close()
