"""A throwaway Citus cluster on this machine: a coordinator and N workers, each a PostgreSQL 16
from the `pgserver` wheel with Citus preloaded (built into the virtualenv by `make citus`).

The test suite and the benchmarks start one; docker-compose's `citus` profile runs the same
Citus release in containers (ops/docker/citus.Dockerfile). Each node listens on 127.0.0.1 at
a free port (Citus nodes reach each other over TCP) and on a Unix socket in its own folder.
As root, PostgreSQL runs as the unprivileged `pgserver` user, as `pgserver` itself does,
since initdb and the postmaster refuse root.

Citus keeps its metadata per database, so `create_database` makes the database on every node,
loads the extension in each, and registers the workers with the coordinator of that database;
`clone` copies such a database on every node at once, which the tests use to get a fresh
distributed database per test.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import stat
import subprocess
import tempfile
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psycopg

SYSTEM_USER = "pgserver"  # the account pgserver itself runs PostgreSQL under when started as root


class CitusMissing(RuntimeError):
    """Citus is not installed into this virtualenv's PostgreSQL."""


def pg_bin() -> Path:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pgserver._commands import POSTGRES_BIN_PATH
    return Path(POSTGRES_BIN_PATH)


def citus_installed() -> bool:
    pkglib = subprocess.run(
        [str(pg_bin() / "pg_config"), "--pkglibdir"], check=True, capture_output=True, text=True
    ).stdout.strip()
    return (Path(pkglib) / "citus.so").exists()


