"""The system under test: an embedded PostgreSQL and a `turnledger serve` process, and the
faults done to them (kill -9 the server, immediate PostgreSQL shutdown, terminated backends)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import psycopg


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    def __init__(self, log_dir: Path | None = None) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import pgserver
        self._folder = tempfile.TemporaryDirectory(prefix="turnledger-soak-")
        pgdata = Path(self._folder.name) / "pgdata"
        self.pg: Any = pgserver.get_server(pgdata, cleanup_mode="delete")
        self.admin_uri: str = self.pg.get_uri()
        with psycopg.connect(self.admin_uri, autocommit=True) as conn:
            conn.execute("CREATE DATABASE soak")
        self.uri = self.admin_uri.replace("/postgres?", "/soak?")
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = (log_dir or Path(self._folder.name)) / "server.log"
        self.server: subprocess.Popen[bytes] | None = None
        self.faults: dict[str, int] = {
            "server killed": 0,
            "postgres stopped": 0,
            "connections terminated": 0,
        }

    # -- the server ---------------------------------------------------------------------

    def start_server(self) -> None:
        env = dict(os.environ)
        env["DATABASE_URL"] = "postgresql+psycopg://" + self.uri.removeprefix("postgresql://")
        env["TURNLEDGER_LOG_FORMAT"] = "json"
        env["TURNLEDGER_LOG_LEVEL"] = "warning"
        # many clients share one address: the soak measures losses, not the rate limits
        env.setdefault("TURNLEDGER_RATE_LIMITS", "off")
        log = self.log_path.open("ab")
        self.server = subprocess.Popen(
            [sys.executable, "-m", "server.operations.cli", "serve", "--port", str(self.port)],
            env=env,
            stdout=log,
            stderr=log,
        )
        self.wait_healthy()

    def wait_healthy(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base_url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server did not become healthy; see {self.log_path}")

    def kill_server(self) -> None:
        """kill -9, then start it again on the same database."""
        assert self.server is not None
        self.server.send_signal(signal.SIGKILL)
        self.server.wait(timeout=10)
        self.faults["server killed"] += 1
        self.start_server()

    def stop_server(self) -> None:
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.server.kill()

    # -- PostgreSQL ---------------------------------------------------------------------

    def stop_postgres(self, down_seconds: float = 3.0) -> None:
        """Immediate shutdown (as a crash would), a pause, then start it again."""
        from pgserver._commands import pg_ctl

        user = "pgserver" if os.geteuid() == 0 else None
        pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=self.pg.pgdata, user=user)
        self.faults["postgres stopped"] += 1
        time.sleep(down_seconds)
        self.pg.ensure_postgres_running()

    def terminate_connections(self) -> int:
        with psycopg.connect(self.admin_uri, autocommit=True) as conn:
            ended = conn.execute(
                "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = 'soak' AND pid <> pg_backend_pid()) AS t"
            ).fetchone()
        self.faults["connections terminated"] += 1
        return int(ended[0]) if ended else 0

    def close(self) -> None:
        self.stop_server()
        self.pg.cleanup()
        self._folder.cleanup()
