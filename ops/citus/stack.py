"""The production shape on one machine: `turnledger serve` processes on one database, behind
HAProxy (Debian's package, installed by `make balancer`), for the tests and the benchmarks.

The servers keep nothing a request needs between requests that the database does not also
hold (their state caches are only caches), so the balancer may send any request of any battle
to any of them. HAProxy balances each request round-robin (a client's keep-alive connection is
not pinned to one server; HAProxy reuses its own connections to the servers), checks
`/healthz`, and names the server that answered in an `X-Served-By` header so that a test can
see where requests went.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import httpx
import psycopg

from ops.citus.cluster import free_port

SERVED_BY = "X-Served-By"

_HAPROXY = """
global
    maxconn 1024
defaults
    mode http
    timeout connect 5s
    timeout client 120s
    timeout server 120s
    timeout tunnel 1h
frontend turnledger
    bind 127.0.0.1:{port}
    http-request del-header X-Forwarded-For
    option forwardfor
    default_backend servers
backend servers
    {balance}
    option httpchk GET /healthz
    http-response set-header {served_by} %[srv_name]
{servers}
"""


class ProcessFailed(RuntimeError):
    """A process of the stack did not come up."""


def wait_until_healthy(url: str, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ProcessFailed(f"{process.args!r} exited with {process.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise ProcessFailed(f"{url} did not answer /healthz within {timeout:.0f} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@contextmanager
def servers(
    database_url: str, count: int, env: Mapping[str, str] | None = None, log: Path | None = None
) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """`count` separate `turnledger serve` processes on `database_url`: [(base URL, process)]."""
    environment = {**os.environ, **(env or {})}
    environment["DATABASE_URL"] = database_url
    environment.setdefault("TURNLEDGER_LOG_LEVEL", "warning")
    environment.setdefault("TURNLEDGER_RATE_LIMITS", "off")  # load from one address
    environment.setdefault("TURNLEDGER_LOG_FORMAT", "json")
    # the balancer (ops/citus/stack.py's HAProxy, on this machine) names the real client
    environment.setdefault("TURNLEDGER_TRUSTED_PROXIES", "127.0.0.1")
    started: list[tuple[str, subprocess.Popen[bytes]]] = []
    sink = log.open("ab") if log else subprocess.DEVNULL
    try:
        for _ in range(count):
            port = free_port()
            command = [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(port)]
            process = subprocess.Popen(command, env=environment, stdout=sink, stderr=sink)
            started.append((f"http://127.0.0.1:{port}", process))
        for url, process in started:
            wait_until_healthy(url, process)
        yield started
    finally:
        for _, process in started:
            stop(process)
        if log:
            sink.close()  # type: ignore[union-attr]


def spread_over(uris: Sequence[str], user: str | None = None) -> str:
    """One libpq URL naming every node of `uris` (one database on each), every new connection
    to one of them at random (libpq 16's `load_balance_hosts=random`): how servers spread
    their connections over the Citus workers without a balancer of their own (ops/SCALING.md,
    "Servers on the workers"). `user` replaces the URIs' user (the application's role)."""
    parts = [psycopg.conninfo.conninfo_to_dict(uri) for uri in uris]
    first = parts[0]
    query = {
        "host": ",".join(str(p["host"]) for p in parts),
        "port": ",".join(str(p.get("port", 5432)) for p in parts),
        "load_balance_hosts": "random",
    }
    return f"postgresql://{user or first['user']}@/{first['dbname']}?{urlencode(query)}"


ROUND_ROBIN = "balance roundrobin"
BY_BATTLE = "balance uri depth 2\n    hash-type consistent"
"""Every request of a battle (`/battles/{id}/...`) to the same server while it is up, so that
its cached state is current: fewer re-decisions than round-robin under load. Consistent
hashing moves only the battles of a server that comes or goes."""


@contextmanager
def balancer(
    backends: list[str], balance: str = ROUND_ROBIN
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """HAProxy in front of `backends` (base URLs); its base URL and process."""
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(haproxy).exists():
        raise ProcessFailed("haproxy is not installed: run `make balancer`")
    port = free_port()
    lines = [
        f"    server s{n + 1} {url.removeprefix('http://')} check inter 500ms"
        for n, url in enumerate(backends)
    ]
    config = _HAPROXY.format(
        port=port, served_by=SERVED_BY, balance=balance, servers="\n".join(lines)
    )
    with tempfile.TemporaryDirectory(prefix="turnledger-haproxy-") as folder:
        path = Path(folder) / "haproxy.cfg"
        path.write_text(config)
        process = subprocess.Popen(
            [haproxy, "-f", str(path), "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_healthy(url, process)
            _wait_until_all_up(url, len(backends))
            yield url, process
        finally:
            stop(process)


def _wait_until_all_up(url: str, count: int, timeout: float = 30) -> None:
    """Until requests reach every backend (each has passed its health check); the probes'
    paths differ, so that hashing by battle spreads them too."""
    seen: set[str] = set()
    deadline = time.monotonic() + timeout
    with httpx.Client(base_url=url, timeout=5) as http:
        probe = 0
        while len(seen) < count:
            if time.monotonic() > deadline:
                raise ProcessFailed(f"the balancer reached only {sorted(seen)}")
            answer = http.get(f"/battles/probe-{probe}/verify")
            seen.add(answer.headers.get(SERVED_BY, ""))
            probe += 1
            time.sleep(0.02)


_POSTGRES_BALANCER = """
global
    maxconn 1024
defaults
    mode tcp
    timeout connect 5s
    timeout client 1h
    timeout server 1h
frontend postgres
    bind 127.0.0.1:{port}
    default_backend nodes
backend nodes
    balance leastconn
    option pgsql-check user postgres
{servers}
"""


@contextmanager
def database_balancer(nodes: Sequence[tuple[str, int]]) -> Iterator[tuple[int, int]]:
    """HAProxy in TCP mode in front of PostgreSQL `nodes` (host, port), as
    ops/haproxy/workers.cfg puts it in front of the Citus workers: each new connection to the
    node with the fewest. Its port and process id."""
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(haproxy).exists():
        raise ProcessFailed("haproxy is not installed: run `make balancer`")
    port = free_port()
    lines = [
        f"    server n{n + 1} {host}:{node_port} check inter 500ms"
        for n, (host, node_port) in enumerate(nodes)
    ]
    config = _POSTGRES_BALANCER.format(port=port, servers="\n".join(lines))
    with tempfile.TemporaryDirectory(prefix="turnledger-haproxy-") as folder:
        path = Path(folder) / "haproxy.cfg"
        path.write_text(config)
        process = subprocess.Popen(
            [haproxy, "-f", str(path), "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            _wait_for_postgres(port, process)
            yield port, process.pid
        finally:
            stop(process)


def _wait_for_postgres(port: int, process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise ProcessFailed(f"haproxy exited with {process.returncode}")
        try:
            with psycopg.connect(
                f"postgresql://postgres@127.0.0.1:{port}/postgres", connect_timeout=2
            ):
                return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise ProcessFailed(f"no PostgreSQL behind the balancer on {port}") from None
            time.sleep(0.1)
