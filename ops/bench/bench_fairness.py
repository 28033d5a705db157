"""One battle's expensive requests beside another battle's moves.

    python -m ops.bench bench_fairness

Battle A is a 200x200 field where a `to` into a walled box searches the whole field (about a
second and a half); a client sends such dry runs to it back to back. Battle B is a small
skirmish whose hero steps back and forth. B's move latency is measured alone and beside A's
searches: decisions that may search run in the server's executor, so the event loop that
serves B keeps going (run inline, the same searches held B's moves for seconds: measured once
with the executor switched off, p50 1.3 s, p99 2.9 s).
"""

from __future__ import annotations

import os
import threading
import time

import httpx

from events.migrate import upgrade
from ops.bench.bench_abuse import moves_battle
from ops.bench.bench_http import running_server
from ops.bench.common import percentile, print_table, throwaway_postgres
from ops.soak.abuse import walled_in
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

MOVES = 100


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        with running_server(uri) as served, httpx.Client(base_url=served.url, timeout=60) as h:
            a = h.post("/battles", json=walled_in()).json()
            b = h.post("/battles", json=moves_battle()).json()
            stop = threading.Event()

            def search() -> None:
                with httpx.Client(base_url=served.url, timeout=60) as other:
                    while not stop.is_set():
                        other.post(
                            f"/battles/{a['battle_id']}/intents",
                            params={"dry_run": "true"},
                            json={"type": "move", "creature": "hero", "to": [184, 184]},
                            headers={"Authorization": f"Bearer {a['director_token']}"},
                        )

            def moves() -> list[float]:
                took = []
                for i in range(MOVES):
                    step = {"type": "move", "creature": "hero", "path": [[1, 2 - i % 2]]}
                    began = time.perf_counter()
                    answer = h.post(
                        f"/battles/{b['battle_id']}/intents",
                        json=step,
                        headers={"Authorization": f"Bearer {b['director_token']}"},
                    )
                    took.append(time.perf_counter() - began)
                    assert answer.status_code == 201, answer.text
                return took

            alone = moves()
            searching = threading.Thread(target=search)
            searching.start()
            time.sleep(0.3)
            beside = moves()
            stop.set()
            searching.join()
    print_table(
        f"Battle B's moves, alone and beside battle A's searches (load {os.getloadavg()[0]:.2f})",
        ("battle B's moves", "p50 ms", "p99 ms"),
        [
            ("alone", percentile(alone, 50) * 1000, percentile(alone, 99) * 1000),
            ("beside A's searches", percentile(beside, 50) * 1000, percentile(beside, 99) * 1000),
        ],
    )


if __name__ == "__main__":
    main()
