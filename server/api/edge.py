"""The edge: every connection bounded before the application sees a byte of it.

uvicorn's own protocol reads a request head of any size (httptools keeps growing it), waits
forever for a head or a body that drips in, and admits any number of connections from one
address. `EdgeProtocol` is uvicorn's httptools protocol with the bounds a public server needs,
each answered where HTTP has an answer, then the connection closed:

* connections: at most `max_connections` open in the process and `max_connections_per_client`
  from one address (a configured proxy counts only against the total); over the address's,
  503 with `Retry-After` before anything is read; at the total, the oldest idle or half-open
  connection of the address holding the most makes room (`EdgeGuard`), and only when there
  is none to take, 503;
* the request head: at most `header_bytes` in all and `header_line_bytes` a line, counted
  before the parser sees them (431);
* time: a head must arrive within `header_timeout` seconds of its first byte (or of the
  connection opening), a body within `body_timeout` of its head; past either, 408;
* keep-alive: an idle connection closes after `keep_alive_timeout` seconds (uvicorn's timer).

Each request's scope also carries a `DirectBody` (under `DIRECT_BODY` in its extensions): what
the live stream writes its events through, straight to the connection, rather than wake a
task per stream and pass every event down the ASGI send chain (server/api/stream.py).

`uvicorn_options` is the one place the server's uvicorn settings are made (`turnledger serve`,
its workers, the local server of `demo` and the tests), including which addresses' proxy
headers (`X-Forwarded-For`, `X-Forwarded-Proto`) are believed: only `trusted_proxies`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import resource
from dataclasses import dataclass
from typing import Any, ClassVar

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from server.operations.settings import Settings

RESERVED_HANDLES = 128
"""File handles kept for what is not a client connection: the database pool, the stream
listener, logs, the embedded PostgreSQL's pipes."""
DIRECT_BODY = "turnledger.direct_body"
"""The scope extension holding a request's `DirectBody`."""
GRACEFUL_SHUTDOWN = 10.0
"""Seconds a stopping server (SIGTERM) gives open requests and streams before it cancels
them, leaving time within 15 s to stop the embedded PostgreSQL."""
REFUSED_LINGER = 0.25
"""Seconds a refused or answered-and-closing connection is still read (and what it sends
dropped) before it closes: closing on unread bytes sends a reset, which can destroy the
answer before the client reads it."""


def _networks(spec: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    return tuple(ipaddress.ip_network(p, strict=False) for p in parts)


@dataclass(frozen=True)
class EdgeLimits:
    max_connections: int
    per_client: int
    header_bytes: int
    header_line_bytes: int
    header_timeout: float
    body_timeout: float
    trusted: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()

    @classmethod
    def of(cls, settings: Settings) -> EdgeLimits:
        """The settings' limits, the total capped by the file handles the process may open."""
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        room = settings.max_connections
        if soft != resource.RLIM_INFINITY:
            room = soft - RESERVED_HANDLES
        return cls(
            max_connections=max(1, min(settings.max_connections, room)),
            per_client=settings.max_connections_per_client,
            header_bytes=settings.header_bytes,
            header_line_bytes=settings.header_line_bytes,
            header_timeout=settings.header_timeout,
            body_timeout=settings.body_timeout,
            trusted=_networks(settings.trusted_proxies),
        )

    def is_proxy(self, host: str) -> bool:
        if not self.trusted:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.trusted)


class EdgeGuard:
    """The process's open connections, in all and per client address, oldest first.

    Fair under pressure: when the process holds `max_connections` already, a new
    connection does not simply get 503. It takes the place of the oldest connection that is
    answering nothing (a half-open one whose head has not come, a keep-alive one between
    requests) from the address holding the most connections, if that address holds more
    than the newcomer's would: so every address keeps an equal share of the total as its
    reserve, and a fresh address always gets in while some address holds more than one idle
    connection. Connections being answered (a request in progress, a live stream) are never
    taken. Only when no address holds more than the newcomer's, or none of theirs is idle,
    is the newcomer refused."""

    SEARCHED_HOSTS = 8
    """Addresses (the largest first) searched for an idle connection to take."""

    def __init__(self, limits: EdgeLimits) -> None:
        self.limits = limits
        self.open = 0
        self.conns: dict[str, dict[EdgeProtocol, None]] = {}
        self.refused = 0
        self.evicted = 0

    @property
    def per_host(self) -> dict[str, int]:
        """How many connections each address holds."""
        return {host: len(held) for host, held in self.conns.items()}

    def opened(self, host: str, conn: EdgeProtocol) -> str | None:
        """Count a new connection; why it must be refused, or None."""
        self.open += 1
        held = self.conns.setdefault(host, {})
        held[conn] = None
        if len(held) > self.limits.per_client and not self.limits.is_proxy(host):
            return (
                f"this address holds {self.limits.per_client} connections already"
                " (TURNLEDGER_MAX_CONNECTIONS_PER_CLIENT)"
            )
        if self.open > self.limits.max_connections and not self._make_room(host):
            return f"the server holds {self.limits.max_connections} connections already"
        return None

    def closed(self, host: str, conn: EdgeProtocol) -> None:
        """Forget a connection (once: an evicted one was forgotten when it was taken)."""
        held = self.conns.get(host)
        if held is None or conn not in held:
            return
        del held[conn]
        self.open -= 1
        if not held:
            del self.conns[host]

    def _make_room(self, newcomer: str) -> bool:
        """Take the oldest idle connection of the largest addresses holding more than
        `newcomer` (see the class docstring); whether one was taken."""
        mine = len(self.conns.get(newcomer, ()))
        larger = sorted(
            ((len(held), host) for host, held in self.conns.items() if len(held) > mine),
            reverse=True,
        )[: self.SEARCHED_HOSTS]
        for _, host in larger:
            for conn in self.conns[host]:
                if conn.idle:
                    self.closed(host, conn)
                    self.evicted += 1
                    conn.evict()
                    return True
        return False