def require_citus() -> None:
    """Fail loudly, never skip: the Makefile builds Citus before the tests run."""
    if not citus_installed():
        raise CitusMissing(
            f"Citus is not installed in this virtualenv's PostgreSQL ({pg_bin().parent}): run "
            "`make citus` (builds third_party/citus into it, about a minute)"
        )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Node:
    name: str
    port: int
    pgdata: Path

    def uri(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"


def _as_postgres_user() -> dict[str, object]:
    """subprocess keyword arguments that run a PostgreSQL binary as a non-root user."""
    if os.geteuid() != 0:
        return {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pgserver.utils import (
            ensure_folder_permissions,
            ensure_prefix_permissions,
            ensure_user_exists,
        )
    ensure_user_exists(SYSTEM_USER)
    # As pgserver does before its own initdb: that user must reach and read the binaries and
    # the libraries (citus.so among them) inside root's virtualenv.
    ensure_prefix_permissions(pg_bin())
    readable = stat.S_IRGRP | stat.S_IROTH
    ensure_folder_permissions(pg_bin(), readable | stat.S_IXGRP | stat.S_IXOTH)
    ensure_folder_permissions(pg_bin().parent / "lib", readable)
    return {"user": SYSTEM_USER}


_CONFIG = """
listen_addresses = '127.0.0.1'
port = {port}
unix_socket_directories = '{socket_dir}'
shared_preload_libraries = 'citus'
max_connections = 300
max_prepared_transactions = 200
wal_level = logical
citus.shard_count = {shard_count}
"""
_NOT_DURABLE = """
fsync = off
synchronous_commit = off
full_page_writes = off
"""


class CitusCluster:
    """Start with `with CitusCluster(...) as cluster:`; everything is deleted when it stops."""

    def __init__(
        self,
        workers: int = 2,
        *,
        shard_count: int = 8,
        durable: bool = True,
        folder: Path | None = None,
    ):
        """`durable=False` skips fsync: for tests, which check visibility and order, not what
        survives a power cut; benchmarks keep the default so their figures mean something."""
        require_citus()
        self.durable = durable
        self._own_folder = folder is None
        self.folder = folder or Path(tempfile.mkdtemp(prefix="turnledger-citus-"))
        self.shard_count = shard_count
        self.coordinator = Node("coordinator", free_port(), self.folder / "coordinator")
        self.workers = [
            Node(f"worker{i + 1}", free_port(), self.folder / f"worker{i + 1}")
            for i in range(workers)
        ]
        self._run_as = _as_postgres_user()
        self._started: list[Node] = []

    @property
    def nodes(self) -> list[Node]:
        return [self.coordinator, *self.workers]

    def __enter__(self) -> CitusCluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        if self._run_as:
            os.chmod(self.folder, 0o777)
        # initdb is most of a node's start-up and the nodes are independent: side by side.
        with ThreadPoolExecutor(len(self.nodes)) as pool:
            list(pool.map(self._init, self.nodes))
        for node in self.nodes:
            self._pg_ctl(node, "start", "-w", "-t", "60", "-l", str(node.pgdata / "log"))
            self._started.append(node)

    def add_worker(self) -> Node:
        """Start one more PostgreSQL with Citus, to join databases with `add_worker_to`.

        It is not one of `workers`, which every database made here has; it is stopped with
        the cluster."""
        name = f"extra{len(self._started) + 1}"
        node = Node(name, free_port(), self.folder / name)
        self._init(node)
        self._pg_ctl(node, "start", "-w", "-t", "60", "-l", str(node.pgdata / "log"))
        self._started.append(node)
        return node

    def _init(self, node: Node) -> None:
        node.pgdata.mkdir(parents=True)
        if self._run_as:
            uid = pwd.getpwnam(SYSTEM_USER).pw_uid
            os.chown(node.pgdata, uid, uid)
        subprocess.run(
            [
                str(pg_bin() / "initdb"),
                "-D",
                str(node.pgdata),
                "--auth=trust",
                "--encoding=utf8",
                "-U",
                "postgres",
            ],
            check=True,
            capture_output=True,
            **self._run_as,  # type: ignore[arg-type]
        )
        config = _CONFIG.format(
            port=node.port, socket_dir=node.pgdata, shard_count=self.shard_count
        )
        with (node.pgdata / "postgresql.conf").open("a") as conf:
            conf.write(config if self.durable else config + _NOT_DURABLE)

    def _pg_ctl(self, node: Node, *args: str) -> None:
        subprocess.run(
            [str(pg_bin() / "pg_ctl"), "-D", str(node.pgdata), *args],
            check=True,
            capture_output=True,
            timeout=90,
            **self._run_as,  # type: ignore[arg-type]
        )

    def stop(self) -> None:
        for node in reversed(self._started):
            with contextlib.suppress(Exception):
                self._pg_ctl(node, "stop", "-m", "immediate", "-w")
        self._started.clear()
        if self._own_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    # -- databases ----------------------------------------------------------------------

    def create_database(self, name: str, *, citus: bool = True) -> str:
        """Make database `name` on every node; return the coordinator's URI.

        With `citus`, the extension is loaded in each and the workers join the coordinator;
        without, the coordinator's database is a plain PostgreSQL one (see `distribute`).
        """
        for node in self.nodes:
            with psycopg.connect(node.uri(), autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
        if citus:
            self.make_cluster_of(name)
        return self.coordinator.uri(name)

    def make_cluster_of(self, name: str) -> None:
        """Load Citus into database `name` on every node and join the workers to it."""
        for node in self.nodes:
            with psycopg.connect(node.uri(name), autocommit=True) as conn:
                conn.execute("CREATE EXTENSION IF NOT EXISTS citus")
        with psycopg.connect(self.coordinator.uri(name), autocommit=True) as conn:
            conn.execute(
                "SELECT citus_set_coordinator_host('127.0.0.1', %s)", (self.coordinator.port,)
            )
            for worker in self.workers:
                conn.execute("SELECT citus_add_node('127.0.0.1', %s)", (worker.port,))

    def seal_as_template(self, name: str) -> None:
        """Let database `name` be cloned on every node (see `clone`): no one may connect."""
        for node in self.nodes:
            with psycopg.connect(node.uri(), autocommit=True) as conn:
                conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
                conn.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                    (name,),
                )

    def clone(self, template: str, name: str) -> str:
        """A copy of a sealed distributed database, made on every node at once.

        The copies agree with each other as the originals did (the same shards, placements and
        nodes), and Citus reaches a database's shards under that database's own name, so the
        clone is a working distributed database, made in a second or two. One thing it cannot
        do: take a new node, since Citus's record of the database object still names the
        template (make such a database with `create_database`).
        """

        def copy(node: Node) -> None:
            with psycopg.connect(node.uri(), autocommit=True) as conn:
                deadline = time.monotonic() + 30
                while True:
                    try:
                        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
                        return
                    except psycopg.errors.ObjectInUse:  # a terminated session still leaving
                        if time.monotonic() > deadline:
                            raise
                        time.sleep(0.05)

        with ThreadPoolExecutor(len(self.nodes)) as pool:
            list(pool.map(copy, self.nodes))
        return self.coordinator.uri(name)

    def add_worker_to(self, name: str, worker: Node) -> None:
        """Make `worker` a node of database `name` (it holds no shards until a rebalance)."""
        with psycopg.connect(worker.uri(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        with psycopg.connect(worker.uri(name), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION citus")
        with psycopg.connect(self.coordinator.uri(name), autocommit=True) as conn:
            conn.execute("SELECT citus_add_node('127.0.0.1', %s)", (worker.port,))

    def drop_database(self, name: str) -> None:
        # Each node's Citus daemon keeps connections to the database on the others and comes
        # back for them: closing the door on every node first makes each DROP quick.
        with contextlib.suppress(psycopg.Error):
            self.seal_as_template(name)

        def drop(node: Node) -> None:
            with (
                contextlib.suppress(psycopg.Error),
                psycopg.connect(node.uri(), autocommit=True) as conn,
            ):
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        with ThreadPoolExecutor(len(self.nodes)) as pool:
            list(pool.map(drop, self.nodes))
