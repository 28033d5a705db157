"""Telling subscribers that the log grew, without paying a NOTIFY in every append.

A `pg_notify()` inside each append transaction serialises commits server-wide (DESIGN.md
section 3 measured 6,700/s falling to 4,000/s). Instead, appends *poke* a background thread
that sends at most one NOTIFY per `interval` outside any append transaction, carrying the
highest global position poked since the previous notice. Subscribers treat a notice only as a
wake-up and then read by position, so coalescing loses nothing: a notice for position p covers
every event up to p, and a listener also re-reads on a timeout as a safety net.

Whether there is news is counted in pokes, not judged by position: on a Citus cluster each node
numbers positions from its own range (events/store.py, origins), so an append on worker 1
after one on worker 2 has a lower position and is news all the same (comparing positions, a
server whose appends moved to a lower origin's battles stopped announcing them).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

import psycopg
from sqlalchemy import Engine

CHANNEL = "turnledger_events"


class Notifier:
    """Coalesces pokes into at most one NOTIFY per `interval` seconds.

    It keeps its own autocommit connection, so a notice is a single round trip; the interval
    bounds how often it competes with appends (measured: a notice every 5 ms cost a single
    writer a fifth of its rate; see ops/bench/bench_store.py). The first event after a quiet
    spell is announced at once; under load, subscribers hear within `interval`.
    """

    def __init__(self, engine: Engine | str, interval: float = 0.02) -> None:
        """`engine`: the database to announce on, or its libpq URL (on a Citus cluster whose
        servers use several nodes, the one node where they all listen)."""
        self._conninfo = (
            engine
            if isinstance(engine, str)
            else engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        )
        self._conn: psycopg.Connection[tuple[object, ...]] | None = None
        self._interval = interval
        self._highest = 0  # of the pokes since the last notice
        self._pokes = 0
        self._sent = 0  # pokes announced
        self._wake = threading.Event()
        self._closed = False
        self._lock = threading.Lock()
        self.notices_sent = 0
        self._thread = threading.Thread(target=self._run, name="turnledger-notifier", daemon=True)
        self._thread.start()

    def poke(self, position: int) -> None:
        with self._lock:
            self._pokes += 1
            self._highest = max(self._highest, position)
        self._wake.set()

    def _run(self) -> None:
        while not self._closed:
            self._wake.wait()
            self._wake.clear()
            if self._closed:
                return
            with self._lock:
                pokes, highest = self._pokes, self._highest
            if pokes == self._sent:
                continue
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = psycopg.connect(self._conninfo, autocommit=True)
                self._conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(highest)))
                self._sent = pokes
                with self._lock:
                    if self._pokes == pokes:  # else keep the highest for the next notice
                        self._highest = 0
                self.notices_sent += 1
            except Exception:  # a lost notice is covered by listeners' re-read timeouts
                if self._conn is not None:
                    with contextlib.suppress(Exception):
                        self._conn.close()
                self._conn = None
                self._wake.set()
            time.sleep(self._interval)

    def close(self) -> None:
        self._closed = True
        self._wake.set()
        self._thread.join(timeout=2)
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()


class Listener:
    """LISTENs on the log's channel; yields the positions announced (or None on a timeout)."""

    def __init__(self, conninfo: str) -> None:
        self._conn = psycopg.connect(conninfo, autocommit=True)
        self._conn.execute(f"LISTEN {CHANNEL}")

    def wait(self, timeout: float) -> Iterator[int | None]:
        """Yield each announced position that arrives within `timeout`, or one None."""
        got = False
        for notice in self._conn.notifies(timeout=timeout, stop_after=1):
            got = True
            with contextlib.suppress(ValueError):
                yield int(notice.payload)
        if not got:
            yield None

    def close(self) -> None:
        self._conn.close()