def raw_problem(status: int, title: str, kind: str, detail: str, retry_after: int = 0) -> bytes:
    """A whole HTTP/1.1 problem answer that closes the connection, written without the app."""
    body = orjson.dumps(
        {"type": f"/problems/{kind}", "title": title, "status": status, "detail": detail}
    )
    head = [
        f"HTTP/1.1 {status} {title}",
        "content-type: application/problem+json",
        f"content-length: {len(body)}",
        "connection: close",
    ]
    if retry_after:
        head.append(f"retry-after: {retry_after}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


class DirectBody:
    """An answer's body written to its connection by the caller, beside ASGI `send`.

    For an answer already started through `send` with chunked transfer encoding (a
    streaming response): each write is one chunk, framed as uvicorn frames the body of a
    `http.response.body` message, so the bytes on the wire are those `send` would have
    written. It does not wait: the caller bounds what it leaves buffered (`write` answers
    how many bytes the connection still holds unsent), and must not write while a `send`
    of the same answer is in progress (it could be waiting for the client to read)."""

    __slots__ = ("_cycle", "_transport")

    def __init__(self, cycle: Any) -> None:
        self._cycle = cycle
        self._transport: asyncio.Transport = cycle.transport

    @property
    def writable(self) -> bool:
        """Whether the answer has started as a chunked body that has not ended, on a
        connection still open."""
        cycle = self._cycle
        return (
            cycle.response_started
            and cycle.chunked_encoding is True
            and not cycle.response_complete
            and not cycle.disconnected
            and not self._transport.is_closing()
        )

    @property
    def gone(self) -> bool:
        """Whether the connection is closed or closing (the client went away, or it was
        aborted)."""
        return bool(self._cycle.disconnected) or self._transport.is_closing()

    @property
    def unsent(self) -> int:
        """Bytes written that the connection has not sent yet (the client reads slower)."""
        return self._transport.get_write_buffer_size()

    @staticmethod
    def frame(body: bytes) -> bytes:
        """`body` as one chunk of the answer (framed once, written to many connections)."""
        return b"%x\r\n%s\r\n" % (len(body), body)

    def abort(self) -> None:
        """Close the connection now, dropping what it still holds unsent (a client that does
        not read: server/api/bounded_body.py)."""
        self._transport.abort()

    def write(self, framed: bytes) -> int:
        """Send a chunk `frame` made (nothing on a closing connection); the bytes the
        connection holds unsent after it."""
        transport = self._transport
        if transport.is_closing():
            return 0
        transport.write(framed)
        return transport.get_write_buffer_size()


class EdgeProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol within the edge's bounds (see the module docstring)."""

    guard: ClassVar[EdgeGuard | None] = None
    """Set by `bound`; a worker started by import string reads its settings from the
    environment on its first connection."""

    @classmethod
    def bound(cls, guard: EdgeGuard) -> type[EdgeProtocol]:
        return type("BoundEdgeProtocol", (cls,), {"guard": guard})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cls = type(self)
        if cls.guard is None:
            cls.guard = EdgeGuard(EdgeLimits.of(Settings()))
        self._guard: EdgeGuard = cls.guard
        self._limits = self._guard.limits
        self._host = ""
        self._refused = False
        self._in_head = True
        self._head_bytes = 0
        self._line_bytes = 0
        self._cr = False
        self._awaiting_body = False
        self._timer: asyncio.TimerHandle | None = None

    # -- connections -------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._host = self.client[0] if self.client else ""
        why = self._guard.opened(self._host, self)
        if why is not None:
            self._refused = True
            self._guard.refused += 1
            self._write_and_linger(
                raw_problem(503, "Service Unavailable", "too-many-connections", why, 1)
            )
            return
        self._arm(self._limits.header_timeout, self._head_too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._guard.closed(self._host, self)
        super().connection_lost(exc)

    @property
    def idle(self) -> bool:
        """Answering nothing: no request in progress (a head still to come, or between two
        requests of a keep-alive connection), and not already closing."""
        if self._refused or self.transport is None or self.transport.is_closing():
            return False
        cycle = self.cycle
        return self._in_head and (cycle is None or cycle.response_complete) and not self.pipeline

    def evict(self) -> None:
        """Close this idle connection to make room for another address's (503, as a refused
        connection hears: the server is full)."""
        self._write_and_linger(
            raw_problem(
                503,
                "Service Unavailable",
                "too-many-connections",
                "the server is full and this connection was idle: it made room for another"
                " address's",
                1,
            )
        )

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # answered and closing: what arrives meanwhile is dropped
        if self._in_head:
            if self._timer is None:
                self._arm(self._limits.header_timeout, self._head_too_slow)
            over = self._count_head(data)
            if over is not None:
                self._answer(431, "Request Header Fields Too Large", "headers-too-large", over)
                return
        super().data_received(data)
        if self._awaiting_body and self._timer is None and self.parser is not None:
            self._arm(self._limits.body_timeout, self._body_too_slow)

    def _count_head(self, data: bytes) -> str | None:
        """Count the head's bytes in `data` (up to the blank line that ends it); what is
        over a limit, or None. Lines are counted across reads."""
        limits, start = self._limits, 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                self._line_bytes += len(data) - start
                self._head_bytes += len(data) - start
                self._cr = data.endswith(b"\r")
                break
            line = self._line_bytes + end - start
            self._head_bytes += end + 1 - start
            self._line_bytes = 0
            if line > limits.header_line_bytes:
                return f"a request line or header is over {limits.header_line_bytes} bytes"
            cr = data[end - 1] == 13 if end > start else self._cr
            if (line == 0 or (line == 1 and cr)) and self._head_bytes > 2:
                self._in_head = False  # the blank line: the head is whole
                break
            start = end + 1
        if self._line_bytes > limits.header_line_bytes:
            return f"a request line or header is over {limits.header_line_bytes} bytes"
        if self._head_bytes > limits.header_bytes:
            return f"the request head is over {limits.header_bytes} bytes"
        return None

    # -- the parser's steps ----------------------------------------------------------------

    def on_headers_complete(self) -> None:
        self._disarm()
        self._in_head = False
        self._awaiting_body = True
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle.scope is self.scope:  # not an upgrade
            extensions: dict[str, Any] = self.scope.setdefault("extensions", {})
            extensions[DIRECT_BODY] = DirectBody(cycle)

    def on_message_complete(self) -> None:
        # the next request's head timer starts with its first byte (data_received); until
        # then uvicorn's keep-alive timer closes an idle connection
        self._disarm()
        self._awaiting_body = False
        self._in_head, self._head_bytes, self._line_bytes = True, 0, 0
        super().on_message_complete()

    # -- timers ------------------------------------------------------------------------------

    def _arm(self, seconds: float, then: Any) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, then)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _head_too_slow(self) -> None:
        self._timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered: the keep-alive timer follows it
        detail = f"the request head did not arrive within {self._limits.header_timeout:g} s"
        self._answer(408, "Request Timeout", "request-timeout", detail)

    def _body_too_slow(self) -> None:
        self._timer = None
        if not self._awaiting_body:
            return
        if self.cycle is not None and not self.cycle.response_started:
            detail = f"the request body did not arrive within {self._limits.body_timeout:g} s"
            self._answer(408, "Request Timeout", "request-timeout", detail)
        else:
            self.transport.close()

    def _answer(self, status: int, title: str, kind: str, detail: str) -> None:
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True  # the app's answer, if any, goes nowhere now
        self._write_and_linger(raw_problem(status, title, kind, detail))

    def _write_and_linger(self, answer: bytes) -> None:
        """Write a closing answer, end our side, and close after `REFUSED_LINGER`."""
        self._refused = True
        self.transport.write(answer)
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self._arm(REFUSED_LINGER, self.transport.close)


def uvicorn_options(settings: Settings, guard: EdgeGuard | None = None) -> dict[str, Any]:
    """uvicorn's keyword arguments for this server: the edge protocol (bound to `guard`, or
    read from the environment in each worker), the keep-alive timeout, and proxy headers
    believed only from `trusted_proxies` (uvicorn believes loopback's by default)."""
    trusted = [p.strip() for p in settings.trusted_proxies.split(",") if p.strip()]
    return {
        "http": EdgeProtocol.bound(guard) if guard is not None else "server.api.edge:EdgeProtocol",
        "timeout_keep_alive": settings.keep_alive_timeout,
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": trusted or [],
        "ws": "none",  # no route upgrades; a connection never leaves the edge's count
        # SIGTERM stops the server within 15 s whatever its connections do: a live stream
        # or a request waiting on a database that went away would hold a graceful shutdown
        # open without end (uvicorn waits for every task by default)
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN,
        "access_log": False,  # our middleware logs requests; the access log would show ?token=
    }
