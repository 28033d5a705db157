"""The requests that once took the server down, each measured against the real server.

    python -m ops.bench bench_abuse

One row per request of the "bounded work" issue's table: the answer's status, the seconds
until it came, its size, and the server's CPU seconds and resident-memory growth while it was
worked out. Streams, a frozen database and the state cache's memory have benchmarks of their
own (bench_streams, bench_frozen_database, bench_state_memory).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
import psutil

from events.migrate import upgrade
from ops.bench.bench_http import cpu_seconds, running_server
from ops.bench.common import console, print_table, throwaway_postgres
from ops.soak.abuse import cluttered_board, largest_within_limits, walled_in, whole_map_repeated
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

Row = tuple[str, str, float, int, float, float]


class Probe:
    def __init__(self, url: str, pids: Callable[[], list[int]]) -> None:
        self.http = httpx.Client(base_url=url, timeout=600)
        self.pids = pids
        self.rows: list[Row] = []

    def rss(self) -> float:
        total = 0
        for pid in self.pids():
            with contextlib.suppress(psutil.Error):
                total += psutil.Process(pid).memory_info().rss
        return total / 2**20

    def measure(self, name: str, call: Callable[[], httpx.Response]) -> httpx.Response:
        cpu, rss, began = cpu_seconds(self.pids()), self.rss(), time.perf_counter()
        answer = call()
        took = time.perf_counter() - began
        self.rows.append(
            (
                name,
                status_of(answer),
                took,
                len(answer.content),
                cpu_seconds(self.pids()) - cpu,
                self.rss() - rss,
            )
        )
        return answer

    def create(self, body: dict[str, Any], **headers: str) -> tuple[str, str]:
        made = self.http.post("/battles", json=body, headers=headers)
        assert made.status_code == 201, made.text[:300]
        return made.json()["battle_id"], made.json()["director_token"]


def status_of(answer: httpx.Response) -> str:
    """The status, and the rule a problem names."""
    if answer.status_code < 400:
        return str(answer.status_code)
    return f"{answer.status_code} {answer.json().get('rule') or answer.json().get('type', '')}"


def moves_battle() -> dict[str, Any]:
    return {
        "ruleset": "draw-steel",
        "seed": 1,
        "options": {"turns": False},
        "map": {"width": 12, "height": 8},
        "creatures": [
            {"id": "hero", "side": "a", "at": [1, 1], "speeds": {"walk": 5}, "hp": 30},
            {"id": "gob", "side": "b", "at": [9, 6], "speeds": {"walk": 5}, "hp": 5},
        ],
    }


def run(probe: Probe) -> None:
    h = probe.http
    probe.measure(
        "create: whole-map area x40 on 200x200",
        lambda: h.post("/battles", json=whole_map_repeated()),
    )
    probe.measure(
        "create: the largest battle within the limits",
        lambda: h.post("/battles", json=largest_within_limits()),
    )
    battle, token = probe.create(cluttered_board())
    auth = {"Authorization": f"Bearer {token}"}
    probe.measure(
        "warcry reach, Move 1000 among 100 pieces",
        lambda: h.get(f"/battles/{battle}/reach", params={"creature": "f1"}, headers=auth),
    )
    battle, token = probe.create(moves_battle())
    auth = {"Authorization": f"Bearer {token}"}
    url = f"/battles/{battle}/intents"
    first = h.post(url, json={"type": "move", "creature": "gob", "path": [[9, 7]]}, headers=auth)
    for i in range(300):
        step = {"type": "move", "creature": "hero", "path": [[1, 2 - i % 2]]}
        assert h.post(url, json=step, headers=auth).status_code == 201
    probe.measure(
        "undo alone an early action, 300 later moves",
        lambda: h.post(
            f"/battles/{battle}/undo", json={"intent_id": first.json()["intent_id"]}, headers=auth
        ),
    )
    probe.measure(
        "replay of 500 events (first page, every state)",
        lambda: h.get(f"/battles/{battle}/replay", headers=auth),
    )
    dry_runs_beside_moves(probe)
    player_rows(probe)
    probe.measure(
        "create: `hp: true`",
        lambda: h.post(
            "/battles",
            json={**moves_battle(), "creatures": [{**moves_battle()["creatures"][0], "hp": True}]},
        ),
    )
    same = {"Idempotency-Key": "bench-abuse-once"}
    h.post("/battles", json=moves_battle(), headers=same)
    probe.measure(
        "create again with the same Idempotency-Key",
        lambda: h.post("/battles", json=moves_battle(), headers=same),
    )


def dry_runs_beside_moves(probe: Probe) -> None:
    h = probe.http
    battle, token = probe.create(walled_in())
    auth = {"Authorization": f"Bearer {token}"}
    url = f"/battles/{battle}/intents"
    boxed = {"type": "move", "creature": "hero", "to": [184, 184]}
    probe.measure(
        "dry run to an unreachable square",
        lambda: h.post(url, params={"dry_run": "true"}, json=boxed, headers=auth),
    )
    stop = threading.Event()

    def loop() -> None:
        with httpx.Client(base_url=str(h.base_url), timeout=60) as other:
            while not stop.is_set():
                other.post(url, params={"dry_run": "true"}, json=boxed, headers=auth)

    looping = threading.Thread(target=loop)
    looping.start()
    try:
        time.sleep(0.3)
        for y in (2, 1):
            probe.measure(
                "a real move while dry runs loop",
                lambda y=y: h.post(  # type: ignore[misc]
                    url, json={"type": "move", "creature": "hero", "path": [[1, y]]}, headers=auth
                ),
            )
    finally:
        stop.set()
        looping.join()


def player_rows(probe: Probe) -> None:
    h = probe.http
    battle, token = probe.create(moves_battle())
    seat = h.post(
        f"/battles/{battle}/seats",
        json={"creatures": ["hero"]},
        headers={"Authorization": f"Bearer {token}"},
    ).json()["token"]
    mine = {"Authorization": f"Bearer {seat}"}
    probe.measure(
        "a player sends `rolls: [10, 10]`",
        lambda: h.post(
            f"/battles/{battle}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2]], "rolls": [10, 10]},
            headers=mine,
        ),
    )
    probe.measure(
        "a player's what-if with set_terrain",
        lambda: h.post(
            f"/battles/{battle}/what-if",
            json={
                "version": 1,
                "intents": [{"type": "set_terrain", "kind": "wall", "cells": [[0, 0]]}],
            },
            headers=mine,
        ),
    )


def anonymous_creations(url: str, wanted: int = 10_000) -> tuple[int, int, float]:
    """Creations from one address until the first 429: (accepted, sent, seconds)."""
    accepted = sent = 0
    began = time.perf_counter()
    with httpx.Client(base_url=url, timeout=30) as http:
        while sent < wanted:
            sent += 1
            answer = http.post("/battles", json=moves_battle())
            if answer.status_code == 429:
                break
            accepted += answer.status_code == 201
    return accepted, sent, time.perf_counter() - began


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        # the server's default limits hold; the bench's own setup stays under them
        with running_server(uri, rate_limits=True) as served:
            probe = Probe(served.url, served.pids)
            run(probe)
            accepted, sent, took = anonymous_creations(served.url)
            probe.rows.append(
                (
                    f"anonymous creations from one address ({sent} sent)",
                    f"{accepted} x 201, then 429",
                    took,
                    0,
                    float("nan"),
                    float("nan"),
                )
            )
    print_table(
        f"The bounded-work issue's requests, answered (load {os.getloadavg()[0]:.2f})",
        ("request", "answer", "seconds", "bytes", "server cpu s", "server rss MiB"),
        probe.rows,
    )
    console.print(
        "Streams, a frozen database and the state cache: bench_streams, bench_frozen_database,"
        " bench_state_memory."
    )


if __name__ == "__main__":
    main()
