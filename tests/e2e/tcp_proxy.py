"""A loopback TCP proxy in front of the real server, to break connections as networks do.

`cut()` drops every open connection (a stream's, say); `lose_next_answer()` lets the next
request reach the server and drops the connection before its answer gets back; and
`busy_next(n)` answers the next n requests 503 itself, as a load balancer does while the
server behind it is away.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

BUSY_BODY = b'{"type":"/problems/busy","title":"Service Unavailable","status":503,"detail":"away"}'
BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\n"
    + f"Content-Length: {len(BUSY_BODY)}\r\nConnection: close\r\n\r\n".encode()
    + BUSY_BODY
)


class Proxy:
    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._lose_answers = 0
        self._busy = 0
        self.requests_lost = 0
        self.requests_refused = 0
        self._stopped = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lose_next_answer(self) -> None:
        with self._lock:
            self._lose_answers += 1

    def busy_next(self, count: int) -> None:
        with self._lock:
            self._busy += count

    def cut(self) -> None:
        with self._lock:
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                    sock.close()
            self._open.clear()

    def serve(self) -> None:
        while not self._stopped:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, client: socket.socket) -> None:
        with self._lock:
            busy = self._busy > 0
            if busy:
                self._busy -= 1
                self.requests_refused += 1
        if busy:
            with contextlib.suppress(OSError):
                client.recv(65536)
                client.sendall(BUSY)
                client.close()
            return
        server = socket.create_connection(self.upstream)
        with self._lock:
            self._open += [client, server]
        threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
        self._pump(server, client, True)

    def _pump(self, source: socket.socket, target: socket.socket, answers: bool) -> None:
        try:
            while chunk := source.recv(65536):
                if answers:
                    with self._lock:
                        lose = self._lose_answers > 0
                        if lose:
                            self._lose_answers -= 1
                            self.requests_lost += 1
                    if lose:
                        break
                target.sendall(chunk)
        except OSError:
            pass
        for sock in (source, target):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
                sock.close()

    def stop(self) -> None:
        self._stopped = True
        self._listener.close()
        self.cut()


@contextmanager
def proxy_to(url: str) -> Iterator[Proxy]:
    """A proxy in front of the server at `url` (http://host:port)."""
    host, port = url.removeprefix("http://").split(":")
    running = Proxy((host, int(port)))
    threading.Thread(target=running.serve, daemon=True).start()
    try:
        yield running
    finally:
        running.stop()
