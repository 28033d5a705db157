"""A frozen database: how long each route takes to answer, and to recover after a thaw.

    python -m ops.bench bench_frozen_database

Starts the real server (one uvicorn worker) on a throwaway embedded PostgreSQL, creates a
battle, then stops PostgreSQL's postmaster and every backend with SIGSTOP and sends one
request to each route at once, each client waiting at most `BENCH_FROZEN_WAIT` seconds
(default 60). After SIGCONT it times how long /healthz takes to be 200 again and then
whether an intent is accepted. The server's timeouts are its defaults.
"""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import psutil
import psycopg

from events.migrate import upgrade
from ops.bench.bench_http import running_server
from ops.bench.common import console, print_table, throwaway_postgres
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

WAIT = float(os.environ.get("BENCH_FROZEN_WAIT", "60"))
SKIRMISH = {
    "ruleset": "draw-steel",
    "seed": 7,
    "options": {"turns": False},
    "map": {"width": 12, "height": 8},
    "creatures": [
        {"id": "hero", "name": "Hero", "side": "heroes", "at": [1, 1], "speeds": {"walk": 5}}
    ],
}


def postgres_processes(uri: str) -> list[psutil.Process]:
    socket_dir = str(psycopg.conninfo.conninfo_to_dict(uri).get("host", ""))
    with open(os.path.join(socket_dir, "postmaster.pid")) as f:
        postmaster = psutil.Process(int(f.readline()))
    return [postmaster, *postmaster.children(recursive=True)]


def signal_all(uri: str, signum: int) -> None:
    for process in postgres_processes(uri):
        os.kill(process.pid, signum)


def timed(url: str, method: str, path: str, **kwargs: Any) -> tuple[str, float]:
    started = time.monotonic()
    try:
        with httpx.Client(base_url=url, timeout=WAIT) as http:
            status = str(http.request(method, path, **kwargs).status_code)
    except httpx.TimeoutException:
        status = f"no answer in {WAIT:.0f} s"
    except httpx.HTTPError as exc:
        status = type(exc).__name__
    return status, time.monotonic() - started


def routes(battle: str, auth: dict[str, str], intent: str) -> list[tuple[str, str, dict[str, Any]]]:
    move = {"type": "move", "creature": "hero", "path": [[1, 3]]}
    return [
        ("GET", "/healthz", {}),
        ("POST", "/battles", {"json": SKIRMISH}),
        ("GET", f"/battles/{battle}", {"headers": auth}),
        ("POST", f"/battles/{battle}/intents", {"json": move, "headers": auth}),
        ("GET", f"/battles/{battle}/reach?creature=hero", {"headers": auth}),
        ("GET", f"/battles/{battle}/events", {"headers": auth}),
        ("GET", f"/battles/{battle}/stream", {"headers": auth}),
        ("POST", f"/battles/{battle}/undo", {"headers": auth}),
        ("GET", f"/battles/{battle}/intents/{intent}/judgement", {"headers": auth}),
        ("GET", f"/battles/{battle}/replay?from=1&to=2", {"headers": auth}),
        ("GET", f"/battles/{battle}/verify", {"headers": auth}),
    ]


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        with running_server(uri) as served:
            made = httpx.post(f"{served.url}/battles", json=SKIRMISH, timeout=30).json()
            battle, auth = made["battle_id"], {"Authorization": f"Bearer {made['director_token']}"}
            moved = httpx.post(
                f"{served.url}/battles/{battle}/intents",
                json={"type": "move", "creature": "hero", "path": [[1, 2]]},
                headers=auth,
                timeout=30,
            ).json()
            sent = routes(battle, auth, moved["intent_id"])
            load = open_loadavg()
            signal_all(uri, signal.SIGSTOP)
            try:
                with ThreadPoolExecutor(len(sent)) as pool:
                    answers = list(pool.map(lambda r: timed(served.url, r[0], r[1], **r[2]), sent))
            finally:
                signal_all(uri, signal.SIGCONT)
            thawed = time.monotonic()
            health = "no"
            while time.monotonic() - thawed < WAIT:
                health, _ = timed(served.url, "GET", "/healthz")
                if health == "200":
                    break
                time.sleep(0.1)
            recovered = time.monotonic() - thawed
            intent, _ = timed(
                served.url,
                "POST",
                f"/battles/{battle}/intents",
                json={"type": "move", "creature": "hero", "to": [2, 4]},
                headers=auth,
            )
    rows: list[list[object]] = [
        [f"{m} {p.split('?')[0]}", status, s]
        for (m, p, _), (status, s) in zip(sent, answers, strict=True)
    ]
    rows.append(["/healthz 200 again after SIGCONT", health, recovered])
    rows.append(["an intent after recovery", intent, float("nan")])
    print_table(
        f"Frozen PostgreSQL (SIGSTOP), default timeouts; loadavg {load}",
        ["request", "status", "seconds"],
        rows,
    )
    console.print("Every request was sent at once while the database was frozen.")


def open_loadavg() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


if __name__ == "__main__":
    main()
